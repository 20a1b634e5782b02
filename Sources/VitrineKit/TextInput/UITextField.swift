import Foundation
import VitrineGraphics
import VitrinePlatform

/// A single line of editable text, as UIKit's `UITextField`.
///
/// A tap makes it first responder (asking `textFieldShouldBeginEditing(_:)`) and places the
/// caret; typing (a hardware keyboard, the on-screen keyboard, or `insertText(_:)`) goes
/// through `textField(_:shouldChangeCharactersIn:replacementString:)`, then sends
/// `.editingChanged` and posts `textDidChangeNotification`. The caret blinks in the tint
/// colour; arrows, Home and End move it, with Shift they select; Ctrl (or the Logo key, as
/// ⌘) with A, C, X and V select all, copy, cut and paste through `UIPasteboard.general`.
/// Text wider than the field scrolls sideways to keep the caret in view while editing and
/// is cut with "…" otherwise.
///
/// `attributedText` is drawn with its attributes (pango attributes, see `AttributedText`);
/// typed characters take the attributes before them, as UIKit's typing attributes; secure
/// entry draws its dots plainly. Deviations: no
/// magnifier, selection handles, edit menu or autocorrection; secure entry shows "•" at once
/// (iOS shows the last character for a moment); `adjustsFontSizeToFitWidth` is kept but the
/// size does not shrink.
@preconcurrency @MainActor
open class UITextField: UIControl, UIKeyInput, TextEditingShortcuts {
    // Accessibility defaults: the text (dots for secure entry) is the value, the placeholder
    // the label.
    override var defaultAccessibilityValue: String? { isSecureTextEntry ? displayText : text }
    override var defaultAccessibilityLabel: String? { placeholder }

    /// Which border the field draws, as `UITextField.BorderStyle`.
    public enum BorderStyle: Int, Sendable {
        /// No border (the default).
        case none
        /// A thin dark rectangle.
        case line
        /// A bezel: a rectangle whose top and left edges are darker.
        case bezel
        /// A white rounded rectangle with a light border, as most iOS forms use.
        case roundedRect
    }

    /// When an overlay view (the clear button, `leftView`, `rightView`) shows, as
    /// `UITextField.ViewMode`.
    public enum ViewMode: Int, Sendable {
        case never, whileEditing, unlessEditing, always
    }

    /// Why editing ended, as `UITextField.DidEndEditingReason`.
    public enum DidEndEditingReason: Int, Sendable {
        /// The field resigned first responder.
        case committed
    }

    /// Posted when the field becomes first responder, as `textDidBeginEditingNotification`.
    public static let textDidBeginEditingNotification = Notification.Name("UITextFieldTextDidBeginEditingNotification")
    /// Posted after each change of the text by typing, as `textDidChangeNotification`.
    public static let textDidChangeNotification = Notification.Name("UITextFieldTextDidChangeNotification")
    /// Posted when the field stops being first responder, as `textDidEndEditingNotification`.
    public static let textDidEndEditingNotification = Notification.Name("UITextFieldTextDidEndEditingNotification")

    // MARK: Text

    var buffer = TextEditingBuffer()

    /// The text, as `text`: `""` on a new field and after `text = nil`, as UIKit's (the
    /// property is optional in the declaration, but UIKit's getter never returns nil); setting
    /// it replaces the text and puts the caret at its end, without the delegate or
    /// `.editingChanged` (as UIKit).
    open var text: String? {
        get { buffer.text }
        set {
            storedAttributedText = nil
            buffer.setText(newValue ?? "")
            textDidChange()
        }
    }

