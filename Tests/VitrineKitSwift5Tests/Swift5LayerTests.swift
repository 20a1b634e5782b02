// Core Animation code as iOS apps write it, in the Swift 5 language mode: layers, animations
// and transactions made and configured from plain functions and non-isolated XCTest methods.
// VitrineLayers marks its main-actor types `@preconcurrency @MainActor`, as Apple's SDK
// imports QuartzCore's, so this compiles unchanged (docs/porting.md).
import VitrineKit
import XCTest

/// A plain, non-isolated function returning a configured layer.
func makeBadgeLayer() -> CALayer {
    let l = CALayer()
    l.frame = CGRect(x: 10, y: 20, width: 40, height: 24)
    l.backgroundColor = UIColor.systemRed.cgColor
    l.cornerRadius = 12
    l.masksToBounds = true
    return l
}

/// A ring drawn by a shape layer, half stroked, as progress indicators are made.
func makeRingLayer(diameter: CGFloat) -> CAShapeLayer {
    let ring = CAShapeLayer()
    ring.frame = CGRect(x: 0, y: 0, width: diameter, height: diameter)
    ring.path = UIBezierPath(ovalIn: ring.bounds.insetBy(dx: 4, dy: 4)).cgPath
    ring.fillColor = nil
    ring.strokeColor = UIColor.systemBlue.cgColor
    ring.lineWidth = 8
    ring.lineCap = .round
    ring.strokeEnd = 0.5
    return ring
}

/// A plain function drawing an image, as iOS apps draw icons: UIKit's drawing calls
/// (`setFill()`, `fill()`, `draw(at:withAttributes:)`) from non-isolated code.
func makeDotImage(diameter: CGFloat) -> UIImage {
    UIGraphicsImageRenderer(size: CGSize(width: diameter, height: diameter)).image { context in
        UIColor.systemGreen.setFill()
        UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: diameter, height: diameter)).fill()
        UIColor.white.setStroke()
        context.stroke(CGRect(x: 1, y: 1, width: 2, height: 2))
        "1".draw(at: CGPoint(x: 2, y: 0), withAttributes: [.font: UIFont.systemFont(ofSize: 8)])
    }
}

/// An animation delegate made outside the main actor, as app code makes one.
final class AnimationObserver: CAAnimationDelegate {
    var started = 0
    func animationDidStart(_ anim: CAAnimation) { started += 1 }
}

/// A layer delegate that draws, counting its calls.
final class StripeDrawer: CALayerDelegate {
    var draws = 0
    func draw(_ layer: CALayer, in ctx: CGContext) {
        draws += 1
        ctx.setFillColor(UIColor.black.cgColor)
        ctx.fill(CGRect(x: 0, y: 0, width: layer.bounds.width, height: 2))
    }
}

final class Swift5LayerTests: XCTestCase {
    var root: CALayer!

    override func setUp() {
        super.setUp()
        root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        root.position = CGPoint(x: 100, y: 50)
        root.addSublayer(makeBadgeLayer())
    }

    override func tearDown() {
        root = nil
        super.tearDown()
    }

    func testALayerFromAPlainFunction() {
        let badge = makeBadgeLayer()
        XCTAssertEqual(badge.bounds, CGRect(x: 0, y: 0, width: 40, height: 24))
        XCTAssertEqual(badge.position, CGPoint(x: 30, y: 32))
        XCTAssertEqual(badge.cornerRadius, 12)
        XCTAssertTrue(badge.masksToBounds)
        XCTAssertNotNil(badge.backgroundColor)
    }

