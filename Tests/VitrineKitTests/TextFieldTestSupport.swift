import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// A text field in the window of a fresh 400x300 event scene, with a logging delegate.
@MainActor
struct TextFieldScene {
    let scene = EventScene()
    let field: UITextField
    let delegate = TextFieldDelegateLog()

    init(frame: CGRect = CGRect(x: 20, y: 20, width: 200, height: 34), text: String? = nil) {
        field = UITextField(frame: frame)
        field.borderStyle = .roundedRect
        field.text = text
        field.delegate = delegate
        scene.window.addSubview(field)
        scene.clock.advance(by: 1.0 / 60)
    }

    /// Lets a frame go out.
    func frame() { scene.clock.advance(by: 1.0 / 60) }

    /// Taps `point` of the field (its coordinates).
    func tap(_ point: CGPoint) {
        scene.input.tap(at: scene.screenPoint(point, in: field), time: scene.clock.now)
        scene.clock.advance(by: 1.0 / 60)
    }

    /// Presses and releases a key (evdev code) typing `characters`, with `modifiers`.
    func key(_ code: UInt32, _ characters: String? = nil, modifiers: KeyModifiers = []) {
        scene.key(code, characters, modifiers: modifiers)
    }

    /// Types `text` as key presses, one character a press.
    func type(_ text: String) { scene.type(text) }
}

extension EventScene {
    /// Presses and releases a key (evdev code) typing `characters`, with `modifiers`.
    func key(_ code: UInt32, _ characters: String? = nil, modifiers: KeyModifiers = []) {
        let now = clock.now
        input.keyDown(keyCode: code, time: now, characters: characters, modifiers: modifiers)
        input.keyUp(keyCode: code, time: now + 0.01)
        clock.advance(by: 0.02)
    }

    /// Types `text` as key presses, one character a press ("\n" is the Return key).
    func type(_ text: String) {
        for character in text {
            if character == "\n" { key(28, "\r") } else { key(30, String(character)) }
        }
    }
}

/// A text field delegate that logs what it is asked and told, and may veto.
@MainActor
final class TextFieldDelegateLog: UITextFieldDelegate {
    var log: [String] = []
    var allowsBegin = true
    var allowsEnd = true
    var allowsReturn = true
    var allowsClear = true
    /// Vetoes changes whose replacement contains one of these characters.
    var forbidden: Set<Character> = []
    /// Runs inside `shouldChangeCharactersIn` (a delegate that edits the text itself).
    var onChange: ((UITextField) -> Bool)?

    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool {
        log.append("shouldBegin")
        return allowsBegin
    }
    func textFieldDidBeginEditing(_ textField: UITextField) { log.append("didBegin") }
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool {
        log.append("shouldEnd")
        return allowsEnd
    }
    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
        log.append("didEnd")
    }
    func textField(
        _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
    ) -> Bool {
        log.append("change \(range.location),\(range.length) \"\(string)\"")
        if let onChange { return onChange(textField) }
        return !string.contains { forbidden.contains($0) }
    }
    func textFieldShouldClear(_ textField: UITextField) -> Bool {
        log.append("shouldClear")
        return allowsClear
    }
    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        log.append("shouldReturn")
        return allowsReturn
    }

    /// The entries since the last call, without the selection changes.
    func take() -> [String] {
        defer { log = [] }
        return log
    }
}
