import Foundation

// The constraints a stack view makes for its arranged views, as UIKit's: the same kinds
// under the same identifiers, installed on the stack view. Each arrangement pass describes
// the constraints the current state needs and reconciles them with those it made before:
// unchanged ones stay in the engine (so a hidden view's collapse touches only its
// neighbours), the rest go out before the new ones come in, so no intermediate set
// conflicts where the final one does not.

/// One constraint a stack view wants, before it is made.
struct StackConstraintSpec: Hashable {
    let identifier: String
    let first: ObjectIdentifier
    let firstAttribute: NSLayoutConstraint.Attribute
    let relation: NSLayoutConstraint.Relation
    let second: ObjectIdentifier?
    let secondAttribute: NSLayoutConstraint.Attribute
    let multiplier: CGFloat
    let constant: CGFloat
    let priority: Float
}

/// How the stack view's constraints read an item's attribute for one axis of the stack.
private struct AxisAttributes {
    let start: NSLayoutConstraint.Attribute
    let end: NSLayoutConstraint.Attribute
    let size: NSLayoutConstraint.Attribute
    let center: NSLayoutConstraint.Attribute

    static let horizontal = AxisAttributes(start: .leading, end: .trailing, size: .width, center: .centerX)
    static let vertical = AxisAttributes(start: .top, end: .bottom, size: .height, center: .centerY)

    static func of(_ axis: NSLayoutConstraint.Axis) -> AxisAttributes {
        axis == .horizontal ? horizontal : vertical
    }
}

/// Priorities of the stack view's optional constraints.
enum StackPriority {
    /// Pulls the stack view to the smallest size its content allows where nothing else sizes
    /// it (the spanning and distributing fits): below any priority an app would size it at.
    static let fit: Float = 20
    /// Gives a view without an intrinsic size across the axis a size (0) where the alignment
    /// does not, as UIKit's `UISV-ambiguity-suppression`.
    static let ambiguitySuppression: Float = 25
    /// `.fillProportionally`'s proportions: below required, so required constraints of the
    /// app win.
    static let proportion: Float = 999
    /// `.equalCentering`'s equal center distances: low enough that the spacing shrinks to
    /// its minimum before views shrink below their intrinsic sizes (at the default compression
    /// resistance, 750). The engine weighs priorities against the size of each violation, and
    /// a view shrinking by one point can bring two center distances up to a point and a half
    /// closer, hence well below 750 / 2.
    static let equalCentering: Float = 300
    /// The tie-break that makes the view earlier in `arrangedSubviews` give way first between
    /// equal hugging or compression priorities. Its constraint carries a tiny weight in its
    /// multiplier (see `orderSpecs`), so the priority itself is the lowest.
    static let order: Float = 1
}

extension UIStackView {
    // MARK: Triggers

    /// Something the arrangement depends on changed: the constraints are re-made at the next
    /// constraint pass; inside an animation block at once, so the change animates (UIKit
    /// animates an arranged view's `isHidden` set in a block without `layoutIfNeeded()`).
    func arrangementDidChange() {
        setNeedsUpdateConstraints()
        // Not from inside a constraint pass (an arranged stack view telling its enclosing one
        // of new baselines): that pass goes on to the enclosing stack view anyway.
        if ViewAnimationContext.current != nil, Self.arrangementPassDepth == 0 { layoutIfNeeded() }
    }

    /// How many stack views are making their constraints right now.
    private static var arrangementPassDepth = 0

    /// Puts `view` at `index` of the arranged views, adding it as a subview first when needed.
    func arrange(_ view: UIView, at index: Int) {
        if view.superview !== self {
            addSubview(view)
            guard view.superview === self else { return }  // refused (a loop in the tree)
        }
        var target = index
        if let current = arranged.firstIndex(where: { $0 === view }) {
            arranged.remove(at: current)
            target = min(target, arranged.count)
            if current == target {
                arranged.insert(view, at: target)
                return
            }
        }
        arranged.insert(view, at: target)
        view.translatesAutoresizingMaskIntoConstraints = false
        arrangementDidChange()
    }

