import Foundation
import VitrineLayers

/// A view that shows read-only text in one font and colour, as UIKit's `UILabel`.
///
/// Follows UIKit: the text is laid out within the bounds (wrapping when `numberOfLines` is not
/// 1, truncating per `lineBreakMode`, limited to `numberOfLines` lines, 0 for no limit, and to
/// the lines whose full height fits the bounds), placed by `textAlignment`, and vertically
/// centred in the bounds; `sizeThatFits(_:)` and `intrinsicContentSize` measure the text
/// through `textRect(forBounds:limitedToNumberOfLines:)` (rounded up to whole points), a
/// one-line label ignoring the proposed width, so a subclass that insets the text rect grows
/// both; a multi-line label's intrinsic size wraps at `preferredMaxLayoutWidth`, else at its
/// own width; the first and last baselines (for Auto Layout) are where the text is drawn; the
/// defaults are the 17-point system font, `.label` text, natural alignment, one line,
/// truncating the tail; the label is not opaque and takes no touches. Deviations: text is
/// measured and drawn by pango with fontconfig's fonts, so sizes differ from iOS; no
/// highlighted text colour or font shrinking (`adjustsFontSizeToFitWidth`).
/// `shadowColor` and `shadowOffset` draw UIKit's sharp shadow: the text again in the shadow
/// colour, offset, under the text (clipped to the text rect like the text); attributed text
/// draws its own `.shadow`s instead. `attributedText` is drawn through pango attributes (see
/// `AttributedText`); its paragraph style at the start lays out the whole text.
@preconcurrency @MainActor
open class UILabel: UIView {
    // Accessibility defaults, as UIKit's labels: an element, static text, its text.
    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .staticText }
    override var defaultAccessibilityLabel: String? { text }

    /// The text shown, as `text` (default nil). Setting it drops the attributes of an
    /// `attributedText`: the text takes the label's style, as UIKit documents.
    open var text: String? {
        get { storedText }
        set {
            let hadAttributes = storedAttributedText != nil
            storedAttributedText = nil
            guard newValue != storedText || hadAttributes else { return }
            storedText = newValue
            textLayoutDidChange()
        }
    }

    /// The text with its attributes, as `attributedText` (default nil). Setting it replaces
    /// `text` with its string and sets `font`, `textColor`, `textAlignment` and
    /// `lineBreakMode` from the attributes at its start, as UIKit documents; characters
    /// without a font or colour take the label's. Reading it gives the string with the
    /// label's font, colour and paragraph style where it has none (for plain text, all of it).
    open var attributedText: NSAttributedString? {
        get {
            guard let text = storedText else { return nil }
            let styled = NSMutableAttributedString(string: text, attributes: styleAttributes)
            if let storedAttributedText {
                storedAttributedText.enumerateAttributes(
                    in: NSRange(location: 0, length: storedAttributedText.length), options: []
                ) { attributes, range, _ in styled.addAttributes(attributes, range: range) }
            }
            return styled
        }
        set {
            guard let newValue else {
                text = nil
                return
            }
            let copy = NSAttributedString(attributedString: newValue)
            storedAttributedText = copy
            storedText = copy.string
            if copy.length > 0 {
                let first = copy.attributes(at: 0, effectiveRange: nil)
                if let font = first[.font] as? UIFont { storedFont = font }
                if let color = first[.foregroundColor] as? UIColor { storedTextColor = color }
                if let style = first[.paragraphStyle] as? NSParagraphStyle {
                    applyingAttributedStyle = true
                    textAlignment = style.alignment
                    lineBreakMode = style.lineBreakMode
                    applyingAttributedStyle = false
                }
            }
            textLayoutDidChange()
        }
    }

    /// The font, as `font` (default: the system font at `UIFont.labelFontSize`); assigning
    /// nil restores the default, as UIKit does.
    open var font: UIFont! {
        get { storedFont }
        set {
            let font = newValue ?? UILabel.defaultFont
            // Styled text takes the font over its whole length, as UIKit documents.
            applyToAttributedText(.font, font)
            guard font != storedFont else { return }
            storedFont = font
            textLayoutDidChange()
        }
    }

    /// The colour of the text, as `textColor` (default `.label`); assigning nil restores the
    /// default, as UIKit does.
    open var textColor: UIColor! {
        get { storedTextColor }
        set {
            storedTextColor = newValue ?? .label
            applyToAttributedText(.foregroundColor, storedTextColor)
            setNeedsDisplay()
        }
    }

    /// How lines are placed horizontally, as `textAlignment` (default `.natural`).
    open var textAlignment: NSTextAlignment = .natural {
        didSet {
            if !applyingAttributedStyle { applyToAttributedParagraphStyle() }
            if textAlignment != oldValue { setNeedsDisplay() }
        }
    }

    /// The most lines shown, 0 for as many as needed, as `numberOfLines` (default 1). Negative
    /// values count as 0.
    open var numberOfLines: Int = 1 {
        didSet { if numberOfLines != oldValue { textLayoutDidChange() } }
    }

    /// How text that does not fit is wrapped or truncated, as `lineBreakMode` (default
    /// `.byTruncatingTail`).
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail {
        didSet {
            if !applyingAttributedStyle { applyToAttributedParagraphStyle() }
            if lineBreakMode != oldValue { textLayoutDidChange() }
        }
    }

    /// The colour of the text's shadow, as `shadowColor` (default nil: no shadow). The shadow
    /// is a sharp copy of the text, `shadowOffset` away, drawn under it.
    open var shadowColor: UIColor? {
        didSet { if shadowColor != oldValue { setNeedsDisplay() } }
    }

    /// How far the text's shadow is moved, in points, as `shadowOffset` (default (0, -1),
    /// UIKit's: one point up).
    open var shadowOffset = CGSize(width: 0, height: -1) {
        didSet { if shadowOffset != oldValue { setNeedsDisplay() } }
    }

    /// Whether the text is drawn normally, as `isEnabled`; a disabled label draws its text at
    /// half opacity (UIKit dims it to a system grey).
    open var isEnabled = true {
        didSet { if isEnabled != oldValue { setNeedsDisplay() } }
    }

    /// The width a multi-line label wraps at when it reports `intrinsicContentSize`, as
    /// `preferredMaxLayoutWidth` (default 0: a multi-line label wraps at its current width,
    /// as UIKit's automatic preferred width does; one line per paragraph while it has none).
    /// Ignored by a one-line label.
    open var preferredMaxLayoutWidth: CGFloat = 0 {
        didSet {
            if preferredMaxLayoutWidth != oldValue && numberOfLines != 1 { invalidateIntrinsicContentSize() }
        }
    }

    /// The frame, as `UIView.frame`; a new width changes the intrinsic size of a multi-line
    /// label that wraps at its own width.
    open override var frame: CGRect {
        didSet { boundsWidthMayHaveChanged() }
    }

    /// The bounds, as `UIView.bounds`; a new width changes the intrinsic size of a multi-line
    /// label that wraps at its own width.
    open override var bounds: CGRect {
        didSet { boundsWidthMayHaveChanged() }
    }

    private var storedFont: UIFont = UILabel.defaultFont
    private var storedText: String?
    /// The attributed text set last, nil after `text` is set.
    private var storedAttributedText: NSAttributedString? {
        didSet { attributedRuns = storedAttributedText.map { AttributedText($0) } }
    }
    /// `storedAttributedText` read for drawing.
    private(set) var attributedRuns: AttributedText?
    /// Set while `attributedText`'s paragraph style sets the alignment and line break mode.
    private var applyingAttributedStyle = false
    /// The layouts made last, most recent last (see `layout(width:lines:)`).
    private var recentLayouts: [(key: LayoutKey, layout: TextLayout)] = []
    private var storedTextColor: UIColor = .label
    /// The bounds width last seen, to notice when it changes (a frame change may keep it).
    private var seenBoundsWidth: CGFloat = 0

    /// An empty label, as `init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        seenBoundsWidth = bounds.width
        isOpaque = false
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    /// A view an interface file makes, as `init?(coder:)`: set up as `init(frame:)` sets it up,
    /// for the coder nib loading passes; fails for any other coder (see `UIView.init?(coder:)`).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isOpaque = false
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    /// The size the text needs, as `sizeThatFits(_:)`: wrapped within `size.width` (not for a
    /// one-line label, which measures its whole line, nor for a width that is not positive),
    /// at most `numberOfLines` lines, rounded up to whole points; the proposed height does not
    /// limit it. `.zero` for no text. Measured by `textRect(forBounds:limitedToNumberOfLines:)`.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        measuredSize(wrappingAt: numberOfLines == 1 ? 0 : size.width)
    }

    /// The text's natural size, as `intrinsicContentSize`, rounded up to whole points: one line
    /// per paragraph for a one-line label; a multi-line label (`numberOfLines` 0 or more than
    /// 1) wraps at `preferredMaxLayoutWidth` when it is positive, else at its current width
    /// when it has one (as UIKit's automatic preferred width), and counts at most
    /// `numberOfLines` lines. No text (nil or empty) is `.zero`, as UIKit reports it.
    open override var intrinsicContentSize: CGSize {
        measuredSize(wrappingAt: intrinsicWrappingWidth)
    }

    /// Where the text goes within `bounds`, as `textRect(forBounds:limitedToNumberOfLines:)`:
    /// the laid-out size at the bounds' top left (the caller centres it), with at most
    /// `numberOfLines` lines (0: no limit) and no more than fit the bounds' height.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        guard !bounds.isNull, bounds.width > 0 else { return CGRect(origin: bounds.origin, size: .zero) }
        let size = fittedLayout(in: bounds, lines: max(0, numberOfLines)).size
        return CGRect(
            origin: bounds.origin,
            size: CGSize(width: min(size.width.rounded(.up), bounds.width), height: size.height.rounded(.up)))
    }

    /// Draws the text in the current graphics context, vertically centred in `rect`, as
    /// `drawText(in:)`. Override it to change the rect (insets, say) and call `super`.
    open func drawText(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        renderText(in: rect, context: context)
    }

    /// Draws the label, as UILabel's `draw(_:)`: `drawText(in:)` over the bounds.
    open override func draw(_ rect: CGRect) {
        drawText(in: bounds)
    }

    // MARK: Internals

    static let defaultFont = UIFont.systemFont(ofSize: UIFont.labelFontSize)

    /// `numberOfLines`, negative values counting as 0.
    var effectiveNumberOfLines: Int { max(0, numberOfLines) }

    /// The width `intrinsicContentSize` wraps at; 0 for none.
    var intrinsicWrappingWidth: CGFloat {
        guard numberOfLines != 1 else { return 0 }
        return preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : bounds.width
    }

    /// The text rect's size for bounds `width` wide (unlimited when not positive) and
    /// unlimited in height, as UIKit measures a label.
    func measuredSize(wrappingAt width: CGFloat) -> CGSize {
        let width = width > 0 && width.isFinite ? width : .greatestFiniteMagnitude
        let bounds = CGRect(x: 0, y: 0, width: width, height: .greatestFiniteMagnitude)
        let size = textRect(forBounds: bounds, limitedToNumberOfLines: effectiveNumberOfLines).size
        guard size.width.isFinite, size.height.isFinite else { return .zero }
        return CGSize(width: max(0, size.width.rounded(.up)), height: max(0, size.height.rounded(.up)))
    }

    /// The first baseline's distance from the top and the last baseline's from the bottom,
    /// where `drawText(in:)` puts them in the bounds: the text is centred vertically, so the
    /// first is the font's ascender below the text's top (the ascender itself when the label
    /// is its intrinsic height) and the last the font's descender above the text's bottom. A
    /// label not yet sized (a zero width or height) is measured at its intrinsic size. Nil
    /// without text: UIKit's engine then uses the bottom edge.
    override var layoutBaselines: (firstFromTop: CGFloat, lastFromBottom: CGFloat)? {
        textBaselines(inSize: bounds.size)
    }

    /// `layoutBaselines` for the label at `size` (a zero width or height: the intrinsic one).
    func textBaselines(inSize size: CGSize) -> (firstFromTop: CGFloat, lastFromBottom: CGFloat)? {
        guard let text, !text.isEmpty else { return nil }
        var area = CGRect(origin: .zero, size: size)
        if !(area.width > 0) || !(area.height > 0) {
            let intrinsic = intrinsicContentSize
            if !(area.width > 0) { area.size.width = intrinsic.width }
            if !(area.height > 0) { area.size.height = intrinsic.height }
        }
        guard area.width.isFinite, area.height.isFinite, area.width > 0, area.height > 0 else { return nil }
        let layout = fittedLayout(in: area, lines: effectiveNumberOfLines)
        let top = textTop(in: area.height, textHeight: layout.size.height)
        let lastBaseline = top + layout.size.height + storedFont.descender
        return (top + layout.firstBaseline, area.height - lastBaseline)
    }

    /// The text laid out at `width` (nil: unlimited) and at most `lines` lines (0: all).
    /// Without a line limit nothing is truncated, so the truncating modes wrap at words (a
    /// truncating `TextLayout` without a limit would ellipsize every paragraph to one line).
    func layout(width: CGFloat?, lines: Int) -> TextLayout {
        let mode: TextLayout.LineBreakMode =
            switch lineBreakMode {
            case .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle:
                lines == 0 ? .byWordWrapping : lineBreakMode.layoutMode
            default: lineBreakMode.layoutMode
            }
        let key = LayoutKey(
            string: text ?? "", font: storedFont.descriptor, width: width,
            alignment: textAlignment.layoutAlignment(for: effectiveUserInterfaceLayoutDirection),
            mode: mode, lines: lines, runs: attributedRuns?.runs ?? [],
            paragraph: attributedRuns?.paragraph ?? TextParagraph())
        // A label is measured (by its cell's layout, Auto Layout, `sizeThatFits`) and drawn
        // with the same few layouts: the last two are kept rather than shaped again.
        if let index = recentLayouts.firstIndex(where: { $0.key == key }) {
            let found = recentLayouts[index]
            if index != recentLayouts.count - 1 {
                recentLayouts.remove(at: index)
                recentLayouts.append(found)
            }
            return found.layout
        }
        let made = TextLayout(
            string: key.string, font: key.font, maxWidth: width, alignment: key.alignment, lineBreakMode: mode,
            maximumNumberOfLines: lines, runs: key.runs, paragraph: key.paragraph)
        if recentLayouts.count == 2 { recentLayouts.removeFirst() }
        recentLayouts.append((key, made))
        return made
    }

    /// What decides a `TextLayout`: equal keys give the same layout.
    struct LayoutKey: Equatable {
        let string: String
        let font: FontDescriptor
        let width: CGFloat?
        let alignment: TextLayout.Alignment
        let mode: TextLayout.LineBreakMode
        let lines: Int
        let runs: [TextRun]
        let paragraph: TextParagraph
    }

    /// The layout drawn in `bounds`: wrapped at its width, with `lines` lines at most and no
    /// more than fit its height (always at least one, as UIKit shows a clipped first line).
    func fittedLayout(in bounds: CGRect, lines: Int) -> TextLayout {
        // A million points is wider than any text: unlimited, as measuring asks for.
        let width = bounds.width > 0 && bounds.width < 1_000_000 ? bounds.width : nil
        let full = layout(width: width, lines: lines)
        let lineHeight = storedFont.lineHeight
        guard lineHeight > 0, full.size.height > bounds.height + 0.5, full.lineCount > 1 else { return full }
        let fitting = max(1, Int(((bounds.height + 0.5) / lineHeight).rounded(.down)))
        guard fitting < full.lineCount else { return full }
        return layout(width: width, lines: fitting)
    }

    /// Draws the text into `context`, vertically centred in `rect` and clipped to it.
    func renderText(in rect: CGRect, context: CGContext) {
        guard let text, !text.isEmpty, rect.width.isFinite, rect.height.isFinite, rect.minX.isFinite,
            rect.minY.isFinite, rect.width > 0, rect.height > 0
        else { return }
        let layout = fittedLayout(in: rect, lines: effectiveNumberOfLines)
        let origin = CGPoint(x: rect.minX, y: rect.minY + textTop(in: rect.height, textHeight: layout.size.height))
        context.saveGState()
        context.clip(to: rect)
        if !isEnabled { context.setAlpha(0.5) }
        if let shadowColor, attributedRuns == nil, shadowOffset.width.isFinite, shadowOffset.height.isFinite {
            let shadowOrigin = CGPoint(x: origin.x + shadowOffset.width, y: origin.y + shadowOffset.height)
            layout.draw(in: context, at: shadowOrigin, color: shadowColor.cgColor)
        }
        layout.draw(in: context, at: origin, color: storedTextColor.cgColor)
        context.restoreGState()
    }

    /// Where centred text of `textHeight` starts below the top of a rect `height` high, on a
    /// whole point so that the glyphs keep their place as the rect moves.
    func textTop(in height: CGFloat, textHeight: CGFloat) -> CGFloat {
        ((height - textHeight) / 2).rounded(.down)
    }

    /// The label's style as attributes: font, colour, alignment and line break mode.
    private var styleAttributes: [NSAttributedString.Key: Any] {
        let style = NSMutableParagraphStyle()
        style.alignment = textAlignment
        style.lineBreakMode = lineBreakMode
        return [.font: storedFont, .foregroundColor: storedTextColor, .paragraphStyle: style]
    }

    /// Sets `value` over the whole attributed text, if there is one.
    private func applyToAttributedText(_ key: NSAttributedString.Key, _ value: Any) {
        guard let storedAttributedText, storedAttributedText.length > 0 else { return }
        let styled = NSMutableAttributedString(attributedString: storedAttributedText)
        styled.addAttribute(key, value: value, range: NSRange(location: 0, length: styled.length))
        self.storedAttributedText = styled
    }

    /// Sets the alignment and line break mode in the attributed text's paragraph styles.
    private func applyToAttributedParagraphStyle() {
        guard let storedAttributedText, storedAttributedText.length > 0 else { return }
        let first = storedAttributedText.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle
        let style = (first?.mutableCopy() as? NSMutableParagraphStyle) ?? NSMutableParagraphStyle()
        guard style.alignment != textAlignment || style.lineBreakMode != lineBreakMode else { return }
        style.alignment = textAlignment
        style.lineBreakMode = lineBreakMode
        applyToAttributedText(.paragraphStyle, style)
    }

    private func textLayoutDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    /// A multi-line label without a preferred width wraps its intrinsic size at its width, so
    /// a new width invalidates it (UIKit's automatic preferred width does the same at layout).
    private func boundsWidthMayHaveChanged() {
        let width = bounds.width
        guard width != seenBoundsWidth else { return }
        seenBoundsWidth = width
        if numberOfLines != 1, !(preferredMaxLayoutWidth > 0), !(text ?? "").isEmpty {
            invalidateIntrinsicContentSize()
        }
    }
}
