import Foundation

// Adding, removing and running a control's actions.
extension UIControl {
    /// The one `NSNull` `allTargets` lists: swift-corelibs Foundation hashes `NSNull`
    /// instances differently though they compare equal, so a set would hold one per control.
    static let nilTarget = NSNull()

    func remove(for controlEvents: Event, where matches: (Handler) -> Bool) {
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
