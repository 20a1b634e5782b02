import Foundation
import VitrineLayers

/// A view that shows read-only text in one font and colour, as UIKit's `UILabel`.
///
/// Follows UIKit: the text is laid out within the bounds (wrapping when `numberOfLines` is not
/// 1, truncating per `lineBreakMode`, limited to `numberOfLines` lines, 0 for no limit, and to
/// the lines whose full height fits the bounds), placed by `textAlignment`, and vertically
/// centred in the bounds; `sizeThatFits(_:)` and `intrinsicContentSize` measure the text
/// (rounded up to whole points), a one-line label ignoring the proposed width; the defaults
/// are the 17-point system font, `.label` text, natural alignment, one line, truncating the
/// tail; the label is not opaque and takes no touches. Deviations: text is measured and drawn
/// by pango with fontconfig's fonts, so sizes differ from iOS; no attributed text, shadows,
/// highlighted text colour or font shrinking (`adjustsFontSizeToFitWidth`).
@MainActor
open class UILabel: UIView {
    /// The text shown, as `text` (default nil).
    open var text: String? {
        didSet { if text != oldValue { textLayoutDidChange() } }
    }

    /// The font, as `font` (default: the system font at `UIFont.labelFontSize`); assigning
    /// nil restores the default, as UIKit does.
    open var font: UIFont! {
        get { storedFont }
        set {
            let font = newValue ?? UILabel.defaultFont
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
            setNeedsDisplay()
        }
    }

    /// How lines are placed horizontally, as `textAlignment` (default `.natural`).
    open var textAlignment: NSTextAlignment = .natural {
        didSet { if textAlignment != oldValue { setNeedsDisplay() } }
    }

    /// The most lines shown, 0 for as many as needed, as `numberOfLines` (default 1). Negative
    /// values count as 0.
    open var numberOfLines: Int = 1 {
        didSet { if numberOfLines != oldValue { textLayoutDidChange() } }
    }

    /// How text that does not fit is wrapped or truncated, as `lineBreakMode` (default
    /// `.byTruncatingTail`).
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail {
        didSet { if lineBreakMode != oldValue { textLayoutDidChange() } }
    }

    /// Whether the text is drawn normally, as `isEnabled`; a disabled label draws its text at
    /// half opacity (UIKit dims it to a system grey).
    open var isEnabled = true {
        didSet { if isEnabled != oldValue { setNeedsDisplay() } }
    }

    /// The width a multi-line label wraps at when it reports `intrinsicContentSize`, as
    /// `preferredMaxLayoutWidth` (default 0: the intrinsic size is one line per paragraph).
    open var preferredMaxLayoutWidth: CGFloat = 0 {
        didSet { if preferredMaxLayoutWidth != oldValue { invalidateIntrinsicContentSize() } }
    }

    private var storedFont: UIFont = UILabel.defaultFont
    private var storedTextColor: UIColor = .label

    /// An empty label, as `init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    /// Vitrine has no archives; always fails, as `UIView.init(coder:)` does.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The size the text needs, as `sizeThatFits(_:)`: wrapped within `size.width` (not for a
    /// one-line label, which measures its whole line), at most `numberOfLines` lines, rounded
    /// up to whole points. `.zero` for no text.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width: CGFloat? = numberOfLines == 1 || !(size.width > 0) ? nil : size.width
        let measured = layout(width: width, lines: effectiveNumberOfLines).size
        return CGSize(width: measured.width.rounded(.up), height: measured.height.rounded(.up))
    }

    /// The text's natural size, as `intrinsicContentSize`: `sizeThatFits(_:)` at
    /// `preferredMaxLayoutWidth` (when positive), else unlimited.
    open override var intrinsicContentSize: CGSize {
        let width = preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : 0
        return sizeThatFits(CGSize(width: width, height: 0))
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
        return TextLayout(
            string: text ?? "", font: storedFont.descriptor, maxWidth: width,
            alignment: textAlignment.layoutAlignment, lineBreakMode: mode, maximumNumberOfLines: lines)
    }

    /// The layout drawn in `bounds`: wrapped at its width, with `lines` lines at most and no
    /// more than fit its height (always at least one, as UIKit shows a clipped first line).
    func fittedLayout(in bounds: CGRect, lines: Int) -> TextLayout {
        let width = bounds.width > 0 ? bounds.width : nil
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
        let origin = CGPoint(x: rect.minX, y: rect.minY + ((rect.height - layout.size.height) / 2).rounded(.down))
        context.saveGState()
        context.clip(to: rect)
        if !isEnabled { context.setAlpha(0.5) }
        layout.draw(in: context, at: origin, color: storedTextColor.cgColor)
        context.restoreGState()
    }

    private func textLayoutDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }
}
