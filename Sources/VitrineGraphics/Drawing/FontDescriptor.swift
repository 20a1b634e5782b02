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
