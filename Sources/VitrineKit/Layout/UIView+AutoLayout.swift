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

    // MARK: Constraints

    /// The constraints installed on the view, as `constraints`: the active constraints whose
    /// items' nearest common ancestor is this view (or that were added to it).
    public var constraints: [NSLayoutConstraint] { autoLayout?.installedConstraints ?? [] }

    /// Activates `constraint` installed on this view, as the legacy `addConstraint(_:)`; the
    /// view must be its items' common ancestor or an ancestor of it (else a logged error).
    public func addConstraint(_ constraint: NSLayoutConstraint) {
        constraint.activateConstraint(installingOn: self)
    }

    /// As `addConstraints(_:)`.
    public func addConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { addConstraint(constraint) }
    }

    /// Deactivates `constraint` if it is installed on this view, as `removeConstraint(_:)`.
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.installedView === self else { return }
        constraint.isActive = false
    }

    /// As `removeConstraints(_:)`.
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { removeConstraint(constraint) }
    }

    // MARK: Anchors

    /// As `leadingAnchor` (the left edge: Vitrine lays out left to right).
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    /// As `trailingAnchor` (the right edge).
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    /// As `leftAnchor`.
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    /// As `rightAnchor`.
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    /// As `topAnchor`.
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    /// As `bottomAnchor`.
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    /// As `widthAnchor`.
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    /// As `heightAnchor`.
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
    /// As `centerXAnchor`.
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    /// As `centerYAnchor`.
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
    /// The first line's baseline (of `forFirstBaselineLayout`), as `firstBaselineAnchor`.
    public var firstBaselineAnchor: NSLayoutYAxisAnchor {
        NSLayoutYAxisAnchor(item: self, attribute: .firstBaseline)
    }
    /// The last line's baseline (of `forLastBaselineLayout`), as `lastBaselineAnchor`.
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .lastBaseline) }

    // MARK: Guides

    /// The guides added to the view, as `layoutGuides`.
    public var layoutGuides: [UILayoutGuide] { autoLayout?.layoutGuides ?? [] }

    /// Adds a guide whose frame is in this view's coordinates, as `addLayoutGuide(_:)`; a
    /// guide owned by another view moves here (its constraints deactivate).
    public func addLayoutGuide(_ layoutGuide: UILayoutGuide) {
        guard layoutGuide.role == .custom, layoutGuide.owningView !== self else { return }
        layoutGuide.owningView?.removeLayoutGuide(layoutGuide)
        layoutGuide.owningView = self
        autoLayoutState.layoutGuides.append(layoutGuide)
    }

    /// Removes a guide and deactivates its constraints, as `removeLayoutGuide(_:)`.
    public func removeLayoutGuide(_ layoutGuide: UILayoutGuide) {
        guard layoutGuide.owningView === self, let state = autoLayout else { return }
        NSLayoutConstraint.deactivate(layoutGuide.itemState.referencingConstraints)
        state.layoutGuides.removeAll { $0 === layoutGuide }
        state.item.engine?.removeGuide(layoutGuide)
        layoutGuide.owningView = nil
    }

    /// The view's bounds inset by its layout margins, as `layoutMarginsGuide`. The margins it
    /// follows are `layoutMargins`, raised to a controller's `systemMinimumLayoutMargins`,
    /// measured from the safe area (`insetsLayoutMarginsFromSafeArea`) and, with
    /// `preservesSuperviewLayoutMargins`, reaching at least the superview's margins.
    public var layoutMarginsGuide: UILayoutGuide {
        let state = autoLayoutState
        if let guide = state.marginsGuide { return guide }
        let guide = UILayoutGuide(role: .layoutMargins, owningView: self)
        state.marginsGuide = guide
        return guide
    }

    /// The part of the view not covered by the screen's overscan or by controllers'
    /// `additionalSafeAreaInsets`, as `safeAreaLayoutGuide`.
    public var safeAreaLayoutGuide: UILayoutGuide {
        let state = autoLayoutState
        if let guide = state.safeAreaGuide { return guide }
        let guide = UILayoutGuide(role: .safeArea, owningView: self)
        state.safeAreaGuide = guide
        return guide
    }

    /// How far the view reaches into the unsafe edges of its window, as `safeAreaInsets`:
    /// zero on a panel, the screen's configured `overscan` where the view covers it, plus the
    /// `additionalSafeAreaInsets` of the controllers whose views contain it, and what their
    /// containers add (a navigation bar's height for the controllers of a navigation
    /// controller). Zero outside a window.
    public var safeAreaInsets: UIEdgeInsets {
        guard let window else { return .zero }
        let screenBounds = window.screen.bounds
        var safe = screenBounds.inset(by: window.screen.overscanInsets)
        if safe.isNull { safe = CGRect(x: screenBounds.midX, y: screenBounds.midY, width: 0, height: 0) }
        // The screen's safe rectangle in the window's coordinates (windows stand in screen
        // coordinates).
        safe = safe.offsetBy(dx: -window.frame.minX, dy: -window.frame.minY)
        var current: UIView? = self
        while let view = current {
            if let controller = view.owningViewController, controller.effectiveAdditionalSafeAreaInsets != .zero {
                let inset = view.convert(view.bounds, to: window).inset(
                    by: controller.effectiveAdditionalSafeAreaInsets)
                safe = inset.isNull ? .zero : safe.intersection(inset)
            }
            current = view.superview
        }
        let mine = window === self ? bounds : convert(bounds, to: window)
        func clamp(_ value: CGFloat, _ limit: CGFloat) -> CGFloat { min(max(0, value), max(0, limit)) }
        if safe.isNull { return UIEdgeInsets(top: mine.height, left: 0, bottom: 0, right: 0) }
        return UIEdgeInsets(
            top: clamp(safe.minY - mine.minY, mine.height), left: clamp(safe.minX - mine.minX, mine.width),
            bottom: clamp(mine.maxY - safe.maxY, mine.height), right: clamp(mine.maxX - safe.maxX, mine.width))
    }

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

    /// How much the view resists growing beyond its intrinsic size on `axis`, as
    /// `contentHuggingPriority(for:)` (default `.defaultLow`, 250).
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        guard let state = autoLayout else { return .defaultLow }
        return axis == .horizontal ? state.huggingPriority.horizontal : state.huggingPriority.vertical
    }

    /// As `setContentHuggingPriority(_:for:)`.
    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        let state = autoLayoutState
        if axis == .horizontal {
            state.huggingPriority.horizontal = priority
        } else {
            state.huggingPriority.vertical = priority
        }
        state.item.engine?.configurationDidChange(of: self)
    }

    /// How much the view resists shrinking below its intrinsic size on `axis`, as
    /// `contentCompressionResistancePriority(for:)` (default `.defaultHigh`, 750).
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        guard let state = autoLayout else { return .defaultHigh }
        return axis == .horizontal ? state.compressionResistance.horizontal : state.compressionResistance.vertical
    }

    /// As `setContentCompressionResistancePriority(_:for:)`.
    public func setContentCompressionResistancePriority(
        _ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis
    ) {
        let state = autoLayoutState
        if axis == .horizontal {
            state.compressionResistance.horizontal = priority
        } else {
            state.compressionResistance.vertical = priority
        }
        state.item.engine?.configurationDidChange(of: self)
    }

    // MARK: The constraint pass

    /// Marks the view for `updateConstraints()` at the next constraint pass, as
    /// `setNeedsUpdateConstraints()`.
    public func setNeedsUpdateConstraints() {
        autoLayoutState.needsUpdateConstraints = true
        let root = rootAncestor
        root.autoLayoutState.treeNeedsConstraintUpdate = true
        root.setNeedsLayout()
    }

    /// Whether the view is marked for `updateConstraints()`, as `needsUpdateConstraints()`.
    public func needsUpdateConstraints() -> Bool { autoLayout?.needsUpdateConstraints ?? false }

    /// Runs `updateConstraints()` now for the marked views of this subtree, subviews before
    /// their superview, as `updateConstraintsIfNeeded()`.
    public func updateConstraintsIfNeeded() {
        var order: [UIView] = []
        var stack: [UIView] = [self]
        while let view = stack.popLast() {
            order.append(view)
            stack.append(contentsOf: view.subviews)
        }
        // Reversed pre-order visits every subview before its superview.
        for view in order.reversed() {
            guard let state = view.autoLayout, state.needsUpdateConstraints else { continue }
            state.needsUpdateConstraints = false
            state.calledBaseUpdateConstraints = false
            view.updateConstraints()
            if !state.calledBaseUpdateConstraints {
                kitLog.error(
                    "\(type(of: view)).updateConstraints() did not call super.updateConstraints(), as UIKit requires")
            }
            view.owningViewController?.updateViewConstraints()
        }
    }

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

    /// Whether the constraints leave the view's frame undetermined, as `hasAmbiguousLayout`.
    public var hasAmbiguousLayout: Bool { LayoutEngine.hasAmbiguousLayout(self) }

    /// UIKit moves an ambiguous view to another valid place to show the ambiguity, as
    /// `exerciseAmbiguityInLayout()`; Vitrine logs the view instead.
    public func exerciseAmbiguityInLayout() {
        if hasAmbiguousLayout { kitLog.notice("ambiguous layout: \(LayoutDescription.item(self)) \(frame)") }
    }

    /// The active constraints on `axis` that mention the view, as
    /// `constraintsAffectingLayout(for:)`.
    public func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        autoLayout?.item.constraintsAffecting(axis) ?? []
    }

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
