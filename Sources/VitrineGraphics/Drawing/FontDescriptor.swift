internal import CCairo
import Foundation

/// A font request: family, size, weight and slant, resolved by fontconfig and pango when text
/// is laid out. The value a later `UIFont` wraps.
///
/// Follows `UIFont`'s model: `size` is the point size, which is one user-space unit in a
/// `CGContext` (so a 17-point font is 17 pixels tall in em at scale 1), and weights follow
/// `UIFont.Weight`'s steps. Deviation: families are fontconfig names or generic names
/// (`"sans-serif"`, `"serif"`, `"monospace"`); the system font is `"sans-serif"` (DejaVu Sans
/// on a Debian image with `fonts-dejavu-core`), not San Francisco, so measured sizes differ
/// from iOS.
public struct FontDescriptor: Hashable, Sendable {
    /// A font weight on the CSS/OpenType 100...900 scale, named as `UIFont.Weight`'s steps.
    public struct Weight: Hashable, Sendable, Comparable {
        /// The OpenType weight, 100 (thinnest) to 900 (heaviest).
        public var rawValue: Int

        /// A weight from its OpenType value, clamped to 100...1000.
        public init(rawValue: Int) {
            self.rawValue = min(1000, max(100, rawValue))
        }

        /// `UIFont.Weight.ultraLight` (100).
        public static let ultraLight = Weight(rawValue: 100)
        /// `UIFont.Weight.thin` (200).
        public static let thin = Weight(rawValue: 200)
        /// `UIFont.Weight.light` (300).
        public static let light = Weight(rawValue: 300)
        /// `UIFont.Weight.regular` (400).
        public static let regular = Weight(rawValue: 400)
        /// `UIFont.Weight.medium` (500).
        public static let medium = Weight(rawValue: 500)
        /// `UIFont.Weight.semibold` (600).
        public static let semibold = Weight(rawValue: 600)
        /// `UIFont.Weight.bold` (700).
        public static let bold = Weight(rawValue: 700)
        /// `UIFont.Weight.heavy` (800).
        public static let heavy = Weight(rawValue: 800)
        /// `UIFont.Weight.black` (900).
        public static let black = Weight(rawValue: 900)

        /// Orders by thickness.
        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The family name, as `UIFont.familyName`; a fontconfig family or generic name.
    public var family: String
    /// The point size, as `UIFont.pointSize`.
    public var size: CGFloat
    /// The weight.
    public var weight: Weight
    /// Whether the italic (or oblique) face is wanted.
    public var italic: Bool

    /// A font request, as `UIFont(name:size:)` with a weight. A size that is not finite or
    /// not positive draws at 1 point (UIKit substitutes its default size; here it stays
    /// visible as a mistake without breaking layout).
    public init(
        family: String = "sans-serif", size: CGFloat, weight: Weight = .regular,
        italic: Bool = false
    ) {
        self.family = family
        self.size = size.isFinite && size > 0 ? min(size, 4096) : 1
        self.weight = weight
        self.italic = italic
    }

    /// The system font, as `UIFont.systemFont(ofSize:weight:)`: the generic sans-serif family.
    public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> FontDescriptor {
        FontDescriptor(family: "sans-serif", size: size, weight: weight)
    }

    /// The bold system font, as `UIFont.boldSystemFont(ofSize:)`.
    public static func boldSystemFont(ofSize size: CGFloat) -> FontDescriptor {
        FontDescriptor(family: "sans-serif", size: size, weight: .bold)
    }

    /// Vertical metrics of the font, as `UIFont`'s `ascender`, `descender` and `lineHeight`.
    public struct Metrics: Hashable, Sendable {
        /// Distance from the baseline to the top of the tallest glyphs, positive.
        public var ascender: CGFloat
        /// Distance from the baseline to the bottom of the lowest glyphs, negative as in UIKit.
        public var descender: CGFloat
        /// The distance between baselines of consecutive lines.
        public var lineHeight: CGFloat
    }

    /// The resolved font's metrics, as `UIFont.ascender`, `.descender` and `.lineHeight`.
    public var metrics: Metrics {
        let context = TextLayout.makePangoContext()
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        let description = makePangoDescription()
        defer { pango_font_description_free(description) }
        let metrics = pango_context_get_metrics(context, description, nil)
        defer { pango_font_metrics_unref(metrics) }
        let scale = CGFloat(PANGO_SCALE)
        let ascent = CGFloat(pango_font_metrics_get_ascent(metrics)) / scale
        let descent = CGFloat(pango_font_metrics_get_descent(metrics)) / scale
        let height = CGFloat(pango_font_metrics_get_height(metrics)) / scale
        return Metrics(
            ascender: ascent, descender: -descent,
            lineHeight: height > 0 ? height : ascent + descent)
    }

