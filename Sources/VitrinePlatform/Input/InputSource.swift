/// Where input events come from: the libinput backend (every touchscreen, pointer and keyboard
/// on the seat) or the headless source tests inject into. `UIApplication` sets the handler and
/// dispatches touches through hit-testing and the responder chain.
///
/// Events are delivered on the main actor, in the order they happened, as soon as they are
/// read (no batching to frames: what they change shows in the next frame).
@MainActor
public protocol InputSource: AnyObject {
    /// Called with every event, on the main actor. Events arriving while it is nil are dropped.
    var eventHandler: (@MainActor (InputEvent) -> Void)? { get set }
}
