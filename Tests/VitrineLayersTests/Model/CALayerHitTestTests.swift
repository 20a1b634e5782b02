import Foundation
import Testing

@testable import VitrineLayers

@MainActor
@Suite("CALayer hit testing")
struct CALayerHitTestTests {
    typealias S = ModelTestSupport

    func tree() -> (root: CALayer, child: CALayer) {
        let root = S.layer("root", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let child = S.layer("child", frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        root.addSublayer(child)
        return (root, child)
    }

    @Test func deepestLayerContainingThePoint() {
        let (root, child) = tree()
        #expect(root.hitTest(CGPoint(x: 60, y: 60)) === child)
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === root)
        #expect(root.hitTest(CGPoint(x: 400, y: 10)) == nil)
        #expect(child.contains(CGPoint(x: 10, y: 10)) && !child.contains(CGPoint(x: 110, y: 10)))
    }

    @Test func pointIsInTheSuperlayersCoordinates() {
        let root = S.layer("root", frame: CGRect(x: 100, y: 100, width: 300, height: 300))
        #expect(root.hitTest(CGPoint(x: 105, y: 105)) === root)
        #expect(root.hitTest(CGPoint(x: 50, y: 50)) == nil)
    }

    @Test func hiddenLayersAreSkipped() {
        let (root, child) = tree()
        child.isHidden = true
        #expect(root.hitTest(CGPoint(x: 60, y: 60)) === root)
        root.isHidden = true
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) == nil)
    }

    @Test func opacityDoesNotMatter() {
        let (root, child) = tree()
        child.opacity = 0
        #expect(root.hitTest(CGPoint(x: 60, y: 60)) === child)
    }

    @Test func masksToBoundsLimitsDescendants() {
        let (root, child) = tree()
        let grandchild = S.layer("grandchild", frame: CGRect(x: 80, y: 80, width: 60, height: 60))
        child.addSublayer(grandchild)
        let outsideChild = CGPoint(x: 50 + 120, y: 50 + 120)
        #expect(root.hitTest(outsideChild) === grandchild)
        child.masksToBounds = true
        #expect(root.hitTest(outsideChild) === root)
        #expect(root.hitTest(CGPoint(x: 50 + 90, y: 50 + 90)) === grandchild)
    }

    @Test func frontmostInDrawingOrderWins() {
        let root = S.layer("root", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let first = S.layer("first", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let second = S.layer("second", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.sublayers = [first, second]
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === second)
        first.zPosition = 1
        #expect(root.hitTest(CGPoint(x: 10, y: 10)) === first)
    }

    @Test func transformsAreHonoured() {
        let (root, child) = tree()
        child.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        // Inside the bounding box but outside the diamond.
        #expect(root.hitTest(CGPoint(x: 55, y: 55)) === root)
        #expect(root.hitTest(CGPoint(x: 100, y: 40)) === child)
        child.transform = CATransform3DIdentity
        root.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        // Scaled about the root's centre (150, 150), the child covers (-50, -50)...(150, 150).
        #expect(root.hitTest(CGPoint(x: 0, y: 0)) === child)
        #expect(root.hitTest(CGPoint(x: 160, y: 160)) === root)
    }

    @Test func singularLayersAreNotHit() {
        let (root, child) = tree()
        child.transform = CATransform3DMakeScale(0, 0, 1)
        #expect(root.hitTest(CGPoint(x: 100, y: 100)) === root)
    }
}
