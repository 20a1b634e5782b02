/// An input source fed by hand: tests (and the synthetic touch helper) inject events, which
/// are delivered synchronously to `eventHandler`, exactly as the libinput backend delivers what
/// it reads. Stands in for a seat's touchscreens, pointers and keyboards.
@MainActor
public final class HeadlessInputSource: InputSource {
    /// Receives every injected event, synchronously.
    public var eventHandler: (@MainActor (InputEvent) -> Void)?

    /// The number of injected events that reached a handler.
    public private(set) var deliveredCount = 0

    /// A source with no handler yet.
    public init() {}

    /// Delivers `event` to the handler now (dropped if there is none).
    public func inject(_ event: InputEvent) {
        guard let handler = eventHandler else { return }
        deliveredCount += 1
        handler(event)
    }

    /// Delivers `events` in order.
    public func inject(_ events: [InputEvent]) {
        for event in events { inject(event) }
    }

    /// Delivers a touch event.
    public func inject(_ event: TouchEvent) {
        inject(.touch(event))
    }

    /// Delivers a pointer event.
    public func inject(_ event: PointerEvent) {
        inject(.pointer(event))
    }

    /// Delivers a key event.
    public func inject(_ event: KeyEvent) {
        inject(.key(event))
    }
}
