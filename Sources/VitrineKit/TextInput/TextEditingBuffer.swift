import Foundation

/// The text of an editor and its selection, with the edits and caret moves of typing: what
/// `UITextField` (and `UITextView`) keep, apart from how they draw it.
///
/// Positions are UTF-16 offsets, as UIKit's `NSRange`s and `UITextPosition`s count them, and
/// always fall between characters (grapheme clusters): a caret never splits "é" or an emoji.
struct TextEditingBuffer: Equatable {
    /// The text.
    private(set) var text: String
    /// The selected range; empty for a caret.
    private(set) var selection: NSRange
    /// Where a selection extended with Shift started (the end that stays).
    private var anchor: Int?

    init(text: String = "") {
        self.text = text
        let end = text.utf16.count
        selection = NSRange(location: end, length: 0)
    }

    /// The number of UTF-16 units.
    var length: Int { text.utf16.count }

    /// The selected text ("" for a caret).
    var selectedText: String { substring(selection) }

    /// The text of `range` (clamped to the text, widened to whole characters).
    func substring(_ range: NSRange) -> String {
        let range = characterRange(range)
        guard let bounds = Range(range, in: text) else { return "" }
        return String(text[bounds])
    }

    // MARK: Editing

    /// Replaces the whole text, putting the caret at its end (as setting `text` does).
    mutating func setText(_ newText: String) {
        text = newText
        selection = NSRange(location: length, length: 0)
        anchor = nil
    }

    /// Replaces `range` with `string` and puts the caret after the inserted text.
    mutating func replace(_ range: NSRange, with string: String) {
        let range = characterRange(range)
        guard let bounds = Range(range, in: text) else { return }
        text.replaceSubrange(bounds, with: string)
        selection = NSRange(location: snapped(range.location + string.utf16.count), length: 0)
        anchor = nil
    }

    /// The range a Backspace deletes: the selection, or the character before the caret; nil
    /// at the start of the text.
    var rangeForDeleteBackward: NSRange? {
        if selection.length > 0 { return selection }
        guard selection.location > 0 else { return nil }
        let start = position(before: selection.location)
        return NSRange(location: start, length: selection.location - start)
    }

    /// The range a forward Delete removes: the selection, or the character after the caret.
    var rangeForDeleteForward: NSRange? {
        if selection.length > 0 { return selection }
        guard selection.location < length else { return nil }
        let end = position(after: selection.location)
        return NSRange(location: selection.location, length: end - selection.location)
    }

    // MARK: Selection

    /// The selection's moving end: the caret, or the end that Shift moves (away from the
    /// anchor; the end of a selection made otherwise).
    var head: Int {
        guard selection.length > 0, let anchor, anchor == NSMaxRange(selection) else { return NSMaxRange(selection) }
        return selection.location
    }

    /// Selects `range` (clamped, widened to whole characters).
    mutating func select(_ range: NSRange) {
        selection = characterRange(range)
        anchor = nil
    }

    /// Puts the caret at `offset` (snapped to a character boundary).
    mutating func placeCaret(at offset: Int) {
        selection = NSRange(location: snapped(offset), length: 0)
        anchor = nil
    }

    /// Selects everything.
    mutating func selectAll() {
        selection = NSRange(location: 0, length: length)
        anchor = 0
    }

    /// A caret move, as the arrow keys, Home and End make it.
    enum Move {
        case left, right, start, end
        /// To a position the caller computed (a line up or down, in a text view).
        case to(Int)
    }

    /// Moves the caret, or with `extending` (Shift held) moves the selection's free end while
    /// its anchor stays. Without `extending`, Left and Right on a selection collapse it to
    /// its start or end, as on every platform.
    mutating func move(_ move: Move, extending: Bool) {
        let head: Int
        if extending {
            let fixed = anchor ?? selection.location
            let free = fixed == selection.location ? NSMaxRange(selection) : selection.location
            head = target(of: move, from: free)
            anchor = fixed
            selection = NSRange(location: min(fixed, head), length: abs(head - fixed))
            return
        }
        if selection.length > 0 {
            switch move {
            case .left: head = selection.location
            case .right: head = NSMaxRange(selection)
            default: head = target(of: move, from: selection.location)
            }
        } else {
            head = target(of: move, from: selection.location)
        }
        placeCaret(at: head)
    }

    private func target(of move: Move, from offset: Int) -> Int {
        switch move {
        case .left: offset > 0 ? position(before: offset) : 0
        case .right: offset < length ? position(after: offset) : length
        case .start: 0
        case .end: length
        case .to(let position): snapped(position)
        }
    }

    // MARK: Positions

    /// The character boundary at or before `offset`, within the text.
    func snapped(_ offset: Int) -> Int {
        let offset = min(max(0, offset), length)
        let index = String.Index(utf16Offset: offset, in: text)
        guard index < text.endIndex else { return length }
        // String's character moves round an index inside a character down to its start.
        return text.index(before: text.index(after: index)).utf16Offset(in: text)
    }

    /// The boundary of the character before `offset`.
    func position(before offset: Int) -> Int {
        let index = String.Index(utf16Offset: snapped(offset), in: text)
        guard index > text.startIndex else { return 0 }
        return text.index(before: index).utf16Offset(in: text)
    }

    /// The boundary of the character after `offset`.
    func position(after offset: Int) -> Int {
        let index = String.Index(utf16Offset: snapped(offset), in: text)
        guard index < text.endIndex else { return length }
        return text.index(after: index).utf16Offset(in: text)
    }

    /// `range` clamped to the text and widened to whole characters.
    func characterRange(_ range: NSRange) -> NSRange {
        let start = min(max(0, range.location), length)
        let end = min(max(start, range.location + max(0, range.length)), length)
        let lower = snapped(start)
        var upper = snapped(end)
        if upper < end { upper = position(after: upper) }
        return NSRange(location: lower, length: max(0, upper - lower))
    }
}
