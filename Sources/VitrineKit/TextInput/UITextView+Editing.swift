import Foundation
import VitrinePlatform

// Editing a text view: becoming and resigning first responder, typing through the delegate,
// the keys that move the caret (by characters, lines and line ends), the pasteboard, taps
// and the caret's blink.
extension UITextView {
    // MARK: First responder

    /// Editable text views whose delegate agrees may become first responder, as UIKit asks
    /// `textViewShouldBeginEditing(_:)` here.
    var editingMayBegin: Bool {
        guard isEditable, window != nil else { return false }
        if isFirstResponder { return true }
        return textViewDelegate?.textViewShouldBeginEditing(self) ?? true
    }

    /// The delegate may keep the text view editing, as `textViewShouldEndEditing(_:)`.
    var editingMayEnd: Bool { textViewDelegate?.textViewShouldEndEditing(self) ?? true }

    func beginEditingSession() {
        isEditingText = true
        textDrawingView.setNeedsDisplay()
        updateCaret()
        scrollToCaret()
        restartCaretBlink()
        textViewDelegate?.textViewDidBeginEditing(self)
        NotificationCenter.default.post(name: UITextView.textDidBeginEditingNotification, object: self)
    }

    func endEditingSession() {
        isEditingText = false
        caretBlink.stop()
        caretView.isHidden = true
        textDrawingView.setNeedsDisplay()
        textViewDelegate?.textViewDidEndEditing(self)
        NotificationCenter.default.post(name: UITextView.textDidEndEditingNotification, object: self)
    }

    // MARK: Typing

    /// Types `text` over the selection (over everything with `clearsOnInsertion`).
    func typeText(_ text: String) {
        guard isEditingText, !text.isEmpty else { return }
        let range = clearsOnInsertion ? NSRange(location: 0, length: buffer.length) : buffer.selection
        replace(range, with: text)
    }

    /// Deletes the selection or the character before the caret.
    func deleteBackwardFromKeyInput() {
        guard isEditingText, let range = buffer.rangeForDeleteBackward else { return }
        replace(range, with: "")
    }

    /// Replaces `range` with `string` if the delegate agrees, then tells everyone.
    func replace(_ range: NSRange, with string: String) {
        let before = buffer.text
        if let delegate = textViewDelegate {
            let allowed = delegate.textView(self, shouldChangeTextIn: range, replacementText: string)
            // A delegate that changed the text itself (and usually returns false) has made the
            // change it wanted: the range it was asked about no longer applies.
            guard allowed, buffer.text == before else { return }
        }
        buffer.replace(range, with: string)
        textStorageDidChange()
        scrollToCaret()
        textViewDelegate?.textViewDidChangeSelection(self)
        textViewDelegate?.textViewDidChange(self)
        NotificationCenter.default.post(name: UITextView.textDidChangeNotification, object: self)
    }

    // MARK: Selection

    /// The selection moved: redraw it, re-place the caret, scroll to it and (for the user's
    /// moves) tell the delegate.
    func selectionDidChange(byUser: Bool) {
        goalX = nil
        textDrawingView.setNeedsDisplay()
        updateCaret()
        if isEditingText {
            scrollToCaret()
            restartCaretBlink()
        }
        if byUser { textViewDelegate?.textViewDidChangeSelection(self) }
    }

    func selectAllText() {
        guard isEditingText else { return }
        buffer.selectAll()
        selectionDidChange(byUser: true)
    }

    func copySelection() {
        guard isSelectable || isEditingText, buffer.selection.length > 0 else { return }
        UIPasteboard.general.string = buffer.selectedText
    }

    func cutSelection() {
        guard isEditingText, buffer.selection.length > 0 else { return }
        UIPasteboard.general.string = buffer.selectedText
        replace(buffer.selection, with: "")
    }

    func pasteFromPasteboard() {
        guard isEditingText, let string = UIPasteboard.general.string, !string.isEmpty else { return }
        typeText(string)
    }

    // MARK: Keys

