import Foundation
import VitrinePlatform

// Editing: becoming and resigning first responder, typing through the delegate, the keys
// that move the caret, the pasteboard, touches and the caret's blink.
extension UITextField {
    // MARK: First responder

    /// Enabled fields whose delegate agrees may become first responder, as UIKit asks
    /// `textFieldShouldBeginEditing(_:)` here.
    var editingMayBegin: Bool {
        guard isEnabled, window != nil else { return false }
        if isFirstResponder { return true }
        return delegate?.textFieldShouldBeginEditing(self) ?? true
    }

    /// The delegate may keep the field editing, as `textFieldShouldEndEditing(_:)`.
    var editingMayEnd: Bool { delegate?.textFieldShouldEndEditing(self) ?? true }

    func beginEditingSession() {
        isEditing = true
        if clearsOnBeginEditing, !buffer.text.isEmpty {
            buffer.setText("")
            textIsSetAfterEditing()
        }
        textDidChange()
        layoutIfNeeded()
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        NotificationCenter.default.post(name: UITextField.textDidBeginEditingNotification, object: self)
    }

    func endEditingSession() {
        isEditing = false
        caretBlink.stop()
        caretView.isHidden = true
        buffer.placeCaret(at: buffer.length)
        textDidChange()
        delegate?.textFieldDidEndEditing(self, reason: .committed)
        sendActions(for: .editingDidEnd)
        NotificationCenter.default.post(name: UITextField.textDidEndEditingNotification, object: self)
    }

    // MARK: UIKeyInput

