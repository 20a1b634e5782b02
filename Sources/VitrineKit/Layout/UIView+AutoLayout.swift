import Foundation

// Auto Layout on UIView: constraints, anchors, guides, content priorities, the constraint
// pass, fitting sizes and the hooks that keep the tree's engine in step with the tree.
extension UIView {
    /// The view's Auto Layout bookkeeping, made on first use.
    var autoLayoutState: AutoLayoutViewState {
        if let state = autoLayout { return state }
        let state = AutoLayoutViewState()
        autoLayout = state
        return state
    }

    // Constraints, anchors, guides, safe area, content priorities and the constraint pass's
    // public members are in UIView's class body (UIView.swift), so they can be overridden.

    // MARK: Guides

    /// The margins `layoutMarginsGuide` and the margin attributes use: see
    /// `layoutMarginsGuide`.
    var effectiveLayoutMargins: UIEdgeInsets {
        var margins = layoutMargins
        if let controller = owningViewController, controller.viewRespectsSystemMinimumLayoutMargins {
            let minimum = UIEdgeInsets(controller.systemMinimumLayoutMargins)
            margins.top = max(margins.top, minimum.top)
            margins.left = max(margins.left, minimum.left)
            margins.bottom = max(margins.bottom, minimum.bottom)
            margins.right = max(margins.right, minimum.right)
        }
        if insetsLayoutMarginsFromSafeArea {
            let safe = safeAreaInsets
            margins.top += safe.top
            margins.left += safe.left
            margins.bottom += safe.bottom
            margins.right += safe.right
        }
        if preservesSuperviewLayoutMargins, let superview {
            let outer = superview.effectiveLayoutMargins
            let frame = self.frame
            margins.top = max(margins.top, outer.top - frame.minY)
            margins.left = max(margins.left, outer.left - frame.minX)
            margins.bottom = max(margins.bottom, outer.bottom - (superview.bounds.height - frame.maxY))
            margins.right = max(margins.right, outer.right - (superview.bounds.width - frame.maxX))
        }
        return margins
    }

    /// Something the effective margins depend on changed.
    func marginSourceDidChange() {
        autoLayout?.item.engine?.markNeedsSolve()
        layoutMarginsDidChange()
    }

    /// The safe area source (the screen's overscan, a controller's additional insets)
    /// changed: every view of the subtree whose insets moved is told, as UIKit tells it, and
    /// the engine re-solves.
    func safeAreaSourceDidChange() {
        var stack: [UIView] = [self]
        while let view = stack.popLast() {
            let insets = view.safeAreaInsets
            if insets != (view.autoLayout?.announcedSafeAreaInsets ?? .zero) {
                view.autoLayoutState.announcedSafeAreaInsets = insets
                view.safeAreaInsetsDidChange()
                view.owningViewController?.viewSafeAreaInsetsDidChange()
                if view.insetsLayoutMarginsFromSafeArea { view.marginSourceDidChange() }
            }
            stack.append(contentsOf: view.subviews)
        }
        rootAncestor.autoLayout?.engine?.markNeedsSolve()
        setNeedsLayout()
    }

    // MARK: Content priorities

    // MARK: The constraint pass

    /// Before a layout pass of this view (or `layoutIfNeeded()`): the tree's constraint pass,
    /// then its engine (built on first use) solved and applied to the frames.
    func prepareConstraintBasedLayout() {
        let root = rootAncestor
        guard let state = root.autoLayout else { return }
        if state.treeNeedsConstraintUpdate {
            state.treeNeedsConstraintUpdate = false
            root.updateConstraintsIfNeeded()
        }
        guard state.treeUsesAutoLayout else { return }
        let engine: LayoutEngine
        if let existing = state.engine {
            engine = existing
        } else {
            engine = LayoutEngine(root: root)
            state.engine = engine
            engine.addSubtree(root)
        }
        engine.layOut()
    }

    // MARK: Fitting