    /// Handles a key that edits or moves rather than types; false for the others.
    func handleEditingKey(_ key: UIKey) -> Bool {
        let flags = key.modifierFlags
        let extending = flags.contains(.shift)
        if performShortcut(key) { return true }
        switch key.keyCode {
        case EditingKeyCode.left: move(.left, extending: extending)
        case EditingKeyCode.right: move(.right, extending: extending)
        case EditingKeyCode.up: moveLine(down: false, extending: extending)
        case EditingKeyCode.down: moveLine(down: true, extending: extending)
        case EditingKeyCode.home: move(.to(lineBoundary(atEnd: false, extending: extending)), extending: extending)
        case EditingKeyCode.end: move(.to(lineBoundary(atEnd: true, extending: extending)), extending: extending)
        case EditingKeyCode.delete:
            if let range = buffer.rangeForDeleteForward { replace(range, with: "") }
        default: return false
        }
        return true
    }

    private func move(_ move: TextEditingBuffer.Move, extending: Bool) {
        buffer.move(move, extending: extending)
        selectionDidChange(byUser: true)
    }

    /// Moves the caret a line up or down, keeping its horizontal position across successive
    /// moves (as UIKit); up from the first line goes to the start of the text, down from the
    /// last to its end. Without Shift, a selection collapses from its start (up) or end
    /// (down).
    func moveLine(down: Bool, extending: Bool) {
        let from = extending ? buffer.head : (down ? NSMaxRange(buffer.selection) : buffer.selection.location)
        let layout = textLayout()
        let text = buffer.text
        let caret = layout.caretRect(atUTF8Offset: text.utf8Offset(forUTF16Offset: from))
        let x = goalX ?? caret.minX
        let target: Int
        if down {
            if caret.maxY >= Self.textHeight(of: layout) - caret.height / 4 {
                target = buffer.length
            } else {
                let offset = layout.utf8Offset(closestTo: CGPoint(x: x, y: caret.maxY + caret.height / 2))
                target = text.utf16Offset(forUTF8Offset: offset)
            }
        } else {
            if caret.minY < caret.height / 4 {
                target = 0
            } else {
                let offset = layout.utf8Offset(closestTo: CGPoint(x: x, y: caret.minY - caret.height / 2))
                target = text.utf16Offset(forUTF8Offset: offset)
            }
        }
        buffer.move(.to(target), extending: extending)
        selectionDidChange(byUser: true)
        goalX = x
    }

    /// The start or end of the line shown that holds the caret (the moving end with Shift):
    /// Home goes to where the line starts, End to before its line break, or before the space
    /// (or, in a word broken across lines, the character) where it wraps, since a caret after
    /// it would show at the start of the next line.
    func lineBoundary(atEnd: Bool, extending: Bool) -> Int {
        let from =
            extending || buffer.selection.length == 0
            ? buffer.head : (atEnd ? NSMaxRange(buffer.selection) : buffer.selection.location)
        let text = buffer.text
        let starts = textLayout().lineStartUTF8Offsets
        let position = text.utf8Offset(forUTF16Offset: from)
        // The last line starting at or before the caret.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        guard !starts.isEmpty else { return atEnd ? buffer.length : 0 }
        if !atEnd { return text.utf16Offset(forUTF8Offset: starts[low]) }
        guard low + 1 < starts.count else { return buffer.length }
        return buffer.position(before: text.utf16Offset(forUTF8Offset: starts[low + 1]))
    }

    // MARK: Taps

    /// A tap at `point` (content coordinates): an editable text view becomes first responder
    /// and puts the caret at the nearest character edge.
    func tapped(at point: CGPoint) {
        guard isEditable else { return }
        if !isFirstResponder, !becomeFirstResponder() { return }
        buffer.placeCaret(at: textOffset(closestTo: point))
        selectionDidChange(byUser: true)
    }

    // MARK: Caret

    /// Shows the caret and blinks it from now (`CaretBlink`), while editing without a
    /// selection.
    func restartCaretBlink() {
        caretBlink.restart(caretView, showsCaret: isEditingText && buffer.selection.length == 0) { [weak self] in
            guard let self else { return false }
            return self.isEditingText && self.buffer.selection.length == 0
        }
    }
}
