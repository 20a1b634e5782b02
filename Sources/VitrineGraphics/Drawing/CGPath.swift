import Foundation

/// An immutable graphics path, as CoreGraphics' `CGPath`: subpaths of lines and Bézier curves
/// that a `CGContext` fills, strokes or clips to, and that `CAShapeLayer` holds.
///
/// A class, like CoreGraphics' own, so that iOS code such as
/// `let path = CGMutablePath(); path.addRect(r)` compiles unchanged: `CGMutablePath` is its
/// mutable subclass. A `CGPath` never changes after it is made (`copy()` returns `self`);
/// a `CGMutablePath` changes in place and is not safe to share between threads while it does.
///
/// Arcs and ellipses are stored as cubic Béziers, as CoreGraphics stores them. Construction
/// follows CoreGraphics, with these deviations, all so that bad input never crashes: an
/// operation with a NaN or infinite coordinate is dropped whole; a line or curve without a
/// current point is dropped (CoreGraphics logs and drops it too); oversized or negative
/// corner sizes are clamped instead of CoreGraphics' assertion failure.
public class CGPath: Equatable, CustomStringConvertible {
    /// One element of a path, named after CoreGraphics' `CGPathElementType` cases.
    ///
    /// Deviation: CoreGraphics hands out a `CGPathElement` (a type and a pointer to points)
    /// through `applyWithBlock`; Vitrine exposes a Swift enum through `elements`.
    public enum Element: Hashable, Sendable {
        /// Starts a new subpath at the point.
        case moveToPoint(CGPoint)
        /// A straight line from the current point.
        case addLineToPoint(CGPoint)
        /// A quadratic Bézier from the current point.
        case addQuadCurveToPoint(control: CGPoint, point: CGPoint)
        /// A cubic Bézier from the current point.
        case addCurveToPoint(control1: CGPoint, control2: CGPoint, point: CGPoint)
        /// A line back to the start of the subpath, which is closed.
        case closeSubpath
    }

    var data: PathData

    init(data: PathData) {
        self.data = data
    }

    /// A rectangle path, as `CGPath(rect:transform:)`: a move to (minX, minY), lines through
    /// the other corners, and a close. `transform`, if given, maps every point.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        var data = PathData()
        data.addRect(rect, transform?.pointee ?? .identity)
        self.init(data: data)
    }

    /// An ellipse inscribed in `rect`, as `CGPath(ellipseIn:transform:)`.
    public convenience init(
        ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil
    ) {
        var data = PathData()
        data.addEllipse(in: rect, transform?.pointee ?? .identity)
        self.init(data: data)
    }

    /// A rectangle with elliptical corners, as
    /// `CGPath(roundedRect:cornerWidth:cornerHeight:transform:)`. Deviation: CoreGraphics
    /// asserts when a corner exceeds half the side or is negative; here it is clamped to
    /// `0...half the side` (zero gives a plain rectangle).
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: UnsafePointer<CGAffineTransform>? = nil
    ) {
        var data = PathData()
        data.addRoundedRect(
            in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
            transform?.pointee ?? .identity)
        self.init(data: data)
    }

    /// The path's elements in order (Vitrine's form of `applyWithBlock(_:)`).
    public var elements: [Element] { data.elements }

    /// Whether the path has no elements, as `CGPath.isEmpty`.
    public var isEmpty: Bool { data.isEmpty }

    /// The current point, as `CGPath.currentPoint`: `.zero` for an empty path.
    public var currentPoint: CGPoint { data.currentPoint ?? .zero }

    /// The box of every point including Bézier control points, as `CGPath.boundingBox`;
    /// `.null` for an empty path.
    public var boundingBox: CGRect { data.controlPointBounds }

    /// The tight box of the path's curves, control points excluded, as
    /// `CGPath.boundingBoxOfPath`; `.null` for an empty path.
    public var boundingBoxOfPath: CGRect { data.tightBounds }

    /// Whether `point` is inside the area the path would fill, as
    /// `CGPath.contains(_:using:transform:)`. Open subpaths count as closed; `transform` maps
    /// the path before the test.
    public func contains(
        _ point: CGPoint, using rule: CGPathFillRule = .winding,
        transform: CGAffineTransform = .identity
    ) -> Bool {
        let path = transform.isIdentity ? data : data.applying(transform)
        return path.contains(point, rule: rule)
    }

    /// An immutable copy, as `CGPath.copy()`: a `CGPath` returns itself, a `CGMutablePath`
    /// a snapshot.
    public func copy() -> CGPath? {
        type(of: self) == CGPath.self ? self : CGPath(data: data)
    }

    /// An immutable copy with every point mapped through `transform`, as `copy(using:)`.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let transform else { return copy() }
        return CGPath(data: data.applying(transform.pointee))
    }

    /// A mutable copy, as `mutableCopy()`.
    public func mutableCopy() -> CGMutablePath? {
        CGMutablePath(data: data)
    }

    /// A mutable copy with every point mapped through `transform`, as `mutableCopy(using:)`.
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        CGMutablePath(data: transform.map { data.applying($0.pointee) } ?? data)
    }

    /// Whether both paths have the same elements, as CoreGraphics' `==` (`CGPathEqualToPath`).
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool {
        lhs.data.elements == rhs.data.elements
    }

    /// The elements, for debugging.
    public var description: String {
        "CGPath(" + data.elements.map { "\($0)" }.joined(separator: ", ") + ")"
    }
}

