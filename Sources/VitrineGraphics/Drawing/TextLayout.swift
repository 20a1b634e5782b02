internal import CCairo
import Foundation

/// A laid-out paragraph of plain text in one font, over pango: measured once, drawn any
/// number of times. What `UILabel` and `NSString.draw(in:withAttributes:)` build on.
///
/// Follows UIKit's text model where it can: lines wrap at word boundaries (falling back to
/// characters for words longer than the line) within `maxWidth`, `alignment` places lines
/// within that width, and sizes are fractional points (UIKit callers round them up with
/// `ceil`, as `sizeThatFits` does). Attributed text comes as `runs` (fonts, colours, kern,
/// underline, strikethrough, background, shadow over byte ranges, as a pango attribute list)
/// and a `paragraph` style (line spacing, indents). Deviations: metrics come from
/// the fonts fontconfig finds, so sizes differ from iOS; glyph outlines are not hinted, so a
/// layout measures the same at every scale and CTM. Not thread-safe: use one layout from one
/// thread at a time.
public final class TextLayout {
    /// Horizontal placement of lines, as `NSTextAlignment`.
    public enum Alignment: Sendable, Hashable {
        /// Lines start at the left edge.
        case left
        /// Lines are centred.
        case center
        /// Lines end at the right edge.
        case right
        /// Lines but the last stretched to the full width, as `NSTextAlignment.justified`.
        case justified
        /// Left for left-to-right text, right for right-to-left, as `.natural`.
        case natural
    }

    /// What happens to text that does not fit, as `NSLineBreakMode`.
    public enum LineBreakMode: Sendable, Hashable {
        /// Wrap at word boundaries (`.byWordWrapping`, the default).
        case byWordWrapping
        /// Wrap at any character (`.byCharWrapping`).
        case byCharWrapping
        /// Wrap at words; lines past the limit are cut off (`.byClipping`).
        case byClipping
        /// Wrap at words; the last allowed line ends in "…" where text was cut
        /// (`.byTruncatingTail`).
        case byTruncatingTail
        /// As `.byTruncatingHead`: the last allowed line starts with "…".
        case byTruncatingHead
        /// As `.byTruncatingMiddle`: the last allowed line has "…" in its middle.
        case byTruncatingMiddle
    }

    /// The text laid out.
    public let string: String
    /// The font.
    public let font: FontDescriptor
    /// The wrapping width; nil for unlimited (one line per paragraph).
    public let maxWidth: CGFloat?
    /// The alignment of lines within `maxWidth`.
    public let alignment: Alignment
    /// How text that does not fit is broken or truncated.
    public let lineBreakMode: LineBreakMode
    /// The most lines shown, 0 for no limit, as `UILabel.numberOfLines`.
    public let maximumNumberOfLines: Int
    /// Attributes over ranges of `string` (UTF-8 offsets, clamped to the string), later runs
    /// winning where they overlap; `font` and the draw colour apply where a run says nothing.
    public let runs: [TextRun]
    /// Line spacing and indents for every paragraph.
    public let paragraph: TextParagraph
    /// The layout drawn for the runs' shadows, made at the first draw that needs it.
    var shadowLayout: OpaquePointer? = nil

    private let context: OpaquePointer
    let layout: OpaquePointer
    /// The CTM of the last draw (see `draw(in:at:color:)`).
    private var lastDrawMatrix: [Double] = []

    /// Lays out `string`. A `maxWidth` that is nil, not finite or not positive means no
    /// wrapping. `maximumNumberOfLines` below 0 counts as 0 (no limit).
    public init(
        string: String, font: FontDescriptor, maxWidth: CGFloat? = nil,
        alignment: Alignment = .natural, lineBreakMode: LineBreakMode = .byWordWrapping,
        maximumNumberOfLines: Int = 0, runs: [TextRun] = [], paragraph: TextParagraph = TextParagraph()
    ) {
        self.string = string
        self.runs = runs
        self.paragraph = paragraph.sanitized
        self.font = font
        self.alignment = alignment
        self.lineBreakMode = lineBreakMode
        self.maximumNumberOfLines = max(0, maximumNumberOfLines)
        if let maxWidth, maxWidth.isFinite, maxWidth > 0 {
            self.maxWidth = min(maxWidth, 1_000_000)
        } else {
            self.maxWidth = nil
        }
        context = Self.makePangoContext()
        layout = pango_layout_new(context)!
        configure()
    }

