import Foundation
import Testing
import VitrineGraphics

@testable import VitrineLayers

@MainActor
@Suite("CALayer coordinate conversion")
struct CALayerConversionTests {
    typealias S = ModelTestSupport

    @Test func pointThroughARotatedLayer() {
        let root = S.layer("root", frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let a = S.layer("a", frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        root.addSublayer(a)
        a.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        // The top-left corner turns a quarter clockwise about the centre (150, 150).
        #expect(S.close(root.convert(CGPoint(x: 0, y: 0), from: a), CGPoint(x: 200, y: 100)))
        #expect(S.close(a.convert(CGPoint(x: 0, y: 0), to: root), CGPoint(x: 200, y: 100)))
        #expect(S.close(a.convert(CGPoint(x: 200, y: 100), from: root), .zero))
        // A bounds origin shift moves what the corner is called, not where it is.
        a.bounds.origin = CGPoint(x: 10, y: 20)
        #expect(S.close(root.convert(CGPoint(x: 10, y: 20), from: a), CGPoint(x: 200, y: 100)))
    }

    @Test func rectConvertsToItsBoundingBox() {
        let root = S.layer("root", frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let a = S.layer("a", frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        root.addSublayer(a)
        a.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        #expect(S.close(root.convert(a.bounds, from: a), a.frame))
        #expect(root.convert(CGRect.null, from: a).isNull)
        let back = a.convert(CGRect(x: 150, y: 150, width: 0, height: 0), from: root)
        #expect(S.close(back.origin, CGPoint(x: 50, y: 50)))
    }

    @Test func sublayerTransformAppliesAboutTheSuperlayersAnchor() {
        let root = S.layer("root", frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        root.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        let child = S.layer("child", frame: CGRect(x: 240, y: 190, width: 20, height: 20))
        root.addSublayer(child)
        #expect(root.convert(CGPoint(x: 10, y: 10), from: child) == CGPoint(x: 300, y: 200))
        #expect(child.convert(CGPoint(x: 300, y: 200), from: root) == CGPoint(x: 10, y: 10))
        // The sublayer transform does not touch the layer's own frame.
        #expect(child.frame == CGRect(x: 240, y: 190, width: 20, height: 20))
    }

    @Test func nestedTransformsRoundTrip() {
        let root = S.layer("root", frame: CGRect(x: 30, y: 40, width: 800, height: 600))
        let a = S.layer("a", frame: CGRect(x: 100, y: 80, width: 300, height: 200))
        a.bounds.origin = CGPoint(x: 10, y: -5)
        a.transform = CATransform3DScale(CATransform3DMakeRotation(0.5, 0, 0, 1), 1.5, 1.5, 1)
        a.sublayerTransform = CATransform3DMakeTranslation(7, -3, 0)
        let b = S.layer("b", frame: CGRect(x: 20, y: 30, width: 120, height: 90))
        b.anchorPoint = CGPoint(x: 0.2, y: 0.9)
        b.transform = CATransform3DMakeScale(0.5, 2, 1)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 400
        b.sublayerTransform = perspective
        let c = S.layer("c", frame: CGRect(x: 10, y: 10, width: 60, height: 40))
        c.transform = CATransform3DMakeRotation(0.4, 0, 1, 0)
        c.zPosition = 12
        let d = S.layer("d", frame: CGRect(x: 500, y: 300, width: 100, height: 100))
        d.transform = CATransform3DMakeRotation(-0.3, 0, 0, 1)
        root.addSublayer(a)
        a.addSublayer(b)
        b.addSublayer(c)
        root.addSublayer(d)

        for p in [CGPoint(x: 0, y: 0), CGPoint(x: 25, y: 13), CGPoint(x: 60, y: 40)] {
            let inRoot = root.convert(p, from: c)
            #expect(S.close(c.convert(inRoot, from: root), p, 1e-7))
            let inD = c.convert(p, to: d)
            #expect(S.close(d.convert(inD, to: c), p, 1e-7))
            // Going through the root by hand gives the same as converting directly.
            #expect(S.close(d.convert(inRoot, from: root), inD, 1e-7))
            let onScreen = c.convert(p, to: nil)
            #expect(S.close(c.convert(onScreen, from: nil), p, 1e-7))
        }
        let rect = CGRect(x: 5, y: 5, width: 20, height: 10)
        let inRoot = root.convert(rect, from: c)
        #expect(inRoot.width > 0 && inRoot.height > 0)
        #expect(inRoot.contains(root.convert(CGPoint(x: 15, y: 10), from: c)))
    }

    @Test func perspectiveMovesTheFarSideTowardsTheVanishingPoint() {
        let root = S.layer("root", frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let card = S.layer("card", frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        root.addSublayer(card)
        card.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        let flatRight = root.convert(CGPoint(x: 200, y: 0), from: card)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        root.sublayerTransform = perspective
        let right = root.convert(CGPoint(x: 200, y: 0), from: card)
        let left = root.convert(CGPoint(x: 0, y: 0), from: card)
        // The vanishing point is the root's anchor, (200, 200).
        #expect(right.x < flatRight.x && right.x > 200)
        #expect(right.y > 100 && right.y < 200)
        #expect(left.y < 100)
    }

    @Test func nilMeansTheSpaceTheRootIsPlacedIn() {
        let root = S.layer("root", frame: CGRect(x: 100, y: 50, width: 400, height: 400))
        let child = S.layer("child", frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        root.addSublayer(child)
        #expect(root.convert(CGPoint.zero, to: nil) == CGPoint(x: 100, y: 50))
        #expect(child.convert(CGPoint.zero, to: nil) == CGPoint(x: 110, y: 60))
        #expect(child.convert(CGPoint(x: 110, y: 60), from: nil) == .zero)
        #expect(child.convert(CGPoint(x: 3, y: 4), from: child) == CGPoint(x: 3, y: 4))
    }

    @Test func unrelatedTreesShareTheirRootsSpace() {
        let one = S.layer("one", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let two = S.layer("two", frame: CGRect(x: 50, y: 0, width: 100, height: 100))
        #expect(two.convert(CGPoint(x: 60, y: 10), from: one) == CGPoint(x: 10, y: 10))
    }

    @Test func singularTransformsGiveNaNNotATrap() {
        let root = S.layer("root", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let flat = S.layer("flat", frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        flat.transform = CATransform3DMakeScale(0, 1, 1)
        root.addSublayer(flat)
        let p = flat.convert(CGPoint(x: 5, y: 5), from: root)
        #expect(p.x.isNaN && p.y.isNaN)
        #expect(flat.convert(CGRect(x: 0, y: 0, width: 1, height: 1), from: root).isNull)
        // The forward direction still works: the layer collapses onto a line.
        #expect(root.convert(CGPoint(x: 10, y: 0), from: flat) == CGPoint(x: 5, y: 0))
    }
}