    /// The text with its attributes, as `attributedText`: setting it replaces the text and
    /// takes the font and colour of its first character as the field's `font` and
    /// `textColor` (characters without them draw in those); the attributes are drawn. Reading
    /// gives the text with its attributes over `defaultTextAttributes`. Setting `text`
    /// drops the attributes.
    open var attributedText: NSAttributedString? {
        get {
            let styled = NSMutableAttributedString(string: buffer.text, attributes: defaultTextAttributes)
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
            text = newValue?.string
            if let newValue, newValue.length > 0 {
                storedAttributedText = NSAttributedString(attributedString: newValue)
                cachedLayout = nil
                setNeedsDisplay()
            }
        }
    }

    /// The attributed text set last, nil after `text` is set; brought in line with edits by
    /// `syncedAttributedText()`.
    var storedAttributedText: NSAttributedString?
    /// `storedAttributedText` read for drawing.
    var storedAttributedRuns: AttributedText?

    /// The grey text shown while the field is empty, as `placeholder`.
    open var placeholder: String? {
        didSet { setNeedsDisplay() }
    }

    /// The placeholder with its style, as `attributedPlaceholder`; its first character's
    /// colour (if any) colours the placeholder.
    open var attributedPlaceholder: NSAttributedString? {
        get {
            placeholder.map {
                NSAttributedString(
                    string: $0, attributes: [.font: storedFont, .foregroundColor: placeholderColor])
            }
        }
        set {
            if let newValue, newValue.length > 0,
                let color = newValue.attributes(at: 0, effectiveRange: nil)[.foregroundColor] as? UIColor
            {
                placeholderColor = color
            }
            placeholder = newValue?.string
        }
    }
    var placeholderColor: UIColor = .placeholderText

    /// The font of the text and placeholder, as `font` (the body style, 17-point system font).
    open var font: UIFont? {
        get { storedFont }
        set {
            storedFont = newValue ?? UITextField.defaultFont
            invalidateIntrinsicContentSize()
            textDidChange()
        }
    }
    private(set) var storedFont = UITextField.defaultFont

    /// The text colour, as `textColor` (`.label`).
    open var textColor: UIColor? {
        get { storedTextColor }
        set {
            storedTextColor = newValue ?? .label
            setNeedsDisplay()
        }
    }
    private var storedTextColor: UIColor = .label

    /// The horizontal placement of the text, as `textAlignment` (`.natural`: left, or right in
    /// a field laid out right to left).
    open var textAlignment: NSTextAlignment = .natural {
        didSet { textDidChange() }
    }

    /// The text's font and colour, as `defaultTextAttributes`; setting applies `.font` and
    /// `.foregroundColor`.
    open var defaultTextAttributes: [NSAttributedString.Key: Any] {
        get { [.font: storedFont, .foregroundColor: storedTextColor] }
        set {
            if let font = newValue[.font] as? UIFont { self.font = font }
            if let color = newValue[.foregroundColor] as? UIColor { textColor = color }
        }
    }

    /// Kept for the app (the size does not shrink in Vitrine), as `adjustsFontSizeToFitWidth`.
    open var adjustsFontSizeToFitWidth = false
    /// Kept for the app, as `minimumFontSize`.
    open var minimumFontSize: CGFloat = 0

    // MARK: Appearance

    /// The border, as `borderStyle` (`.none`).
    open var borderStyle: BorderStyle = .none {
        didSet {
            guard borderStyle != oldValue else { return }
            invalidateIntrinsicContentSize()
            setNeedsLayout()
            setNeedsDisplay()
        }
    }

    /// When the clear button shows, as `clearButtonMode` (`.never`); only with text.
    open var clearButtonMode: ViewMode = .never {
        didSet { setNeedsLayout() }
    }

    /// A view at the left end (an icon), as `leftView`, shown per `leftViewMode`.
    open var leftView: UIView? {
        didSet { overlayViewDidChange(from: oldValue, to: leftView) }
    }
    /// When `leftView` shows, as `leftViewMode` (`.never`).
    open var leftViewMode: ViewMode = .never {
        didSet { setNeedsLayout() }
    }
    /// A view at the right end, as `rightView`, shown per `rightViewMode`.
    open var rightView: UIView? {
        didSet { overlayViewDidChange(from: oldValue, to: rightView) }
    }
    /// When `rightView` shows, as `rightViewMode` (`.never`).
    open var rightViewMode: ViewMode = .never {
        didSet { setNeedsLayout() }
    }

