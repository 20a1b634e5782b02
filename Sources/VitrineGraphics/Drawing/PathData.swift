import Foundation

/// The recorded elements of a path and the construction rules CoreGraphics applies to them:
/// the storage behind `CGPath`, `CGMutablePath` and a context's current path.
///
/// Every point is stored already transformed. An operation whose transformed points are not
/// all finite is dropped whole, so NaN or infinite input never reaches cairo. Arcs and
/// ellipses are stored as cubic Béziers, as CoreGraphics stores them.
struct PathData: Equatable {
    private(set) var elements: [CGPath.Element] = []
    /// The start of the current subpath, where `closeSubpath` returns to.
    private(set) var subpathStart: CGPoint?
    /// The current point; nil before the first `move(to:)`.
    private(set) var currentPoint: CGPoint?

    var isEmpty: Bool { elements.isEmpty }

    // MARK: Basic construction

    mutating func move(to point: CGPoint, _ t: CGAffineTransform) {
        let p = point.applying(t)
        guard p.isFinite else { return }
        elements.append(.moveToPoint(p))
        subpathStart = p
        currentPoint = p
    }

    /// A line from the current point; ignored without one, as CoreGraphics ignores it.
    mutating func addLine(to point: CGPoint, _ t: CGAffineTransform) {
        let p = point.applying(t)
        guard currentPoint != nil, p.isFinite else { return }
        elements.append(.addLineToPoint(p))
        currentPoint = p
    }

    mutating func addQuadCurve(to point: CGPoint, control: CGPoint, _ t: CGAffineTransform) {
        let p = point.applying(t)
        let c = control.applying(t)
        guard currentPoint != nil, p.isFinite, c.isFinite else { return }
        elements.append(.addQuadCurveToPoint(control: c, point: p))
        currentPoint = p
    }

    mutating func addCurve(
        to point: CGPoint, control1: CGPoint, control2: CGPoint, _ t: CGAffineTransform
    ) {
        let p = point.applying(t)
        let c1 = control1.applying(t)
        let c2 = control2.applying(t)
        guard currentPoint != nil, p.isFinite, c1.isFinite, c2.isFinite else { return }
        elements.append(.addCurveToPoint(control1: c1, control2: c2, point: p))
        currentPoint = p
    }

    mutating func closeSubpath() {
        guard let start = subpathStart, let last = elements.last, last != .closeSubpath else {
            return
        }
        elements.append(.closeSubpath)
        currentPoint = start
    }

    /// A line if there is a current point, else a move: how arcs join the path.
    private mutating func lineOrMove(to p: CGPoint) {
        if currentPoint == nil {
            elements.append(.moveToPoint(p))
            subpathStart = p
        } else {
            elements.append(.addLineToPoint(p))
        }
        currentPoint = p
    }

    // MARK: Shapes

    mutating func addLines(between points: [CGPoint], _ t: CGAffineTransform) {
        let mapped = points.map { $0.applying(t) }
        guard let first = mapped.first, mapped.allSatisfy(\.isFinite) else { return }
        elements.append(.moveToPoint(first))
        subpathStart = first
        for p in mapped.dropFirst() { elements.append(.addLineToPoint(p)) }
        currentPoint = mapped.last
    }

