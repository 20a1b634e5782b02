import Foundation
import VitrineGraphics
import VitrinePlatform

/// A scrollable, multi-line region of editable text, as UIKit's `UITextView`: a
/// `UIScrollView` whose content is its text, laid out in `textContainer` (the width less
/// `textContainerInset` and the container's `lineFragmentPadding`), so `contentSize` is the
/// text's height plus the insets and the view scrolls to keep the caret in view after every
/// edit and caret move.
///
/// A tap makes an editable text view first responder (asking
/// `textViewShouldBeginEditing(_:)`) and places the caret; typing (a hardware keyboard, the
/// on-screen keyboard, or `insertText(_:)`) goes through
/// `textView(_:shouldChangeTextIn:replacementText:)`, then the delegate hears
/// `textViewDidChangeSelection(_:)` and `textViewDidChange(_:)` and
/// `textDidChangeNotification` is posted. Return types a line break. The caret blinks in the
/// tint colour; the arrows move it (up and down keep its horizontal position across lines),
/// Home and End go to the start and end of the line shown, with Shift they select; Ctrl (or
/// the Logo key, as ⌘) with A, C, X and V select all, copy, cut and paste through
/// `UIPasteboard.general`.
///
/// Deviations: a drag always scrolls (it is a scroll view) and never selects: selections
/// come from Shift with the keys, select-all or `selectedRange`; no magnifier, selection
/// handles, edit menu, data detectors, link taps or autocorrection (links are drawn with
/// `linkTextAttributes`, not opened); `attributedText` is drawn with its attributes, its
/// paragraph style at the start laying out the whole text; a text view that is not editable takes no taps and shows no caret, whatever
/// `isSelectable` says (its text can still be selected and copied by program); `delegate` is
/// the scroll view's property (see `UITextViewDelegate`). The text is drawn by a view that
/// covers only the visible part and redraws as the content scrolls, so a long text costs
/// no more memory than a short one; but every edit lays the whole text out again (pango),
/// about 1.7 s a key for a megabyte on a development machine. Only an editable text view
/// becomes first responder, so a read-only one is not scrolled by the keyboard's keys.
@preconcurrency @MainActor
open class UITextView: UIScrollView, UIKeyInput, TextEditingShortcuts {
    /// Posted when the text view becomes first responder, as
    /// `textDidBeginEditingNotification`.
    public static let textDidBeginEditingNotification = Notification.Name(
        "UITextViewTextDidBeginEditingNotification")
    /// Posted after each change of the text by the user, as `textDidChangeNotification`.
    public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")
    /// Posted when the text view stops being first responder, as
    /// `textDidEndEditingNotification`.
    public static let textDidEndEditingNotification = Notification.Name("UITextViewTextDidEndEditingNotification")

    // MARK: Text

    var buffer = TextEditingBuffer()

    /// The text, as `text`: "" by default (never nil when read); setting it replaces the text
    /// and puts the caret at its end, without telling the delegate (as UIKit).
    open var text: String! {
        get { buffer.text }
        set {
            storedAttributedText = nil
            buffer.setText(newValue ?? "")
            textStorageDidChange()
        }
    }

    /// The text with its attributes, as `attributedText`: setting it replaces the text and
    /// takes the font and colour of its first character as the view's `font` and
    /// `textColor` (characters without them draw in those); the attributes are drawn, links
    /// (`.link`) with `linkTextAttributes` over their own. Typed characters take the
    /// attributes before them. Reading gives the text with its attributes over the view's
    /// font and colour. Setting `text` drops the attributes.
    open var attributedText: NSAttributedString! {
        get {
            let styled = NSMutableAttributedString(
                string: buffer.text, attributes: [.font: storedFont, .foregroundColor: storedTextColor])
            if let attributed = syncedAttributedText() {
                attributed.enumerateAttributes(in: NSRange(location: 0, length: attributed.length), options: []) {
                    attributes, range, _ in styled.addAttributes(attributes, range: range)
                }
            }
            return styled
        }
        set {
            if let newValue, newValue.length > 0 {
                let attributes = newValue.attributes(at: 0, effectiveRange: nil)
                if let font = attributes[.font] as? UIFont { self.font = font }
                if let color = attributes[.foregroundColor] as? UIColor { textColor = color }
            }
            text = newValue?.string ?? ""
            if let newValue, newValue.length > 0 {
                storedAttributedText = NSAttributedString(attributedString: newValue)
                textStorageDidChange()
            }
        }
    }

