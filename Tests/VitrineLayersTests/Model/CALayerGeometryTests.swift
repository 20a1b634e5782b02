import Foundation
import Testing
import VitrineGraphics

@testable import VitrineLayers

@MainActor
@Suite("CALayer geometry")
struct CALayerGeometryTests {
    typealias S = ModelTestSupport

    @Test func defaultsFollowCoreAnimation() {
        let layer = CALayer()
        #expect(layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(layer.opacity == 1)
        #expect(layer.borderColor == CGColor.black)
        #expect(layer.backgroundColor == nil)
        #expect(layer.contentsGravity == .resize)
        #expect(layer.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(layer.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(layer.contentsScale == 1)
        #expect(layer.transform == CATransform3DIdentity)
        #expect(layer.sublayerTransform == CATransform3DIdentity)
        #expect(layer.sublayers == nil && layer.superlayer == nil)
        #expect(layer.model() === layer)
        #expect(layer.presentation() == nil)
        #expect(CALayerContentsGravity.resizeAspectFill.rawValue == "resizeAspectFill")
        #expect(CALayerContentsGravity(rawValue: "topLeft") == .topLeft)
    }

    @Test func settingFrameSetsPositionThroughTheAnchorPoint() {
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(layer.position == CGPoint(x: 60, y: 45))
        #expect(layer.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))

        let topLeft = CALayer()
        topLeft.anchorPoint = .zero
        topLeft.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(topLeft.position == CGPoint(x: 10, y: 20))
        #expect(topLeft.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
    }

    @Test func settingFrameKeepsTheBoundsOrigin() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 5, y: 7, width: 1, height: 1)
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
        #expect(layer.bounds == CGRect(x: 5, y: 7, width: 40, height: 30))
        #expect(layer.frame == CGRect(x: 0, y: 0, width: 40, height: 30))
    }

    @Test func negativeFrameSizeIsStandardised() {
        let layer = CALayer()
        layer.frame = CGRect(x: 100, y: 100, width: -40, height: -20)
        #expect(layer.bounds.size == CGSize(width: 40, height: 20))
        #expect(layer.frame == CGRect(x: 60, y: 80, width: 40, height: 20))
    }

    @Test func changingAnchorPointMovesFrameNotPosition() {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.anchorPoint = .zero
        #expect(layer.position == CGPoint(x: 50, y: 50))
        #expect(layer.frame == CGRect(x: 50, y: 50, width: 100, height: 100))
    }

    @Test func frameOfARotatedLayerIsTheBoundingBox() {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        let half = 50 * 2.0.squareRoot()
        #expect(
            S.close(layer.frame, CGRect(x: 50 - half, y: 50 - half, width: 2 * half, height: 2 * half)))
        #expect(layer.bounds == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(layer.position == CGPoint(x: 50, y: 50))
        #expect(S.close(layer.preferredFrameSize().width, 2 * half))
    }

    @Test func frameIsTransformedAboutTheAnchorPoint() {
        let layer = CALayer()
        layer.anchorPoint = .zero
        layer.frame = CGRect(x: 10, y: 10, width: 100, height: 50)
        layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: 3))
        #expect(layer.frame == CGRect(x: 10, y: 10, width: 200, height: 150))
        #expect(layer.affineTransform() == CGAffineTransform(scaleX: 2, y: 3))
        #expect(layer.bounds.size == CGSize(width: 100, height: 50))
    }

    @Test func settingFrameGoesThroughTheInverseTransform() {
        // As Core Animation: the bounds size is the frame's through the inverse transform,
        // and the frame reads back as set.
        let layer = CALayer()
        layer.transform = CATransform3DMakeScale(2, 2, 1)
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        #expect(layer.bounds.size == CGSize(width: 50, height: 50))
        #expect(layer.position == CGPoint(x: 50, y: 50))
        #expect(layer.frame == CGRect(x: 0, y: 0, width: 100, height: 100))
    }

    @Test func boundsOriginDoesNotMoveTheFrame() {
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        layer.bounds.origin = CGPoint(x: 100, y: -30)
        #expect(layer.frame == CGRect(x: 10, y: 10, width: 20, height: 20))
    }

    @Test func transformToSuperlayerFollowsTheDocumentedOrder() {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        parent.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        let layer = CALayer()
        layer.bounds = CGRect(x: 10, y: 10, width: 20, height: 20)
        layer.position = CGPoint(x: 110, y: 50)
        parent.addSublayer(layer)
        // The anchor (20, 20) goes to the position (110, 50), which the sublayer transform
        // scales about the parent's anchor (100, 50): (120, 50).
        let mapped = layer.transformToSuperlayer().flattened.apply(CGPoint(x: 20, y: 20))
        #expect(mapped == CGPoint(x: 120, y: 50))
        // zPosition enters as a z translation after the transform.
        layer.zPosition = 7
        #expect(layer.transformToSuperlayer().m43 == 7)
    }

    @Test func nonFiniteGeometryNeverTraps() {
        let parent = CALayer()
        parent.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let layer = CALayer()
        parent.addSublayer(layer)
        let sibling = CALayer()
        parent.addSublayer(sibling)
        layer.position = CGPoint(x: CGFloat.nan, y: 1)
        layer.bounds = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: CGFloat.nan)
        layer.anchorPoint = CGPoint(x: CGFloat.nan, y: .infinity)
        layer.zPosition = .nan
        var t = CATransform3DIdentity
        t.m34 = .nan
        layer.transform = t
        layer.sublayerTransform = t
        layer.contentsScale = .nan
        layer.cornerRadius = .infinity
        layer.borderWidth = -.infinity
        layer.opacity = .nan
        sibling.zPosition = 1

        _ = layer.frame
        layer.frame = CGRect(x: CGFloat.nan, y: 0, width: 10, height: .infinity)
        _ = layer.frame
        _ = layer.preferredFrameSize()
        _ = parent.convert(CGPoint(x: 1, y: 1), from: layer)
        _ = layer.convert(CGRect(x: 0, y: 0, width: 5, height: 5), to: parent)
        #expect(!layer.hasFiniteGeometry)
        #expect(parent.hasFiniteGeometry)
        #expect(parent.hitTest(CGPoint(x: 50, y: 50)) === parent)
        #expect(parent.sublayersInDrawingOrder.count == 2)
        #expect(parent.sublayersInDrawingOrder.last === sibling)
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        #expect(layer.contents == nil)
        parent.layoutIfNeeded()
        #expect(layer.position.x.isNaN)
    }
}
