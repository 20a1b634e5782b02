import Foundation

/// A path of lines and curves with the attributes to draw it, as UIKit's `UIBezierPath`:
/// built in points, in UIKit's y-down coordinates, and filled, stroked or clipped to in the
/// current UIGraphics context (`UIGraphicsGetCurrentContext()`).
///
/// The geometry lives in a `CGMutablePath` (`cgPath`), so every construction rule of
/// Vitrine's `CGPath` holds: an element with a NaN or infinite coordinate is dropped, a line
/// or curve without a current point is dropped, nothing traps.
///
/// Deviations from UIKit:
/// - It is a plain Swift class, not an `NSObject` with `NSCopying`/`NSSecureCoding`; copy a
///   path with `UIBezierPath(cgPath: path.cgPath)` (line attributes are not copied).
/// - Rounded rectangles have circular corners; iOS 7 and later draw "continuous" corners
///   that blend into the sides. The shape differs by under a pixel or two at the corners.
/// - `flatness` is stored but does not change how curves are drawn (cairo's own tolerance
///   applies).
/// - The class is not bound to the main actor (paths can be built anywhere), but `fill()`,
///   `stroke()` and `addClip()` are, because the UIGraphics context stack is.
open class UIBezierPath: CustomStringConvertible {
    /// The geometry, always a private mutable copy.
    private var path: CGMutablePath
    /// The dash pattern set by `setLineDash(_:count:phase:)`; empty means solid.
    private var dashPattern: [CGFloat] = []
    private var dashPhase: CGFloat = 0

    // MARK: Creating paths

    /// An empty path, as `UIBezierPath()`.
    public init() {
        path = CGMutablePath()
    }

    /// A closed rectangle subpath, as `UIBezierPath(rect:)`: a move to the top-left corner
    /// (`minX`, `minY`), then lines clockwise on screen through the other corners, and a close.
    /// A null or non-finite rect gives an empty path.
    public convenience init(rect: CGRect) {
        self.init()
        guard !rect.isNull, rect.isFinite else { return }
        let r = rect.standardized
        path.move(to: CGPoint(x: r.minX, y: r.minY))
        path.addLine(to: CGPoint(x: r.maxX, y: r.minY))
        path.addLine(to: CGPoint(x: r.maxX, y: r.maxY))
        path.addLine(to: CGPoint(x: r.minX, y: r.maxY))
        path.closeSubpath()
    }

