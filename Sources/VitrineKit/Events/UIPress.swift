import Foundation

/// A physical key, as UIKit's `UIKey`: the Linux evdev key code, and the characters of the
/// common keys (US layout, no modifiers: Vitrine panels rarely have keyboards; hardware
/// buttons arrive as keys).
public struct UIKey: Hashable, Sendable {
    /// The evdev key code (`KEY_ENTER` is 28); UIKit's is a HID usage.
    public let keyCode: UInt32
    /// The characters the key types, as `characters` ("" for keys that type none).
    public let characters: String
    /// As `charactersIgnoringModifiers`: the same, there being no modifiers.
    public var charactersIgnoringModifiers: String { characters }

    public init(keyCode: UInt32) {
        self.keyCode = keyCode
        characters = UIKey.characterMap[keyCode] ?? ""
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

/// A press of a physical button, as UIKit's `UIPress`.
@MainActor
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
@MainActor
public final class UIPressesEvent: UIEvent {
    /// The presses of the event, as `allPresses`.
    public let allPresses: Set<UIPress>

    init(presses: Set<UIPress>, timestamp: Double) {
        allPresses = presses
        super.init(type: .presses, timestamp: timestamp, touches: [])
    }
}