    /// pango's description of this font; the caller frees it.
    func makePangoDescription() -> OpaquePointer {
        let description = pango_font_description_new()!
        family.withCString { pango_font_description_set_family(description, $0) }
        pango_font_description_set_absolute_size(description, Double(size) * Double(PANGO_SCALE))
        pango_font_description_set_weight(
            description, PangoWeight(rawValue: UInt32(weight.rawValue)))
        pango_font_description_set_style(
            description, italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        return description
    }
}

// MARK: Installed fonts and resolution

extension FontDescriptor {
    /// The font families fontconfig knows (system fonts and registered application fonts),
    /// sorted, as `UIFont.familyNames`.
    public static var installedFamilies: [String] { FontRegistry.familyNames }

    /// A request for an installed font named `name`, as `UIFont(name:size:)`, or nil when no
    /// installed face matches (fontconfig and pango themselves would quietly substitute
    /// another font). Names are compared without regard to case, as fontconfig compares them,
    /// and tried in this order:
    ///
    /// 1. a PostScript name, as iOS names fonts (`"DejaVuSans-Bold"`, `"Roboto-Medium"`,
    ///    `"HelveticaNeue-Bold"` when installed): that face's family, weight and slant;
    /// 2. a full name (`"DejaVu Sans Bold"`): the same;
    /// 3. a family name (`"DejaVu Sans"`): the family's regular face;
    /// 4. a family followed by style words as pango writes them (`"DejaVu Sans Bold Oblique"`,
    ///    `"DejaVu Serif Semi-Bold Italic"`).
    ///
    /// Stretch and variant are not kept (a condensed face's request draws the family's
    /// normal width).
    public init?(installedFontNamed name: String, size: CGFloat) {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        if let face = FontRegistry.face(named: trimmed) {
            self.init(family: face.family, size: size, weight: Weight(rawValue: face.weight), italic: face.italic)
            return
        }
        if let family = FontRegistry.family(named: trimmed) {
            self.init(family: family, size: size)
            return
        }
        let description = trimmed.withCString { pango_font_description_from_string($0) }
        defer { pango_font_description_free(description) }
        guard let description, let familyName = pango_font_description_get_family(description),
            let family = FontRegistry.family(named: String(cString: familyName))
        else { return nil }
        let style = pango_font_description_get_style(description)
        self.init(
            family: family, size: size,
            weight: Weight(rawValue: Int(pango_font_description_get_weight(description).rawValue)),
            italic: style == PANGO_STYLE_ITALIC || style == PANGO_STYLE_OBLIQUE)
    }

    /// The family fontconfig chooses for this request, as `UIFont.familyName`: the installed
    /// family itself, or for a generic name such as `"sans-serif"` the family it stands for
    /// (`"DejaVu Sans"` on a Debian image with `fonts-dejavu-core`).
    public var resolvedFamily: String {
        let context = TextLayout.makePangoContext()
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        let request = makePangoDescription()
        defer { pango_font_description_free(request) }
        guard let font = pango_font_map_load_font(pango_cairo_font_map_get_default(), context, request) else {
            return family
        }
        defer { g_object_unref(UnsafeMutableRawPointer(font)) }
        let description = pango_font_describe(font)
        defer { pango_font_description_free(description) }
        guard let description, let name = pango_font_description_get_family(description) else { return family }
        return String(cString: name)
    }

    /// The PostScript name of the face fontconfig matches for this request, as
    /// `UIFont.fontName` (`"DejaVuSans-Bold"`); nil when the face has none. Passing it to
    /// `init?(installedFontNamed:size:)` gives that face back.
    public var postScriptName: String? {
        FontRegistry.matchedPostScriptName(family: family, weight: weight.rawValue, italic: italic)
    }

    /// The resolved family with this request's weight and slant as pango names them:
    /// `"DejaVu Sans"`, `"DejaVu Sans Bold Italic"`. Passing it to
    /// `init?(installedFontNamed:size:)` gives this request back.
    public var resolvedName: String {
        let description = pango_font_description_new()!
        defer { pango_font_description_free(description) }
        resolvedFamily.withCString { pango_font_description_set_family(description, $0) }
        if weight != .regular {
            pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(weight.rawValue)))
        }
        if italic { pango_font_description_set_style(description, PANGO_STYLE_ITALIC) }
        guard let text = pango_font_description_to_string(description) else { return resolvedFamily }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// The installed family whose name equals `name` without regard to case.
    static func installedFamily(matching name: String) -> String? {
        FontRegistry.family(named: name)
    }
}
