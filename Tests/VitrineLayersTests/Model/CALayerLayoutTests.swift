import Foundation
import Testing

@testable import VitrineLayers

@MainActor
@Suite("CALayer layout")
struct CALayerLayoutTests {
    typealias S = ModelTestSupport

    /// root > child > grandchild, all laid out once and clean, reporting to `delegate`.
    func cleanTree(_ delegate: ModelRecordingDelegate) -> [CALayer] {
        let root = S.layer("root", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = S.layer("child", frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let grandchild = S.layer("grandchild", frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        root.addSublayer(child)
        child.addSublayer(grandchild)
        for layer in [root, child, grandchild] { layer.delegate = delegate }
        root.layoutIfNeeded()
        delegate.events.removeAll()
        return [root, child, grandchild]
    }

    @Test func newLayersNeedLayoutOnce() {
        let delegate = ModelRecordingDelegate()
        let root = S.layer("root", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = S.layer("child", frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        root.addSublayer(child)
        root.delegate = delegate
        child.delegate = delegate
        #expect(root.needsLayout() && child.needsLayout())
        root.layoutIfNeeded()
        #expect(delegate.events == ["layout root", "layout child"])
        #expect(!root.needsLayout() && !child.needsLayout())
        root.layoutIfNeeded()
        #expect(delegate.events.count == 2)
    }

    @Test func parentsBeforeChildren() {
        let delegate = ModelRecordingDelegate()
        let layers = cleanTree(delegate)
        for layer in layers.reversed() { layer.setNeedsLayout() }
        layers[0].layoutIfNeeded()
        #expect(delegate.events == ["layout root", "layout child", "layout grandchild"])
    }

    @Test func layoutIfNeededStartsAtTheHighestDirtyAncestor() {
        let delegate = ModelRecordingDelegate()
        let layers = cleanTree(delegate)
        layers[2].setNeedsLayout()
        layers[1].setNeedsLayout()
        layers[2].layoutIfNeeded()
        #expect(delegate.events == ["layout child", "layout grandchild"])
    }

    @Test func cleanLayersAreSkipped() {
        let delegate = ModelRecordingDelegate()
        let layers = cleanTree(delegate)
        layers[2].setNeedsLayout()
        layers[0].layoutIfNeeded()
        #expect(delegate.events == ["layout grandchild"])
    }

    @Test func boundsAndSublayerChangesMarkLayout() {
        let delegate = ModelRecordingDelegate()
        let layers = cleanTree(delegate)
        layers[1].bounds.size = CGSize(width: 60, height: 60)
        #expect(layers[1].needsLayout())
        layers[0].layoutIfNeeded()
        layers[2].addSublayer(CALayer())
        #expect(layers[2].needsLayout())
        layers[1].position = CGPoint(x: 3, y: 3)
        #expect(!layers[1].needsLayout())
    }

    @Test func sublayersAddedDuringLayoutAreLaidOutInTheSamePass() {
        final class Builder: CALayerDelegate {
            var log: [String] = []
            func layoutSublayers(of layer: CALayer) {
                log.append(layer.name ?? "?")
                if layer.name == "root", layer.sublayers == nil {
                    let added = CALayer()
                    added.name = "added"
                    added.delegate = self
                    layer.addSublayer(added)
                }
            }
        }
        let builder = Builder()
        let root = S.layer("root", frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        root.delegate = builder
        root.layoutIfNeeded()
        #expect(builder.log == ["root", "added"])
        // Adding the sublayer marked the root again, for the next pass (as Core Animation).
        root.layoutIfNeeded()
        #expect(builder.log == ["root", "added", "root"])
    }

    final class CountingLayer: CALayer {
        var layouts = 0
        override func layoutSublayers() {
            layouts += 1
            super.layoutSublayers()
        }
    }

    @Test func subclassLayoutSublayersIsCalled() {
        let layer = CountingLayer()
        layer.layoutIfNeeded()
        layer.setNeedsLayout()
        layer.setNeedsLayout()
        layer.layoutIfNeeded()
        #expect(layer.layouts == 2)
    }
}