    func testATreeBuiltInSetUpHitTestsAndConverts() {
        XCTAssertEqual(root.sublayers?.count, 1)
        let badge = root.sublayers![0]
        XCTAssertTrue(badge.superlayer === root)
        XCTAssertTrue(root.hitTest(CGPoint(x: 30, y: 30)) === badge)
        XCTAssertTrue(root.hitTest(CGPoint(x: 150, y: 80)) === root)
        XCTAssertEqual(badge.convert(CGPoint(x: 0, y: 0), to: root), CGPoint(x: 10, y: 20))
        badge.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2))
        XCTAssertEqual(badge.affineTransform(), CGAffineTransform(scaleX: 2, y: 2))
        XCTAssertEqual(badge.frame, CGRect(x: -10, y: 8, width: 80, height: 48))
        badge.removeFromSuperlayer()
        XCTAssertNil(root.sublayers)
    }

    func testShapeGradientAndTextLayersConfiguredOffTheMainActor() {
        let ring = makeRingLayer(diameter: 64)
        XCTAssertEqual(ring.strokeEnd, 0.5)
        XCTAssertEqual(ring.lineCap, .round)
        XCTAssertEqual(ring.path?.boundingBox, CGRect(x: 4, y: 4, width: 56, height: 56))

        let gradient = CAGradientLayer()
        gradient.colors = [UIColor.white.cgColor, UIColor.black.cgColor]
        gradient.startPoint = CGPoint(x: 0, y: 0)
        gradient.endPoint = CGPoint(x: 1, y: 0)
        XCTAssertEqual(gradient.colors?.count, 2)
        XCTAssertEqual(gradient.endPoint, CGPoint(x: 1, y: 0))

        let text = CATextLayer()
        text.string = "12:00"
        text.fontSize = 24
        text.alignmentMode = .center
        XCTAssertEqual(text.string as? String, "12:00")
        XCTAssertEqual(text.alignmentMode, .center)
    }

    func testABasicAnimationAddedToALayer() {
        let badge = root.sublayers![0]
        let observer = AnimationObserver()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 0.25
        fade.timingFunction = CAMediaTimingFunction(name: .easeOut)
        fade.delegate = observer
        badge.add(fade, forKey: "fade")
        XCTAssertEqual(badge.animationKeys(), ["fade"])
        let attached = badge.animation(forKey: "fade") as? CABasicAnimation
        XCTAssertEqual(attached?.keyPath, "opacity")
        XCTAssertEqual(attached?.duration, 0.25)
        XCTAssertFalse(attached === fade, "the layer keeps a copy, as Core Animation does")
        // Nothing samples a layer no screen shows, so the delegate has not heard yet.
        XCTAssertEqual(observer.started, 0)
        badge.removeAnimation(forKey: "fade")
        XCTAssertNil(badge.animationKeys())
    }

    func testKeyframeSpringAndGroupAnimations() {
        let badge = root.sublayers![0]
        let path = CAKeyframeAnimation(keyPath: "position")
        path.values = [CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 0), CGPoint(x: 50, y: 50)]
        path.keyTimes = [0, 0.5, 1]
        let spring = CASpringAnimation(keyPath: "transform.scale")
        spring.damping = 12
        spring.toValue = 1.2
        let group = CAAnimationGroup()
        group.animations = [path, spring]
        group.duration = 1
        group.repeatCount = 2
        badge.add(group, forKey: nil)
        XCTAssertEqual(badge.animationKeys()?.count, 1)
        let attached = badge.animationKeys().flatMap { badge.animation(forKey: $0[0]) } as? CAAnimationGroup
        XCTAssertEqual(attached?.animations?.count, 2)
        XCTAssertEqual(attached?.repeatCount, 2)
        XCTAssertGreaterThan(spring.settlingDuration, 0)
        badge.removeAllAnimations()
        XCTAssertNil(badge.animationKeys())
    }

    func testATransactionOutsideTheMainActor() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        CATransaction.setAnimationDuration(0.5)
        XCTAssertTrue(CATransaction.disableActions())
        XCTAssertEqual(CATransaction.animationDuration(), 0.5)
        root.opacity = 0.5
        CATransaction.commit()
        XCTAssertFalse(CATransaction.disableActions())
        XCTAssertEqual(root.opacity, 0.5)
    }

    func testAnImageDrawnInAPlainFunction() {
        let dot = makeDotImage(diameter: 12)
        XCTAssertEqual(dot.size, CGSize(width: 12, height: 12))
        XCTAssertNotNil(dot.cgImage)
        XCTAssertNotNil(dot.pngData())
        let layer = makeBadgeLayer()
        layer.contents = dot.cgImage
        XCTAssertNotNil(layer.contents)
    }

    func testADelegateDrawsTheLayer() {
        let drawer = StripeDrawer()
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        layer.delegate = drawer
        layer.setNeedsDisplay()
        XCTAssertTrue(layer.needsDisplay())
        layer.displayIfNeeded()
        XCTAssertEqual(drawer.draws, 1)
        XCTAssertNotNil(layer.contents)
        XCTAssertFalse(layer.needsDisplay())
    }
}