/// A path built in place, as CoreGraphics' `CGMutablePath`.
///
/// Every adding method takes an optional `transform` applied to its points before they are
/// added, as in CoreGraphics. See `CGPath` for the rules on bad input.
public final class CGMutablePath: CGPath {
    /// An empty path, as `CGMutablePath()`.
    public init() {
        super.init(data: PathData())
    }

    override init(data: PathData) {
        super.init(data: data)
    }

    /// Starts a new subpath at `point`, as `move(to:transform:)`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        data.move(to: point, transform)
    }

    /// A straight line from the current point, as `addLine(to:transform:)`. Ignored when the
    /// path has no current point.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        data.addLine(to: point, transform)
    }

    /// A new subpath through `points` (a move to the first, lines to the rest), as
    /// `addLines(between:transform:)`.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        data.addLines(between: points, transform)
    }

    /// A cubic Bézier from the current point, as `addCurve(to:control1:control2:transform:)`.
    public func addCurve(
        to end: CGPoint, control1: CGPoint, control2: CGPoint,
        transform: CGAffineTransform = .identity
    ) {
        data.addCurve(to: end, control1: control1, control2: control2, transform)
    }

    /// A quadratic Bézier from the current point, as `addQuadCurve(to:control:transform:)`.
    public func addQuadCurve(
        to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity
    ) {
        data.addQuadCurve(to: end, control: control, transform)
    }

    /// An arc of a circle, as `addArc(center:radius:startAngle:endAngle:clockwise:transform:)`.
    ///
    /// Follows CoreGraphics exactly: angles run from the +x axis towards +y, and
    /// `clockwise: false` sweeps with increasing angle. "Clockwise" is meant in CoreGraphics'
    /// y-up space, so in Vitrine's (and UIKit's) y-down space `clockwise: true` shows as a
    /// counter-clockwise arc on screen, just as Apple documents for flipped contexts
    /// (`UIBezierPath`'s `clockwise` means the opposite). The arc is joined to an existing
    /// subpath with a line. A negative or NaN radius adds nothing.
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
        transform: CGAffineTransform = .identity
    ) {
        data.addArc(
            center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
            clockwise: clockwise, transform)
    }

    /// An arc sweeping `delta` radians from `startAngle` (positive `delta` towards +y), as
    /// `addRelativeArc(center:radius:startAngle:delta:transform:)`. Sweeps beyond a full turn
    /// are limited to one turn.
    public func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        guard delta.isFinite else { return }
        let sweep = max(-2 * .pi, min(2 * .pi, delta))
        data.addArc(
            center: center, radius: radius, startAngle: startAngle, endAngle: startAngle + sweep,
            clockwise: sweep < 0, transform)
    }

    /// A line towards `tangent1End` and an arc of `radius` tangent to the lines
    /// current point -> `tangent1End` -> `tangent2End`, as
    /// `addArc(tangent1End:tangent2End:radius:transform:)` (PostScript's `arct`). Ignored
    /// without a current point; collinear points or a radius of zero or less add a line to
    /// `tangent1End`.
    public func addArc(
        tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        data.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform)
    }

    /// A closed rectangle subpath, as `addRect(_:transform:)`.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        data.addRect(rect, transform)
    }

    /// One closed subpath per rectangle, as `addRects(_:transform:)`.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { data.addRect(rect, transform) }
    }

    /// A closed rounded-rectangle subpath with elliptical corners, as
    /// `addRoundedRect(in:cornerWidth:cornerHeight:transform:)`. Deviation: oversized or
    /// negative corners are clamped instead of asserting.
    public func addRoundedRect(
        in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        data.addRoundedRect(
            in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform)
    }

    /// A closed ellipse subpath inscribed in `rect`, as `addEllipse(in:transform:)`. Starts
    /// at (maxX, midY) and runs in CoreGraphics' clockwise direction (decreasing angle),
    /// the opposite way round to `addRect`.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        data.addEllipse(in: rect, transform)
    }

    /// Every element of `path`, mapped through `transform`, as `addPath(_:transform:)`.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        data.addPath(path.data, transform)
    }

    /// Closes the current subpath with a line to its start, as `closeSubpath()`. Ignored
    /// when there is no open subpath.
    public func closeSubpath() {
        data.closeSubpath()
    }
}
