import Foundation

// Adding, removing and running a control's actions.
extension UIControl {
    /// Adds `action` for `controlEvents`, as `addAction(_:for:)`. As in UIKit, actions are
    /// known by their identifier: an action with the identifier of one already added for some
    /// of those events replaces it for them. Adding for no events does nothing.
    public func addAction(_ action: UIAction, for controlEvents: Event) {
        guard !controlEvents.isEmpty else { return }
        removeAction(identifiedBy: action.identifier, for: controlEvents)
        if let index = registrations.firstIndex(where: {
            if case .action(let existing) = $0.handler { return existing === action }
            return false
        }) {
            registrations[index].events.formUnion(controlEvents)
        } else {
            registrations.append(Registration(handler: .action(action), events: controlEvents))
        }
    }

    /// Removes the action with `action`'s identifier from `controlEvents`, as
    /// `removeAction(_:for:)`.
    public func removeAction(_ action: UIAction, for controlEvents: Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    /// Removes the action with `actionIdentifier` from `controlEvents`, as
    /// `removeAction(identifiedBy:for:)`; it stays for its other events.
    public func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: Event) {
        remove(for: controlEvents) { handler in
            if case .action(let existing) = handler { return existing.identifier == actionIdentifier }
            return false
        }
    }

    /// Adds a closure for `controlEvents`, Vitrine's form of `addTarget(_:action:for:)`: it
    /// gets the control and the `UIEvent` that caused the control event (nil for
    /// `sendActions(for:)`), as an action method with the `(sender, event)` signature does.
    @discardableResult
    public func addTarget(
        for controlEvents: Event, _ handler: @escaping @MainActor (UIControl, UIEvent?) -> Void
    ) -> Target {
        let target = Target(handler)
        if !controlEvents.isEmpty {
            registrations.append(Registration(handler: .target(target), events: controlEvents))
        }
        return target
    }

    /// Adds a closure for `controlEvents` under a target object and an action name,
    /// Vitrine's form of `addTarget(_:action:for:)` for code that later asks
    /// `allTargets` or `actions(forTarget:forControlEvent:)`: `target` (not retained, as in
    /// UIKit; nil is the nil target, sent up the responder chain, which the closure does) is
    /// what `allTargets` lists and `action` is the name `actions(forTarget:forControlEvent:)`
    /// returns, written as the selector would be (`"save:"`, `"tapped(_:)"`: any spelling the
    /// app compares with). The closure runs as with `addTarget(for:_:)`.
    @discardableResult
    public func addTarget(
        _ target: AnyObject?, action: String, for controlEvents: Event,
        _ handler: @escaping @MainActor (UIControl, UIEvent?) -> Void
    ) -> Target {
        let token = Target(object: target, isNilTarget: target == nil, actionName: action, handler)
        if !controlEvents.isEmpty {
            registrations.append(Registration(handler: .target(token), events: controlEvents))
        }
        return token
    }

    /// The targets of the control's target-action pairs, as `allTargets`: the object each was
    /// added for (`addTarget(_:action:for:_:)`, an interface file's connection), `NSNull` for
    /// the nil target (First Responder) as in UIKit (on Linux find it with `base is NSNull`:
    /// corelibs' `NSNull` instances hash differently), and the `Target` token of a closure added
    /// without one. `UIAction`s are not targets and are not listed. A target object that is
    /// not `Hashable` is listed by its token.
    public var allTargets: Set<AnyHashable> {
        var targets: Set<AnyHashable> = []
        for registration in registrations {
            guard case .target(let target) = registration.handler else { continue }
            if target.isNilTarget {
                targets.insert(AnyHashable(Self.nilTarget))
            } else if let object = target.object, let hashable = object as? AnyHashable {
                targets.insert(hashable)
            } else {
                targets.insert(AnyHashable(target))
            }
        }
        return targets
    }

    /// The one `NSNull` `allTargets` lists: swift-corelibs Foundation hashes `NSNull`
    /// instances differently though they compare equal, so a set would hold one per control.
    private static let nilTarget = NSNull()

    /// The names of the actions `target` has for `controlEvent`, as
    /// `actions(forTarget:forControlEvent:)`: the names given to
    /// `addTarget(_:action:for:_:)` or an interface file's selectors (`"increment:"`), in the
    /// order added; nil when there are none. `target` is the object (nil or `NSNull`: the nil
    /// target) or a closure's `Target` token. A closure added without a name has none.
    public func actions(forTarget target: Any?, forControlEvent controlEvent: Event) -> [String]? {
        let wantsNilTarget = target == nil || target is NSNull
        let object = target.flatMap { $0 as AnyObject }
        var names: [String] = []
        for registration in registrations where !registration.events.isDisjoint(with: controlEvent) {
            guard case .target(let token) = registration.handler, let name = token.actionName else { continue }
            let matches =
                wantsNilTarget
                ? token.isNilTarget
                : (token === object || (token.object != nil && token.object === object))
            if matches { names.append(name) }
        }
        return names.isEmpty ? nil : names
    }

    /// Removes a closure added with `addTarget(for:_:)` (nil: every one) from
    /// `controlEvents`, as `removeTarget(_:action:for:)`.
    public func removeTarget(_ target: Target?, for controlEvents: Event) {
        remove(for: controlEvents) { handler in
            if case .target(let existing) = handler { return target == nil || existing === target }
            return false
        }
    }

    /// The events any action or target is added for, as `allControlEvents`.
    public var allControlEvents: Event {
        registrations.reduce(Event()) { $0.union($1.events) }
    }

    private func remove(for controlEvents: Event, where matches: (Handler) -> Bool) {
        for index in registrations.indices where matches(registrations[index].handler) {
            registrations[index].events.subtract(controlEvents)
        }
        registrations.removeAll { $0.events.isEmpty }
    }

    /// Runs every action added for any of `controlEvents`, once each, in the order added.
    /// The list is read first, so actions added or removed by a handler take effect from the
    /// next event.
    func performActions(for controlEvents: Event, with event: UIEvent?) {
        let matching = registrations.filter { !$0.events.isDisjoint(with: controlEvents) }
        for registration in matching {
            switch registration.handler {
            case .action(let action): action.perform(sender: self)
            case .target(let target): target.handler(self, event)
            }
        }
    }
}
