internal import CCairo
import Foundation

/// Filling, stroking, clipping and drawing images, as CoreGraphics' `CGContext`.
///
/// As in CoreGraphics, painting the current path (`fillPath`, `strokePath`, `drawPath`,
/// `clip`) consumes it, and so do the rectangle and ellipse conveniences (`fill(_:)`,
/// `stroke(_:)`, `fillEllipse(in:)`, ...), which CoreGraphics documents as clearing the
/// current path.
extension CGContext {
    // MARK: Painting the current path

    /// Fills the current path with the fill colour, as `fillPath(using:)`, then clears it.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        let data = currentPath
        currentPath = PathData()
        fill(data, rule: rule)
    }

    /// Strokes the current path with the stroke colour and line attributes, as
    /// `strokePath()`, then clears it.
    public func strokePath() {
        let data = currentPath
        currentPath = PathData()
        stroke(data)
    }

    /// Fills and/or strokes the current path, as `drawPath(using:)`, then clears it.
    public func drawPath(using mode: CGPathDrawingMode) {
        let data = currentPath
        currentPath = PathData()
        switch mode {
        case .fill: fill(data, rule: .winding)
        case .eoFill: fill(data, rule: .evenOdd)
        case .stroke: stroke(data)
        case .fillStroke:
            fill(data, rule: .winding)
            stroke(data)
        case .eoFillStroke:
            fill(data, rule: .evenOdd)
            stroke(data)
        }
    }

    // MARK: Rectangles and ellipses

    /// Fills `rect` with the fill colour, as `fill(_:)`.
    public func fill(_ rect: CGRect) {
        fill([rect])
    }

    /// Fills every rectangle with the fill colour, as `fill(_:)` with an array. Overlaps are
    /// painted once.
    public func fill(_ rects: [CGRect]) {
        currentPath = PathData()
        var data = PathData()
        for rect in rects { data.addRect(rect, state.ctm) }
        fill(data, rule: .winding)
    }

    /// Strokes the outline of `rect` with the current line attributes, as `stroke(_:)`.
    public func stroke(_ rect: CGRect) {
        currentPath = PathData()
        var data = PathData()
        data.addRect(rect, state.ctm)
        stroke(data)
    }

    /// Strokes the outline of `rect` `width` units wide, as `stroke(_:width:)`; the line
    /// width in the graphics state is left as it was.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState()
        setLineWidth(width)
        stroke(rect)
        restoreGState()
    }

    /// Fills the ellipse inscribed in `rect`, as `fillEllipse(in:)`.
    public func fillEllipse(in rect: CGRect) {
        currentPath = PathData()
        var data = PathData()
        data.addEllipse(in: rect, state.ctm)
        fill(data, rule: .winding)
    }

    /// Strokes the ellipse inscribed in `rect`, as `strokeEllipse(in:)`.
    public func strokeEllipse(in rect: CGRect) {
        currentPath = PathData()
        var data = PathData()
        data.addEllipse(in: rect, state.ctm)
        stroke(data)
    }

    /// Strokes a line for each pair of points, as `strokeLineSegments(between:)`; an odd
    /// last point is ignored.
    public func strokeLineSegments(between points: [CGPoint]) {
        currentPath = PathData()
        var data = PathData()
        var index = 0
        while index + 1 < points.count {
            data.move(to: points[index], state.ctm)
            data.addLine(to: points[index + 1], state.ctm)
            index += 2
        }
        stroke(data)
    }

    /// Makes the pixels of `rect` transparent black (black in an opaque buffer), as
    /// `clear(_:)`: the CTM and clip apply, the alpha and blend mode do not.
    public func clear(_ rect: CGRect) {
        currentPath = PathData()
        var data = PathData()
        data.addRect(rect, state.ctm)
        guard prepare() else { return }
        replay(data)
        cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        cairo_fill(cairo)
    }

    // MARK: Clipping

    /// Intersects the clip with the area of the current path, as `clip(using:)`, then clears
    /// the path. Clipping to an empty path leaves nothing drawable until the state is
    /// restored.
    public func clip(using rule: CGPathFillRule = .winding) {
        let data = currentPath
        currentPath = PathData()
        clip(to: data, rule: rule)
    }

    /// Intersects the clip with `rect`, as `clip(to:)`. The current path is kept.
    public func clip(to rect: CGRect) {
        clip(to: [rect])
    }

    /// Intersects the clip with the union of `rects`, as `clip(to:)` with an array. The
    /// current path is kept. An empty array or `.null` rects clip everything away, as in
    /// CoreGraphics. Deviation: rects with NaN or infinite values are left out, and a call
    /// whose every rect is such is ignored, so that bad input does not blank later drawing.
    public func clip(to rects: [CGRect]) {
        let usable = rects.filter { $0.isNull || $0.isFiniteRect }
        guard usable.count == rects.count || !usable.isEmpty else { return }
        var data = PathData()
        for rect in usable where !rect.isNull { data.addRect(rect.standardized, state.ctm) }
        clip(to: data, rule: .winding)
    }

    /// The bounding box of the clip in user space, as `boundingBoxOfClipPath`: the whole
    /// buffer when nothing clips, `.zero` when the clip is empty and `.null` while the CTM is
    /// singular.
    public var boundingBoxOfClipPath: CGRect {
        guard state.ctm.isUsableMatrix else { return .null }
        applyCTM()
        var x1 = 0.0
        var y1 = 0.0
        var x2 = 0.0
        var y2 = 0.0
        cairo_clip_extents(cairo, &x1, &y1, &x2, &y2)
        cairo_identity_matrix(cairo)
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    // MARK: Images

    /// Draws `image` scaled into `rect`, as `draw(_:in:byTiling:)`, multiplied by the alpha
    /// and sampled per `interpolationQuality`. With `byTiling`, the image is repeated in
    /// `rect`-sized tiles across the whole clip, as in CoreGraphics.
    ///
    /// Orientation (a deliberate deviation): the image's first row is drawn at `rect.minY`,
    /// upright in Vitrine's y-down space. CoreGraphics' own `draw(_:in:)` puts the first row
    /// at `rect.maxY` of its y-up space, so inside a UIKit `draw(_:)` it comes out upside down
    /// unless the caller flips the CTM first. Vitrine chose upright because what `draw(_:)`
    /// code means when it draws an image is what `UIImage.draw(in:)` shows (upright), and a
    /// UIKit layer built on this context can draw `UIImage`s without a flip. iOS code that
    /// pre-flips the CTM (`translateBy(x: 0, y: h); scaleBy(x: 1, y: -1)`) to compensate for
    /// Quartz will draw upside down here and should drop the flip (`#if canImport(UIKit)`).
    /// A negative width or height in `rect` mirrors the image.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        guard rect.isFiniteRect, !rect.isNull, rect.width != 0, rect.height != 0 else { return }
        guard prepare() else { return }
        let pixels = image.colorPixels
        withExtendedLifetime(pixels) {
            let source = CairoSurface.make(over: pixels)
            let pattern = cairo_pattern_create_for_surface(source)
            var matrix = cairo_matrix_t()
            cairo_matrix_init_scale(
                &matrix, Double(pixels.width) / Double(rect.width),
                Double(pixels.height) / Double(rect.height))
            cairo_matrix_translate(&matrix, -Double(rect.minX), -Double(rect.minY))
            cairo_pattern_set_matrix(pattern, &matrix)
            cairo_pattern_set_filter(pattern, state.interpolationQuality.cairoFilter)
            cairo_pattern_set_extend(pattern, byTiling ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_PAD)
            cairo_save(cairo)
            applyCTM()
            if !byTiling {
                cairo_rectangle(
                    cairo, Double(rect.minX), Double(rect.minY), Double(rect.width),
                    Double(rect.height))
                cairo_clip(cairo)
            }
            cairo_set_source(cairo, pattern)
            cairo_paint_with_alpha(cairo, Double(state.alpha))
            cairo_restore(cairo)
            cairo_pattern_destroy(pattern)
            cairo_surface_destroy(source)
        }
    }

    // MARK: Internals

    /// Fills a device-space path.
    func fill(_ data: PathData, rule: CGPathFillRule) {
        guard !data.isEmpty, prepare() else { return }
        replay(data)
        cairo_set_fill_rule(cairo, rule.cairoValue)
        setSource(state.fillColor)
        cairo_fill(cairo)
    }

    /// Strokes a device-space path with the line attributes of the CTM's user space.
    func stroke(_ data: PathData) {
        guard !data.isEmpty, prepare() else { return }
        replay(data)
        setSource(state.strokeColor)
        if state.lineWidth == 0 {
            // CoreGraphics' zero width: the thinnest visible line, one device pixel.
            cairo_save(cairo)
            cairo_set_line_width(cairo, 1)
            cairo_stroke(cairo)
            cairo_restore(cairo)
        } else {
            applyCTM()
            cairo_stroke(cairo)
            cairo_identity_matrix(cairo)
        }
    }

    /// Intersects cairo's clip with a device-space path.
    private func clip(to data: PathData, rule: CGPathFillRule) {
        cairo_identity_matrix(cairo)
        cairo_new_path(cairo)
        cairo_set_antialias(
            cairo,
            state.shouldAntialias && state.allowsAntialiasing
                ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
        replay(data)
        cairo_set_fill_rule(cairo, rule.cairoValue)
        cairo_clip(cairo)
    }
}
