import Foundation
import Testing
import VitrineKit

/// Records UIKit's hierarchy callbacks into a shared log.
@MainActor final class RecordingView: UIView {
    let name: String

    init(_ name: String) {
        self.name = name
        super.init(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    required init?(coder: NSCoder) { nil }

    static var shared: [String] = []

    static func name(of view: UIView?) -> String {
        guard let view else { return "nil" }
        return (view as? RecordingView)?.name ?? (view is UIWindow ? "window" : "?")
    }

    override func willMove(toSuperview newSuperview: UIView?) {
        Self.shared.append("\(name).willMove(toSuperview: \(Self.name(of: newSuperview)))")
    }
    override func didMoveToSuperview() { Self.shared.append("\(name).didMoveToSuperview") }
    override func willMove(toWindow newWindow: UIWindow?) {
        Self.shared.append("\(name).willMove(toWindow: \(newWindow == nil ? "nil" : "window"))")
    }
    override func didMoveToWindow() { Self.shared.append("\(name).didMoveToWindow") }
    override func didAddSubview(_ subview: UIView) {
        Self.shared.append("\(name).didAddSubview(\((subview as? RecordingView)?.name ?? "?"))")
    }
    override func willRemoveSubview(_ subview: UIView) {
        Self.shared.append("\(name).willRemoveSubview(\((subview as? RecordingView)?.name ?? "?"))")
    }
}

@MainActor @Suite struct ViewHierarchyTests {
    private func names(_ view: UIView) -> [Int] { view.subviews.map(\.tag) }

    private func tagged(_ tag: Int) -> UIView {
        let view = UIView(frame: .zero)
        view.tag = tag
        return view
    }

    @Test func subviewsAreOrderedBackToFrontAndLayersFollow() {
        let parent = UIView(frame: .zero)
        let (a, b, c, d) = (tagged(1), tagged(2), tagged(3), tagged(4))
        parent.addSubview(a)
        parent.addSubview(b)
        parent.insertSubview(c, at: 0)
        #expect(names(parent) == [3, 1, 2])
        parent.insertSubview(d, aboveSubview: c)
        #expect(names(parent) == [3, 4, 1, 2])
        parent.insertSubview(a, belowSubview: c)
        #expect(names(parent) == [1, 3, 4, 2])
        parent.bringSubviewToFront(a)
        #expect(names(parent) == [3, 4, 2, 1])
        parent.sendSubviewToBack(b)
        #expect(names(parent) == [2, 3, 4, 1])
        parent.exchangeSubview(at: 0, withSubviewAt: 3)
        #expect(names(parent) == [1, 3, 4, 2])
        parent.exchangeSubview(at: 0, withSubviewAt: 9)
        #expect(names(parent) == [1, 3, 4, 2])
        // The layer tree is in the same order.
        #expect(parent.layer.sublayers?.map { ($0.delegate as? UIView)?.tag ?? -1 } == [1, 3, 4, 2])
    }

    @Test func bringingTheFrontmostToTheFrontChangesNothingAndMarksNothing() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let (a, b) = (tagged(1), tagged(2))
        parent.addSubview(a)
        parent.addSubview(b)
        parent.layoutIfNeeded()
        #expect(!parent.layer.needsLayout())
        parent.bringSubviewToFront(b)
        parent.sendSubviewToBack(a)
        #expect(names(parent) == [1, 2])
        #expect(!parent.layer.needsLayout())  // a cell keeping its separator in front each pass
        parent.bringSubviewToFront(a)
        #expect(names(parent) == [2, 1])
        #expect(parent.layer.needsLayout())  // a real move marks layout, as any sublayer change
    }

    @Test func addSubviewReparents() {
        let first = UIView(frame: .zero)
        let second = UIView(frame: .zero)
        let child = tagged(7)
        first.addSubview(child)
        second.addSubview(child)
        #expect(first.subviews.isEmpty)
        #expect(child.superview === second)
        #expect(child.layer.superlayer === second.layer)
        child.removeFromSuperview()
        #expect(child.superview == nil && second.subviews.isEmpty && child.layer.superlayer == nil)
    }

    @Test func descendantsAndTags() {
        let root = tagged(1)
        let middle = tagged(2)
        let leaf = tagged(3)
        root.addSubview(middle)
        middle.addSubview(leaf)
        #expect(leaf.isDescendant(of: root))
        #expect(leaf.isDescendant(of: leaf))
        #expect(!root.isDescendant(of: leaf))
        #expect(root.viewWithTag(3) === leaf)
        #expect(root.viewWithTag(1) === root)
        #expect(root.viewWithTag(99) == nil)
    }

    @Test func addingAViewToItselfOrItsDescendantIsRefused() {
        let root = tagged(1)
        let child = tagged(2)
        root.addSubview(child)
        root.addSubview(root)
        child.addSubview(root)
        child.insertSubview(root, at: 0)
        #expect(root.superview == nil)
        #expect(root.subviews.count == 1 && child.subviews.isEmpty)
        #expect(root.layer.sublayers?.count == 1)
    }

    @Test func callbacksComeInUIKitOrder() {
        RecordingView.shared = []
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let parent = RecordingView("parent")
        let child = RecordingView("child")
        parent.addSubview(child)
        #expect(
            RecordingView.shared == [
                "child.willMove(toSuperview: parent)", "child.didMoveToSuperview", "parent.didAddSubview(child)",
            ])
        RecordingView.shared = []
        window.addSubview(parent)
        #expect(
            RecordingView.shared == [
                "parent.willMove(toSuperview: window)", "parent.willMove(toWindow: window)",
                "child.willMove(toWindow: window)", "parent.didMoveToWindow", "child.didMoveToWindow",
                "parent.didMoveToSuperview",
            ])
        #expect(child.window === window)
        RecordingView.shared = []
        child.removeFromSuperview()
        #expect(
            RecordingView.shared == [
                "parent.willRemoveSubview(child)", "child.willMove(toSuperview: nil)",
                "child.willMove(toWindow: nil)", "child.didMoveToWindow", "child.didMoveToSuperview",
            ])
        #expect(child.window == nil)
    }

    @Test func movingBetweenParentsTellsTheOldParent() {
        RecordingView.shared = []
        let first = RecordingView("first")
        let second = RecordingView("second")
        let child = RecordingView("child")
        first.addSubview(child)
        RecordingView.shared = []
        second.addSubview(child)
        #expect(
            RecordingView.shared == [
                "child.willMove(toSuperview: second)", "first.willRemoveSubview(child)", "child.didMoveToSuperview",
                "second.didAddSubview(child)",
            ])
    }
}