    deinit {
        if let shadowLayout { g_object_unref(UnsafeMutableRawPointer(shadowLayout)) }
        g_object_unref(UnsafeMutableRawPointer(layout))
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// The size of `string` laid out in `font` within `maxWidth`, as
    /// `NSString.boundingRect(with:options:attributes:context:).size` with
    /// `.usesLineFragmentOrigin`: the widest line's width and the lines' total height. An
    /// empty string measures `.zero`.
    public static func size(of string: String, font: FontDescriptor, maxWidth: CGFloat? = nil)
        -> CGSize
    {
        guard !string.isEmpty else { return .zero }
        return TextLayout(string: string, font: font, maxWidth: maxWidth).size
    }

    /// The laid-out size: the widest shown line and the height of the shown lines.
    public var size: CGSize {
        guard !string.isEmpty else { return .zero }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        var width = CGFloat(logical.width) / Self.scale
        // An indented line starts at the indent: a left-placed text is as wide as its lines
        // reach (centred or right-placed lines are measured by their widths, as before).
        if paragraph.firstLineHeadIndent != paragraph.headIndent, alignment != .center, alignment != .right {
            width = CGFloat(max(0, logical.x) + logical.width) / Self.scale
        }
        return CGSize(width: width + paragraph.leadingInset, height: shownHeight)
    }

    /// The number of lines shown.
    public var lineCount: Int {
        let count = Int(pango_layout_get_line_count(layout))
        return maximumNumberOfLines > 0 ? min(count, maximumNumberOfLines) : count
    }

    /// The distance from the top of the layout to the first line's baseline, as
    /// `UIView.firstBaselineAnchor` measures.
    public var firstBaseline: CGFloat {
        CGFloat(pango_layout_get_baseline(layout)) / Self.scale
    }

    /// Draws the text with its top-left corner at `origin` (in user space, through the CTM
    /// and clip) in `color`, multiplied by the context's alpha and combined per its blend
    /// mode, as `NSString.draw(at:withAttributes:)` does for one line and
    /// `draw(with:options:...)` for wrapped text.
    public func draw(in context: CGContext, at origin: CGPoint, color: CGColor) {
        guard origin.isFinite, !string.isEmpty, context.prepare() else { return }
        let cairo = context.cairo
        cairo_save(cairo)
        context.applyCTM()
        if maximumNumberOfLines > 0, lineBreakMode == .byClipping || !isTruncating {
            cairo_rectangle(
                cairo, Double(origin.x) - 1_000_000, Double(origin.y), 2_000_000,
                Double(shownHeight))
            cairo_clip(cairo)
        }
        // The pango context follows the CTM's linear part (pango drops the translation); a
        // layout drawn again with the same one (a label redrawn, a text view's visible part
        // scrolled) keeps its shaping, which for a long text is most of the cost.
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        let key = [matrix.xx, matrix.yx, matrix.xy, matrix.yy]
        if key != lastDrawMatrix {
            lastDrawMatrix = key
            pango_cairo_update_context(cairo, self.context)
            pango_layout_context_changed(layout)
        }
        let origin = CGPoint(x: origin.x + paragraph.leadingInset, y: origin.y)
        if hasShadows { drawShadows(cairo: cairo, at: origin, alpha: context.state.alpha) }
        // Colours from runs replace cairo's source, so the context's alpha (a disabled
        // label's) is applied to the whole drawing as a group.
        let groupsAlpha = context.state.alpha < 1 && !runs.isEmpty
        if groupsAlpha {
            cairo_push_group(cairo)
            cairo_set_source_rgba(
                cairo, Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha))
        } else {
            context.setSource(color)
        }
        cairo_move_to(cairo, Double(origin.x), Double(origin.y))
        pango_cairo_show_layout(cairo, layout)
        if groupsAlpha {
            cairo_pop_group_to_source(cairo)
            cairo_paint_with_alpha(cairo, Double(context.state.alpha))
        }
        cairo_restore(cairo)
        cairo_new_path(cairo)
    }