    // MARK: Baselines

    /// The arranged view whose baselines stand for the stack view's (see
    /// `forFirstBaselineLayout`).
    func baselineArrangedView(first: Bool) -> UIView? {
        let visible = arranged.filter { !$0.isHidden }
        if axis == .vertical { return first ? visible.first : visible.last }
        var tallest: UIView?
        var tallestHeight = -CGFloat.infinity
        for view in visible {
            let height = max(0, view.intrinsicContentSize.height)
            if height > tallestHeight {
                tallest = view
                tallestHeight = height
            }
        }
        return tallest
    }

    // MARK: The pass

    /// Brings the stack view's constraints to what the arrangement needs.
    func updateArrangementConstraints() {
        Self.arrangementPassDepth += 1
        defer { Self.arrangementPassDepth -= 1 }
        // Arranged views taken elsewhere without `willRemoveSubview` cannot happen, but a
        // stale entry must never be constrained.
        arranged.removeAll { $0.superview !== self }
        var builder = ArrangementBuilder(stack: self)
        builder.build()
        reconcile(builder.specs, items: builder.items, guideCount: builder.guideCount)
        noteBaselineViews()
    }

    /// When the views standing for the stack view's baselines changed, constraints to those
    /// baselines (the app's, an enclosing stack view's) are re-made: the engine resolves
    /// `forFirstBaselineLayout` when it takes a constraint in.
    private func noteBaselineViews() {
        let current = (
            first: baselineArrangedView(first: true).map { ObjectIdentifier($0.forFirstBaselineLayout) },
            last: baselineArrangedView(first: false).map { ObjectIdentifier($0.forLastBaselineLayout) }
        )
        guard current != arrangedBaselineViews else { return }
        arrangedBaselineViews = current
        invalidateIntrinsicContentSize()
    }

    /// Keeps the managed constraints that match a spec, takes the others out, then makes or
    /// re-activates the missing ones.
    private func reconcile(_ specs: [StackConstraintSpec], items: [ObjectIdentifier: AnyObject], guideCount: Int) {
        var wanted: [StackConstraintSpec: Int] = [:]
        for spec in specs { wanted[spec, default: 0] += 1 }
        var kept: [NSLayoutConstraint] = []
        var retired: [NSLayoutConstraint] = []
        for constraint in managedConstraints {
            if constraint.isActive, let spec = constraint.stackSpec, let count = wanted[spec], count > 0 {
                wanted[spec] = count - 1
                kept.append(constraint)
            } else {
                retired.append(constraint)
            }
        }
        NSLayoutConstraint.deactivate(retired)
        // Spare spacer guides go once nothing of ours refers to them.
        while distributingGuides.count > guideCount, let guide = distributingGuides.popLast() {
            removeLayoutGuide(guide)
        }
        // A retired constraint that differs only in its constant comes back with the new one.
        var reusable: [StackConstraintSpec: [NSLayoutConstraint]] = [:]
        for constraint in retired {
            guard let spec = constraint.stackSpec, constraint.firstItem != nil else { continue }
            reusable[spec.withoutConstant, default: []].append(constraint)
        }
        var added: [NSLayoutConstraint] = []
        for spec in specs {
            guard let remaining = wanted[spec], remaining > 0 else { continue }
            wanted[spec] = remaining - 1
            let constraint: NSLayoutConstraint
            if var pool = reusable[spec.withoutConstant], let reused = pool.popLast() {
                reusable[spec.withoutConstant] = pool
                reused.constant = spec.constant
                constraint = reused
            } else {
                guard let made = spec.makeConstraint(items) else { continue }
                constraint = made
            }
            added.append(constraint)
        }
        managedConstraints = kept + added
        addConstraints(added)
    }
}

