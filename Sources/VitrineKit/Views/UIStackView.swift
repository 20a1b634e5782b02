import Foundation

/// A row or column of views laid out by Auto Layout, as UIKit's `UIStackView`.
///
/// The stack view arranges the views of `arrangedSubviews` along its `axis`, in that order,
/// with constraints it makes and keeps itself (installed on the stack view and named as UIKit
/// names them: `UISV-canvas-connection`, `UISV-spacing`, `UISV-alignment`, `UISV-hiding`,
/// `UISV-fill-equally`, `UISV-fill-proportionally`, `UISV-distributing-edge`...), so
/// `constraints` and constraint logs read like UIKit's. `distribution` places the views along
/// the axis, `alignment` across it; `spacing` and `setCustomSpacing(_:after:)` set the gaps.
///
/// As in UIKit:
/// - An arranged view whose `isHidden` is true takes no space and no spacing; showing it
///   again restores it. Inside a `UIView.animate` block the change is laid out at once, so the
///   collapse (or expansion) animates, as in the example of Apple's documentation.
/// - Changing any property, or the arranged views, re-lays out at the next layout pass.
/// - The stack view has no `intrinsicContentSize`: its constraints to its arranged views size
///   it, so one constrained only by its position takes the size of its content, and
///   `systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)` gives that size.
/// - Since iOS 14 a stack view is backed by an ordinary layer and draws its
///   `backgroundColor` (before, it was a non-rendering `CATransformLayer`); Vitrine follows
///   iOS 14 and later.
/// - Arranged views get `translatesAutoresizingMaskIntoConstraints = false`.
@preconcurrency @MainActor
open class UIStackView: UIView {
    /// How the arranged views are sized and placed along the axis, as
    /// `UIStackView.Distribution`. Every distribution fits the first and last visible views
    /// tightly to the stack view's edges (its margins with
    /// `isLayoutMarginsRelativeArrangement`).
    public enum Distribution: Int, Sendable, CaseIterable {
        /// The views fill the axis: when they do not fit, those with the lowest compression
        /// resistance shrink; when they leave room, those with the lowest hugging priority
        /// stretch; between equal priorities, the view earlier in `arrangedSubviews` gives
        /// way first. As `.fill`.
        case fill = 0
        /// The views are all the same size along the axis, filling it; with room to spare,
        /// the size of the one with the largest intrinsic size. As `.fillEqually`.
        case fillEqually
        /// The views fill the axis with sizes proportional to their intrinsic sizes. As
        /// `.fillProportionally`.
        case fillProportionally
        /// The views keep their intrinsic sizes and the gaps between them are equal, at least
        /// `spacing`; when the views do not fit they shrink by compression resistance, then
        /// by their order. As `.equalSpacing`.
        case equalSpacing
        /// The views keep their intrinsic sizes and their centers are equally far apart, with
        /// at least `spacing` between neighbours' edges; when they do not fit the spacing
        /// shrinks to `spacing` first, then the views by compression resistance and order.
        /// As `.equalCentering`.
        case equalCentering
    }

    /// How the arranged views are placed across the axis, as `UIStackView.Alignment`.
    public enum Alignment: Int, Sendable, CaseIterable {
        /// The views fill the stack view across the axis. As `.fill`.
        case fill = 0
        /// Vertical stacks: the views' leading edges on the stack view's leading edge
        /// (horizontal stacks: their top edges on its top, as `.top`). As `.leading`.
        case leading
        /// Horizontal stacks: the views' first baselines aligned (a vertical stack fills, as
        /// with `.fill`). As `.firstBaseline`.
        case firstBaseline
        /// The views' centers on the stack view's center across the axis. As `.center`.
        case center
        /// Vertical stacks: the views' trailing edges on the stack view's trailing edge
        /// (horizontal stacks: their bottoms on its bottom, as `.bottom`). As `.trailing`.
        case trailing
        /// Horizontal stacks: the views' last baselines aligned (a vertical stack fills). As
        /// `.lastBaseline`.
        case lastBaseline

        /// Horizontal stacks: the views' top edges on the stack view's top; the same value
        /// as `.leading`. As `.top`.
        public static var top: Alignment { .leading }
        /// Horizontal stacks: the views' bottom edges on the stack view's bottom; the same
        /// value as `.trailing`. As `.bottom`.
        public static var bottom: Alignment { .trailing }
    }

