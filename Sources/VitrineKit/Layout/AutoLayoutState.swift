import Foundation

/// What Auto Layout keeps for one layout item (a view or a guide): the active constraints
/// that mention it, and its entry in the engine while it has one.
@MainActor
final class AutoLayoutItemState {
    /// Active constraints whose first or second item this is.
    var referencingConstraints: [NSLayoutConstraint] = []
    /// The engine the item is registered in (its view tree's), while it is.
    weak var engine: LayoutEngine?

    /// The state of a view or guide, nil for anything else (or a view that never took part).
    static func of(_ item: AnyObject) -> AutoLayoutItemState? {
        if let view = item as? UIView { return view.autoLayout?.item }
        return (item as? UILayoutGuide)?.itemState
    }

    /// The state of a view or guide, made for a view on first use.
    static func make(for item: AnyObject) -> AutoLayoutItemState? {
        if let view = item as? UIView { return view.autoLayoutState.item }
        return (item as? UILayoutGuide)?.itemState
    }

    func constraintsAffecting(_ axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        referencingConstraints.filter { constraint in
            let attributes = [constraint.firstAttribute, constraint.secondAttribute]
            return attributes.contains { $0 != .notAnAttribute && $0.axis == axis }
        }
    }
}

/// What Auto Layout keeps for a view, allocated when the view first takes part: constraints,
/// guides, content priorities and, on the root of a view tree, the layout engine.
@MainActor
final class AutoLayoutViewState {
    let item = AutoLayoutItemState()
    /// The constraints installed on the view (its `constraints`), in activation order.
    var installedConstraints: [NSLayoutConstraint] = []
    var layoutGuides: [UILayoutGuide] = []
    var marginsGuide: UILayoutGuide?
    var safeAreaGuide: UILayoutGuide?
    var keyboardGuide: UIKeyboardLayoutGuide?
    /// Every guide the view has: `layoutGuides`, then the margins and safe-area guides where
    /// they were made.
    var allGuides: [UILayoutGuide] {
        var guides = layoutGuides
        if let marginsGuide { guides.append(marginsGuide) }
        if let safeAreaGuide { guides.append(safeAreaGuide) }
        if let keyboardGuide { guides.append(keyboardGuide) }
        return guides
    }
    var huggingPriority = (horizontal: UILayoutPriority.defaultLow, vertical: UILayoutPriority.defaultLow)
    var compressionResistance = (horizontal: UILayoutPriority.defaultHigh, vertical: UILayoutPriority.defaultHigh)
    var needsUpdateConstraints = false
    /// Set by the base `updateConstraints()`, to tell an override that forgot `super`.
    var calledBaseUpdateConstraints = false
    /// The safe area insets last announced by `safeAreaInsetsDidChange()`.
    var announcedSafeAreaInsets = UIEdgeInsets.zero

    // On the root of a view tree only:
    /// Whether some view of the tree has (or had) constraints: the tree lays out with an
    /// engine.
    var treeUsesAutoLayout = false
    /// Whether some view of the tree awaits `updateConstraints()`.
    var treeNeedsConstraintUpdate = false
    /// The tree's engine, made at the first layout pass that needs it.
    var engine: LayoutEngine?
}

extension NSLayoutConstraint.Attribute {
    /// The axis the attribute lies on.
    var axis: NSLayoutConstraint.Axis {
        switch kind {
        case .verticalPosition: .vertical
        case .size: withoutMargin == .height ? .vertical : .horizontal
        default: .horizontal
        }
    }
}
