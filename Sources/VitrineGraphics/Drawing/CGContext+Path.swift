internal import CCairo
import Foundation

/// Building the current path, as CoreGraphics' `CGContext` path functions. Points are mapped
/// through the CTM when added; the current path is not part of the graphics state.
extension CGContext {
    /// Discards the current path, as `beginPath()`.
    public func beginPath() {
        currentPath = PathData()
    }

    /// Starts a new subpath, as `move(to:)`.
    public func move(to point: CGPoint) {
        currentPath.move(to: point, state.ctm)
    }

    /// A line from the current point, as `addLine(to:)`; ignored without a current point.
    public func addLine(to point: CGPoint) {
        currentPath.addLine(to: point, state.ctm)
    }

    /// A new subpath through `points`, as `addLines(between:)`.
    public func addLines(between points: [CGPoint]) {
        currentPath.addLines(between: points, state.ctm)
    }

    /// A cubic Bézier from the current point, as `addCurve(to:control1:control2:)`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        currentPath.addCurve(to: end, control1: control1, control2: control2, state.ctm)
    }

    /// A quadratic Bézier from the current point, as `addQuadCurve(to:control:)`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        currentPath.addQuadCurve(to: end, control: control, state.ctm)
    }

    /// An arc of a circle, as `addArc(center:radius:startAngle:endAngle:clockwise:)`.
    ///
    /// Same meaning as CoreGraphics on iOS: angles run from +x towards +y (downwards on
    /// screen), `clockwise: false` sweeps with increasing angle and therefore turns clockwise
    /// on screen in this y-down space, and `clockwise: true` counter-clockwise, which is what
    /// Apple documents for UIKit's flipped contexts. (`UIBezierPath`'s `clockwise` is the
    /// other way round.) An existing subpath is joined to the arc with a line.
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        currentPath.addArc(
            center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
            clockwise: clockwise, state.ctm)
    }

    /// A line and an arc tangent to current point -> `tangent1End` -> `tangent2End`, as
    /// `addArc(tangent1End:tangent2End:radius:)`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        currentPath.addArc(
            tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, state.ctm)
    }

    /// A closed rectangle subpath, as `addRect(_:)`.
    public func addRect(_ rect: CGRect) {
        currentPath.addRect(rect, state.ctm)
    }

    /// One closed subpath per rectangle, as `addRects(_:)`.
    public func addRects(_ rects: [CGRect]) {
        for rect in rects { currentPath.addRect(rect, state.ctm) }
    }

    /// A closed ellipse inscribed in `rect`, as `addEllipse(in:)`.
    public func addEllipse(in rect: CGRect) {
        currentPath.addEllipse(in: rect, state.ctm)
    }

    /// Closes the current subpath, as `closePath()`.
    public func closePath() {
        currentPath.closeSubpath()
    }

    /// Appends `path`, mapped through the CTM, as `addPath(_:)`.
    public func addPath(_ newPath: CGPath) {
        currentPath.addPath(newPath.data, state.ctm)
    }

    /// Whether the current path is empty, as `isPathEmpty`.
    public var isPathEmpty: Bool { currentPath.isEmpty }

    /// The current point in user space, as `currentPointOfPath`: `.zero` without one.
    public var currentPointOfPath: CGPoint {
        guard let point = currentPath.currentPoint, state.ctm.isUsableMatrix else { return .zero }
        return point.applying(state.ctm.inverted())
    }

    /// The tight bounding box of the current path in user space, as `boundingBoxOfPath`;
    /// `.null` when the path is empty.
    public var boundingBoxOfPath: CGRect {
        guard state.ctm.isUsableMatrix else { return .null }
        return currentPath.applying(state.ctm.inverted()).tightBounds
    }

    /// A copy of the current path in user space, as `CGContext.path`; nil when empty.
    public var path: CGPath? {
        guard !currentPath.isEmpty, state.ctm.isUsableMatrix else { return nil }
        return CGPath(data: currentPath.applying(state.ctm.inverted()))
    }

    /// Sends a device-space path to cairo (whose matrix must be the identity). Coordinates
    /// are clamped to the range cairo's fixed-point numbers hold; only geometry millions of
    /// pixels away from the buffer changes.
    func replay(_ data: PathData) {
        let limit = 4_000_000.0
        func clamp(_ v: CGFloat) -> Double { min(limit, max(-limit, Double(v))) }
        var current = CGPoint.zero
        var start = CGPoint.zero
        for element in data.elements {
            switch element {
            case .moveToPoint(let p):
                cairo_move_to(cairo, clamp(p.x), clamp(p.y))
                current = p
                start = p
            case .addLineToPoint(let p):
                cairo_line_to(cairo, clamp(p.x), clamp(p.y))
                current = p
            case .addQuadCurveToPoint(let c, let p):
                let (c1, c2) = PathData.cubicControls(from: current, quad: c, to: p)
                cairo_curve_to(
                    cairo, clamp(c1.x), clamp(c1.y), clamp(c2.x), clamp(c2.y), clamp(p.x),
                    clamp(p.y))
                current = p
            case .addCurveToPoint(let c1, let c2, let p):
                cairo_curve_to(
                    cairo, clamp(c1.x), clamp(c1.y), clamp(c2.x), clamp(c2.y), clamp(p.x),
                    clamp(p.y))
                current = p
            case .closeSubpath:
                cairo_close_path(cairo)
                current = start
            }
        }
    }
}
