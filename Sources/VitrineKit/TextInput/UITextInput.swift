import Foundation

/// A place in a text receiver's text, as UIKit's `UITextPosition`: opaque to the app, made by
/// the receiver (`beginningOfDocument`, `position(from:offset:)`). Vitrine's positions are
/// UTF-16 offsets, as UIKit's text controls count.
@preconcurrency @MainActor
open class UITextPosition {
    /// The UTF-16 offset from the start of the text.
    let offset: Int

    init(offset: Int) { self.offset = offset }
}

/// A range of a text receiver's text, as UIKit's `UITextRange`.
@preconcurrency @MainActor
open class UITextRange {
    /// The start, as `start`.
    open var start: UITextPosition { storedStart }
    /// The end, as `end`.
    open var end: UITextPosition { storedEnd }
    /// Whether the range holds no characters (a caret), as `isEmpty`.
    open var isEmpty: Bool { storedStart.offset == storedEnd.offset }

    private let storedStart: UITextPosition
    private let storedEnd: UITextPosition

    init(start: UITextPosition, end: UITextPosition) {
        storedStart = start.offset <= end.offset ? start : end
        storedEnd = start.offset <= end.offset ? end : start
    }

    var nsRange: NSRange { NSRange(location: storedStart.offset, length: storedEnd.offset - storedStart.offset) }
}

/// The position and selection part of UIKit's `UITextInput`, which `UITextField` adopts: read
/// and set the selection (`selectedTextRange`), walk positions, read and replace ranges, and
/// find the caret's rectangle. Vitrine's subset: no marked text (input methods compose in
/// xkbcommon instead), no tokenizer, no writing direction, no input delegate.
@preconcurrency @MainActor
public protocol UITextInput: UIKeyInput {
    /// The selection (a caret when empty), as `selectedTextRange`; nil while not editing
    /// in UIKit's fields is kept: Vitrine returns the range whenever the field has one.
    var selectedTextRange: UITextRange? { get set }
    /// The start of the text, as `beginningOfDocument`.
    var beginningOfDocument: UITextPosition { get }
    /// The end of the text, as `endOfDocument`.
    var endOfDocument: UITextPosition { get }
    /// The text of `range`, as `text(in:)`.
    func text(in range: UITextRange) -> String?
    /// Replaces `range` with `text`, as `replace(_:withText:)` (no delegate is asked, as
    /// UIKit's programmatic edits).
    func replace(_ range: UITextRange, withText text: String)
    /// A range between two positions, as `textRange(from:to:)`.
    func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange?
    /// The position `offset` characters (UTF-16 units) from `position`, as
    /// `position(from:offset:)`; nil outside the text.
    func position(from position: UITextPosition, offset: Int) -> UITextPosition?
    /// The UTF-16 distance between two positions, as `offset(from:to:)`.
    func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int
    /// How two positions are ordered, as `compare(_:to:)`.
    func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult
    /// The caret's rectangle at `position`, in the receiver's coordinates, as `caretRect(for:)`.
    func caretRect(for position: UITextPosition) -> CGRect
    /// The position nearest `point` (receiver coordinates), as `closestPosition(to:)`.
    func closestPosition(to point: CGPoint) -> UITextPosition?
}

extension UITextField: UITextInput {
    public var selectedTextRange: UITextRange? {
        get {
            let selection = buffer.selection
            return UITextRange(
                start: UITextPosition(offset: selection.location),
                end: UITextPosition(offset: NSMaxRange(selection)))
        }
        set {
            guard let range = newValue else { return }
            selectRange(range.nsRange)
        }
    }

    public var beginningOfDocument: UITextPosition { UITextPosition(offset: 0) }

    public var endOfDocument: UITextPosition { UITextPosition(offset: buffer.length) }

    public func text(in range: UITextRange) -> String? {
        guard range.end.offset <= buffer.length else { return nil }
        return buffer.substring(range.nsRange)
    }

    public func replace(_ range: UITextRange, withText text: String) {
        guard range.end.offset <= buffer.length else { return }
        buffer.replace(range.nsRange, with: text)
        textDidChange()
        sendActions(for: .editingChanged)
    }

    public func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        UITextRange(start: fromPosition, end: toPosition)
    }

    public func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        let target = position.offset + offset
        guard target >= 0, target <= buffer.length else { return nil }
        return UITextPosition(offset: target)
    }

    public func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int {
        toPosition.offset - from.offset
    }

    public func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
        position.offset < other.offset
            ? .orderedAscending : position.offset > other.offset ? .orderedDescending : .orderedSame
    }

    public func caretRect(for position: UITextPosition) -> CGRect {
        let rect = editingRect(forBounds: bounds)
        let layout = currentLayout()
        let origin = textOrigin(in: rect, layout: layout)
        let caret = layout.caretRect(atUTF8Offset: displayOffset(forTextOffset: position.offset))
        return CGRect(x: origin.x + caret.minX, y: origin.y + caret.minY, width: 2, height: caret.height)
    }

    public func closestPosition(to point: CGPoint) -> UITextPosition? {
        UITextPosition(offset: textOffset(closestTo: point))
    }
}