extension NSLayoutConstraint {
    /// The spec a constraint of a stack view was made from (nil for others, or once an item
    /// is gone).
    fileprivate var stackSpec: StackConstraintSpec? {
        guard let identifier, let firstItem else { return nil }
        if secondAttribute != .notAnAttribute && secondItem == nil { return nil }
        return StackConstraintSpec(
            identifier: identifier, first: ObjectIdentifier(firstItem), firstAttribute: firstAttribute,
            relation: relation, second: secondItem.map { ObjectIdentifier($0) }, secondAttribute: secondAttribute,
            multiplier: multiplier, constant: constant, priority: priority.rawValue)
    }
}

extension StackConstraintSpec {
    /// The spec with its constant zeroed: constraints that differ only in their constant.
    var withoutConstant: StackConstraintSpec {
        StackConstraintSpec(
            identifier: identifier, first: first, firstAttribute: firstAttribute, relation: relation, second: second,
            secondAttribute: secondAttribute, multiplier: multiplier, constant: 0, priority: priority)
    }

    @MainActor
    func makeConstraint(_ items: [ObjectIdentifier: AnyObject]) -> NSLayoutConstraint? {
        guard let firstItem = items[first] else { return nil }
        let constraint = NSLayoutConstraint(
            item: firstItem, attribute: firstAttribute, relatedBy: relation, toItem: second.flatMap { items[$0] },
            attribute: secondAttribute, multiplier: multiplier, constant: constant)
        constraint.priority = UILayoutPriority(priority)
        constraint.identifier = identifier
        return constraint
    }
}

/// Describes the constraints of one arrangement of a stack view.
@MainActor
private struct ArrangementBuilder {
    let stack: UIStackView
    /// The items the specs name.
    private(set) var items: [ObjectIdentifier: AnyObject] = [:]
    private(set) var specs: [StackConstraintSpec] = []
    /// How many spacer guides the specs use.
    private(set) var guideCount = 0

    private let main: AxisAttributes
    private let cross: AxisAttributes
    /// What the views are laid out in: the stack view, or its margins guide.
    private let container: AnyObject
    private let visible: [UIView]
    /// Baseline-relative spacing (vertical stacks only).
    private let baselineSpacing: Bool
    /// The alignment in effect: baseline alignments fill in vertical stacks.
    private let alignment: UIStackView.Alignment

    init(stack: UIStackView) {
        self.stack = stack
        main = AxisAttributes.of(stack.axis)
        cross = AxisAttributes.of(stack.axis == .horizontal ? .vertical : .horizontal)
        container = stack.isLayoutMarginsRelativeArrangement ? stack.layoutMarginsGuide : stack
        visible = stack.arranged.filter { !$0.isHidden }
        baselineSpacing = stack.axis == .vertical && stack.isBaselineRelativeArrangement
        let isBaseline = stack.alignment == .firstBaseline || stack.alignment == .lastBaseline
        alignment = stack.axis == .vertical && isBaseline ? .fill : stack.alignment
    }

    mutating func build() {
        hiddenSpecs()
        guard let first = visible.first, let last = visible.last else {
            // Nothing to show: the stack view shrinks to nothing where nothing sizes it (else
            // an emptied one would keep the size of views long gone).
            add("UISV-canvas-fit", container, main.size, .equal, nil, .notAnAttribute, priority: StackPriority.fit)
            add("UISV-canvas-fit", container, cross.size, .equal, nil, .notAnAttribute, priority: StackPriority.fit)
            return
        }
        add("UISV-canvas-connection", container, main.start, .equal, first, main.start)
        add("UISV-canvas-connection", container, main.end, .equal, last, main.end)
        distributionSpecs()
        alignmentSpecs()
    }

    // MARK: Along the axis

