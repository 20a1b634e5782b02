/// Any event an `InputSource` delivers: touch, pointer or keyboard.
public enum InputEvent: Hashable, Sendable {
    /// A touchscreen event.
    case touch(TouchEvent)
    /// A mouse or touchpad event.
    case pointer(PointerEvent)
    /// A keyboard event.
    case key(KeyEvent)

    /// When the event happened, in seconds on `CLOCK_MONOTONIC`.
    public var timestamp: Double {
        switch self {
        case .touch(let event): event.timestamp
        case .pointer(let event): event.timestamp
        case .key(let event): event.timestamp
        }
    }
}