    /// Custom spacing meaning "use `spacing`": `customSpacing(after:)` of a view without
    /// custom spacing, and the value that removes it. UIKit's value, `FLT_MAX`. As
    /// `spacingUseDefault`.
    public static let spacingUseDefault = CGFloat(Float.greatestFiniteMagnitude)

    /// Spacing meaning "the system spacing to the neighbouring view" (8 points in Vitrine, the
    /// system spacing of its anchors), for `spacing` and `setCustomSpacing(_:after:)`.
    /// UIKit's value, `FLT_MIN`. As `spacingUseSystem`.
    public static let spacingUseSystem = CGFloat(Float.leastNormalMagnitude)

    /// The views the stack view arranges, in order, as `arrangedSubviews`: always a subset of
    /// `subviews`, whose order (front to back) is independent.
    open var arrangedSubviews: [UIView] { arranged }

    /// Storage of `arrangedSubviews`.
    internal var arranged: [UIView] = []
    /// `setCustomSpacing(_:after:)` values, by arranged view.
    internal var customSpacings: [ObjectIdentifier: CGFloat] = [:]
    /// The constraints the stack view made and keeps (see UIStackView+Arrangement.swift).
    internal var managedConstraints: [NSLayoutConstraint] = []
    /// The spacer guides of `.equalSpacing` and `.equalCentering`, kept between passes.
    internal var distributingGuides: [UILayoutGuide] = []
    /// The views `forFirstBaselineLayout` and `forLastBaselineLayout` gave at the last
    /// arrangement: when they change, constraints to the stack view's baselines are re-made.
    internal var arrangedBaselineViews: (first: ObjectIdentifier?, last: ObjectIdentifier?) = (nil, nil)

    /// The axis the views are laid out along, as `axis` (default `.horizontal`: a row).
    open var axis: NSLayoutConstraint.Axis = .horizontal {
        didSet { if axis != oldValue { arrangementDidChange() } }
    }

    /// How the views are sized and placed along the axis, as `distribution` (default
    /// `.fill`).
    open var distribution: Distribution = .fill {
        didSet { if distribution != oldValue { arrangementDidChange() } }
    }

    /// How the views are placed across the axis, as `alignment` (default `.fill`).
    open var alignment: Alignment = .fill {
        didSet { if alignment != oldValue { arrangementDidChange() } }
    }

    /// The space between adjacent arranged views, as `spacing` (default 0): exact for the
    /// fill distributions, a minimum for `.equalSpacing` and `.equalCentering`. Negative
    /// values overlap the views; `UIStackView.spacingUseSystem` asks for the system spacing,
    /// and `spacingUseDefault` counts as 0, as in UIKit.
    open var spacing: CGFloat = 0 {
        didSet { if spacing != oldValue { arrangementDidChange() } }
    }

    /// Whether the spacing of a vertical stack runs from the last baseline of a view to the
    /// first baseline of the next (text-based views) rather than from edge to edge, as
    /// `isBaselineRelativeArrangement` (default false). Ignored by horizontal stacks, which
    /// align baselines with `alignment`, as in UIKit.
    open var isBaselineRelativeArrangement = false {
        didSet { if isBaselineRelativeArrangement != oldValue { arrangementDidChange() } }
    }

    /// Whether the views are laid out inside the stack view's layout margins rather than its
    /// bounds, as `isLayoutMarginsRelativeArrangement` (default false).
    open var isLayoutMarginsRelativeArrangement = false {
        didSet { if isLayoutMarginsRelativeArrangement != oldValue { arrangementDidChange() } }
    }

    // MARK: Creation

    /// An empty stack view with the given frame, as `init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A view an interface file makes, as `init?(coder:)`: set up as `init(frame:)` sets it up,
    /// for the coder nib loading passes; fails for any other coder (see `UIView.init?(coder:)`).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// A stack view arranging `views`, in order, as `init(arrangedSubviews:)`: each is added
    /// as a subview too.
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    /// A stack view lays out with constraints, as UIKit's answers: it makes them in
    /// `updateConstraints()`.
    open override class var requiresConstraintBasedLayout: Bool { true }

    // MARK: Arranged subviews

