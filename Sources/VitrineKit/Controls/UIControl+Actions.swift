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