    // MARK: Internals

    static let scale = CGFloat(PANGO_SCALE)

    private var isTruncating: Bool {
        switch lineBreakMode {
        case .byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle: true
        default: false
        }
    }

    /// The height of the lines shown (all of them, or the first `maximumNumberOfLines`).
    private var shownHeight: CGFloat {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let total = CGFloat(logical.height) / Self.scale
        let count = Int(pango_layout_get_line_count(layout))
        guard maximumNumberOfLines > 0, count > maximumNumberOfLines else { return total }
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        var bottom: Int32 = 0
        for _ in 0..<maximumNumberOfLines {
            var line = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &line)
            bottom = line.y + line.height
            if pango_layout_iter_next_line(iterator) == 0 { break }
        }
        return CGFloat(bottom) / Self.scale
    }

    private func configure() {
        let description = font.makePangoDescription()
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        string.withCString { pango_layout_set_text(layout, $0, -1) }
        if let maxWidth {
            let width = max(1, maxWidth - paragraph.leadingInset)
            pango_layout_set_width(layout, Int32((width * Self.scale).rounded(.down)))
        } else if paragraph.firstLineHeadIndent != paragraph.headIndent, alignment != .center, alignment != .right {
            // pango indents only a layout with a width: a million points is unlimited.
            pango_layout_set_width(layout, Int32(1_000_000 * Self.scale))
        }
        applyRunsAndParagraph()
        pango_layout_set_wrap(
            layout, lineBreakMode == .byCharWrapping ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
        switch alignment {
        case .left:
            pango_layout_set_auto_dir(layout, 0)
            pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right:
            pango_layout_set_auto_dir(layout, 0)
            pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .justified:
            pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
            pango_layout_set_justify(layout, 1)
        case .natural: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        }
        if isTruncating {
            let mode: PangoEllipsizeMode =
                switch lineBreakMode {
                case .byTruncatingHead: PANGO_ELLIPSIZE_START
                case .byTruncatingMiddle: PANGO_ELLIPSIZE_MIDDLE
                default: PANGO_ELLIPSIZE_END
                }
            pango_layout_set_ellipsize(layout, mode)
            // A negative height is a line count for pango: at most that many lines, the last
            // one ellipsized.
            if maximumNumberOfLines > 0 {
                pango_layout_set_height(layout, -Int32(min(maximumNumberOfLines, 100_000)))
            }
        }
    }

    /// A pango context on cairo's default font map with unhinted metrics and unrounded glyph
    /// positions, so that layouts measure the same whatever the CTM they are drawn with.
    static func makePangoContext() -> OpaquePointer {
        let fontMap = pango_cairo_font_map_get_default()
        let context = pango_font_map_create_context(fontMap)!
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        // Fractional glyph positions: sizes scale linearly with the font size and the CTM.
        pango_context_set_round_glyph_positions(context, 0)
        return context
    }
}

extension CGContext {
    /// Draws `string` wrapped within `rect`'s width, top-aligned, and clipped to `rect`, as
    /// `NSString.draw(in:withAttributes:)` with a font, a foreground colour and a paragraph
    /// alignment. Returns the size the text takes (which may exceed `rect`'s height; the
    /// excess is clipped). An empty, non-finite or zero-sized rect draws nothing.
    @discardableResult
    public func drawText(
        _ string: String, in rect: CGRect, font: FontDescriptor, color: CGColor,
        alignment: TextLayout.Alignment = .natural
    ) -> CGSize {
        guard rect.isFiniteRect, !rect.isNull, !string.isEmpty else { return .zero }
        let rect = rect.standardized
        guard rect.width > 0, rect.height > 0 else { return .zero }
        let layout = TextLayout(
            string: string, font: font, maxWidth: rect.width, alignment: alignment)
        saveGState()
        clip(to: rect)
        layout.draw(in: self, at: rect.origin, color: color)
        restoreGState()
        return layout.size
    }
}