    /// Adds `view` at the end of `arrangedSubviews`, and as the frontmost subview when it is
    /// not one already, as `addArrangedSubview(_:)`. A view already arranged moves to the end.
    open func addArrangedSubview(_ view: UIView) {
        arrange(view, at: arranged.count)
    }

    /// Inserts `view` into `arrangedSubviews` at `stackIndex`, adding it as the frontmost
    /// subview when it is not one already, as `insertArrangedSubview(_:at:)`; a view already
    /// arranged moves to that index (its subview order stays). UIKit raises for an index
    /// outside `0...arrangedSubviews.count`; Vitrine logs an error and changes nothing.
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        guard stackIndex >= 0, stackIndex <= arranged.count else {
            kitLog.error(
                "insertArrangedSubview refused: index \(stackIndex) is outside 0...\(arranged.count)",
                metadata: ["view": "\(type(of: view))"])
            return
        }
        arrange(view, at: stackIndex)
    }

    /// Stops arranging `view`, as `removeArrangedSubview(_:)`: it stays a subview (and where
    /// it is) but the stack view no longer places it; its custom spacing is forgotten. To
    /// remove it altogether, call its `removeFromSuperview()`, which also takes it out of
    /// `arrangedSubviews`.
    open func removeArrangedSubview(_ view: UIView) {
        guard let index = arranged.firstIndex(where: { $0 === view }) else { return }
        arranged.remove(at: index)
        customSpacings[ObjectIdentifier(view)] = nil
        arrangementDidChange()
    }

    /// Sets the space after `arrangedSubview` (before the next visible arranged view), as
    /// `setCustomSpacing(_:after:)`: it takes precedence over `spacing`;
    /// `UIStackView.spacingUseDefault` reverts to `spacing` and `spacingUseSystem` asks for
    /// the system spacing. Ignored for a view that is not arranged.
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        guard arranged.contains(where: { $0 === arrangedSubview }), !spacing.isNaN else { return }
        let key = ObjectIdentifier(arrangedSubview)
        let value: CGFloat? = spacing == Self.spacingUseDefault ? nil : spacing
        guard customSpacings[key] != value else { return }
        customSpacings[key] = value
        arrangementDidChange()
    }

    /// The custom spacing after `arrangedSubview`, as `customSpacing(after:)`:
    /// `UIStackView.spacingUseDefault` when none is set.
    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? Self.spacingUseDefault
    }

    /// An arranged view removed from the stack view (or moved elsewhere) stops being arranged,
    /// as UIKit's stack view does. Subclasses that override this call `super`.
    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        removeArrangedSubview(subview)
    }

    // MARK: Baselines

    /// The view whose first baseline is the stack view's, as `forFirstBaselineLayout`: for a
    /// vertical stack, the first visible arranged view's; for a horizontal one, the tallest
    /// visible arranged view's (by intrinsic height; the first of equals). The stack view
    /// itself without visible arranged views.
    open override var forFirstBaselineLayout: UIView {
        baselineArrangedView(first: true)?.forFirstBaselineLayout ?? self
    }

    /// The view whose last baseline is the stack view's, as `forLastBaselineLayout`: for a
    /// vertical stack, the last visible arranged view's; for a horizontal one, the tallest
    /// visible arranged view's. The stack view itself without visible arranged views.
    open override var forLastBaselineLayout: UIView {
        baselineArrangedView(first: false)?.forLastBaselineLayout ?? self
    }

    // MARK: Constraints

    /// Makes the stack view's constraints for the current arrangement (keeping those that did
    /// not change), then calls `super`, as UIKit's stack view does in its constraint pass.
    open override func updateConstraints() {
        updateArrangementConstraints()
        super.updateConstraints()
    }

    // MARK: Tree hooks

    override func subviewVisibilityDidChange(_ subview: UIView) {
        super.subviewVisibilityDidChange(subview)
        if arranged.contains(where: { $0 === subview }) { arrangementDidChange() }
    }

    override func subviewIntrinsicContentSizeDidChange(_ subview: UIView) {
        super.subviewIntrinsicContentSizeDidChange(subview)
        // Sizes feed the proportions, the order of who gives way and the tallest view.
        if arranged.contains(where: { $0 === subview }) { arrangementDidChange() }
    }
}
