internal import CCairo
import Foundation

/// A drawing destination with CoreGraphics' Swift API, drawing through cairo into a pixel
/// buffer: what a `draw(_:)` override draws into.
///
/// Coordinates are y-down with the origin at the top left, one unit per pixel, as UIKit sets
/// up the context of `draw(_:)` (there, CoreGraphics' y-up base space is flipped by a CTM
/// Vitrine does not need; `ctm` therefore starts as the identity, or as the scale given to
/// `init(pixelBuffer:scale:)`).
///
/// As in CoreGraphics, the graphics state (CTM, clip, colours, line attributes, alpha, blend
/// mode, anti-aliasing, interpolation quality) is saved and restored by
/// `saveGState()`/`restoreGState()`, and the current path is not part of it. Path points are
/// mapped through the CTM when they are added; line widths and dashes through the CTM in
/// force when stroking.
///
/// Bad input never crashes and never poisons later drawing: NaN or infinite coordinates drop
/// the operation, a CTM change with non-finite values is ignored, and while the CTM is
/// singular (`scaleBy(x: 0, y: 0)`) drawing does nothing, as in CoreGraphics.
///
/// Deviation: if you write to `pixelBuffer` directly between drawing calls, call `flush()`
/// before and after, as for any cairo-backed surface.
public final class CGContext {
    /// The buffer drawn into.
    public let pixelBuffer: PixelBuffer
    let cairo: OpaquePointer
    private let surface: OpaquePointer

    /// The part of the graphics state kept on the Swift side (cairo keeps the clip and the
    /// line attributes in its own state, saved in step).
    struct GState {
        var ctm: CGAffineTransform = .identity
        var fillColor: CGColor = .black
        var strokeColor: CGColor = .black
        var alpha: CGFloat = 1
        var blendMode: CGBlendMode = .normal
        var shouldAntialias = true
        var allowsAntialiasing = true
        var interpolationQuality: CGInterpolationQuality = .default
        var lineWidth: CGFloat = 1
    }

    var state = GState()
    private var savedStates: [GState] = []
    /// The current path, in device space (points already mapped through the CTM).
    var currentPath = PathData()

    /// A context drawing into `pixelBuffer` (`.argb8888Premultiplied` or `.xrgb8888`).
    ///
    /// Deviation: CoreGraphics makes bitmap contexts with
    /// `CGContext(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo:)`; Vitrine
    /// draws into a `PixelBuffer`. The buffer's pixels are not cleared.
    public init(pixelBuffer: PixelBuffer) {
        precondition(pixelBuffer.format != .alpha8, "draw into a colour buffer")
        self.pixelBuffer = pixelBuffer
        surface = CairoSurface.make(over: pixelBuffer)
        cairo = cairo_create(surface)
        cairo_set_line_width(cairo, 1)
    }