    private mutating func distributionSpecs() {
        let distribution = stack.distribution
        for (index, (view, next)) in zip(visible, visible.dropFirst()).enumerated() {
            let gap = stack.gapAfter(view)
            let (end, start) = spacingAttributes
            switch distribution {
            case .fill, .fillEqually, .fillProportionally:
                add("UISV-spacing", next, start, .equal, view, end, constant: gap)
            case .equalSpacing, .equalCentering:
                add("UISV-spacing", next, start, .greaterThanOrEqual, view, end, constant: gap)
                let guide = spacerGuide(index)
                let edges = distribution == .equalSpacing ? (end, start) : (main.center, main.center)
                add("UISV-distributing-edge", guide, main.start, .equal, view, edges.0)
                add("UISV-distributing-edge", guide, main.end, .equal, next, edges.1)
                if index > 0 {
                    // Each spacer equals the one before (not all the first), so that one view's
                    // move touches at most two of these constraints.
                    let priority = distribution == .equalSpacing ? 1000 : StackPriority.equalCentering
                    add(
                        "UISV-fill-equally", guide, main.size, .equal, spacerGuide(index - 1), main.size,
                        priority: priority)
                } else {
                    add(
                        "UISV-distributing-fit", guide, main.size, .equal, nil, .notAnAttribute,
                        priority: StackPriority.fit)
                }
            }
        }
        switch distribution {
        case .fill, .equalSpacing, .equalCentering:
            orderSpecs()
        case .fillEqually:
            for view in visible.dropFirst() {
                add("UISV-fill-equally", view, main.size, .equal, visible[0], main.size)
            }
        case .fillProportionally:
            proportionSpecs()
        }
    }

    /// The attributes spacing runs between: the previous view's end and the next one's
    /// start, or last and first baselines in a baseline-relative vertical stack.
    private var spacingAttributes: (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) {
        baselineSpacing ? (.lastBaseline, .firstBaseline) : (main.end, main.start)
    }

    /// `.fillProportionally`: each view with an intrinsic size along the axis gets its share
    /// of the room the spacing leaves.
    private mutating func proportionSpecs() {
        let lengths = visible.map { intrinsicLength(of: $0, main.size) }
        let total = lengths.compactMap { $0 }.reduce(0, +)
        guard total > 0 else { return }
        let spacing = zip(visible, visible.dropFirst()).reduce(CGFloat(0)) { $0 + stack.gapAfter($1.0) }
        for (view, length) in zip(visible, lengths) {
            guard let length else { continue }
            let share = length / total
            add(
                "UISV-fill-proportionally", view, main.size, .equal, container, main.size, multiplier: share,
                constant: -share * spacing, priority: StackPriority.proportion)
        }
    }

    /// Between equal hugging or compression priorities UIKit resizes by the order of
    /// `arrangedSubviews`, the earlier view first. Each view gets a constraint toward its
    /// intrinsic size (0 without one) whose error weighs a thousandth of a priority point per
    /// place in the order: written `size == (1 - w) × size + w × intrinsic`, whose violation
    /// is `w × |size - intrinsic|`. Real priorities, a point apart at least, still decide.
    private mutating func orderSpecs() {
        for (index, view) in visible.enumerated() {
            let weight = min(0.5, 0.001 * CGFloat(index + 1))
            let length = intrinsicLength(of: view, main.size) ?? 0
            add(
                "UISV-arrangement-order", view, main.size, .equal, view, main.size, multiplier: 1 - weight,
                constant: weight * length, priority: StackPriority.order)
        }
    }

    // MARK: Across the axis

