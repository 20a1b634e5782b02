import Foundation

/// Turns key presses into text for a `UIKeyInput` responder, as UIKit's text system does for
/// a hardware keyboard: printable characters are inserted, Backspace deletes, Return inserts
/// "\n". Keys held with Ctrl or ⌘ are shortcuts, not text; Tab, Escape and other control
/// characters type nothing (they go up the responder chain).
@MainActor
enum KeyTyping {
    static let returnKeyCodes: Set<UInt32> = [28, 96]

    /// Types `key` into `receiver`; false when the key types nothing.
    static func type(_ key: UIKey, into receiver: UIKeyInput) -> Bool {
        let flags = key.modifierFlags
        guard !flags.contains(.control), !flags.contains(.command) else { return false }
        if key.keyCode == EditingKeyCode.backspace {
            receiver.deleteBackward()
            return true
        }
        if returnKeyCodes.contains(key.keyCode) {
            receiver.insertText("\n")
            return true
        }
        let text = key.characters
        guard !text.isEmpty, text.unicodeScalars.allSatisfy({ !isControl($0) }) else { return false }
        receiver.insertText(text)
        return true
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
