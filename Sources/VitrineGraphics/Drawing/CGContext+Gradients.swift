internal import CCairo
import Foundation

// Gradients, as CoreGraphics' `drawLinearGradient` / `drawRadialGradient`, through cairo's
// linear and radial patterns (clipped by the context's clip, not by the current path).
extension CGContext {
    /// Paints `gradient` along the line from `startPoint` to `endPoint` (user space) over the
    /// whole clip, as `drawLinearGradient(_:start:end:options:)`. Without the options' extend
    /// flags nothing is painted beyond the ends, as in CoreGraphics.
    public func drawLinearGradient(
        _ gradient: CGGradient, start startPoint: CGPoint, end endPoint: CGPoint,
        options: CGGradientDrawingOptions
    ) {
        guard startPoint.isFinite, endPoint.isFinite, prepare() else { return }
        let s = startPoint.applying(state.ctm)
        let e = endPoint.applying(state.ctm)
        guard let pattern = cairo_pattern_create_linear(Double(s.x), Double(s.y), Double(e.x), Double(e.y)) else {
            return
        }
        paint(gradient, pattern: pattern, options: options)
    }

    /// Paints `gradient` between two circles (user space) over the whole clip, as
    /// `drawRadialGradient(_:startCenter:startRadius:endCenter:endRadius:options:)`. Radii
    /// are scaled by the CTM's mean scale (a rotated or uneven CTM gives circles, not ellipses:
    /// a deviation).
    public func drawRadialGradient(
        _ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint,
        endRadius: CGFloat, options: CGGradientDrawingOptions
    ) {
        guard startCenter.isFinite, endCenter.isFinite, startRadius.isFinite, endRadius.isFinite,
            prepare()
        else { return }
        let s = startCenter.applying(state.ctm)
        let e = endCenter.applying(state.ctm)
        let ctm = state.ctm
        let scale = (abs(ctm.a * ctm.d - ctm.b * ctm.c)).squareRoot()
        guard
            let pattern = cairo_pattern_create_radial(
                Double(s.x), Double(s.y), Double(max(0, startRadius) * scale), Double(e.x), Double(e.y),
                Double(max(0, endRadius) * scale))
        else { return }
        paint(gradient, pattern: pattern, options: options)
    }

    private func paint(_ gradient: CGGradient, pattern: OpaquePointer, options: CGGradientDrawingOptions) {
        defer { cairo_pattern_destroy(pattern) }
        for stop in gradient.stops {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(
                pattern, Double(stop.location), Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha))
        }
        // cairo extends both ends or neither; one-sided extension clips the other side away
        // only for the two-sided case CoreGraphics users rarely mix, so either flag pads.
        let extend = !options.isEmpty
        cairo_pattern_set_extend(pattern, extend ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        cairo_set_source(cairo, pattern)
        cairo_paint_with_alpha(cairo, Double(state.alpha))
    }
}