    /// The attributes links are drawn with, as `linkTextAttributes`: by default the view's
    /// tint colour and a single underline. Setting nil restores the default.
    open var linkTextAttributes: [NSAttributedString.Key: Any]! {
        get {
            storedLinkTextAttributes
                ?? [.foregroundColor: tintColor as Any, .underlineStyle: NSUnderlineStyle.single.rawValue]
        }
        set {
            storedLinkTextAttributes = newValue
            if storedAttributedText != nil { textStorageDidChange() }
        }
    }

    /// The attributed text set last, nil after `text` is set (see `syncedAttributedText()`).
    var storedAttributedText: NSAttributedString?
    var storedLinkTextAttributes: [NSAttributedString.Key: Any]?

    /// The attributed text, its attributes carried onto the edits made since it was set.
    func syncedAttributedText() -> NSAttributedString? {
        guard let stored = storedAttributedText else { return nil }
        guard stored.string != buffer.text else { return stored }
        let carried = stored.carryingAttributes(to: buffer.text)
        storedAttributedText = carried
        return carried
    }

    /// The font of the whole text, as `font`: the body style of the system font by default,
    /// as documented (17 points); nil restores it.
    open var font: UIFont? {
        get { storedFont }
        set {
            storedFont = newValue ?? UITextView.defaultFont
            textStorageDidChange()
        }
    }
    private(set) var storedFont = UITextView.defaultFont
    static let defaultFont = UIFont.systemFont(ofSize: 17)

    /// The colour of the whole text, as `textColor`: black (`.label`) by default; nil
    /// restores it.
    open var textColor: UIColor? {
        get { storedTextColor }
        set {
            storedTextColor = newValue ?? .label
            textDrawingView.setNeedsDisplay()
        }
    }
    private(set) var storedTextColor: UIColor = .label

    /// How lines are placed in the container's width, as `textAlignment` (`.natural`).
    open var textAlignment: NSTextAlignment = .natural {
        didSet { if textAlignment != oldValue { textStorageDidChange() } }
    }

    // MARK: Editing behaviour

    /// Whether the user may edit the text, as `isEditable` (default true). Turning it off
    /// while editing ends editing.
    open var isEditable = true {
        didSet {
            guard !isEditable, isFirstResponder else { return }
            if !resignFirstResponder() { FirstResponder.forceResign(self) }
        }
    }

    /// Whether the text may be selected, as `isSelectable` (default true). Vitrine: a text
    /// view that is not editable takes no taps either way (see the class notes); a
    /// selectable one may copy a selection set by program.
    open var isSelectable = true

    /// Whether typing replaces the whole text, as `clearsOnInsertion` (default false).
    open var clearsOnInsertion = false

    /// The selected range (UTF-16, as `NSRange`; empty for the caret), as `selectedRange`.
    /// Setting it selects (clamped to the text, widened to whole characters) without telling
    /// the delegate.
    open var selectedRange: NSRange {
        get { buffer.selection }
        set {
            buffer.select(newValue)
            selectionDidChange(byUser: false)
        }
    }

    /// Whether there is text, as `hasText`.
    open var hasText: Bool { !buffer.text.isEmpty }

    /// Whether the text view is first responder and taking text (UIKit keeps this private).
    var isEditingText = false

    /// The delegate as a text view delegate (nil when it is only a scroll view delegate).
    var textViewDelegate: (any UITextViewDelegate)? { delegate as? any UITextViewDelegate }

    // Text input traits (stored, as UIKit's text view has them).
    open var keyboardType: UIKeyboardType = .default
    open var returnKeyType: UIReturnKeyType = .default
    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    open var autocorrectionType: UITextAutocorrectionType = .default
    open var spellCheckingType: UITextSpellCheckingType = .default
    open var keyboardAppearance: UIKeyboardAppearance = .default
    open var enablesReturnKeyAutomatically = false
    open var isSecureTextEntry = false
    open var textContentType: UITextContentType! = nil

    /// The view shown in place of the keyboard while editing, as `inputView`.
    open override var inputView: UIView? {
        get { storedInputView }
        set { storedInputView = newValue }
    }
    private var storedInputView: UIView?

    /// The view shown above the keyboard while editing, as `inputAccessoryView`.
    open override var inputAccessoryView: UIView? {
        get { storedInputAccessoryView }
        set { storedInputAccessoryView = newValue }
    }
    private var storedInputAccessoryView: UIView?

    // MARK: Geometry

