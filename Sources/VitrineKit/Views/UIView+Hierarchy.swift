import Foundation
import VitrineLayers

// The view tree: adding, inserting, reordering and removing subviews with UIKit's callbacks,
// keeping the layer tree in the same order.
extension UIView {

    // MARK: - Changing the tree

    /// Inserts `view` at `index` (clamped), after taking it from its current superview, with
    /// UIKit's callbacks in UIKit's order: `willMove(toSuperview:)`, `willMove(toWindow:)`
    /// (whole subtree), the move, `didMoveToWindow()` (whole subtree), `didMoveToSuperview()`,
    /// then the superview's `didAddSubview(_:)`.
    func insert(_ view: UIView, at index: Int) {
        guard !isDescendant(of: view) else {
            kitLog.error(
                "refused to add a view to itself or to one of its own descendants",
                metadata: ["view": "\(type(of: view))", "superview": "\(type(of: self))"])
            return
        }
        if view.superview === self {
            // Already here: only its place changes.
            guard let current = subviews.firstIndex(where: { $0 === view }) else { return }
            subviews.remove(at: current)
            subviews.insert(view, at: max(0, min(index, subviews.count)))
            placeLayer(of: view)
            setNeedsLayout()
            return
        }
        let oldWindow = view.window
        let newWindow = window
        let oldTint = view.resolvedTintColor
        view.willMove(toSuperview: self)
        if oldWindow !== newWindow { view.notifyWillMove(toWindow: newWindow) }
        if let oldSuperview = view.superview {
            view.autoLayoutWillLeave(oldSuperview)
            oldSuperview.willRemoveSubview(view)
            oldSuperview.subviews.removeAll { $0 === view }
            if oldWindow != nil, newWindow == nil {
                view.layer.removeFromSuperlayer()
                view.layer.endAnimationsLeavingWindow(reportingTo: oldSuperview.layer)
            }
        }
        let place = max(0, min(index, subviews.count))
        subviews.insert(view, at: place)
        view.superview = self
        placeLayer(of: view, at: place)
        view.autoLayoutDidJoin()
        if oldWindow !== newWindow { view.notifyDidMoveToWindow() }
        view.didMoveToSuperview()
        didAddSubview(view)
        if view.ownTintColor == nil, view.resolvedTintColor != oldTint { view.notifyTintColorDidChange() }
        setNeedsLayout()
    }

    /// `insertSubview(_:aboveSubview:)` / `belowSubview:`: `view` goes just above or below
    /// `sibling` in `subviews`, and its layer just above or below the sibling's layer, even
    /// when the app put a plain sublayer between them, as iOS does. A `sibling` that is not a
    /// subview puts `view` on top, as iOS does (`addSubview(_:)`).
    func insert(_ view: UIView, nextTo sibling: UIView, above: Bool) {
        guard view !== sibling else { return }
        guard sibling.superview === self, subviews.contains(where: { $0 === sibling }) else {
            insert(view, at: subviews.count)
            return
        }
        guard let siblingIndex = subviews.firstIndex(where: { $0 === sibling }) else { return }
        var index = above ? siblingIndex + 1 : siblingIndex
        // Taking `view` out from below its new place shifts that place down by one.
        if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }), current < index {
            index -= 1
        }
        insert(view, at: index)
        guard view.superview === self, sibling.layer.superlayer === layer,
            let sublayers = layer.sublayers, let siblingLayer = sublayers.firstIndex(where: { $0 === sibling.layer })
        else { return }
        let wanted = above ? siblingLayer + 1 : siblingLayer - 1
        if sublayers.indices.contains(wanted), sublayers[wanted] === view.layer { return }
        if above {
            layer.insertSublayer(view.layer, above: sibling.layer)
        } else {
            layer.insertSublayer(view.layer, below: sibling.layer)
        }
    }

    func reorder(_ view: UIView, toFront: Bool) {
        guard view.superview === self, let index = subviews.firstIndex(where: { $0 === view }) else { return }
        // Already there, its layer too: nothing moves, so nothing is marked for layout (a
        // cell that keeps its separator in front in every `layoutSubviews` would otherwise
        // mark itself for the next pass, and every frame would lay it out again).
        let end = toFront ? subviews.count - 1 : 0
        let endLayer = toFront ? layer.sublayers?.last : layer.sublayers?.first
        if index == end, endLayer === view.layer { return }
        subviews.remove(at: index)
        if toFront { subviews.append(view) } else { subviews.insert(view, at: 0) }
        placeLayer(of: view)
    }

    func exchange(_ index1: Int, _ index2: Int) {
        guard subviews.indices.contains(index1), subviews.indices.contains(index2), index1 != index2 else { return }
        subviews.swapAt(index1, index2)
        placeLayer(of: subviews[index1])
        placeLayer(of: subviews[index2])
    }

    /// Removes the view from its superview with UIKit's callbacks: the superview's
    /// `willRemoveSubview(_:)`, `willMove(toSuperview: nil)`, `willMove(toWindow: nil)`, the
    /// removal, `didMoveToWindow()`, `didMoveToSuperview()`.
    func detachFromSuperview() {
        guard let oldSuperview = superview else { return }
        let oldWindow = window
        autoLayoutWillLeave(oldSuperview)
        oldSuperview.willRemoveSubview(self)
        willMove(toSuperview: nil)
        if oldWindow != nil { notifyWillMove(toWindow: nil) }
        oldSuperview.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
        if oldWindow != nil { layer.endAnimationsLeavingWindow(reportingTo: oldSuperview.layer) }
        if oldWindow != nil { notifyDidMoveToWindow() }
        didMoveToSuperview()
        oldSuperview.setNeedsLayout()
    }

    /// Puts the view's layer where its place among the subviews says: just below the layer
    /// of the next subview, or on top. Layers the app added to the superview's layer itself
    /// keep their places relative to one another.
    private func placeLayer(of view: UIView, at knownIndex: Int? = nil) {
        guard let index = knownIndex ?? subviews.firstIndex(where: { $0 === view }) else { return }
        if index + 1 < subviews.count {
            let nextLayer = subviews[index + 1].layer
            if nextLayer.superlayer === layer {
                layer.insertSublayer(view.layer, below: nextLayer)
                return
            }
        }
        layer.addSublayer(view.layer)
    }

    // MARK: - Window moves

    /// `willMove(toWindow:)` for this view and its whole subtree, parents first.
    func notifyWillMove(toWindow newWindow: UIWindow?) {
        window?.viewWillLeave(self)
        if newWindow !== window { FirstResponder.viewWillLeaveWindow(self) }
        willMove(toWindow: newWindow)
        owningViewController?.viewWillMove(toWindow: newWindow)
        for subview in subviews { subview.notifyWillMove(toWindow: newWindow) }
    }

    /// `didMoveToWindow()` for this view and its whole subtree, parents first. The content
    /// scale follows the new window's screen unless it was set explicitly.
    func notifyDidMoveToWindow() {
        if !hasExplicitContentScale, let screen = window?.screen {
            setContentScale(screen.scale)
        }
        didMoveToWindow()
        owningViewController?.viewDidMoveToWindow()
        for subview in subviews { subview.notifyDidMoveToWindow() }
    }
}
