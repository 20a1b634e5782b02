import Foundation

/// Something a layer runs when one of its properties changes, as Core Animation's `CAAction`
/// protocol. `CAAnimation` adopts it (running an animation adds it to the layer under the
/// changed key, as Core Animation does). `NSNull` adopts it too, as a marker a delegate or
/// the `actions` dictionary returns to mean "no action, stop searching".
public protocol CAAction {
    /// Runs the action for `event` (the changed property's key) on `anObject` (the layer),
    /// as `run(forKey:object:arguments:)`.
    @preconcurrency @MainActor func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension NSNull: CAAction {
    /// Does nothing: `NSNull` as an action is Core Animation's "no action" marker.
    @preconcurrency @MainActor public func run(
        forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?
    ) {}
}