    /// CoreGraphics' rectangle: a move to (minX, minY), lines through (maxX, minY),
    /// (maxX, maxY) and (minX, maxY), then a close.
    mutating func addRect(_ rect: CGRect, _ t: CGAffineTransform) {
        guard !rect.isNull, rect.isFiniteRect else { return }
        addLines(
            between: [
                CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY),
            ], t)
        closeSubpath()
    }

    /// An ellipse inscribed in `rect`: four Béziers starting at (maxX, midY) and running
    /// towards (midX, minY) (CoreGraphics' "clockwise" in its y-up sense), closed.
    mutating func addEllipse(in rect: CGRect, _ t: CGAffineTransform) {
        guard !rect.isNull, rect.isFiniteRect else { return }
        let r = rect.standardized
        appendEllipticalArc(
            center: CGPoint(x: r.midX, y: r.midY), radiusX: r.width / 2, radiusY: r.height / 2,
            start: 0, sweep: -2 * .pi, t, startsSubpath: true)
        closeSubpath()
    }

    /// A rounded rectangle with elliptical corners. Corner sizes are clamped to
    /// `0...half the side` instead of CoreGraphics' assertion failure for oversized corners.
    mutating func addRoundedRect(
        in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, _ t: CGAffineTransform
    ) {
        guard !rect.isNull, rect.isFiniteRect else { return }
        let r = rect.standardized
        let cw = cornerWidth.isFinite ? min(max(0, cornerWidth), r.width / 2) : 0
        let ch = cornerHeight.isFinite ? min(max(0, cornerHeight), r.height / 2) : 0
        guard cw > 0, ch > 0 else {
            addRect(r, t)
            return
        }
        move(to: CGPoint(x: r.minX + cw, y: r.minY), t)
        guard currentPoint != nil else { return }
        addLine(to: CGPoint(x: r.maxX - cw, y: r.minY), t)
        appendEllipticalArc(
            center: CGPoint(x: r.maxX - cw, y: r.minY + ch), radiusX: cw, radiusY: ch,
            start: -.pi / 2, sweep: .pi / 2, t, startsSubpath: false)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - ch), t)
        appendEllipticalArc(
            center: CGPoint(x: r.maxX - cw, y: r.maxY - ch), radiusX: cw, radiusY: ch,
            start: 0, sweep: .pi / 2, t, startsSubpath: false)
        addLine(to: CGPoint(x: r.minX + cw, y: r.maxY), t)
        appendEllipticalArc(
            center: CGPoint(x: r.minX + cw, y: r.maxY - ch), radiusX: cw, radiusY: ch,
            start: .pi / 2, sweep: .pi / 2, t, startsSubpath: false)
        addLine(to: CGPoint(x: r.minX, y: r.minY + ch), t)
        appendEllipticalArc(
            center: CGPoint(x: r.minX + cw, y: r.minY + ch), radiusX: cw, radiusY: ch,
            start: .pi, sweep: .pi / 2, t, startsSubpath: false)
        closeSubpath()
    }

    /// CoreGraphics' `addArc(center:radius:startAngle:endAngle:clockwise:)`.
    ///
    /// Angles are measured from the +x axis towards +y. `clockwise == false` sweeps with
    /// increasing angle, `true` with decreasing angle: "clockwise" in CoreGraphics' y-up sense,
    /// so in a y-down (UIKit) space `clockwise: true` appears counter-clockwise on screen,
    /// exactly as Apple documents for flipped contexts. The end angle is moved by whole turns
    /// towards the sweep direction; a sweep never exceeds one full turn. The arc joins the path
    /// with a line (or starts it with a move). A negative or NaN radius adds nothing.
    mutating func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
        clockwise: Bool, _ t: CGAffineTransform
    ) {
        guard radius >= 0, radius.isFinite, center.isFinite, startAngle.isFinite,
            endAngle.isFinite
        else { return }
        let fullTurn = 2 * CGFloat.pi
        var sweep = endAngle - startAngle
        if clockwise {
            if sweep > 0 { sweep -= fullTurn * (sweep / fullTurn).rounded(.up) }
            sweep = max(sweep, -fullTurn)
        } else {
            if sweep < 0 { sweep += fullTurn * (-sweep / fullTurn).rounded(.up) }
            sweep = min(sweep, fullTurn)
        }
        appendEllipticalArc(
            center: center, radiusX: radius, radiusY: radius, start: startAngle, sweep: sweep, t,
            startsSubpath: false)
    }

    /// CoreGraphics' `addArc(tangent1End:tangent2End:radius:)`: a line from the current point
    /// towards `tangent1End`, then the arc of `radius` tangent to both lines
    /// (current point -> tangent1End, tangent1End -> tangent2End). Ignored without a current
    /// point; a degenerate corner (collinear points, zero or negative radius) adds a line to
    /// `tangent1End`.
    mutating func addArc(
        tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, _ t: CGAffineTransform
    ) {
        guard let current = currentPoint else { return }
        guard tangent1End.isFinite, tangent2End.isFinite, radius.isFinite else { return }
        let inverse = t.inverted()
        guard t.determinant != 0, t.isFiniteTransform else { return }
        let p0 = current.applying(inverse)
        let p1 = tangent1End
        let p2 = tangent2End
        let v1 = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y)
        let v2 = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let len1 = hypot(v1.x, v1.y)
        let len2 = hypot(v2.x, v2.y)
        let cross = v1.x * v2.y - v1.y * v2.x
        guard radius > 0, len1 > 0, len2 > 0, abs(cross) > 1e-12 * len1 * len2 else {
            addLine(to: p1, t)
            return
        }
        let u1 = CGPoint(x: v1.x / len1, y: v1.y / len1)
        let u2 = CGPoint(x: v2.x / len2, y: v2.y / len2)
        // Angle between the two legs at p1.
        let cosine = max(-1, min(1, u1.x * u2.x + u1.y * u2.y))
        let angle = acos(cosine)
        let tangentDistance = radius / tan(angle / 2)
        let centerDistance = radius / sin(angle / 2)
        let start = CGPoint(x: p1.x + u1.x * tangentDistance, y: p1.y + u1.y * tangentDistance)
        let end = CGPoint(x: p1.x + u2.x * tangentDistance, y: p1.y + u2.y * tangentDistance)
        let bisector = CGPoint(x: u1.x + u2.x, y: u1.y + u2.y)
        let bisectorLength = hypot(bisector.x, bisector.y)
        let center = CGPoint(
            x: p1.x + bisector.x / bisectorLength * centerDistance,
            y: p1.y + bisector.y / bisectorLength * centerDistance)
        let startAngle = atan2(start.y - center.y, start.x - center.x)
        let endAngle = atan2(end.y - center.y, end.x - center.x)
        var sweep = endAngle - startAngle
        // The arc is the short way round (less than a half turn).
        if sweep > .pi { sweep -= 2 * .pi }
        if sweep < -.pi { sweep += 2 * .pi }
        addLine(to: start, t)
        appendEllipticalArc(
            center: center, radiusX: radius, radiusY: radius, start: startAngle, sweep: sweep, t,
            startsSubpath: false)
    }

    /// Appends every element of `other`, mapped through `t`.
    mutating func addPath(_ other: PathData, _ t: CGAffineTransform) {
        for element in other.elements {
            switch element {
            case .moveToPoint(let p): move(to: p, t)
            case .addLineToPoint(let p): addLine(to: p, t)
            case .addQuadCurveToPoint(let c, let p): addQuadCurve(to: p, control: c, t)
            case .addCurveToPoint(let c1, let c2, let p):
                addCurve(to: p, control1: c1, control2: c2, t)
            case .closeSubpath: closeSubpath()
            }
        }
    }

    /// Every point mapped through `t`; elements that `t` makes non-finite are dropped.
    func applying(_ t: CGAffineTransform) -> PathData {
        var result = PathData()
        result.addPath(self, t)
        return result
    }

    /// Appends an elliptical arc (as cubic Béziers of at most a quarter turn each), joined to
    /// the path by a line or, with `startsSubpath`, a move.
    private mutating func appendEllipticalArc(
        center: CGPoint, radiusX: CGFloat, radiusY: CGFloat, start: CGFloat, sweep: CGFloat,
        _ t: CGAffineTransform, startsSubpath: Bool
    ) {
        func point(_ angle: CGFloat) -> CGPoint {
            CGPoint(x: center.x + radiusX * cos(angle), y: center.y + radiusY * sin(angle))
        }
        let first = point(start).applying(t)
        guard first.isFinite else { return }
        if startsSubpath {
            elements.append(.moveToPoint(first))
            subpathStart = first
            currentPoint = first
        } else if currentPoint != first {
            lineOrMove(to: first)
        }
        guard sweep != 0, radiusX > 0 || radiusY > 0 else { return }
        let segments = max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / CGFloat(segments)
        // Control-point distance for a circular arc of `step` radians, per unit radius.
        let k = 4 / 3 * tan(step / 4)
        var angle = start
        for _ in 0..<segments {
            let next = angle + step
            let c1 = CGPoint(
                x: center.x + radiusX * (cos(angle) - k * sin(angle)),
                y: center.y + radiusY * (sin(angle) + k * cos(angle)))
            let c2 = CGPoint(
                x: center.x + radiusX * (cos(next) + k * sin(next)),
                y: center.y + radiusY * (sin(next) - k * cos(next)))
            addCurve(to: point(next), control1: c1, control2: c2, t)
            angle = next
        }
    }

    // MARK: Geometry

    /// The box of every point, control points included (CoreGraphics' `boundingBox`);
    /// `.null` when empty.
    var controlPointBounds: CGRect {
        CGRect.boundingBox(of: elements.flatMap(\.points))
    }

    /// The tight box of the path's curves, control points excluded (CoreGraphics'
    /// `boundingBoxOfPath`); `.null` when empty.
    var tightBounds: CGRect {
        var points: [CGPoint] = []
        var current = CGPoint.zero
        var start = CGPoint.zero
        for element in elements {
            switch element {
            case .moveToPoint(let p):
                points.append(p)
                current = p
                start = p
            case .addLineToPoint(let p):
                points.append(p)
                current = p
            case .addQuadCurveToPoint(let c, let p):
                let (c1, c2) = Self.cubicControls(from: current, quad: c, to: p)
                points += Self.cubicExtremes(current, c1, c2, p)
                current = p
            case .addCurveToPoint(let c1, let c2, let p):
                points += Self.cubicExtremes(current, c1, c2, p)
                current = p
            case .closeSubpath:
                current = start
            }
        }
        return CGRect.boundingBox(of: points)
    }

    /// The cubic control points equal to a quadratic curve.
    static func cubicControls(from p0: CGPoint, quad c: CGPoint, to p: CGPoint) -> (
        CGPoint, CGPoint
    ) {
        (
            CGPoint(x: p0.x + 2 / 3 * (c.x - p0.x), y: p0.y + 2 / 3 * (c.y - p0.y)),
            CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
        )
    }

    static func cubicPoint(
        _ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ t: CGFloat
    ) -> CGPoint {
        let u = 1 - t
        let a = u * u * u
        let b = 3 * u * u * t
        let c = 3 * u * t * t
        let d = t * t * t
        return CGPoint(
            x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
            y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// The end point and the points where a cubic turns in x or y.
    private static func cubicExtremes(
        _ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint
    ) -> [CGPoint] {
        var result = [p3]
        for axis in 0..<2 {
            let (v0, v1, v2, v3) =
                axis == 0 ? (p0.x, p1.x, p2.x, p3.x) : (p0.y, p1.y, p2.y, p3.y)
            // Derivative / 3: a t^2 + b t + c.
            let a = -v0 + 3 * v1 - 3 * v2 + v3
            let b = 2 * (v0 - 2 * v1 + v2)
            let c = v1 - v0
            var roots: [CGFloat] = []
            if abs(a) < 1e-12 {
                if abs(b) > 1e-12 { roots.append(-c / b) }
            } else {
                let discriminant = b * b - 4 * a * c
                if discriminant >= 0 {
                    let s = discriminant.squareRoot()
                    roots += [(-b + s) / (2 * a), (-b - s) / (2 * a)]
                }
            }
            for t in roots where t > 0 && t < 1 {
                result.append(cubicPoint(p0, p1, p2, p3, t))
            }
        }
        return result
    }

    /// The path as closed polygons (curves flattened), one per subpath, for hit testing.
    func polygons() -> [[CGPoint]] {
        var result: [[CGPoint]] = []
        var polygon: [CGPoint] = []
        var current = CGPoint.zero
        func flush() {
            if polygon.count > 2 { result.append(polygon) }
            polygon = []
        }
        func flatten(_ c1: CGPoint, _ c2: CGPoint, _ p: CGPoint) {
            let length =
                hypot(c1.x - current.x, c1.y - current.y) + hypot(c2.x - c1.x, c2.y - c1.y)
                + hypot(p.x - c2.x, p.y - c2.y)
            let steps = min(256, max(4, Int(length.squareRoot() * 2)))
            for i in 1...steps {
                polygon.append(Self.cubicPoint(current, c1, c2, p, CGFloat(i) / CGFloat(steps)))
            }
        }
        for element in elements {
            switch element {
            case .moveToPoint(let p):
                flush()
                polygon = [p]
                current = p
            case .addLineToPoint(let p):
                if polygon.isEmpty { polygon = [current] }
                polygon.append(p)
                current = p
            case .addQuadCurveToPoint(let c, let p):
                if polygon.isEmpty { polygon = [current] }
                let (c1, c2) = Self.cubicControls(from: current, quad: c, to: p)
                flatten(c1, c2, p)
                current = p
            case .addCurveToPoint(let c1, let c2, let p):
                if polygon.isEmpty { polygon = [current] }
                flatten(c1, c2, p)
                current = p
            case .closeSubpath:
                current = polygon.first ?? current
                flush()
            }
        }
        flush()
        return result
    }

    /// Whether `point` is inside the filled path under `rule` (subpaths implicitly closed).
    func contains(_ point: CGPoint, rule: CGPathFillRule) -> Bool {
        guard point.isFinite else { return false }
        var winding = 0
        for polygon in polygons() {
            for index in polygon.indices {
                let a = polygon[index]
                let b = polygon[(index + 1) % polygon.count]
                if a.y <= point.y {
                    if b.y > point.y, Self.side(a, b, point) > 0 { winding += 1 }
                } else if b.y <= point.y, Self.side(a, b, point) < 0 {
                    winding -= 1
                }
            }
        }
        return rule == .winding ? winding != 0 : winding % 2 != 0
    }

    /// Positive when `p` is left of the line a -> b (in y-up terms).
    private static func side(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> CGFloat {
        (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    }
}

extension CGPath.Element {
    /// Every point the element names, control points included.
    var points: [CGPoint] {
        switch self {
        case .moveToPoint(let p), .addLineToPoint(let p): [p]
        case .addQuadCurveToPoint(let c, let p): [c, p]
        case .addCurveToPoint(let c1, let c2, let p): [c1, c2, p]
        case .closeSubpath: []
        }
    }
}

extension CGPoint {
    var isFinite: Bool { x.isFinite && y.isFinite }
}

extension CGRect {
    var isFiniteRect: Bool {
        origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
    }
}

extension CGAffineTransform {
    var isFiniteTransform: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// Whether cairo accepts the matrix: finite with a finite, non-zero determinant.
    var isUsableMatrix: Bool {
        isFiniteTransform && determinant != 0 && determinant.isFinite
    }
}