    /// A closed ellipse inscribed in `rect`, as `UIBezierPath(ovalIn:)`: it starts at
    /// (`maxX`, `midY`) and runs clockwise on screen, the same way round as `init(rect:)`, as
    /// UIKit's ovals do (so appending a `reversing()`-style path is needed for a hole with the
    /// non-zero rule, as on iOS). A null or non-finite rect gives an empty path.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        guard !rect.isNull, rect.isFinite else { return }
        let r = rect.standardized
        // A unit circle swept with increasing angle (clockwise on screen in y-down space),
        // scaled to the rect.
        let transform = CGAffineTransform(a: r.width / 2, b: 0, c: 0, d: r.height / 2, tx: r.midX, ty: r.midY)
        path.addArc(
            center: .zero, radius: 1, startAngle: 0, endAngle: 2 * .pi, clockwise: false, transform: transform)
        path.closeSubpath()
    }

    /// A rectangle with all four corners rounded by `cornerRadius`, as
    /// `UIBezierPath(roundedRect:cornerRadius:)`. As in UIKit, the radius is limited to half
    /// the shorter side (a larger one gives a capsule or a circle); a negative or non-finite
    /// radius gives square corners. Deviation: the corners are circular arcs, not iOS 7's
    /// continuous curves.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(
            roundedRect: rect, byRoundingCorners: .allCorners,
            cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// A rectangle with the chosen corners rounded, as
    /// `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`.
    ///
    /// Like iOS 7 and later, only `cornerRadii.width` is used, for both radii of every corner
    /// (iOS ignores the height), limited to half the shorter side. The path starts after the
    /// top-left corner and runs clockwise on screen. A null or non-finite rect gives an empty
    /// path; a negative or non-finite radius gives square corners.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        guard !rect.isNull, rect.isFinite else { return }
        let r = rect.standardized
        let limit = min(r.width, r.height) / 2
        let cornerRadius = cornerRadii.width.isFinite ? min(max(0, cornerRadii.width), limit) : 0
        func radius(_ corner: UIRectCorner) -> CGFloat { corners.contains(corner) ? cornerRadius : 0 }
        let topLeft = radius(.topLeft)
        let topRight = radius(.topRight)
        let bottomRight = radius(.bottomRight)
        let bottomLeft = radius(.bottomLeft)
        /// A quarter turn clockwise on screen, from `start` radians, about `center`.
        func corner(_ arcRadius: CGFloat, _ center: CGPoint, _ start: CGFloat) {
            guard arcRadius > 0 else { return }
            path.addArc(
                center: center, radius: arcRadius, startAngle: start, endAngle: start + .pi / 2,
                clockwise: false)
        }
        path.move(to: CGPoint(x: r.minX + topLeft, y: r.minY))
        path.addLine(to: CGPoint(x: r.maxX - topRight, y: r.minY))
        corner(topRight, CGPoint(x: r.maxX - topRight, y: r.minY + topRight), -.pi / 2)
        path.addLine(to: CGPoint(x: r.maxX, y: r.maxY - bottomRight))
        corner(bottomRight, CGPoint(x: r.maxX - bottomRight, y: r.maxY - bottomRight), 0)
        path.addLine(to: CGPoint(x: r.minX + bottomLeft, y: r.maxY))
        corner(bottomLeft, CGPoint(x: r.minX + bottomLeft, y: r.maxY - bottomLeft), .pi / 2)
        path.addLine(to: CGPoint(x: r.minX, y: r.minY + topLeft))
        corner(topLeft, CGPoint(x: r.minX + topLeft, y: r.minY + topLeft), .pi)
        path.closeSubpath()
    }

    /// An open arc of a circle, as `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`;
    /// see `addArc(withCenter:radius:startAngle:endAngle:clockwise:)` for the direction.
    public convenience init(
        arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// A path with the geometry of `cgPath` (copied), as `UIBezierPath(cgPath:)`.
    public convenience init(cgPath: CGPath) {
        self.init()
        path = cgPath.mutableCopy() ?? CGMutablePath()
    }

    // MARK: Building

    /// Starts a new subpath at `point`, as `move(to:)`.
    open func move(to point: CGPoint) {
        path.move(to: point)
    }

    /// A straight line from the current point, as `addLine(to:)`. Deviation: without a
    /// current point UIKit raises an exception; Vitrine ignores the call.
    open func addLine(to point: CGPoint) {
        path.addLine(to: point)
    }

    /// A cubic Bézier from the current point, as `addCurve(to:controlPoint1:controlPoint2:)`.
    /// Ignored without a current point (UIKit raises).
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// A quadratic Bézier from the current point, as `addQuadCurve(to:controlPoint:)`.
    /// Ignored without a current point (UIKit raises).
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }

    /// An arc of a circle, as `addArc(withCenter:radius:startAngle:endAngle:clockwise:)`.
    ///
    /// UIKit's convention: angles are measured from the +x axis, and with `clockwise: true`
    /// the arc turns clockwise on screen (y-down: from 0 towards π/2, the bottom of the circle).
    /// This is the opposite meaning to CoreGraphics' `clockwise` flag, which refers to y-up
    /// space; the arc is stored in `cgPath` with the flag inverted. When the path has a current
    /// point, a line joins it to the arc's start, as in UIKit. A negative or non-finite radius
    /// adds nothing.
    open func addArc(
        withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Closes the current subpath with a line to its start, as `close()`.
    open func close() {
        path.closeSubpath()
    }

    /// Removes every element, as `removeAllPoints()`; the line attributes are kept.
    open func removeAllPoints() {
        path = CGMutablePath()
    }

    /// Adds the subpaths of `bezierPath` to this one, as `append(_:)`.
    open func append(_ bezierPath: UIBezierPath) {
        path.addPath(bezierPath.path)
    }

    /// Maps every point (control points included) through `transform`, as `apply(_:)`.
    /// Deviation: a transform that makes a point non-finite drops that element.
    open func apply(_ transform: CGAffineTransform) {
        path = withUnsafePointer(to: transform) { path.mutableCopy(using: $0) } ?? CGMutablePath()
    }

    // MARK: Geometry

    /// The path's geometry, as `cgPath`. Reading gives an immutable copy; setting replaces the
    /// geometry with a copy of the new path (the line attributes stay).
    open var cgPath: CGPath {
        get { path.copy() ?? CGPath(rect: .null) }
        set { path = newValue.mutableCopy() ?? CGMutablePath() }
    }

    /// The box of every point including Bézier control points, as `bounds` (Apple documents
    /// that control points are included). `.null` for an empty path, as
    /// `CGPathGetBoundingBox`.
    open var bounds: CGRect { path.boundingBox }

    /// The end of the last element, as `currentPoint`; `.zero` for an empty path.
    open var currentPoint: CGPoint { path.currentPoint }

    /// Whether the path has no elements at all, as `isEmpty` (a lone `move(to:)` counts as an
    /// element).
    open var isEmpty: Bool { path.isEmpty }

    /// Whether `point` lies in the area `fill()` would paint, as `contains(_:)`: open
    /// subpaths count as closed, and `usesEvenOddFillRule` chooses the rule.
    open func contains(_ point: CGPoint) -> Bool {
        path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    // MARK: Drawing attributes

    /// The stroke width in points, as `lineWidth` (default 1). Zero strokes the thinnest line
    /// the device shows. Deviation: a negative or non-finite width is ignored when stroking
    /// (the context's own line width is used).
    open var lineWidth: CGFloat = 1

    /// How open subpaths end when stroked, as `lineCapStyle` (default `.butt`).
    open var lineCapStyle: CGLineCap = .butt

    /// How corners are drawn when stroked, as `lineJoinStyle` (default `.miter`).
    open var lineJoinStyle: CGLineJoin = .miter

    /// The miter limit, as `miterLimit` (default 10).
    open var miterLimit: CGFloat = 10

    /// The curve accuracy, as `flatness` (default 0.6). Deviation: stored only; cairo's own
    /// tolerance decides how curves are flattened.
    open var flatness: CGFloat = 0.6

    /// Whether `fill()`, `addClip()` and `contains(_:)` use the even-odd rule instead of the
    /// non-zero winding rule, as `usesEvenOddFillRule` (default false).
    open var usesEvenOddFillRule = false

    /// Sets the dash pattern used by `stroke()`, as `setLineDash(_:count:phase:)`: `count`
    /// lengths in points, alternately painted and skipped, starting `phase` points into the
    /// pattern. A nil pattern or a count of zero gives a solid line. Deviation: a negative
    /// count is treated as zero; a pattern with negative, non-finite or only zero lengths
    /// strokes solid.
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        if let pattern, count > 0 {
            dashPattern = Array(UnsafeBufferPointer(start: pattern, count: count))
        } else {
            dashPattern = []
        }
        dashPhase = phase.isFinite ? phase : 0
    }

    /// Reads the dash pattern, as `getLineDash(_:count:phase:)`: `pattern`, if given, must
    /// have room for every length (ask for `count` first with a nil pattern).
    open func getLineDash(
        _ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?,
        phase: UnsafeMutablePointer<CGFloat>?
    ) {
        if let pattern {
            for (index, length) in dashPattern.enumerated() { pattern[index] = length }
        }
        count?.pointee = dashPattern.count
        phase?.pointee = dashPhase
    }

    // MARK: Drawing

    /// Fills the enclosed area with the current context's fill colour (`UIColor.setFill()`),
    /// as `fill()`, using `usesEvenOddFillRule`. The context's graphics state is saved and
    /// restored around it, as in UIKit. Without a current context nothing is drawn (UIKit
    /// logs). Any path the caller was building in the context itself is discarded.
    @preconcurrency @MainActor
    open func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        fillPath(in: context)
        context.restoreGState()
    }

    /// Fills as `fill()` does, with `blendMode` and `alpha` (which replaces the context's
    /// alpha, clamped to 0...1) in force, as `fill(with:alpha:)`.
    @preconcurrency @MainActor
    open func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(alpha)
        fillPath(in: context)
        context.restoreGState()
    }

    /// Strokes the path with the current context's stroke colour (`UIColor.setStroke()`) and
    /// this path's line attributes (width, cap, join, miter limit, dash), as `stroke()`. The
    /// line is centred on the path. The context's graphics state is saved and restored around
    /// it. Without a current context nothing is drawn.
    @preconcurrency @MainActor
    open func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        strokePath(in: context)
        context.restoreGState()
    }

    /// Strokes as `stroke()` does, with `blendMode` and `alpha` in force, as
    /// `stroke(with:alpha:)`.
    @preconcurrency @MainActor
    open func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(alpha)
        strokePath(in: context)
        context.restoreGState()
    }

    /// Intersects the current context's clip with the path's area, as `addClip()`, using
    /// `usesEvenOddFillRule`. As in UIKit the clip is not undone: wrap the call in
    /// `saveGState()`/`restoreGState()` to limit it. Without a current context it does nothing.
    @preconcurrency @MainActor
    open func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.beginPath()
        context.addPath(path)
        context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    private func fillPath(in context: CGContext) {
        context.beginPath()
        context.addPath(path)
        context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    private func strokePath(in context: CGContext) {
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.setMiterLimit(miterLimit)
        context.setLineDash(phase: dashPhase, lengths: dashPattern)
        context.beginPath()
        context.addPath(path)
        context.strokePath()
    }

    /// The path's elements and line width, for debugging.
    open var description: String {
        "UIBezierPath(lineWidth: \(lineWidth), \(path))"
    }
}

extension CGRect {
    /// Whether every coordinate is finite.
    var isFinite: Bool {
        origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
    }
}
