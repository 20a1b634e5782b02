import Foundation
import Testing
import VitrineGraphics

@testable import VitrineLayers

@MainActor
@Suite("CAShapeLayer")
struct ShapeLayerTests {
    /// Core Animation's documented defaults.
    @Test func defaults() {
        let layer = CAShapeLayer()
        #expect(layer.path == nil)
        #expect(layer.fillColor == CGColor(gray: 0, alpha: 1))
        #expect(layer.fillRule == .nonZero)
        #expect(layer.strokeColor == nil)
        #expect(layer.lineWidth == 1)
        #expect(layer.lineCap == .butt)
        #expect(layer.lineJoin == .miter)
        #expect(layer.miterLimit == 10)
        #expect(layer.lineDashPattern == nil)
        #expect(layer.lineDashPhase == 0)
        #expect(layer.strokeStart == 0)
        #expect(layer.strokeEnd == 1)
        #expect(CAShapeLayerFillRule.nonZero.rawValue == "non-zero")
        #expect(CAShapeLayerFillRule.evenOdd.rawValue == "even-odd")
        #expect(CAShapeLayerLineCap.round.rawValue == "round")
        #expect(CAShapeLayerLineJoin.bevel.rawValue == "bevel")
    }

    /// The path is copied on assignment: changing the mutable path afterwards changes nothing.
    @Test func pathIsCopied() {
        let layer = CAShapeLayer()
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.path = path
        path.addRect(CGRect(x: 20, y: 20, width: 10, height: 10))
        #expect(layer.path?.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    private func ring(strokeEnd: CGFloat = 1, strokeStart: CGFloat = 0) -> (CALayer, CAShapeLayer) {
        let root = Scene.root()
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        shape.path = ringPath(center: CGPoint(x: 100, y: 100), radius: 50)
        shape.fillColor = nil
        shape.strokeColor = .red
        shape.lineWidth = 10
        shape.strokeEnd = strokeEnd
        shape.strokeStart = strokeStart
        root.addSublayer(shape)
        return (root, shape)
    }

    /// A stroked ring: red at every angle on the circle, white at the centre and well outside.
    @Test func strokedRing() {
        let (root, _) = ring()
        let buffer = Scene.render(root)
        for step in 0..<8 {
            let (x, y) = point(on: CGPoint(x: 100, y: 100), radius: 50, angle: CGFloat(step) * .pi / 4)
            #expect(pixel(buffer, x, y, is: red, tolerance: 40), "angle \(step) x 45°")
        }
        #expect(pixel(buffer, 100, 100, is: white))
        #expect(pixel(buffer, 100, 100 - 62, is: white))
        #expect(pixel(buffer, 100, 100 - 40, is: white))
    }

    /// strokeEnd 0.25 draws only the first quarter: from the top clockwise to the right.
    @Test func strokeEndQuarter() {
        let (root, _) = ring(strokeEnd: 0.25)
        let buffer = Scene.render(root)
        let center = CGPoint(x: 100, y: 100)
        let (qx, qy) = point(on: center, radius: 50, angle: -.pi / 4)
        #expect(pixel(buffer, qx, qy, is: red, tolerance: 40))
        for angle in [CGFloat.pi / 4, 3 * .pi / 4, -3 * .pi / 4] {
            let (x, y) = point(on: center, radius: 50, angle: angle)
            #expect(pixel(buffer, x, y, is: white, tolerance: 2), "angle \(angle)")
        }
    }

    /// strokeStart 0.5 with strokeEnd 1 draws the second half: the left side only.
    @Test func strokeStartHalf() {
        let (root, _) = ring(strokeStart: 0.5)
        let buffer = Scene.render(root)
        #expect(pixel(buffer, 50, 100, is: red, tolerance: 40))
        #expect(pixel(buffer, 150, 100, is: white))
    }

