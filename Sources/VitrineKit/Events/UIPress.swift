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
public final class UIPress: Hashable {
    /// Where the press is in its life, as `UIPress.Phase`.
    public enum Phase: Int, Sendable {
        case began, changed, stationary, ended, cancelled
    }

    /// The phase, as `phase`.
    public internal(set) var phase: Phase
    /// When it last changed, as `timestamp`.
    public internal(set) var timestamp: Double
    /// The key, as `key`.
    public let key: UIKey?

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
public final class UIPressesEvent: UIEvent {
    /// The presses of the event, as `allPresses`.
    public let allPresses: Set<UIPress>

    init(presses: Set<UIPress>, timestamp: Double) {
        allPresses = presses
        super.init(type: .presses, timestamp: timestamp, touches: [])
    }
}
