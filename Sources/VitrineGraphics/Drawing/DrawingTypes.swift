internal import CCairo
import Foundation

/// How the ends of stroked open subpaths are drawn, as CoreGraphics' `CGLineCap`.
public enum CGLineCap: Int32, Sendable, Hashable {
    /// The line stops at its end point (the default, as in CoreGraphics).
    case butt
    /// A half circle of the line width's diameter extends past the end point.
    case round
    /// A half square of the line width extends past the end point.
    case square

    var cairoValue: cairo_line_cap_t {
        switch self {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
    }
}

/// How the corners of stroked paths are drawn, as CoreGraphics' `CGLineJoin`.
public enum CGLineJoin: Int32, Sendable, Hashable {
    /// A sharp corner, bevelled beyond the miter limit (the default, as in CoreGraphics).
    case miter
    /// A rounded corner.
    case round
    /// A cut-off corner.
    case bevel

    var cairoValue: cairo_line_join_t {
        switch self {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
    }
}

/// Which points are inside a path, as CoreGraphics' `CGPathFillRule`.
public enum CGPathFillRule: Int, Sendable, Hashable {
    /// Non-zero winding number (the default, as in CoreGraphics).
    case winding
    /// Odd crossing count.
    case evenOdd

    var cairoValue: cairo_fill_rule_t {
        self == .winding ? CAIRO_FILL_RULE_WINDING : CAIRO_FILL_RULE_EVEN_ODD
    }
}

/// What `CGContext.drawPath(using:)` does with the current path, as `CGPathDrawingMode`.
public enum CGPathDrawingMode: Int32, Sendable, Hashable {
    /// Fill with the non-zero winding rule.
    case fill
    /// Fill with the even-odd rule.
    case eoFill
    /// Stroke.
    case stroke
    /// Fill (non-zero winding), then stroke.
    case fillStroke
    /// Fill (even-odd), then stroke.
    case eoFillStroke
}

/// How images are sampled when drawn scaled or transformed, as `CGInterpolationQuality`.
///
/// Mapped to cairo filters: `.none` is nearest-neighbour, `.low` cairo's FAST (bilinear),
/// `.default` and `.medium` GOOD, `.high` BEST.
public enum CGInterpolationQuality: Int32, Sendable, Hashable {
    /// The context's default quality (cairo GOOD).
    case `default`
    /// No interpolation: nearest neighbour, for pixel art.
    case none
    /// Fast, lower quality (cairo FAST).
    case low
    /// Medium quality (cairo GOOD).
    case medium
    /// Best quality (cairo BEST), the slowest.
    case high

    var cairoFilter: cairo_filter_t {
        switch self {
        case .none: CAIRO_FILTER_NEAREST
        case .low: CAIRO_FILTER_FAST
        case .default, .medium: CAIRO_FILTER_GOOD
        case .high: CAIRO_FILTER_BEST
        }
    }
}

/// How drawn pixels combine with those already there, as CoreGraphics' `CGBlendMode`
/// (Porter-Duff and separable/non-separable blend modes).
///
/// Every case maps to the cairo operator of the same meaning, except `.plusDarker`, which
/// cairo lacks and which draws as `.normal` (a documented deviation). `.copy` replaces the
/// pixels inside the drawn shape only. `.sourceIn`, `.sourceOut`, `.destinationIn` and
/// `.destinationAtop` are unbounded, as cairo computes them: they also clear the destination
/// outside the drawn shape (within the clip).
public enum CGBlendMode: Int32, Sendable, Hashable {
    /// Source over destination (the default).
    case normal
    /// Source times destination: darkens.
    case multiply
    /// Inverse of the product of inverses: lightens.
    case screen
    /// Multiply or screen depending on the destination.
    case overlay
    /// The darker of source and destination.
    case darken
    /// The lighter of source and destination.
    case lighten
    /// Brightens the destination towards the source.
    case colorDodge
    /// Darkens the destination towards the source.
    case colorBurn
    /// A soft multiply or screen depending on the source.
    case softLight
    /// Multiply or screen depending on the source.
    case hardLight
    /// The absolute difference of source and destination.
    case difference
    /// Like `.difference` with lower contrast.
    case exclusion
    /// The source's hue with the destination's saturation and luminosity.
    case hue
    /// The source's saturation with the destination's hue and luminosity.
    case saturation
    /// The source's hue and saturation with the destination's luminosity.
    case color
    /// The source's luminosity with the destination's hue and saturation.
    case luminosity
    /// Clears the destination where drawn.
    case clear
    /// The source replaces the destination where drawn.
    case copy
    /// The source where the destination is (unbounded).
    case sourceIn
    /// The source where the destination is not (unbounded).
    case sourceOut
    /// The source over the destination, only where the destination is.
    case sourceAtop
    /// The destination over the source.
    case destinationOver
    /// The destination where the source is (unbounded).
    case destinationIn
    /// The destination where the source is not.
    case destinationOut
    /// The destination over the source, only where the source is (unbounded).
    case destinationAtop
    /// Source or destination, not both.
    case xor
    /// Deviation: drawn as `.normal` (cairo has no equivalent).
    case plusDarker
    /// The sum of source and destination, saturating (cairo ADD).
    case plusLighter

    var cairoOperator: cairo_operator_t {
        switch self {
        case .normal, .plusDarker: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .clear: CAIRO_OPERATOR_CLEAR
        case .copy: CAIRO_OPERATOR_SOURCE
        case .sourceIn: CAIRO_OPERATOR_IN
        case .sourceOut: CAIRO_OPERATOR_OUT
        case .sourceAtop: CAIRO_OPERATOR_ATOP
        case .destinationOver: CAIRO_OPERATOR_DEST_OVER
        case .destinationIn: CAIRO_OPERATOR_DEST_IN
        case .destinationOut: CAIRO_OPERATOR_DEST_OUT
        case .destinationAtop: CAIRO_OPERATOR_DEST_ATOP
        case .xor: CAIRO_OPERATOR_XOR
        case .plusLighter: CAIRO_OPERATOR_ADD
        }
    }
}
