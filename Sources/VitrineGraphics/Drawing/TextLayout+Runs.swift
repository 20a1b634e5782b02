internal import CCairo
import Foundation

/// Attributes over a range of a `TextLayout`'s string: what one run of an attributed string
/// (`NSAttributedString`) says about its characters, in the terms pango draws. A nil value
/// says nothing, so the layout's font or the draw colour applies.
public struct TextRun: Hashable, Sendable {
    /// The characters, as UTF-8 offsets into the layout's string (pango's unit). Clamped to
    /// the string when the layout is made; an empty range does nothing.
    public var range: Range<Int>
    /// The font (`NSAttributedString.Key.font`).
    public var font: FontDescriptor?
    /// The glyphs' colour (`.foregroundColor`).
    public var foregroundColor: CGColor?
    /// The colour behind the glyphs (`.backgroundColor`), a line tall.
    public var backgroundColor: CGColor?
    /// Extra space after each character, in points (`.kern`); pango's letter spacing.
    public var kern: CGFloat?
    /// A line under the glyphs (`.underlineStyle`, `.underlineColor`).
    public var underline: TextDecoration?
    /// A line through the glyphs (`.strikethroughStyle`, `.strikethroughColor`).
    public var strikethrough: TextDecoration?
    /// A copy of the glyphs drawn under them (`.shadow`).
    public var shadow: TextShadow?

    /// A run over `range` saying nothing yet.
    public init(range: Range<Int>) {
        self.range = range
    }

    /// Whether the run says anything.
    public var isEmpty: Bool {
        font == nil && foregroundColor == nil && backgroundColor == nil && kern == nil && underline == nil
            && strikethrough == nil && shadow == nil
    }
}

/// A line drawn under or through text, as `NSUnderlineStyle` describes one.
public struct TextDecoration: Hashable, Sendable {
    /// One line or two.
    public var isDouble: Bool
    /// The line's colour; nil for the glyphs' colour, as UIKit's default.
    public var color: CGColor?

    public init(isDouble: Bool = false, color: CGColor? = nil) {
        self.isDouble = isDouble
        self.color = color
    }
}

/// A text shadow, as `NSShadow`: the glyphs again in `color`, moved by `offset` (points, y
/// down) and blurred by `blurRadius`.
public struct TextShadow: Hashable, Sendable {
    public var offset: CGSize
    public var blurRadius: CGFloat
    public var color: CGColor

    public init(offset: CGSize, blurRadius: CGFloat, color: CGColor) {
        self.offset = offset
        self.blurRadius = blurRadius
        self.color = color
    }
}

/// Paragraph settings of a `TextLayout`, as `NSParagraphStyle`'s spacing and indents.
public struct TextParagraph: Hashable, Sendable {
    /// Extra space between lines, in points (`lineSpacing`).
    public var lineSpacing: CGFloat
    /// The first line's distance from the leading edge (`firstLineHeadIndent`).
    public var firstLineHeadIndent: CGFloat
    /// The other lines' distance from the leading edge (`headIndent`).
    public var headIndent: CGFloat

    public init(lineSpacing: CGFloat = 0, firstLineHeadIndent: CGFloat = 0, headIndent: CGFloat = 0) {
        self.lineSpacing = lineSpacing
        self.firstLineHeadIndent = firstLineHeadIndent
        self.headIndent = headIndent
    }

    /// Non-finite or negative values as 0, and at most 10,000 points, as UIKit ignores what
    /// it cannot lay out.
    var sanitized: TextParagraph {
        func clamp(_ value: CGFloat) -> CGFloat { value.isFinite ? min(max(0, value), 10_000) : 0 }
        return TextParagraph(
            lineSpacing: clamp(lineSpacing), firstLineHeadIndent: clamp(firstLineHeadIndent),
            headIndent: clamp(headIndent))
    }

    /// How far every line is moved in: the smaller indent (pango indents relative to it).
    var leadingInset: CGFloat { min(firstLineHeadIndent, headIndent) }
}

extension TextLayout {
    /// Whether any run has a shadow.
    var hasShadows: Bool { runs.contains { $0.shadow != nil } }

    /// Sets the runs as the layout's pango attributes, and the paragraph's spacing and indent.
    func applyRunsAndParagraph() {
        if paragraph.lineSpacing > 0 {
            pango_layout_set_spacing(layout, Int32((paragraph.lineSpacing * Self.scale).rounded()))
        }
        let indent = paragraph.firstLineHeadIndent - paragraph.headIndent
        if indent != 0 { pango_layout_set_indent(layout, Int32((indent * Self.scale).rounded())) }
        guard !runs.isEmpty else { return }
        let list = makeAttributeList(shadowPass: false)
        pango_layout_set_attributes(layout, list)
        pango_attr_list_unref(list)
    }