    /// A size target asking for the smallest size, as `layoutFittingCompressedSize`.
    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    /// A size target asking for the largest size, as `layoutFittingExpandedSize`.
    public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)

    /// The size the view's subtree constraints and content give, closest to `target`: a
    /// private engine holds the view (its own frame left free), its subtree's constraints and
    /// the target at the given priorities.
    func fittingSize(_ target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority) -> CGSize {
        updateConstraintsIfNeeded()
        let engine = LayoutEngine(root: self, sizing: .fitting(target, horizontal: horizontal, vertical: vertical))
        engine.entry(for: self)
        engine.addSubtree(self)
        engine.layOut()
        let size = engine.rootSize
        engine.discard()
        return size
    }

    // MARK: Debugging

    /// The frame from the center and bounds, as the engine sees a transformed view.
    var alignmentFrame: CGRect {
        CGRect(
            x: center.x - bounds.width / 2, y: center.y - bounds.height / 2, width: bounds.width,
            height: bounds.height)
    }

    // MARK: Tree changes

    /// The view leaves `oldSuperview`: constraints between its subtree and the rest of the
    /// old tree deactivate, as UIKit deactivates them, and the old tree's engine lets go of
    /// the subtree.
    func autoLayoutWillLeave(_ oldSuperview: UIView) {
        let oldRoot = oldSuperview.rootAncestor
        guard let rootState = oldRoot.autoLayout, rootState.treeUsesAutoLayout || rootState.treeNeedsConstraintUpdate
        else { return }
        var crossing: [NSLayoutConstraint] = []
        var stack: [UIView] = [self]
        while let view = stack.popLast() {
            if let state = view.autoLayout {
                var referencing = state.item.referencingConstraints
                for guide in state.allGuides { referencing += guide.itemState.referencingConstraints }
                for constraint in referencing {
                    if let installed = constraint.installedView, !installed.isDescendant(of: self) {
                        crossing.append(constraint)
                    }
                }
            }
            stack.append(contentsOf: view.subviews)
        }
        NSLayoutConstraint.deactivate(crossing)
        rootState.engine?.removeSubtree(self)
        let state = autoLayoutState
        state.treeUsesAutoLayout = rootState.treeUsesAutoLayout
        state.treeNeedsConstraintUpdate = rootState.treeNeedsConstraintUpdate
    }

    /// The view (until now the root of its tree) joined a tree: its constraints go to that
    /// tree's engine.
    func autoLayoutDidJoin() {
        guard let state = autoLayout, state.treeUsesAutoLayout || state.treeNeedsConstraintUpdate else { return }
        let root = rootAncestor
        let rootState = root.autoLayoutState
        rootState.treeUsesAutoLayout = rootState.treeUsesAutoLayout || state.treeUsesAutoLayout
        rootState.treeNeedsConstraintUpdate = rootState.treeNeedsConstraintUpdate || state.treeNeedsConstraintUpdate
        state.engine?.discard()
        state.engine = nil
        state.treeUsesAutoLayout = false
        state.treeNeedsConstraintUpdate = false
        rootState.engine?.addSubtree(self)
        root.setNeedsLayout()
    }
}

extension UIView {
    /// A picture of the view's subtree for debugging Auto Layout, after UIKit's private
    /// `_autolayoutTrace` (a Vitrine addition, public since there is no debugger command):
    /// one line per view with its frame, marked `•` for the tree's engine host, `*` for a view
    /// placed by constraints and `+` for one placed by its frame but known to the engine;
    /// `- AMBIGUOUS LAYOUT` where the constraints do not fix the frame; and under each view
    /// the constraints installed on it.
    public var autoLayoutTrace: String {
        var lines = [
            "Legend: • engine host, * placed by constraints, + placed by its frame and in the engine,",
            "        - AMBIGUOUS LAYOUT: the constraints do not fix the frame",
        ]
        func visit(_ view: UIView, depth: Int) {
            let indent = String(repeating: "|   ", count: depth)
            let registered = view.autoLayout?.item.engine != nil
            let mark =
                view.superview == nil && view.autoLayout?.engine != nil
                ? "•" : !view.translatesAutoresizingMaskIntoConstraints ? "*" : registered ? "+" : " "
            var line = "\(indent)\(mark)\(LayoutDescription.item(view)) \(view.frame)"
            if registered && view.hasAmbiguousLayout { line += " - AMBIGUOUS LAYOUT" }
            lines.append(line)
            for constraint in view.constraints { lines.append("\(indent)|     \(constraint)") }
            for subview in view.subviews { visit(subview, depth: depth + 1) }
        }
        visit(self, depth: 0)
        return lines.joined(separator: "\n")
    }
}