    /// A filled square, even-odd with a hole.
    @Test func fillAndEvenOdd() {
        let root = Scene.root()
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let path = CGMutablePath()
        path.addRect(CGRect(x: 20, y: 20, width: 100, height: 100))
        path.addRect(CGRect(x: 50, y: 50, width: 40, height: 40))
        shape.path = path
        shape.fillColor = .blue
        root.addSublayer(shape)
        #expect(pixel(Scene.render(root), 70, 70, is: blue))
        shape.fillRule = .evenOdd
        let buffer = Scene.render(root)
        #expect(pixel(buffer, 70, 70, is: white))
        #expect(pixel(buffer, 30, 30, is: blue))
    }

    /// The shape is drawn where the path is, even outside a zero-sized layer's bounds.
    @Test func drawsOutsideBounds() {
        let root = Scene.root()
        let shape = CAShapeLayer()
        shape.position = CGPoint(x: 100, y: 100)
        shape.path = CGPath(rect: CGRect(x: -30, y: -30, width: 60, height: 60))
        shape.fillColor = .green
        root.addSublayer(shape)
        let buffer = Scene.render(root)
        #expect(pixel(buffer, 80, 80, is: green))
        #expect(pixel(buffer, 60, 60, is: white))
    }

    /// A dashed line leaves gaps.
    @Test func dashes() {
        let root = Scene.root()
        let shape = CAShapeLayer()
        shape.frame = root.bounds
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 100))
        path.addLine(to: CGPoint(x: 200, y: 100))
        shape.path = path
        shape.strokeColor = .red
        shape.lineWidth = 6
        shape.lineDashPattern = [20, 20]
        root.addSublayer(shape)
        let buffer = Scene.render(root)
        #expect(pixel(buffer, 10, 100, is: red, tolerance: 10))
        #expect(pixel(buffer, 30, 100, is: white, tolerance: 10))
        #expect(pixel(buffer, 50, 100, is: red, tolerance: 10))
    }

    /// The classic progress ring: strokeEnd animated 0 → 1 over 1 s, linear; mid-way half the
    /// ring shows (the right side), not the left.
    @Test func strokeEndAnimationMidway() {
        let (root, shape) = ring(strokeEnd: 1)
        let engine = CAAnimationEngine()
        let compositor = Compositor()
        let buffer = PixelBuffer(width: 200, height: 200, format: .xrgb8888)
        compositor.render(root, into: buffer, bufferAge: 0)
        let animation = CABasicAnimation(keyPath: "strokeEnd")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        animation.beginTime = 10
        shape.add(animation, forKey: "progress")
        engine.advance(root, to: 10.5)
        compositor.render(root, into: buffer, bufferAge: 1)
        let presented = shape.presentation()?.strokeEnd ?? -1
        #expect(abs(presented - 0.5) < 1e-6)
        #expect(pixel(buffer, 150, 100, is: red, tolerance: 40))
        #expect(pixel(buffer, 50, 100, is: white, tolerance: 2))
        let (x, y) = point(on: CGPoint(x: 100, y: 100), radius: 50, angle: 3 * .pi / 4)
        #expect(pixel(buffer, x, y, is: white, tolerance: 2))
        // Model value untouched; at the end the whole ring shows again.
        #expect(shape.strokeEnd == 1)
        engine.advance(root, to: 12)
        compositor.render(root, into: buffer, bufferAge: 1)
        #expect(pixel(buffer, 50, 100, is: red, tolerance: 40))
    }

    /// As in Core Animation, a standalone shape layer already drawn animates a strokeEnd change
    /// implicitly (the transaction's duration), and not inside setDisableActions(true).
    @Test func implicitStrokeEndAnimation() {
        let (root, shape) = ring()
        let compositor = Compositor()
        let buffer = PixelBuffer(width: 200, height: 200, format: .xrgb8888)
        compositor.render(root, into: buffer, bufferAge: 0)
        shape.strokeEnd = 0.5
        #expect(shape.animationKeys()?.contains("strokeEnd") == true)
        let animation = shape.animation(forKey: "strokeEnd") as? CABasicAnimation
        #expect(animation?.keyPath == "strokeEnd")
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        shape.lineWidth = 3
        CATransaction.commit()
        #expect(shape.animationKeys()?.contains("lineWidth") != true)
    }

    /// `path` animates point by point between paths of the same elements: mid-way between a
    /// square on the left and one on the right, the square is in the middle. shadowPath too.
    @Test func pathAndShadowPathAnimate() {
        let root = Scene.root()
        let shape = CAShapeLayer()
        shape.frame = root.bounds
        shape.fillColor = .blue
        shape.path = CGPath(rect: CGRect(x: 0, y: 80, width: 40, height: 40))
        shape.shadowOpacity = 1
        shape.shadowRadius = 0
        shape.shadowOffset = .zero
        root.addSublayer(shape)
        let compositor = Compositor()
        let buffer = PixelBuffer(width: 200, height: 200, format: .xrgb8888)
        compositor.render(root, into: buffer, bufferAge: 0)
        let animation = CABasicAnimation(keyPath: "path")
        animation.toValue = CGPath(rect: CGRect(x: 160, y: 80, width: 40, height: 40))
        animation.duration = 1
        animation.beginTime = 3
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        shape.add(animation, forKey: "morph")
        let shadow = CABasicAnimation(keyPath: "shadowPath")
        shadow.fromValue = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        shadow.toValue = CGPath(rect: CGRect(x: 100, y: 0, width: 10, height: 10))
        shadow.duration = 1
        shadow.beginTime = 3
        shadow.timingFunction = CAMediaTimingFunction(name: .linear)
        shape.add(shadow, forKey: "shadow")
        CAAnimationEngine().advance(root, to: 3.5)
        compositor.render(root, into: buffer, bufferAge: 1)
        #expect(pixel(buffer, 100, 100, is: blue))
        #expect(pixel(buffer, 20, 100, is: white))
        #expect(pixel(buffer, 180, 100, is: white))
        #expect(pixel(buffer, 55, 5, is: (0, 0, 0)))
        #expect(pixel(buffer, 5, 5, is: white))
        #expect(shape.presentation()?.path?.boundingBox == CGRect(x: 80, y: 80, width: 40, height: 40))
    }

    /// Other key paths: fillColor and lineWidth animate, and value(forKeyPath:) reads them.
    @Test func keyPaths() {
        let layer = CAShapeLayer()
        layer.lineWidth = 4
        #expect(layer.value(forKeyPath: "lineWidth") as? CGFloat == 4)
        layer.setValue(0.3, forKeyPath: "strokeEnd")
        #expect(layer.strokeEnd == 0.3)
        layer.setValue(CGColor.red, forKeyPath: "fillColor")
        #expect(layer.fillColor == .red)
    }

    /// Not redrawn while nothing changes: the generated image is the same object.
    @Test func redrawsOnlyOnChange() {
        let (root, shape) = ring()
        let compositor = Compositor()
        let buffer = PixelBuffer(width: 200, height: 200, format: .xrgb8888)
        compositor.render(root, into: buffer, bufferAge: 0)
        let first = shape.generatedContents(pixelsPerPoint: 1)?.image
        root.backgroundColor = .blue
        compositor.render(root, into: buffer, bufferAge: 1)
        #expect(shape.generatedContents(pixelsPerPoint: 1)?.image === first)
        shape.lineWidth = 3
        #expect(shape.generatedContents(pixelsPerPoint: 1)?.image !== first)
    }

    /// CGPath's trimmedPath(from:to:) keeps the fraction of the length asked for.
    @Test func trimmedPathLength() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        let trimmed = path.trimmedPath(from: 0.25, to: 0.75)
        #expect(trimmed.elements.first == .moveToPoint(CGPoint(x: 50, y: 0)))
        #expect(trimmed.elements.last == .addLineToPoint(CGPoint(x: 100, y: 50)))
        #expect(path.trimmedPath(from: 0.6, to: 0.4).isEmpty)
        #expect(path.trimmedPath(from: .nan, to: 1).elements == path.elements)
    }
}