    private mutating func alignmentSpecs() {
        let first = visible[0]
        let others = visible.dropFirst()
        switch alignment {
        case .fill:
            add("UISV-canvas-connection", container, cross.start, .equal, first, cross.start)
            add("UISV-canvas-connection", container, cross.end, .equal, first, cross.end)
            for view in others {
                add("UISV-alignment", first, cross.start, .equal, view, cross.start)
                add("UISV-alignment", first, cross.end, .equal, view, cross.end)
            }
            return
        case .leading, .center, .trailing:
            let edge = alignment == .leading ? cross.start : alignment == .trailing ? cross.end : cross.center
            add("UISV-canvas-connection", container, edge, .equal, first, edge)
            for view in others { add("UISV-alignment", first, edge, .equal, view, edge) }
        case .firstBaseline, .lastBaseline:
            let baseline: NSLayoutConstraint.Attribute = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
            for view in others { add("UISV-alignment", first, baseline, .equal, view, baseline) }
            // The aligned group sits as high as the spanning boundaries let it.
            add("UISV-canvas-connection", container, cross.start, .equal, first, cross.start, priority: 1)
        }
        // The views stay inside the stack view, which hugs the largest of them.
        for view in visible {
            if alignment != .leading {
                add("UISV-spanning-boundary", view, cross.start, .greaterThanOrEqual, container, cross.start)
            }
            if alignment != .trailing {
                add("UISV-spanning-boundary", view, cross.end, .lessThanOrEqual, container, cross.end)
            }
            if intrinsicLength(of: view, cross.size) == nil {
                add(
                    "UISV-ambiguity-suppression", view, cross.size, .equal, nil, .notAnAttribute,
                    priority: StackPriority.ambiguitySuppression)
            }
        }
        add("UISV-spanning-fit", container, cross.size, .equal, nil, .notAnAttribute, priority: StackPriority.fit)
    }

    // MARK: Hidden views

    /// A hidden view takes no room: no size along the axis, at the end of the visible view
    /// before it, and at the start edge across.
    private mutating func hiddenSpecs() {
        var previous: UIView?
        for view in stack.arranged {
            guard view.isHidden else {
                previous = view
                continue
            }
            add("UISV-hiding", view, main.size, .equal, nil, .notAnAttribute)
            if let previous {
                add("UISV-hiding", view, main.start, .equal, previous, main.end)
            } else {
                add("UISV-hiding", view, main.start, .equal, container, main.start)
            }
            add("UISV-hiding", view, cross.start, .equal, container, cross.start)
        }
    }

    // MARK: Helpers

    private mutating func spacerGuide(_ index: Int) -> UILayoutGuide {
        while stack.distributingGuides.count <= index {
            let guide = UILayoutGuide()
            guide.identifier = "UISV-distributing"
            stack.addLayoutGuide(guide)
            stack.distributingGuides.append(guide)
        }
        guideCount = max(guideCount, index + 1)
        return stack.distributingGuides[index]
    }

    /// The view's intrinsic length for a size attribute, nil without one.
    private func intrinsicLength(of view: UIView, _ size: NSLayoutConstraint.Attribute) -> CGFloat? {
        let intrinsic = view.intrinsicContentSize
        let length = size == .width ? intrinsic.width : intrinsic.height
        return length >= 0 && length.isFinite ? length : nil
    }

    private mutating func add(
        _ identifier: String, _ first: AnyObject, _ firstAttribute: NSLayoutConstraint.Attribute,
        _ relation: NSLayoutConstraint.Relation, _ second: AnyObject?, _ secondAttribute: NSLayoutConstraint.Attribute,
        multiplier: CGFloat = 1, constant: CGFloat = 0, priority: Float = 1000
    ) {
        items[ObjectIdentifier(first)] = first
        if let second { items[ObjectIdentifier(second)] = second }
        specs.append(
            StackConstraintSpec(
                identifier: identifier, first: ObjectIdentifier(first), firstAttribute: firstAttribute,
                relation: relation, second: second.map { ObjectIdentifier($0) }, secondAttribute: secondAttribute,
                multiplier: multiplier, constant: constant, priority: priority))
    }
}

extension UIStackView {
    /// The gap after a visible arranged view: its custom spacing, else `spacing`;
    /// `spacingUseSystem` is the system spacing, `spacingUseDefault` 0 (UIKit reads it so for
    /// `spacing`).
    fileprivate func gapAfter(_ view: UIView) -> CGFloat {
        let value = customSpacings[ObjectIdentifier(view)] ?? spacing
        if value == Self.spacingUseSystem { return 8 }
        if value == Self.spacingUseDefault || !value.isFinite { return 0 }
        return value
    }
}