    /// Types `text` over the selection, as `insertText(_:)`: "\n" is the return key
    /// (`textFieldShouldReturn(_:)`, then `.editingDidEndOnExit` and
    /// `.primaryActionTriggered`; the field resigns when something handles
    /// `.editingDidEndOnExit`, as in UIKit). Line breaks inside longer text become spaces (a
    /// field has one line). The delegate may veto the change.
    func typeText(_ text: String) {
        guard isEditing else { return }
        if text == "\n" || text == "\r" {
            returnKeyPressed()
            return
        }
        let line = text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: "\r", with: " ")
        let range = clearsOnInsertion ? NSRange(location: 0, length: buffer.length) : buffer.selection
        replace(range, with: line)
    }

    /// Deletes the selection or the character before the caret, as `deleteBackward()`.
    func deleteBackwardFromKeyInput() {
        guard isEditing, let range = buffer.rangeForDeleteBackward else { return }
        replace(range, with: "")
    }

    /// Replaces `range` with `string` if the delegate agrees, then tells everyone.
    func replace(_ range: NSRange, with string: String) {
        let before = buffer
        if let delegate {
            let allowed = delegate.textField(self, shouldChangeCharactersIn: range, replacementString: string)
            // A delegate that changed the text itself (and usually returns false) has made the
            // change it wanted: the range it was asked about no longer applies.
            guard allowed, buffer.text == before.text else {
                if buffer != before { textIsSetAfterEditing() }
                return
            }
        }
        buffer.replace(range, with: string)
        textIsSetAfterEditing()
    }

    /// The text changed by editing: everyone is told.
    func textIsSetAfterEditing() {
        textDidChange()
        sendActions(for: .editingChanged)
        NotificationCenter.default.post(name: UITextField.textDidChangeNotification, object: self)
        delegate?.textFieldDidChangeSelection(self)
    }

    private func returnKeyPressed() {
        guard delegate?.textFieldShouldReturn(self) ?? true else { return }
        let exits = allControlEvents.contains(.editingDidEndOnExit)
        sendActions(for: .editingDidEndOnExit)
        sendActions(for: .primaryActionTriggered)
        if exits { resignFirstResponder() }
    }

    /// Empties the field from its clear button, if `textFieldShouldClear(_:)` agrees.
    func clearButtonTapped() {
        if !isEditing { becomeFirstResponder() }
        guard delegate?.textFieldShouldClear(self) ?? true else { return }
        buffer.setText("")
        textIsSetAfterEditing()
    }

    // MARK: Selection

    /// Selects `range` (UTF-16), a Vitrine spelling of setting `selectedTextRange`; see
    /// `selectedTextRange` for UIKit's.
    func selectRange(_ range: NSRange) {
        buffer.select(range)
        selectionDidChange()
    }

    func selectionDidChange() {
        setNeedsDisplay()
        setNeedsLayout()
        if isEditing { restartCaretBlink() }
        delegate?.textFieldDidChangeSelection(self)
    }

    /// Selects the whole text, as `selectAll(_:)`.
    func selectAllText() {
        guard isEditing else { return }
        buffer.selectAll()
        selectionDidChange()
    }

    /// Copies the selection to `UIPasteboard.general`, as `copy(_:)` (refused for secure
    /// entry).
    func copySelection() {
        guard !isSecureTextEntry, buffer.selection.length > 0 else { return }
        UIPasteboard.general.string = buffer.selectedText
    }

    /// Copies the selection and deletes it, as `cut(_:)` (refused for secure entry).
    func cutSelection() {
        guard isEditing, !isSecureTextEntry, buffer.selection.length > 0 else { return }
        UIPasteboard.general.string = buffer.selectedText
        replace(buffer.selection, with: "")
    }

    /// Types the pasteboard's string over the selection, as `paste(_:)`.
    func pasteFromPasteboard() {
        guard isEditing, let string = UIPasteboard.general.string, !string.isEmpty else { return }
        typeText(string)
    }

    // MARK: Keys

    /// Arrows, Home and End move the caret (with Shift they select), Delete deletes forward,
    /// Ctrl or ⌘ with A/C/X/V select all, copy, cut and paste; other keys type (`UIKeyInput`).
    /// The presses that are not editing keys (those are handled here).
    func pressesLeftAfterEditingKeys(_ presses: Set<UIPress>) -> Set<UIPress> {
        guard isEditing else { return presses }
        return presses.filter { press in !(press.key.map(handleEditingKey) ?? false) }
    }

    /// Handles a key that edits or moves rather than types; false for the others.
    func handleEditingKey(_ key: UIKey) -> Bool {
        let flags = key.modifierFlags
        let extending = flags.contains(.shift)
        if performShortcut(key) { return true }
        let move: TextEditingBuffer.Move
        switch key.keyCode {
        case EditingKeyCode.left: move = .left
        case EditingKeyCode.right: move = .right
        case EditingKeyCode.home, EditingKeyCode.up: move = .start
        case EditingKeyCode.end, EditingKeyCode.down: move = .end
        case EditingKeyCode.delete:
            if let range = buffer.rangeForDeleteForward { replace(range, with: "") }
            return true
        default: return false
        }
        buffer.move(move, extending: extending)
        selectionDidChange()
        return true
    }

    // MARK: Touches

    /// A touch focuses the field and places the caret; dragging selects from where it went
    /// down.
    func beginSelecting(with touch: UITouch) -> Bool {
        guard isEnabled else { return false }
        if !isFirstResponder, !becomeFirstResponder() { return false }
        trackingAnchor = textOffset(closestTo: touch.location(in: self))
        buffer.placeCaret(at: trackingAnchor)
        selectionDidChange()
        return true
    }

    func continueSelecting(with touch: UITouch) -> Bool {
        let offset = textOffset(closestTo: touch.location(in: self))
        buffer.select(NSRange(location: min(offset, trackingAnchor), length: abs(offset - trackingAnchor)))
        selectionDidChange()
        return true
    }

    // MARK: Caret

    /// Shows the caret and blinks it from now (`CaretBlink`), while editing without a
    /// selection.
    func restartCaretBlink() {
        caretBlink.restart(caretView, showsCaret: isEditing && buffer.selection.length == 0) { [weak self] in
            guard let self else { return false }
            return self.isEditing && self.buffer.selection.length == 0
        }
    }
}

/// The clear button of a text field: a grey circle with a white cross; a tap empties the
/// field.
@MainActor
final class TextFieldClearButton: UIView {
    weak var field: UITextField?

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        contentMode = .redraw
    }

    required init?(coder: NSCoder) { nil }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let side = min(bounds.width, bounds.height)
        let circle = CGRect(x: bounds.midX - side / 2, y: bounds.midY - side / 2, width: side, height: side)
        context.setFillColor(UIColor(white: 0.7, alpha: 1).cgColor)
        context.fillEllipse(in: circle)
        let arm = side * 0.2
        context.setStrokeColor(UIColor.white.cgColor)
        context.setLineWidth(max(1.5, side / 10))
        context.move(to: CGPoint(x: circle.midX - arm, y: circle.midY - arm))
        context.addLine(to: CGPoint(x: circle.midX + arm, y: circle.midY + arm))
        context.move(to: CGPoint(x: circle.midX + arm, y: circle.midY - arm))
        context.addLine(to: CGPoint(x: circle.midX - arm, y: circle.midY + arm))
        context.strokePath()
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, bounds.insetBy(dx: -8, dy: -8).contains(touch.location(in: self)) else {
            return
        }
        field?.clearButtonTapped()
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
}

extension UIView {
}
