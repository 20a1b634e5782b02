import Foundation

/// A physical key, as UIKit's `UIKey`: the Linux evdev key code, the characters it types and
/// the modifiers held. The libinput source fills the characters from the seat's keymap
/// (xkbcommon); a source that does not (the synthetic one) gets those of the common keys on a
/// US layout without modifiers.
public struct UIKey: Hashable, Sendable {
    /// The evdev key code (`KEY_ENTER` is 28); UIKit's is a HID usage.
    public let keyCode: UInt32
    /// The characters the key types with the modifiers held, as `characters` ("" for keys
    /// that type none).
    public let characters: String
    /// The characters without modifiers, as `charactersIgnoringModifiers`.
    public let charactersIgnoringModifiers: String
    /// The modifiers held, as `modifierFlags`.
    public let modifierFlags: UIKeyModifierFlags

    /// A key without keymap information: US characters, no modifiers.
    public init(keyCode: UInt32) {
        self.init(keyCode: keyCode, characters: nil, charactersIgnoringModifiers: nil, modifierFlags: [])
    }

    /// A key with what a keymap said about it (nil: the US fallback).
    public init(
        keyCode: UInt32, characters: String?, charactersIgnoringModifiers: String?, modifierFlags: UIKeyModifierFlags
    ) {
        self.keyCode = keyCode
        let fallback = UIKey.characterMap[keyCode] ?? ""
        self.characters = characters ?? fallback
        self.charactersIgnoringModifiers = charactersIgnoringModifiers ?? characters ?? fallback
        self.modifierFlags = modifierFlags
    }

    private static let characterMap: [UInt32: String] = {
        var map: [UInt32: String] = [28: "\r", 57: " ", 14: "\u{8}", 15: "\t", 1: "\u{1b}"]
        let rows: [(UInt32, String)] = [(2, "1234567890"), (16, "qwertyuiop"), (30, "asdfghjkl"), (44, "zxcvbnm")]
        for (start, letters) in rows {
            for (offset, character) in letters.enumerated() { map[start + UInt32(offset)] = String(character) }
        }
        return map
    }()
}

/// Modifier keys, as UIKit's `UIKeyModifierFlags` (same raw values).
public struct UIKeyModifierFlags: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let alphaShift = UIKeyModifierFlags(rawValue: 1 << 16)
    public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
    public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
    public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
    public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
    public static let numericPad = UIKeyModifierFlags(rawValue: 1 << 21)
}

/// A press of a physical button, as UIKit's `UIPress`.
@preconcurrency @MainActor
open class UIPress: Hashable {
    /// Where the press is in its life, as `UIPress.Phase`.
    public enum Phase: Int, Sendable {
        case began, changed, stationary, ended, cancelled
    }

    /// The kind of button, as `UIPress.PressType` (UIKit's raw values). UIKit's type is an
    /// Objective-C enumeration that also carries values it does not name (a letter key's), so
    /// here it is a struct with UIKit's names as constants: `switch press.type { case .select: ...
    /// default: ... }` reads as with UIKit's.
    public struct PressType: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let upArrow = PressType(rawValue: 0)
        public static let downArrow = PressType(rawValue: 1)
        public static let leftArrow = PressType(rawValue: 2)
        public static let rightArrow = PressType(rawValue: 3)
        public static let select = PressType(rawValue: 4)
        public static let menu = PressType(rawValue: 5)
        public static let playPause = PressType(rawValue: 6)
        public static let pageUp = PressType(rawValue: 30)
        public static let pageDown = PressType(rawValue: 31)
        public static let tvRemoteOneTwoThree = PressType(rawValue: 32)
        public static let tvRemoteFourColors = PressType(rawValue: 33)

        /// A key UIKit gives no press type (a letter, a digit): Vitrine's value, outside
        /// UIKit's names; read the `key` instead.
        static let otherKey = PressType(rawValue: -1)

        /// The type of a key by its evdev code: arrows, Return (and keypad Enter) as select,
        /// Escape as menu, Page Up / Page Down and Play/Pause, as a hardware keyboard's
        /// presses report them on iOS.
        static func of(keyCode: UInt32) -> PressType {
            switch keyCode {
            case 103: .upArrow
            case 108: .downArrow
            case 105: .leftArrow
            case 106: .rightArrow
            case 28, 96: .select
            case 1: .menu
            case 164: .playPause
            case 104: .pageUp
            case 109: .pageDown
            default: .otherKey
            }
        }
    }

    /// The phase, as `phase`.
    open internal(set) var phase: Phase
    /// When it last changed, as `timestamp`.
    open internal(set) var timestamp: Double
    /// The key, as `key`.
    open private(set) var key: UIKey?
    /// The kind of button, as `type` (see `PressType` for the keys that have one).
    open var type: PressType { key.map { PressType.of(keyCode: $0.keyCode) } ?? .otherKey }
    /// How hard the button is pressed, as `force`: keys are digital buttons, so 1 while down
    /// and 0 once released or cancelled, as UIKit reports for buttons without pressure.
    open var force: CGFloat { phase == .ended || phase == .cancelled ? 0 : 1 }

    init(key: UIKey, phase: Phase, timestamp: Double) {
        self.key = key
        self.phase = phase
        self.timestamp = timestamp
    }

    public nonisolated static func == (lhs: UIPress, rhs: UIPress) -> Bool { lhs === rhs }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A key event, as UIKit's `UIPressesEvent`.
@preconcurrency @MainActor
open class UIPressesEvent: UIEvent {
    /// The presses of the event, as `allPresses`.
    open private(set) var allPresses: Set<UIPress>

    init(presses: Set<UIPress>, timestamp: Double) {
        allPresses = presses
        super.init(type: .presses, timestamp: timestamp, touches: [])
    }
}
