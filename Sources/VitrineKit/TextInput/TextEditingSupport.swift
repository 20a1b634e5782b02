import Foundation
import VitrinePlatform

/// The evdev codes of the keys that edit text without typing: what `UITextField` and
/// `UITextView` handle themselves, `KeyTyping` deletes with, and `KeyRepeater` repeats.
enum EditingKeyCode {
    static let backspace: UInt32 = 14
    static let up: UInt32 = 103
    static let left: UInt32 = 105
    static let right: UInt32 = 106
    static let down: UInt32 = 108
    static let home: UInt32 = 102
    static let end: UInt32 = 107
    static let delete: UInt32 = 111
    /// All of them.
    static let all: Set<UInt32> = [backspace, up, left, right, down, home, end, delete]
}

/// What the editors share for Ctrl (or ⌘) shortcuts: A selects all, C copies, X cuts, V
/// pastes.
@MainActor
protocol TextEditingShortcuts: AnyObject {
    func selectAllText()
    func copySelection()
    func cutSelection()
    func pasteFromPasteboard()
}

extension TextEditingShortcuts {
    /// Performs the shortcut `key` is (held with Ctrl or ⌘); false for other keys.
    func performShortcut(_ key: UIKey) -> Bool {
        let flags = key.modifierFlags
        guard flags.contains(.control) || flags.contains(.command) else { return false }
        switch key.charactersIgnoringModifiers.lowercased() {
        case "a": selectAllText()
        case "c": copySelection()
        case "x": cutSelection()
        case "v": pasteFromPasteboard()
        default: return false
        }
        return true
    }
}

/// The blink of an editor's caret: shown at every edit or move, solid for half a second, then
/// on and off every half second, on the backend's clock, as UIKit's.
@MainActor
final class CaretBlink {
    static let interval = 0.5

    private var timer: ClockTimer?

    /// Whether a blink is scheduled.
    var isBlinking: Bool { timer != nil }

    /// Shows `caret` when `showsCaret` and blinks it from now while `stillBlinking()` holds;
    /// hides it otherwise.
    func restart(_ caret: UIView, showsCaret: Bool, stillBlinking: @escaping @MainActor () -> Bool) {
        stop()
        caret.isHidden = !showsCaret
        guard showsCaret else { return }
        schedule(caret, visible: false, stillBlinking: stillBlinking)
    }

    /// Stops blinking (the caller hides the caret).
    func stop() {
        timer?.cancel()
        timer = nil
    }

    private func schedule(_ caret: UIView, visible: Bool, stillBlinking: @escaping @MainActor () -> Bool) {
        let clock = UIApplication.shared.displayBackend.clock
        timer = clock.schedule(at: clock.now + Self.interval) { [weak self, weak caret] in
            guard let self, let caret, stillBlinking() else { return }
            caret.isHidden = !visible
            self.schedule(caret, visible: !visible, stillBlinking: stillBlinking)
        }
    }
}