    // MARK: Editing behaviour

    /// The delegate, as `delegate` (weak).
    open weak var delegate: UITextFieldDelegate?

    /// Whether the field is being edited (it is first responder), as `isEditing`.
    open internal(set) var isEditing = false

    /// Whether beginning to edit empties the field, as `clearsOnBeginEditing` (false).
    open var clearsOnBeginEditing = false

    /// Whether inserting text replaces the whole text, as `clearsOnInsertion` (false).
    open var clearsOnInsertion = false

    // Text input traits (stored, as UIKit's text field has them).
    open var keyboardType: UIKeyboardType = .default
    open var returnKeyType: UIReturnKeyType = .default
    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    open var autocorrectionType: UITextAutocorrectionType = .default
    open var spellCheckingType: UITextSpellCheckingType = .default
    open var keyboardAppearance: UIKeyboardAppearance = .default
    open var enablesReturnKeyAutomatically = false
    open var textContentType: UITextContentType! = nil
    /// Whether the text shows as dots, as `isSecureTextEntry`; the text itself is intact and
    /// Copy and Cut are refused, as in UIKit.
    open var isSecureTextEntry = false {
        didSet { textDidChange() }
    }

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

    // MARK: Views of the field

    let caretView = UIView()
    /// Where the touch that is selecting went down.
    var trackingAnchor = 0
    let clearButton = TextFieldClearButton()
    /// How far the text is scrolled left to keep the caret in view while editing.
    private(set) var horizontalScroll: CGFloat = 0
    let caretBlink = CaretBlink()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpParts()
    }

    /// A view an interface file makes, as `init?(coder:)`: set up as `init(frame:)` sets it up,
    /// for the coder nib loading passes; fails for any other coder (see `UIView.init?(coder:)`).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpParts()
    }

    /// What both initializers set up: the parts the control draws with.
    private func setUpParts() {
        isOpaque = false
        contentMode = .redraw
        caretView.isUserInteractionEnabled = false
        caretView.isHidden = true
        addSubview(caretView)
        clearButton.isHidden = true
        clearButton.field = self
        addSubview(clearButton)
    }

    static let defaultFont = UIFont.systemFont(ofSize: 17)

    // MARK: Geometry (UIKit's overridable rectangles)

    /// The rectangle the border is drawn in, as `borderRect(forBounds:)`.
    open func borderRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// Where the text is drawn when not editing, as `textRect(forBounds:)`: inside the
    /// border's inset, beside the overlay views shown.
    open func textRect(forBounds bounds: CGRect) -> CGRect {
        var rect = bounds.insetBy(dx: textInset, dy: 0)
        if let view = leftView, isShown(leftViewMode) {
            let left = leftViewRect(forBounds: bounds)
            if view.superview === self { rect.origin.x = max(rect.minX, left.maxX) }
        }
        var right = rect.maxX
        if isShown(clearButtonMode), !buffer.text.isEmpty {
            right = min(right, clearButtonRect(forBounds: bounds).minX)
        }
        if rightView != nil, isShown(rightViewMode) { right = min(right, rightViewRect(forBounds: bounds).minX) }
        rect.size.width = max(0, right - rect.minX)
        return rect
    }

    /// Where the text is drawn while editing, as `editingRect(forBounds:)` (the text rect).
    open func editingRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    /// Where the placeholder is drawn, as `placeholderRect(forBounds:)` (the text rect).
    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    /// Where the clear button sits, as `clearButtonRect(forBounds:)`: a 19-point circle's
    /// square at the right end, beside the right view when both show.
    open func clearButtonRect(forBounds bounds: CGRect) -> CGRect {
        let side = min(CGFloat(19), bounds.height)
        var right = bounds.maxX - max(textInset, 4)
        if rightView != nil, isShown(rightViewMode) { right = rightViewRect(forBounds: bounds).minX - 4 }
        return CGRect(x: right - side, y: bounds.midY - side / 2, width: side, height: side).integral
    }

    /// Where `leftView` sits, as `leftViewRect(forBounds:)`: its size, at the left end,
    /// centred vertically.
    open func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        guard let view = leftView else { return .zero }
        let size = overlaySize(of: view, in: bounds)
        return CGRect(x: bounds.minX, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// Where `rightView` sits, as `rightViewRect(forBounds:)`: its size, at the right end.
    open func rightViewRect(forBounds bounds: CGRect) -> CGRect {
        guard let view = rightView else { return .zero }
        let size = overlaySize(of: view, in: bounds)
        return CGRect(
            x: bounds.maxX - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    private func overlaySize(of view: UIView, in bounds: CGRect) -> CGSize {
        var size = view.frame.size
        if size == .zero { size = view.sizeThatFits(bounds.size) }
        return CGSize(width: min(size.width, bounds.width), height: min(size.height, bounds.height))
    }

    /// The horizontal inset of the text inside the border.
    var textInset: CGFloat {
        switch borderStyle {
        case .none: 0
        case .line, .bezel: 2
        case .roundedRect: 7
        }
    }

    func isShown(_ mode: ViewMode) -> Bool {
        switch mode {
        case .never: false
        case .always: true
        case .whileEditing: isEditing
        case .unlessEditing: !isEditing
        }
    }

    /// The height of a line of text plus the border's padding, as the field's intrinsic height
    /// (no intrinsic width, as UIKit's text field has text-wide intrinsic width only when
    /// empty of constraints; Vitrine reports the text's width).
    open override var intrinsicContentSize: CGSize {
        let padding: CGFloat = borderStyle == .roundedRect ? 14 : (borderStyle == .none ? 0 : 4)
        // While editing, the drawn layout is the unwrapped line: measured once for both.
        let textWidth =
            isEditing
            ? currentLayout().size.width : TextLayout.size(of: displayText, font: storedFont.descriptor).width
        let width = textWidth + 2 * textInset
        return CGSize(width: width.rounded(.up), height: (storedFont.lineHeight + padding).rounded(.up))
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        let bounds = self.bounds
        clearButton.isHidden = !(isShown(clearButtonMode) && !buffer.text.isEmpty)
        clearButton.frame = clearButtonRect(forBounds: bounds)
        if let leftView {
            leftView.isHidden = !isShown(leftViewMode)
            leftView.frame = leftViewRect(forBounds: bounds)
        }
        if let rightView {
            rightView.isHidden = !isShown(rightViewMode)
            rightView.frame = rightViewRect(forBounds: bounds)
        }
        updateCaret()
    }

    private func overlayViewDidChange(from old: UIView?, to new: UIView?) {
        if old !== new { old?.removeFromSuperview() }
        if let new, new.superview !== self { addSubview(new) }
        setNeedsLayout()
        setNeedsDisplay()
    }

    // MARK: Drawing

    open override func draw(_ rect: CGRect) {
        drawBorder(in: borderRect(forBounds: bounds))
        if buffer.text.isEmpty {
            if let placeholder, !placeholder.isEmpty { drawPlaceholder(in: placeholderRect(forBounds: bounds)) }
        } else {
            drawText(in: isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds))
        }
    }

    /// Draws the text (or its dots) in `rect`, as `drawText(in:)`: vertically centred, with
    /// the selection highlighted while editing.
    open func drawText(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), rect.width > 0, rect.height > 0 else { return }
        let layout = currentLayout()
        let origin = textOrigin(in: rect, layout: layout)
        context.saveGState()
        context.clip(to: rect)
        if !isEnabled { context.setAlpha(0.5) }
        if isEditing, buffer.selection.length > 0 {
            let start = displayOffset(forTextOffset: buffer.selection.location)
            let end = displayOffset(forTextOffset: NSMaxRange(buffer.selection))
            context.setFillColor(tintColor.withAlphaComponent(0.25).cgColor)
            for box in layout.selectionRects(fromUTF8Offset: start, to: end) {
                context.fill(box.offsetBy(dx: origin.x, dy: origin.y))
            }
        }
        layout.draw(in: context, at: origin, color: storedTextColor.cgColor)
        context.restoreGState()
    }

    /// Draws the placeholder in `rect`, as `drawPlaceholder(in:)`, in the placeholder colour.
    open func drawPlaceholder(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), let placeholder, rect.width > 0 else { return }
        let layout = TextLayout(
            string: placeholder, font: storedFont.descriptor, maxWidth: rect.width,
            alignment: textAlignment.layoutAlignment(for: effectiveUserInterfaceLayoutDirection),
            lineBreakMode: .byTruncatingTail, maximumNumberOfLines: 1)
        let top = rect.minY + ((rect.height - layout.size.height) / 2).rounded(.down)
        context.saveGState()
        context.clip(to: rect)
        layout.draw(in: context, at: CGPoint(x: rect.minX, y: top), color: placeholderColor.cgColor)
        context.restoreGState()
    }

    private func drawBorder(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let hairline = 1 / max(1, contentScaleFactor)
        switch borderStyle {
        case .none:
            return
        case .line:
            context.setStrokeColor(UIColor.black.cgColor)
            context.setLineWidth(1)
            context.stroke(rect.insetBy(dx: 0.5, dy: 0.5))
        case .bezel:
            context.setStrokeColor(UIColor(white: 0.6, alpha: 1).cgColor)
            context.setLineWidth(1)
            context.stroke(rect.insetBy(dx: 0.5, dy: 0.5))
            context.setFillColor(UIColor(white: 0.35, alpha: 1).cgColor)
            context.fill(CGRect(x: rect.minX, y: rect.minY, width: rect.width, height: 1))
            context.fill(CGRect(x: rect.minX, y: rect.minY, width: 1, height: rect.height))
        case .roundedRect:
            let path = UIBezierPath(
                roundedRect: rect.insetBy(dx: hairline / 2, dy: hairline / 2), cornerRadius: 5)
            (isEnabled ? UIColor.white : UIColor(white: 0.96, alpha: 1)).setFill()
            path.fill()
            UIColor(white: 0.8, alpha: 1).setStroke()
            path.lineWidth = hairline
            path.stroke()
        }
    }

    // MARK: Text placement

    /// What is drawn: the text, or one dot per character for secure entry.
    var displayText: String {
        isSecureTextEntry ? String(repeating: Self.secureDot, count: buffer.text.count) : buffer.text
    }
    static let secureDot: Character = "•"

    private var cachedLayout:
        (text: String, font: FontDescriptor, truncatedWidth: CGFloat?, runs: [TextRun], layout: TextLayout)?

    /// The attributed text, its attributes carried onto the edits made since it was set.
    func syncedAttributedText() -> NSAttributedString? {
        guard let stored = storedAttributedText else { return nil }
        guard stored.string != buffer.text else { return stored }
        let carried = stored.carryingAttributes(to: buffer.text)
        storedAttributedText = carried
        storedAttributedRuns = nil
        return carried
    }

    /// The runs drawn: the attributed text's, none for secure entry.
    private func currentRuns() -> [TextRun] {
        guard !isSecureTextEntry, let attributed = syncedAttributedText() else { return [] }
        if storedAttributedRuns?.string != attributed.string { storedAttributedRuns = AttributedText(attributed) }
        return storedAttributedRuns?.runs ?? []
    }

    /// The layout of the shown text: one unwrapped line while editing, cut with "…" to the
    /// text rect otherwise.
    func currentLayout() -> TextLayout {
        let text = displayText
        let width: CGFloat? = isEditing ? nil : max(1, textRect(forBounds: bounds).width)
        let runs = currentRuns()
        if let cached = cachedLayout, cached.text == text, cached.font == storedFont.descriptor,
            cached.truncatedWidth == width, cached.runs == runs
        {
            return cached.layout
        }
        let layout =
            width.map {
                TextLayout(
                    string: text, font: storedFont.descriptor, maxWidth: $0, alignment: .left,
                    lineBreakMode: .byTruncatingTail, maximumNumberOfLines: 1, runs: runs)
            } ?? TextLayout(string: text, font: storedFont.descriptor, runs: runs)
        cachedLayout = (text, storedFont.descriptor, width, runs, layout)
        return layout
    }

    /// Where the layout's top-left goes in `rect`: centred vertically, placed per the
    /// alignment, and scrolled while editing.
    func textOrigin(in rect: CGRect, layout: TextLayout) -> CGPoint {
        let lineHeight = layout.caretRect(atUTF8Offset: 0).height
        let top = rect.minY + ((rect.height - lineHeight) / 2).rounded(.down)
        let width = layout.size.width
        var x = rect.minX
        if width < rect.width {
            switch textAlignment.resolved(for: effectiveUserInterfaceLayoutDirection) {
            case .center: x += ((rect.width - width) / 2).rounded(.down)
            case .right: x += rect.width - width
            default: break
            }
        }
        return CGPoint(x: x - (isEditing ? horizontalScroll : 0), y: top)
    }

    /// The UTF-8 offset in `displayText` of a UTF-16 offset in the text.
    func displayOffset(forTextOffset offset: Int) -> Int {
        let text = buffer.text
        let index = String.Index(utf16Offset: min(max(0, offset), buffer.length), in: text)
        if isSecureTextEntry {
            return text[..<index].count * String(Self.secureDot).utf8.count
        }
        return text.utf8Offset(forUTF16Offset: offset)
    }

    /// The UTF-16 offset in the text of a UTF-8 offset in `displayText`.
    func textOffset(forDisplayOffset offset: Int) -> Int {
        let text = buffer.text
        if isSecureTextEntry {
            let characters = offset / String(Self.secureDot).utf8.count
            let index = text.index(text.startIndex, offsetBy: characters, limitedBy: text.endIndex) ?? text.endIndex
            return index.utf16Offset(in: text)
        }
        return text.utf16Offset(forUTF8Offset: offset)
    }

    /// The caret position nearest a point of the field (in its coordinates).
    func textOffset(closestTo point: CGPoint) -> Int {
        let rect = editingRect(forBounds: bounds)
        let layout = currentLayout()
        let origin = textOrigin(in: rect, layout: layout)
        let offset = layout.utf8Offset(closestTo: CGPoint(x: point.x - origin.x, y: point.y - origin.y))
        return textOffset(forDisplayOffset: offset)
    }

    /// The caret's rectangle in the field's coordinates (2 points wide, a line tall).
    func caretRect() -> CGRect {
        let rect = editingRect(forBounds: bounds)
        let layout = currentLayout()
        let origin = textOrigin(in: rect, layout: layout)
        let caret = layout.caretRect(atUTF8Offset: displayOffset(forTextOffset: NSMaxRange(buffer.selection)))
        var x = (origin.x + caret.minX).rounded(.down)
        x = min(max(x, rect.minX), max(rect.minX, rect.maxX - 2))
        return CGRect(x: x, y: origin.y + caret.minY, width: 2, height: caret.height)
    }

    /// Scrolls the text sideways so the caret is inside the editing rect.
    func scrollToCaret() {
        guard isEditing else {
            horizontalScroll = 0
            return
        }
        let rect = editingRect(forBounds: bounds)
        let layout = currentLayout()
        let width = layout.size.width
        let caretX = layout.caretRect(atUTF8Offset: displayOffset(forTextOffset: NSMaxRange(buffer.selection))).minX
        guard width > rect.width - 2 else {
            horizontalScroll = 0
            return
        }
        var scroll = horizontalScroll
        if caretX - scroll > rect.width - 2 { scroll = caretX - (rect.width - 2) }
        if caretX - scroll < 0 { scroll = caretX }
        // Never leave empty space after the end of the text.
        scroll = min(max(0, scroll), max(0, width - (rect.width - 2)))
        if scroll != horizontalScroll {
            horizontalScroll = scroll
            setNeedsDisplay()
        }
    }

    /// Places the caret view (hidden unless editing with no selection).
    func updateCaret() {
        scrollToCaret()
        let showsCaret = isEditing && buffer.selection.length == 0
        caretView.backgroundColor = tintColor
        caretView.frame = caretRect()
        if !showsCaret { caretView.isHidden = true }
    }

    /// The text, the caret or the selection changed: redraw and re-place the caret.
    func textDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
        setNeedsLayout()
        if isEditing { restartCaretBlink() }
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        caretView.backgroundColor = tintColor
        setNeedsDisplay()
    }

    open override var isEnabled: Bool {
        didSet {
            setNeedsDisplay()
            if !isEnabled, isFirstResponder { resignFirstResponder() }
        }
    }

    // MARK: Editing (see UITextField+Editing.swift)

    /// Enabled fields in a window whose delegate agrees may become first responder (UIKit
    /// asks `textFieldShouldBeginEditing(_:)` here).
    open override var canBecomeFirstResponder: Bool { editingMayBegin }

    /// The delegate may keep the field editing (`textFieldShouldEndEditing(_:)`).
    open override var canResignFirstResponder: Bool { editingMayEnd }

    override func didBecomeFirstResponder() { beginEditingSession() }
    override func didResignFirstResponder() { endEditingSession() }

    /// Whether the field has text, as `hasText`.
    open var hasText: Bool { !buffer.text.isEmpty }

    /// Types `text` over the selection, as `insertText(_:)`: "\n" is the return key
    /// (`textFieldShouldReturn(_:)`, then `.editingDidEndOnExit` and
    /// `.primaryActionTriggered`; the field resigns when something handles
    /// `.editingDidEndOnExit`, as in UIKit). Line breaks inside longer text become spaces (a
    /// field has one line). The delegate may veto the change.
    open func insertText(_ text: String) { typeText(text) }

    /// Deletes the selection or the character before the caret, as `deleteBackward()`.
    open func deleteBackward() { deleteBackwardFromKeyInput() }

    /// Selects the whole text while editing, as `selectAll(_:)`.
    open func selectAll(_ sender: Any?) { selectAllText() }

    /// Copies the selection to `UIPasteboard.general`, as `copy(_:)` (refused for secure
    /// entry, as in UIKit).
    open func copy(_ sender: Any?) { copySelection() }

    /// Copies the selection and deletes it, as `cut(_:)` (refused for secure entry).
    open func cut(_ sender: Any?) { cutSelection() }

    /// Types the pasteboard's string over the selection, as `paste(_:)`.
    open func paste(_ sender: Any?) { pasteFromPasteboard() }

    /// Arrows, Home and End move the caret (with Shift they select), Delete deletes forward,
    /// Ctrl or ⌘ with A/C/X/V select all, copy, cut and paste; other keys type (`UIKeyInput`,
    /// through `UIResponder`'s default).
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        let others = pressesLeftAfterEditingKeys(presses)
        if !others.isEmpty { super.pressesBegan(others, with: event) }
    }

    override func keyDidRepeat(_ key: UIKey) {
        if isEditing, handleEditingKey(key) { return }
        super.keyDidRepeat(key)
    }

    /// A touch focuses the field and places the caret; dragging selects from where it went
    /// down.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        beginSelecting(with: touch)
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        continueSelecting(with: touch)
    }
}
