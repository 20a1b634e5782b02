import Foundation
import Testing

@testable import VitrineLayers

@MainActor
@Suite("CALayer sublayers")
struct CALayerSublayerTests {
    func named(_ name: String) -> CALayer {
        let layer = CALayer()
        layer.name = name
        return layer
    }

    func names(_ layers: [CALayer]?) -> [String] {
        (layers ?? []).map { $0.name ?? "?" }
    }

    @Test func addSublayerAppendsInOrder() {
        let parent = named("p")
        let a = named("a")
        let b = named("b")
        parent.addSublayer(a)
        parent.addSublayer(b)
        #expect(names(parent.sublayers) == ["a", "b"])
        #expect(a.superlayer === parent && b.superlayer === parent)
        // Adding again moves it to the front.
        parent.addSublayer(a)
        #expect(names(parent.sublayers) == ["b", "a"])
    }

    @Test func insertAtIndexClamps() {
        let parent = named("p")
        let a = named("a")
        let b = named("b")
        let c = named("c")
        parent.addSublayer(a)
        parent.insertSublayer(b, at: 0)
        parent.insertSublayer(c, at: 99)
        #expect(names(parent.sublayers) == ["b", "a", "c"])
        // Moving within the same parent: removed first, then inserted at the index.
        parent.insertSublayer(b, at: 2)
        #expect(names(parent.sublayers) == ["a", "c", "b"])
    }

    @Test func insertAboveAndBelow() {
        let parent = named("p")
        let a = named("a")
        let b = named("b")
        parent.addSublayer(a)
        parent.addSublayer(b)
        parent.insertSublayer(named("x"), above: a)
        parent.insertSublayer(named("y"), below: a)
        parent.insertSublayer(named("top"), above: nil)
        parent.insertSublayer(named("bottom"), below: nil)
        #expect(names(parent.sublayers) == ["bottom", "y", "a", "x", "b", "top"])
        // A sibling that is not a sublayer: front for above, back for below.
        parent.insertSublayer(named("front"), above: named("stranger"))
        parent.insertSublayer(named("back"), below: named("stranger"))
        #expect(names(parent.sublayers).first == "back")
        #expect(names(parent.sublayers).last == "front")
        // Relative to itself: nothing happens.
        parent.insertSublayer(a, above: a)
        #expect(names(parent.sublayers) == ["back", "bottom", "y", "a", "x", "b", "top", "front"])
    }

    @Test func reparentingRemovesFromTheOldParent() {
        let first = named("first")
        let second = named("second")
        let child = named("child")
        first.addSublayer(child)
        first.addSublayer(named("other"))
        second.addSublayer(child)
        #expect(names(first.sublayers) == ["other"])
        #expect(names(second.sublayers) == ["child"])
        #expect(child.superlayer === second)
    }

    @Test func replaceSublayer() {
        let parent = named("p")
        let a = named("a")
        let b = named("b")
        let c = named("c")
        parent.sublayers = [a, b, c]
        let elsewhere = named("elsewhere")
        let r = named("r")
        elsewhere.addSublayer(r)
        parent.replaceSublayer(b, with: r)
        #expect(names(parent.sublayers) == ["a", "r", "c"])
        #expect(b.superlayer == nil && r.superlayer === parent && elsewhere.sublayers == nil)
        // Replacing with a sibling: the sibling leaves its place first.
        parent.replaceSublayer(a, with: c)
        #expect(names(parent.sublayers) == ["c", "r"])
        #expect(a.superlayer == nil)
        // Not a sublayer: nothing happens.
        parent.replaceSublayer(named("stranger"), with: named("z"))
        #expect(names(parent.sublayers) == ["c", "r"])
    }

    @Test func removeFromSuperlayer() {
        let parent = named("p")
        let a = named("a")
        let b = named("b")
        parent.sublayers = [a, b]
        a.removeFromSuperlayer()
        #expect(names(parent.sublayers) == ["b"])
        #expect(a.superlayer == nil)
        b.removeFromSuperlayer()
        #expect(parent.sublayers == nil)
        b.removeFromSuperlayer()  // already detached: harmless
    }

    @Test func sublayersSetterReplacesTheList() {
        let parent = named("p")
        let old = named("old")
        parent.addSublayer(old)
        let other = named("other")
        let moved = named("moved")
        other.addSublayer(moved)
        let fresh = named("fresh")
        parent.sublayers = [fresh, moved, fresh]
        #expect(names(parent.sublayers) == ["fresh", "moved"])
        #expect(old.superlayer == nil)
        #expect(other.sublayers == nil && moved.superlayer === parent)
        parent.sublayers = nil
        #expect(parent.sublayers == nil && fresh.superlayer == nil)
    }

    @Test func cyclesAreRefused() {
        let root = named("root")
        let child = named("child")
        let grandchild = named("grandchild")
        root.addSublayer(child)
        child.addSublayer(grandchild)
        grandchild.addSublayer(root)
        grandchild.addSublayer(grandchild)
        grandchild.insertSublayer(child, at: 0)
        grandchild.insertSublayer(root, above: nil)
        grandchild.sublayers = [root, child]
        let leaf = named("leaf")
        grandchild.addSublayer(leaf)
        grandchild.replaceSublayer(leaf, with: root)
        #expect(root.superlayer == nil)
        #expect(names(root.sublayers) == ["child"])
        #expect(names(child.sublayers) == ["grandchild"])
        #expect(names(grandchild.sublayers) == ["leaf"])
    }

    @Test func drawingOrderSortsByZPositionThenArrayOrder() {
        let parent = named("p")
        let a = named("a")
        let b = named("b")
        let c = named("c")
        let d = named("d")
        parent.sublayers = [a, b, c, d]
        #expect(names(parent.sublayersInDrawingOrder) == ["a", "b", "c", "d"])
        b.zPosition = 1
        d.zPosition = -1
        #expect(names(parent.sublayersInDrawingOrder) == ["d", "a", "c", "b"])
        b.zPosition = 0
        #expect(names(parent.sublayersInDrawingOrder) == ["d", "a", "b", "c"])
        parent.addSublayer(named("e"))
        #expect(names(parent.sublayersInDrawingOrder) == ["d", "a", "b", "c", "e"])
        d.removeFromSuperlayer()
        #expect(names(parent.sublayersInDrawingOrder) == ["a", "b", "c", "e"])
    }

    @Test func layerIDsAreUniqueAndIncreasing() {
        let layers = (0..<5).map { _ in CALayer() }
        let ids = layers.map(\.layerID)
        #expect(ids == ids.sorted() && Set(ids).count == 5)
    }
}