    /// A context whose base CTM scales by `scale` (a layer's `contentsScale`), as UIKit's
    /// context for a 2x screen reports a scaled `ctm`. Restoring the state never goes below
    /// this base. A non-finite or non-positive scale counts as 1.
    public convenience init(pixelBuffer: PixelBuffer, scale: CGFloat) {
        self.init(pixelBuffer: pixelBuffer)
        if scale.isFinite, scale > 0 { state.ctm = CGAffineTransform(scaleX: scale, y: scale) }
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    /// The buffer's width in pixels, as `CGContext.width`.
    public var width: Int { pixelBuffer.width }
    /// The buffer's height in pixels, as `CGContext.height`.
    public var height: Int { pixelBuffer.height }

    /// An image of what has been drawn so far, as `CGContext.makeImage()`.
    public func makeImage() -> CGImage? {
        cairo_surface_flush(surface)
        return CGImage(copying: pixelBuffer)
    }

    /// Finishes pending drawing and tells cairo the pixels may have been changed from
    /// outside, as `CGContext.flush()`.
    public func flush() {
        cairo_surface_flush(surface)
        cairo_surface_mark_dirty(surface)
    }

    // MARK: Graphics state

    /// Pushes a copy of the graphics state, as `saveGState()`.
    public func saveGState() {
        savedStates.append(state)
        cairo_save(cairo)
    }

    /// Pops the graphics state saved last, as `restoreGState()`. Like CoreGraphics, an
    /// unbalanced restore does nothing.
    public func restoreGState() {
        guard let saved = savedStates.popLast() else { return }
        state = saved
        cairo_restore(cairo)
    }

    // MARK: The CTM

    /// The current transformation matrix, user space to device pixels, as `CGContext.ctm`.
    /// Deviation: it starts as the identity (or the base scale), not UIKit's flip.
    public var ctm: CGAffineTransform { state.ctm }

    /// Translates user space, as `translateBy(x:y:)`. Non-finite values are ignored.
    public func translateBy(x: CGFloat, y: CGFloat) {
        concatenate(CGAffineTransform(translationX: x, y: y))
    }

    /// Scales user space, as `scaleBy(x:y:)`. A zero scale makes later drawing do nothing
    /// until the state is restored, as in CoreGraphics.
    public func scaleBy(x: CGFloat, y: CGFloat) {
        concatenate(CGAffineTransform(scaleX: x, y: y))
    }

    /// Rotates user space by `angle` radians, as `rotate(by:)`: in y-down space a positive
    /// angle turns clockwise on screen, as in UIKit's `draw(_:)`.
    public func rotate(by angle: CGFloat) {
        concatenate(CGAffineTransform(rotationAngle: angle))
    }

    /// Applies `transform` before the CTM, as `concatenate(_:)`. Ignored if the result is not
    /// finite.
    public func concatenate(_ transform: CGAffineTransform) {
        let result = transform.concatenating(state.ctm)
        guard result.isFiniteTransform else { return }
        state.ctm = result
    }

    /// Maps a user-space point to device pixels, as `convertToDeviceSpace(_:)`.
    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm) }

    /// Maps a device-pixel point to user space, as `convertToUserSpace(_:)`.
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint {
        point.applying(state.ctm.inverted())
    }

    // MARK: Colours and attributes

    /// Sets the fill colour, as `setFillColor(_:)`.
    public func setFillColor(_ color: CGColor) { state.fillColor = color }

    /// Sets the fill colour from sRGB components, as `setFillColor(red:green:blue:alpha:)`.
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Sets the fill colour to a grey, as `setFillColor(gray:alpha:)`.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(gray: gray, alpha: alpha)
    }

    /// Sets the stroke colour, as `setStrokeColor(_:)`.
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = color }

    /// Sets the stroke colour from sRGB components, as `setStrokeColor(red:green:blue:alpha:)`.
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Sets the stroke colour to a grey, as `setStrokeColor(gray:alpha:)`.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(gray: gray, alpha: alpha)
    }

    /// The fill colour in force (Vitrine addition; CoreGraphics has no getter).
    public var fillColor: CGColor { state.fillColor }
    /// The stroke colour in force (Vitrine addition; CoreGraphics has no getter).
    public var strokeColor: CGColor { state.strokeColor }

    /// Sets the stroke width in user-space units, as `setLineWidth(_:)`. A width of zero
    /// strokes the thinnest line the device shows (one pixel), as in CoreGraphics; a negative
    /// or non-finite width is ignored.
    public func setLineWidth(_ width: CGFloat) {
        guard width.isFinite, width >= 0 else { return }
        state.lineWidth = width
        cairo_set_line_width(cairo, Double(width))
    }

    /// Sets how open subpaths end, as `setLineCap(_:)`.
    public func setLineCap(_ cap: CGLineCap) {
        cairo_set_line_cap(cairo, cap.cairoValue)
    }

    /// Sets how corners are joined, as `setLineJoin(_:)`.
    public func setLineJoin(_ join: CGLineJoin) {
        cairo_set_line_join(cairo, join.cairoValue)
    }

    /// Sets the miter limit (default 10), as `setMiterLimit(_:)`. Non-finite or negative
    /// values are ignored.
    public func setMiterLimit(_ limit: CGFloat) {
        guard limit.isFinite, limit >= 0 else { return }
        cairo_set_miter_limit(cairo, Double(limit))
    }

    /// Sets the dash pattern (user-space lengths, alternately on and off), as
    /// `setLineDash(phase:lengths:)`. Empty lengths give a solid line. Deviation: a pattern
    /// with a negative or non-finite length, or only zeros, also gives a solid line rather
    /// than an error.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        let valid =
            !lengths.isEmpty && lengths.allSatisfy { $0.isFinite && $0 >= 0 }
            && lengths.contains { $0 > 0 }
        guard valid else {
            cairo_set_dash(cairo, nil, 0, 0)
            return
        }
        let dashes = lengths.map(Double.init)
        cairo_set_dash(cairo, dashes, Int32(dashes.count), phase.isFinite ? Double(phase) : 0)
    }

    /// Sets the alpha all drawing is multiplied by, as `setAlpha(_:)`; clamped to 0...1.
    public func setAlpha(_ alpha: CGFloat) {
        state.alpha = alpha.isNaN ? 1 : min(1, max(0, alpha))
    }

    /// Sets how drawing combines with the pixels underneath, as `setBlendMode(_:)`.
    public func setBlendMode(_ mode: CGBlendMode) { state.blendMode = mode }

    /// Turns anti-aliasing on or off, as `setShouldAntialias(_:)`.
    public func setShouldAntialias(_ shouldAntialias: Bool) {
        state.shouldAntialias = shouldAntialias
    }

    /// Whether anti-aliasing may be used at all, as `setAllowsAntialiasing(_:)`; drawing is
    /// anti-aliased only when both this and `setShouldAntialias` allow it.
    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) {
        state.allowsAntialiasing = allowsAntialiasing
    }

    /// How images are sampled when drawn scaled, as `CGContext.interpolationQuality`.
    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }

    // MARK: cairo plumbing

    /// Sets cairo up for one drawing operation (matrix identity, operator, anti-aliasing)
    /// and returns false when nothing should be drawn because the CTM is singular.
    func prepare() -> Bool {
        guard state.ctm.isUsableMatrix else { return false }
        cairo_identity_matrix(cairo)
        cairo_new_path(cairo)
        cairo_set_operator(cairo, state.blendMode.cairoOperator)
        cairo_set_antialias(
            cairo,
            state.shouldAntialias && state.allowsAntialiasing
                ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
        return true
    }

    /// Makes `color`, multiplied by the global alpha, cairo's source.
    func setSource(_ color: CGColor) {
        cairo_set_source_rgba(
            cairo, Double(color.red), Double(color.green), Double(color.blue),
            Double(color.alpha * state.alpha))
    }

    /// Sets cairo's matrix to the CTM (for strokes, images and text), which `prepare()`
    /// checked is usable.
    func applyCTM() {
        var matrix = state.ctm.cairoMatrix
        cairo_set_matrix(cairo, &matrix)
    }
}

extension CGAffineTransform {
    var cairoMatrix: cairo_matrix_t {
        cairo_matrix_t(
            xx: Double(a), yx: Double(b), xy: Double(c), yy: Double(d), x0: Double(tx),
            y0: Double(ty))
    }
}