    /// Draws the runs' shadows: the layout again with each shadowed run in its shadow's colour
    /// (everything else invisible), moved by the shadow's offset. Shadows are sharp: the blur
    /// radius is not drawn (a documented deviation).
    func drawShadows(cairo: OpaquePointer, at origin: CGPoint, alpha: CGFloat) {
        if shadowLayout == nil {
            let copy = pango_layout_copy(layout)!
            let list = makeAttributeList(shadowPass: true)
            pango_layout_set_attributes(copy, list)
            pango_attr_list_unref(list)
            shadowLayout = copy
        }
        guard let shadowLayout else { return }
        pango_cairo_update_layout(cairo, shadowLayout)
        // Each distinct offset is a pass: runs with another offset are invisible in it.
        var offsets: [CGSize] = []
        for run in runs { if let offset = run.shadow?.offset, !offsets.contains(offset) { offsets.append(offset) } }
        for offset in offsets where offset.width.isFinite && offset.height.isFinite {
            if offsets.count > 1 {
                let list = makeAttributeList(shadowPass: true, offset: offset)
                pango_layout_set_attributes(shadowLayout, list)
                pango_attr_list_unref(list)
            }
            cairo_push_group(cairo)
            cairo_set_source_rgba(cairo, 0, 0, 0, 1)
            cairo_move_to(cairo, Double(origin.x + offset.width), Double(origin.y + offset.height))
            pango_cairo_show_layout(cairo, shadowLayout)
            cairo_pop_group_to_source(cairo)
            cairo_paint_with_alpha(cairo, Double(alpha))
        }
    }

    /// The runs as a pango attribute list. For the shadow pass (of the shadows moved by
    /// `offset`, or all), shadowed glyphs and their lines take the shadow's colour and
    /// everything else is invisible; backgrounds are left out.
    func makeAttributeList(shadowPass: Bool, offset: CGSize? = nil) -> OpaquePointer {
        let list = pango_attr_list_new()!
        let length = string.utf8.count
        if shadowPass {
            // Invisible by default: pango reads an alpha of 0 as "not set", 1 of 65,535 is
            // nothing on screen.
            insert(pango_attr_foreground_alpha_new(1), into: list, 0..<length)
        }
        for run in runs {
            let range = max(0, min(run.range.lowerBound, length))..<max(0, min(run.range.upperBound, length))
            guard !range.isEmpty else { continue }
            if let font = run.font, font.size.isFinite, font.size > 0 {
                let description = font.makePangoDescription()
                insert(pango_attr_font_desc_new(description), into: list, range)
                pango_font_description_free(description)
            }
            if let kern = run.kern, kern.isFinite, kern != 0 {
                let spacing = Int32(clamping: Int((min(max(kern, -1_000), 1_000) * Self.scale).rounded()))
                insert(pango_attr_letter_spacing_new(spacing), into: list, range)
            }
            let glyphColor: CGColor?
            if shadowPass {
                guard let shadow = run.shadow, offset == nil || shadow.offset == offset else { continue }
                glyphColor = shadow.color
            } else {
                glyphColor = run.foregroundColor
            }
            if let glyphColor { insertColor(glyphColor, foreground: true, into: list, range) }
            if !shadowPass, let background = run.backgroundColor {
                insertColor(background, foreground: false, into: list, range)
            }
            if let underline = run.underline {
                insert(
                    pango_attr_underline_new(underline.isDouble ? PANGO_UNDERLINE_DOUBLE : PANGO_UNDERLINE_SINGLE),
                    into: list, range)
                if let color = shadowPass ? glyphColor : underline.color {
                    let (red, green, blue) = Self.pangoRGB(color)
                    insert(pango_attr_underline_color_new(red, green, blue), into: list, range)
                }
            }
            if let strikethrough = run.strikethrough {
                insert(pango_attr_strikethrough_new(1), into: list, range)
                if let color = shadowPass ? glyphColor : strikethrough.color {
                    let (red, green, blue) = Self.pangoRGB(color)
                    insert(pango_attr_strikethrough_color_new(red, green, blue), into: list, range)
                }
            }
        }
        return list
    }

    private func insert(
        _ attribute: UnsafeMutablePointer<PangoAttribute>?, into list: OpaquePointer, _ range: Range<Int>
    ) {
        guard let attribute else { return }
        attribute.pointee.start_index = UInt32(clamping: range.lowerBound)
        attribute.pointee.end_index = UInt32(clamping: range.upperBound)
        pango_attr_list_insert(list, attribute)
    }

    /// A colour as pango's foreground or background attribute and its alpha.
    private func insertColor(_ color: CGColor, foreground: Bool, into list: OpaquePointer, _ range: Range<Int>) {
        let (red, green, blue) = Self.pangoRGB(color)
        // pango reads an alpha of 0 as "not set": 1 of 65,535 is as clear as 0 on screen.
        let alpha = max(1, UInt16((Self.unit(color.alpha) * 65_535).rounded()))
        if foreground {
            insert(pango_attr_foreground_new(red, green, blue), into: list, range)
            insert(pango_attr_foreground_alpha_new(alpha), into: list, range)
        } else {
            insert(pango_attr_background_new(red, green, blue), into: list, range)
            insert(pango_attr_background_alpha_new(alpha), into: list, range)
        }
    }

    private static func unit(_ value: CGFloat) -> CGFloat { value.isFinite ? min(max(value, 0), 1) : 0 }

    private static func pangoRGB(_ color: CGColor) -> (UInt16, UInt16, UInt16) {
        (
            UInt16((unit(color.red) * 65_535).rounded()), UInt16((unit(color.green) * 65_535).rounded()),
            UInt16((unit(color.blue) * 65_535).rounded())
        )
    }
}
