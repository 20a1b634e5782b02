internal import CCairo
import Foundation

/// Anti-aliased coverage masks for the compositor: a layer's rounded corners
/// (`CALayer.cornerRadius` with `masksToBounds`) and its rounded border (`borderWidth`).
///
/// Follows Core Animation's geometry: corners are circular arcs (the `.circular`
/// `cornerCurve`; `.continuous` is not drawn) and the radius is clamped to half the shorter
/// side. Masks are `.alpha8` buffers whose bytes are coverage, 0 (outside) to 255 (inside),
/// with the pixel grid's origin at the top left of the shape.
public enum ShapeMask {
    /// The coverage of a `width` x `height` rectangle with corners rounded by `radius`.
    ///
    /// The radius is clamped to `0...min(width, height) / 2`, as Core Animation clamps
    /// `cornerRadius`; a negative or NaN radius counts as 0 (square corners, every pixel 255).
    /// A width or height below 1 gives a 1x1 buffer of coverage 0.
    public static func roundedRect(width: Int, height: Int, radius: Double) -> PixelBuffer {
        let mask = PixelBuffer(width: width, height: height, format: .alpha8)
        guard width > 0, height > 0 else { return mask }
        let rect = CGRect(x: 0, y: 0, width: width, height: height)
        draw(into: mask) { cairo in
            addRoundedRect(cairo, rect, radius: clampedRadius(radius, for: rect))
            cairo_fill(cairo)
        }
        return mask
    }

    /// The coverage of a rounded border: the ring between the outer rounded rectangle (as in
    /// `roundedRect(width:height:radius:)`) and the rectangle inset by `borderWidth` on every
    /// side, whose corner radius is `max(0, radius - borderWidth)`, as Core Animation draws
    /// `borderWidth` inside the bounds.
    ///
    /// A border at least half the shorter side wide covers the whole rounded rectangle; a
    /// border width of zero, below zero or NaN covers nothing.
    public static func roundedBorder(
        width: Int, height: Int, radius: Double, borderWidth: Double
    ) -> PixelBuffer {
        let mask = PixelBuffer(width: width, height: height, format: .alpha8)
        guard width > 0, height > 0, borderWidth > 0 else { return mask }
        let outer = CGRect(x: 0, y: 0, width: width, height: height)
        let outerRadius = clampedRadius(radius, for: outer)
        let inset = min(borderWidth, Double(min(width, height)) / 2)
        let inner = outer.insetBy(dx: inset, dy: inset)
        draw(into: mask) { cairo in
            cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_EVEN_ODD)
            addRoundedRect(cairo, outer, radius: outerRadius)
            if inner.width > 0, inner.height > 0 {
                let innerRadius = clampedRadius(max(0, outerRadius - borderWidth), for: inner)
                addRoundedRect(cairo, inner, radius: innerRadius)
            }
            cairo_fill(cairo)
        }
        return mask
    }

    /// `radius` limited to `0...min(width, height) / 2`; NaN and negative radii give 0.
    static func clampedRadius(_ radius: Double, for rect: CGRect) -> Double {
        guard radius > 0 else { return 0 }
        return min(radius, Double(min(rect.width, rect.height)) / 2)
    }

    /// Appends a closed rounded rectangle (circular corners) to cairo's current path.
    static func addRoundedRect(_ cairo: OpaquePointer, _ rect: CGRect, radius: Double) {
        let minX = Double(rect.minX)
        let minY = Double(rect.minY)
        let maxX = Double(rect.maxX)
        let maxY = Double(rect.maxY)
        cairo_new_sub_path(cairo)
        guard radius > 0 else {
            cairo_rectangle(cairo, minX, minY, maxX - minX, maxY - minY)
            return
        }
        cairo_arc(cairo, maxX - radius, minY + radius, radius, -Double.pi / 2, 0)
        cairo_arc(cairo, maxX - radius, maxY - radius, radius, 0, Double.pi / 2)
        cairo_arc(cairo, minX + radius, maxY - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(cairo, minX + radius, minY + radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cairo)
    }

    /// Runs `body` with a cairo context over `mask` (an `.alpha8` buffer), then flushes.
    private static func draw(into mask: PixelBuffer, _ body: (OpaquePointer) -> Void) {
        let surface = CairoSurface.make(over: mask)
        let cairo = cairo_create(surface)!
        cairo_set_antialias(cairo, CAIRO_ANTIALIAS_GOOD)
        cairo_set_source_rgba(cairo, 0, 0, 0, 1)
        body(cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        cairo_surface_destroy(surface)
    }
}
