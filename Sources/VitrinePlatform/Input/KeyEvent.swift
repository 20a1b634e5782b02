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
    /// The text the key types with the modifiers held (from the keymap), if the source knows
    /// it (`UIKey.characters`).
    public var characters: String?
    /// The text the key types without modifiers (`UIKey.charactersIgnoringModifiers`).
    public var charactersIgnoringModifiers: String?
    /// The modifiers held when the key changed.
    public var modifiers: KeyModifiers

    /// A key event for evdev `keyCode`.
    public init(
        keyCode: UInt32, isPressed: Bool, device: String? = nil, timestamp: Double, characters: String? = nil,
        charactersIgnoringModifiers: String? = nil, modifiers: KeyModifiers = []
    ) {
        self.keyCode = keyCode
        self.isPressed = isPressed
        self.device = device
        self.timestamp = timestamp
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers
        self.modifiers = modifiers
    }
}

/// Modifier keys held, as `UIKeyModifierFlags` names them.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let alphaShift = KeyModifiers(rawValue: 1 << 16)
    public static let shift = KeyModifiers(rawValue: 1 << 17)
    public static let control = KeyModifiers(rawValue: 1 << 18)
    public static let alternate = KeyModifiers(rawValue: 1 << 19)
    public static let command = KeyModifiers(rawValue: 1 << 20)
    public static let numericPad = KeyModifiers(rawValue: 1 << 21)
}