    /// The margins between the view's content area and the text container, as
    /// `textContainerInset` (default 8 points above and below, none at the sides).
    open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) {
        didSet { if textContainerInset != oldValue { textStorageDidChange() } }
    }

    /// Where the text is laid out, as `textContainer`: its `lineFragmentPadding` (5 points)
    /// pads both ends of every line; its width follows the view's (`widthTracksTextView`).
    public let textContainer: NSTextContainer

    // MARK: Views and state

    /// Draws the visible part of the text and the selection.
    let textDrawingView = TextViewDrawingView()
    let caretView = UIView()
    let caretBlink = CaretBlink()
    /// The horizontal position Up and Down keep across lines (layout coordinates).
    var goalX: CGFloat?
    private var cachedLayout: (width: CGFloat, layout: TextLayout)?
    private var seenBoundsWidth: CGFloat = -1

    // MARK: Creation

    /// A text view of `frame` whose text is laid out in `textContainer` (a new one tracking
    /// the view's width when nil), as `init(frame:textContainer:)`.
    public init(frame: CGRect, textContainer: NSTextContainer?) {
        let container =
            textContainer
            ?? NSTextContainer(size: CGSize(width: frame.width, height: CGFloat.greatestFiniteMagnitude))
        if textContainer == nil { container.widthTracksTextView = true }
        self.textContainer = container
        super.init(frame: frame)
        container.textView = self
        backgroundColor = .systemBackground
        textDrawingView.owner = self
        textDrawingView.isUserInteractionEnabled = false
        textDrawingView.isOpaque = false
        textDrawingView.contentMode = .redraw
        addSubview(textDrawingView)
        caretView.isUserInteractionEnabled = false
        caretView.isHidden = true
        addSubview(caretView)
        textStorageDidChange()
    }

    /// A text view of `frame` with its own text container, as `init(frame:)`.
    public override convenience init(frame: CGRect) {
        self.init(frame: frame, textContainer: nil)
    }

    public required init?(coder: NSCoder) { nil }

    // MARK: Layout of the text

    /// The container's width: the view's less the side insets while it tracks the view.
    var containerWidth: CGFloat {
        if textContainer.widthTracksTextView {
            return max(0, bounds.width - textContainerInset.left - textContainerInset.right)
        }
        return max(0, textContainer.size.width)
    }

    /// The width lines wrap at: the container's less the padding at both ends.
    var wrappingWidth: CGFloat { max(1, containerWidth - 2 * textContainer.lineFragmentPadding) }

    /// Where the layout's top-left corner is, in content coordinates.
    var textOrigin: CGPoint {
        CGPoint(x: textContainerInset.left + textContainer.lineFragmentPadding, y: textContainerInset.top)
    }

    /// The text laid out at `width` (the wrapping width by default).
    func makeLayout(width: CGFloat) -> TextLayout {
        let attributed = syncedAttributedText().map { AttributedText($0, linkAttributes: linkTextAttributes) }
        return TextLayout(
            string: buffer.text, font: storedFont.descriptor, maxWidth: width,
            alignment: textAlignment.layoutAlignment(for: effectiveUserInterfaceLayoutDirection),
            lineBreakMode: textContainer.lineBreakMode.layoutMode,
            maximumNumberOfLines: textContainer.maximumNumberOfLines, runs: attributed?.runs ?? [],
            paragraph: attributed?.paragraph ?? TextParagraph())
    }

    /// The layout of the text at the wrapping width (kept until the text, its style or the
    /// width change).
    func textLayout() -> TextLayout {
        let width = wrappingWidth
        if let cachedLayout, cachedLayout.width == width { return cachedLayout.layout }
        let layout = makeLayout(width: width)
        cachedLayout = (width, layout)
        return layout
    }

    /// The height of a layout's text: at least one line, so an empty text view has room for
    /// its caret.
    static func textHeight(of layout: TextLayout) -> CGFloat {
        max(layout.size.height, layout.caretRect(atUTF8Offset: 0).height)
    }

    /// The content size for the current text: the view's width (the container's plus the
    /// insets) and the text's height plus the top and bottom insets.
    var textContentSize: CGSize {
        let inset = textContainerInset
        let width = textContainer.widthTracksTextView ? bounds.width : containerWidth + inset.left + inset.right
        let height = Self.textHeight(of: textLayout()).rounded(.up) + inset.top + inset.bottom
        return CGSize(width: width, height: height)
    }

    /// The caret's rectangle (2 points wide, a line tall) before the UTF-16 offset `offset`,
    /// in content coordinates, kept inside the container.
    func caretRect(forOffset offset: Int) -> CGRect {
        let caret = textLayout().caretRect(atUTF8Offset: buffer.text.utf8Offset(forUTF16Offset: offset))
        let origin = textOrigin
        let left = textContainerInset.left
        let right = left + containerWidth
        var x = (origin.x + caret.minX).rounded(.down)
        x = min(max(x, left), max(left, right - 2))
        return CGRect(x: x, y: origin.y + caret.minY, width: 2, height: caret.height)
    }

    /// The caret position (UTF-16) nearest `point` in content coordinates.
    func textOffset(closestTo point: CGPoint) -> Int {
        let origin = textOrigin
        let offset = textLayout().utf8Offset(closestTo: CGPoint(x: point.x - origin.x, y: point.y - origin.y))
        return buffer.snapped(buffer.text.utf16Offset(forUTF8Offset: offset))
    }

    // MARK: Scrolling

    /// Scrolls the least that shows the text of `range` (its first line when it is taller
    /// than the view), as `scrollRangeToVisible(_:)`.
    open func scrollRangeToVisible(_ range: NSRange) {
        let range = buffer.characterRange(range)
        updateContentSize()
        let start = caretRect(forOffset: range.location)
        var rect = start.union(caretRect(forOffset: NSMaxRange(range)))
        if rect.height > bounds.height { rect = start }
        scrollRectToVisible(rect, animated: false)
    }

    /// Scrolls so that the caret (the moving end of a selection) is visible with the top and
    /// bottom insets around it.
    func scrollToCaret() {
        updateContentSize()
        let caret = caretRect(forOffset: buffer.head)
        let inset = textContainerInset
        let rect = CGRect(
            x: caret.minX, y: caret.minY - inset.top, width: caret.width,
            height: caret.height + inset.top + inset.bottom)
        scrollRectToVisible(rect, animated: false)
    }

    func updateContentSize() {
        let size = textContentSize
        if contentSize != size { contentSize = size }
    }

    // MARK: Sizing

    /// Whether a finger scrolls the text, as `isScrollEnabled`; turned off, the view reports
    /// its text's size as `intrinsicContentSize` (UIKit's self-sizing text view).
    open override var isScrollEnabled: Bool {
        didSet { if isScrollEnabled != oldValue { invalidateIntrinsicContentSize() } }
    }

    /// With scrolling off, the text's size plus the insets and padding (the height wrapped
    /// at the current width, or unwrapped while the view has none), as UIKit sizes a text
    /// view that does not scroll; with scrolling on, none (`noIntrinsicMetric`).
    open override var intrinsicContentSize: CGSize {
        guard !isScrollEnabled else {
            return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
        }
        return fittingSize(width: bounds.width > 0 ? bounds.width : nil)
    }

    /// The size that shows the whole text at `size.width` (unwrapped when it is not
    /// positive), as `sizeThatFits(_:)`.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        fittingSize(width: size.width > 0 && size.width.isFinite ? size.width : nil)
    }

    private func fittingSize(width: CGFloat?) -> CGSize {
        let inset = textContainerInset
        let padding = 2 * textContainer.lineFragmentPadding
        let sides = inset.left + inset.right + padding
        let layout: TextLayout
        if let width {
            let wrap = max(1, width - sides)
            layout = wrap == wrappingWidth ? textLayout() : makeLayout(width: wrap)
        } else {
            layout = makeLayout(width: 0)
        }
        let height = Self.textHeight(of: layout).rounded(.up) + inset.top + inset.bottom
        return CGSize(width: width ?? (layout.size.width + sides).rounded(.up), height: height)
    }

    // MARK: Layout and drawing

    open override func layoutSubviews() {
        super.layoutSubviews()
        if bounds.width != seenBoundsWidth {
            seenBoundsWidth = bounds.width
            if textContainer.widthTracksTextView {
                let size = CGSize(width: containerWidth, height: CGFloat.greatestFiniteMagnitude)
                if textContainer.size != size { textContainer.size = size }
            }
            if !isScrollEnabled { invalidateIntrinsicContentSize() }
            textDrawingView.setNeedsDisplay()
        }
        updateContentSize()
        let visible = bounds
        if textDrawingView.frame != visible {
            textDrawingView.frame = visible
            textDrawingView.setNeedsDisplay()
        }
        updateCaret()
    }

    /// Draws the text and the selection over the visible rect `visible` (content
    /// coordinates) into `context`, whose origin is the rect's top-left corner.
    func drawText(in context: CGContext, visible: CGRect) {
        let layout = textLayout()
        let origin = textOrigin
        context.saveGState()
        context.translateBy(x: -visible.minX, y: -visible.minY)
        context.clip(to: visible)
        if isEditingText, buffer.selection.length > 0 {
            let text = buffer.text
            let start = text.utf8Offset(forUTF16Offset: buffer.selection.location)
            let end = text.utf8Offset(forUTF16Offset: NSMaxRange(buffer.selection))
            context.setFillColor(tintColor.withAlphaComponent(0.25).cgColor)
            for box in layout.selectionRects(fromUTF8Offset: start, to: end) {
                let rect = box.offsetBy(dx: origin.x, dy: origin.y)
                if rect.intersects(visible) { context.fill(rect) }
            }
        }
        layout.draw(in: context, at: origin, color: storedTextColor.cgColor)
        context.restoreGState()
    }

    /// Places the caret view (hidden unless editing with no selection).
    func updateCaret() {
        caretView.backgroundColor = tintColor
        caretView.frame = caretRect(forOffset: buffer.head)
        if !(isEditingText && buffer.selection.length == 0) { caretView.isHidden = true }
    }

    /// The text, its style or the container changed: lay out again, resize the content and
    /// redraw.
    func textStorageDidChange() {
        cachedLayout = nil
        goalX = nil
        updateContentSize()
        textDrawingView.setNeedsDisplay()
        setNeedsLayout()
        if !isScrollEnabled { invalidateIntrinsicContentSize() }
        updateCaret()
        if isEditingText { restartCaretBlink() }
    }

    /// The text container's settings changed.
    func textContainerDidChange() { textStorageDidChange() }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        caretView.backgroundColor = tintColor
        // Links are drawn in the tint colour: lay them out again.
        if storedAttributedText != nil, storedLinkTextAttributes == nil { cachedLayout = nil }
        textDrawingView.setNeedsDisplay()
    }

    // MARK: Editing (see UITextView+Editing.swift)

    /// An editable text view in a window whose delegate agrees may become first responder
    /// (UIKit asks `textViewShouldBeginEditing(_:)` here).
    open override var canBecomeFirstResponder: Bool { editingMayBegin }

    /// The delegate may keep the text view editing (`textViewShouldEndEditing(_:)`).
    open override var canResignFirstResponder: Bool { editingMayEnd }

    override func didBecomeFirstResponder() { beginEditingSession() }
    override func didResignFirstResponder() { endEditingSession() }

    /// Types `text` over the selection, as `insertText(_:)`: "\n" (the Return key) is a line
    /// break. The delegate may veto the change. Only while editing (first responder), as
    /// Vitrine's `UITextField`; set `text` to change it otherwise.
    open func insertText(_ text: String) { typeText(text) }

    /// Deletes the selection or the character before the caret, as `deleteBackward()`.
    open func deleteBackward() { deleteBackwardFromKeyInput() }

    /// Selects the whole text while editing, as `selectAll(_:)`.
    open func selectAll(_ sender: Any?) { selectAllText() }

    /// Copies the selection to `UIPasteboard.general`, as `copy(_:)` (while selectable).
    open func copy(_ sender: Any?) { copySelection() }

    /// Copies the selection and deletes it, as `cut(_:)` (while editing).
    open func cut(_ sender: Any?) { cutSelection() }

    /// Types the pasteboard's string over the selection, as `paste(_:)` (while editing).
    open func paste(_ sender: Any?) { pasteFromPasteboard() }

    /// While editing: arrows, Home and End move the caret (with Shift they select), Delete
    /// deletes forward, Ctrl or ⌘ with A/C/X/V select all, copy, cut and paste, and other
    /// keys type (`UIKeyInput`) — Space types a space rather than scrolling. Otherwise the
    /// scroll view's keys scroll.
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        guard isEditingText else {
            super.pressesBegan(presses, with: event)
            return
        }
        let rest = presses.filter { press in
            guard let key = press.key else { return true }
            return !handleEditingKey(key) && !KeyTyping.type(key, into: self)
        }
        if !rest.isEmpty { next?.pressesBegan(rest, with: event) }
    }

    override func keyDidRepeat(_ key: UIKey) {
        if isEditingText, handleEditingKey(key) { return }
        super.keyDidRepeat(key)
    }

    /// A tap on an editable text view makes it first responder and puts the caret where it
    /// lifted. A drag scrolls instead: the pan cancels the touch (see the class notes).
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        tapped(at: touch.location(in: self))
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
}

/// The view that draws a text view's text: it covers the visible rect of the content and
/// redraws when the text view scrolls.
@MainActor
final class TextViewDrawingView: UIView {
    weak var owner: UITextView?

    override func draw(_ rect: CGRect) {
        guard let owner, let context = UIGraphicsGetCurrentContext() else { return }
        owner.drawText(in: context, visible: frame)
    }
}
