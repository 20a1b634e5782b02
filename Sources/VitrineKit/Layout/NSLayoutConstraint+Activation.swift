import Foundation

/// Why a constraint cannot be activated; UIKit raises for each of these.
enum ConstraintProblem: Error, CustomStringConvertible {
    case notALayoutItem
    case missingAttribute
    case notFinite
    case positionEqualToConstant
    case invalidPairing(NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute)
    case directionalWithAbsolute
    case attributeNotOnGuide(NSLayoutConstraint.Attribute)
    case guideWithoutOwningView
    case noCommonAncestor
    case notAnAncestor

    var description: String {
        switch self {
        case .notALayoutItem: "an item is not a view or a layout guide"
        case .missingAttribute: "the first attribute is notAnAttribute"
        case .notFinite: "the multiplier or the constant is not a finite number"
        case .positionEqualToConstant:
            "a multiplier of 0 or a nil second item together with a location for the first attribute creates an illegal constraint of a location equal to a constant"
        case .invalidPairing(let first, let second):
            "invalid pairing of layout attributes \(first.name) and \(second.name)"
        case .directionalWithAbsolute:
            "a constraint cannot be made between a leading/trailing attribute and a right/left attribute; use leading/trailing for both or neither"
        case .attributeNotOnGuide(let attribute): "a layout guide has no \(attribute.name) attribute"
        case .guideWithoutOwningView: "the layout guide has not been added to a view"
        case .noCommonAncestor:
            "the items have no common ancestor; does the constraint or its anchors reference items in different view hierarchies? That's illegal"
        case .notAnAncestor: "the view is not an ancestor of the constraint's items"
        }
    }
}

extension NSLayoutConstraint {
    /// Installs the constraint on `requested` (the legacy `addConstraint(_:)`, which must be
    /// an ancestor of the items) or on the items' nearest common ancestor, and hands it to the
    /// tree's engine. A constraint UIKit would raise for is logged and stays inactive.
    func activateConstraint(installingOn requested: UIView?) {
        guard installedView == nil else { return }
        let target: UIView
        do {
            let ancestor = try validatedCommonAncestor()
            if let requested {
                guard ancestor.isDescendant(of: requested) else { throw ConstraintProblem.notAnAncestor }
                target = requested
            } else {
                target = ancestor
            }
        } catch {
            kitLog.error(
                "constraint not activated: \(error)", metadata: ["constraint": "\(self)"])
            return
        }
        installedView = target
        target.autoLayoutState.installedConstraints.append(self)
        // Each item by itself, not through `items`: an array per activation shows in a nib of
        // hundreds of constraints.
        if let firstItem { AutoLayoutItemState.make(for: firstItem)?.referencingConstraints.append(self) }
        if let secondItem, secondItem !== firstItem {
            AutoLayoutItemState.make(for: secondItem)?.referencingConstraints.append(self)
        }
        let root = target.rootAncestor
        let rootState = root.autoLayoutState
        rootState.treeUsesAutoLayout = true
        if let engine = rootState.engine {
            engine.install(self)
        } else {
            root.setNeedsLayout()
        }
    }

    func deactivateConstraint() {
        guard let view = installedView else { return }
        view.autoLayout?.installedConstraints.removeAll { $0 === self }
        for item in items { AutoLayoutItemState.of(item)?.referencingConstraints.removeAll { $0 === self } }
        engine?.uninstall(self)
        installedView = nil
        view.rootAncestor.setNeedsLayout()
    }

    /// The first and second items, without repeats.
    var items: [AnyObject] {
        guard let firstItem else { return secondItem.map { [$0] } ?? [] }
        guard let secondItem, secondItem !== firstItem else { return [firstItem] }
        return [firstItem, secondItem]
    }

    /// The view that holds a view or guide's coordinates: the view, or the guide's owner.
    private static func ownerView(of item: AnyObject) throws(ConstraintProblem) -> UIView {
        if let view = item as? UIView { return view }
        guard let guide = item as? UILayoutGuide else { throw .notALayoutItem }
        guard let owner = guide.owningView else { throw .guideWithoutOwningView }
        return owner
    }

    /// Checks the constraint as UIKit does when it is made and activated, and finds the
    /// nearest common ancestor of its items.
    func validatedCommonAncestor() throws(ConstraintProblem) -> UIView {
        guard let first = firstItem else { throw .notALayoutItem }
        guard firstAttribute != .notAnAttribute, let firstKind = firstAttribute.kind else { throw .missingAttribute }
        guard multiplier.isFinite, constant.isFinite else { throw .notFinite }
        func checkGuide(_ item: AnyObject?, _ attribute: Attribute) throws(ConstraintProblem) {
            guard let item, item is UILayoutGuide else { return }
            if attribute.isMargin || attribute == .firstBaseline || attribute == .lastBaseline {
                throw .attributeNotOnGuide(attribute)
            }
        }
        try checkGuide(first, firstAttribute)
        try checkGuide(secondItem, secondAttribute)
        let firstView = try Self.ownerView(of: first)
        guard let second = secondItem else {
            guard firstKind == .size else { throw .positionEqualToConstant }
            return firstView
        }
        guard secondAttribute != .notAnAttribute, let secondKind = secondAttribute.kind else {
            throw .invalidPairing(firstAttribute, secondAttribute)
        }
        guard firstKind == secondKind else { throw .invalidPairing(firstAttribute, secondAttribute) }
        if firstKind != .size && multiplier == 0 { throw .positionEqualToConstant }
        if (firstAttribute.isDirectional && secondAttribute.isAbsoluteHorizontal)
            || (firstAttribute.isAbsoluteHorizontal && secondAttribute.isDirectional)
        {
            throw .directionalWithAbsolute
        }
        let secondView = try Self.ownerView(of: second)
        guard let ancestor = firstView.nearestCommonAncestor(with: secondView) else { throw .noCommonAncestor }
        return ancestor
    }
}

extension UIView {
    /// The nearest view that is both this view or one of its ancestors and `other` or one of
    /// its ancestors.
    func nearestCommonAncestor(with other: UIView) -> UIView? {
        // The usual cases first: the same view, siblings, a view and its superview.
        if other === self { return self }
        if let superview, superview === other.superview { return superview }
        if other === superview { return other }
        if other.superview === self { return self }
        // Otherwise bring both to the same depth and climb together (no allocation: this
        // runs for every constraint activated).
        func depth(_ view: UIView) -> Int {
            var count = 0
            var current = view.superview
            while let next = current {
                count += 1
                current = next.superview
            }
            return count
        }
        var first: UIView? = self
        var second: UIView? = other
        var firstDepth = depth(self)
        var secondDepth = depth(other)
        while firstDepth > secondDepth {
            first = first?.superview
            firstDepth -= 1
        }
        while secondDepth > firstDepth {
            second = second?.superview
            secondDepth -= 1
        }
        while let a = first, let b = second {
            if a === b { return a }
            first = a.superview
            second = b.superview
        }
        return nil
    }
}
