/// A key press or release from a keyboard (or a panel's hardware buttons), as
/// `LIBINPUT_EVENT_KEYBOARD_KEY` reports it. `UIPress`/`UIKey` are built from these.
public struct KeyEvent: Hashable, Sendable {
    /// The Linux evdev key code (`KEY_*` in `linux/input-event-codes.h`: `KEY_A` is 30,
    /// `KEY_ENTER` 28). Mapping to `UIKeyboardHIDUsage` and characters is the receiver's job.
    public var keyCode: UInt32
    /// True when the key went down, false when it came up.
    public var isPressed: Bool
    /// The device that produced the event (its sysname or name), if known.
    public var device: String?
    /// When it happened, in seconds on `CLOCK_MONOTONIC` (`UIPress.timestamp`).
    public var timestamp: Double

    /// A key event for evdev `keyCode`.
    public init(keyCode: UInt32, isPressed: Bool, device: String? = nil, timestamp: Double) {
        self.keyCode = keyCode
        self.isPressed = isPressed
        self.device = device
        self.timestamp = timestamp
    }
}
