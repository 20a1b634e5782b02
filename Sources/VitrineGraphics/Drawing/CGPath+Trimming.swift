import Foundation

// Trimming a path by length, as CoreGraphics' `trimmedPath(from:to:)` (iOS 16) and what
// `CAShapeLayer.strokeStart` / `strokeEnd` stroke.
extension CGPath {
    /// The part of the path between two fractions of its length, as
    /// `CGPath.trimmedPath(from:to:)`: `start` and `end` are clamped to 0...1 (NaN counts as
    /// 0); `start >= end` gives an empty path. The length runs through every subpath in order,
    /// the closing line of a closed subpath included; a closed subpath kept whole stays closed
    /// (its joins are drawn), a part of one is open. Curves are split exactly (de Casteljau) at
    /// parameters found from their flattened length, so the result is accurate to a small
    /// fraction of a point.
    public func trimmedPath(from start: CGFloat, to end: CGFloat) -> CGPath {
        CGPath(data: data.trimmed(from: start, to: end))
    }
}

extension PathData {
    /// One piece of a path as a cubic (lines have their control points on the line).
    private struct Segment {
        var p0: CGPoint
        var c1: CGPoint
        var c2: CGPoint
        var p3: CGPoint
        var isLine: Bool
        /// Closes its subpath (the line back to the subpath's start).
        var isClose: Bool
        var subpath: Int
        /// Cumulative lengths at evenly spaced parameters (0 ... 1), for curves.
        var table: [CGFloat]
        var length: CGFloat

        func point(_ t: CGFloat) -> CGPoint {
            let u = 1 - t
            let a = u * u * u
            let b = 3 * u * u * t
            let c = 3 * u * t * t
            let d = t * t * t
            return CGPoint(
                x: a * p0.x + b * c1.x + c * c2.x + d * p3.x, y: a * p0.y + b * c1.y + c * c2.y + d * p3.y)
        }

        /// The parameter at `distance` along the segment.
        func parameter(at distance: CGFloat) -> CGFloat {
            if isLine || table.count < 2 { return length > 0 ? min(1, max(0, distance / length)) : 0 }
            let n = table.count - 1
            var index = 1
            while index < n, table[index] < distance { index += 1 }
            let before = table[index - 1]
            let span = table[index] - before
            let fraction = span > 0 ? (distance - before) / span : 0
            return min(1, max(0, (CGFloat(index - 1) + fraction) / CGFloat(n)))
        }

        /// The part of the segment between parameters `t0 < t1`, as control points.
        func split(_ t0: CGFloat, _ t1: CGFloat) -> (CGPoint, CGPoint, CGPoint, CGPoint) {
            if isLine {
                let a = point(t0)
                let b = point(t1)
                return (a, a, b, b)
            }
            // Cut at t1, then cut the first part at t0 / t1.
            func lerp(_ p: CGPoint, _ q: CGPoint, _ t: CGFloat) -> CGPoint {
                CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
            }
            func firstPart(_ p: (CGPoint, CGPoint, CGPoint, CGPoint), _ t: CGFloat) -> (
                CGPoint, CGPoint, CGPoint, CGPoint
            ) {
                let ab = lerp(p.0, p.1, t)
                let bc = lerp(p.1, p.2, t)
                let cd = lerp(p.2, p.3, t)
                let abc = lerp(ab, bc, t)
                let bcd = lerp(bc, cd, t)
                return (p.0, ab, abc, lerp(abc, bcd, t))
            }
            func lastPart(_ p: (CGPoint, CGPoint, CGPoint, CGPoint), _ t: CGFloat) -> (
                CGPoint, CGPoint, CGPoint, CGPoint
            ) {
                let ab = lerp(p.0, p.1, t)
                let bc = lerp(p.1, p.2, t)
                let cd = lerp(p.2, p.3, t)
                let abc = lerp(ab, bc, t)
                let bcd = lerp(bc, cd, t)
                return (lerp(abc, bcd, t), bcd, cd, p.3)
            }
            let head = t1 < 1 ? firstPart((p0, c1, c2, p3), t1) : (p0, c1, c2, p3)
            guard t0 > 0, t1 > 0 else { return head }
            return lastPart(head, t0 / t1)
        }
    }

    private func segments() -> [Segment] {
        var result: [Segment] = []
        var current = CGPoint.zero
        var start = CGPoint.zero
        var subpath = -1
        func add(_ c1: CGPoint, _ c2: CGPoint, _ p: CGPoint, line: Bool, close: Bool) {
            var segment = Segment(
                p0: current, c1: c1, c2: c2, p3: p, isLine: line, isClose: close, subpath: max(0, subpath),
                table: [], length: 0)
            if line {
                segment.length = hypot(p.x - current.x, p.y - current.y)
            } else {
                let polygon =
                    hypot(c1.x - current.x, c1.y - current.y) + hypot(c2.x - c1.x, c2.y - c1.y)
                    + hypot(p.x - c2.x, p.y - c2.y)
                let steps = polygon.isFinite ? max(8, min(256, Int((polygon / 2).rounded(.up)))) : 8
                var table: [CGFloat] = [0]
                table.reserveCapacity(steps + 1)
                var previous = current
                var total: CGFloat = 0
                for step in 1...steps {
                    let q = segment.point(CGFloat(step) / CGFloat(steps))
                    total += hypot(q.x - previous.x, q.y - previous.y)
                    table.append(total)
                    previous = q
                }
                segment.table = table
                segment.length = total
            }
            if !segment.length.isFinite { segment.length = 0 }
            result.append(segment)
            current = p
        }
        for element in elements {
            switch element {
            case .moveToPoint(let p):
                current = p
                start = p
                subpath += 1
            case .addLineToPoint(let p): add(current, p, p, line: true, close: false)
            case .addQuadCurveToPoint(let c, let p):
                let (c1, c2) = Self.cubicControls(from: current, quad: c, to: p)
                add(c1, c2, p, line: false, close: false)
            case .addCurveToPoint(let c1, let c2, let p): add(c1, c2, p, line: false, close: false)
            case .closeSubpath: add(current, start, start, line: true, close: true)
            }
        }
        return result
    }

    /// The part of the path between fractions `start` and `end` of its length (see
    /// `CGPath.trimmedPath(from:to:)`).
    func trimmed(from start: CGFloat, to end: CGFloat) -> PathData {
        func clamp(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : min(1, max(0, v)) }
        let s = clamp(start)
        let e = clamp(end)
        guard s < e, !isEmpty else { return PathData() }
        if s == 0, e == 1 { return self }
        let pieces = segments()
        let total = pieces.reduce(0) { $0 + $1.length }
        guard total > 0, total.isFinite else { return PathData() }
        let from = s * total
        let to = e * total
        // Which subpaths are kept whole (from their first to their last piece).
        var firstOffset: [Int: CGFloat] = [:]
        var lastOffset: [Int: CGFloat] = [:]
        var offset: CGFloat = 0
        for piece in pieces {
            if firstOffset[piece.subpath] == nil { firstOffset[piece.subpath] = offset }
            offset += piece.length
            lastOffset[piece.subpath] = offset
        }
        var result = PathData()
        var position: CGFloat = 0
        var lastPoint: CGPoint?
        var lastSubpath = -1
        for piece in pieces {
            let pieceStart = position
            let pieceEnd = position + piece.length
            position = pieceEnd
            guard pieceEnd > from || (piece.length == 0 && pieceStart >= from), pieceStart < to else { continue }
            let wholeSubpath =
                (firstOffset[piece.subpath] ?? 0) >= from && (lastOffset[piece.subpath] ?? 0) <= to
            let t0 = piece.parameter(at: max(0, from - pieceStart))
            let t1 = piece.parameter(at: min(piece.length, to - pieceStart))
            let (a, b, c, d) = piece.split(t0, t1)
            if lastPoint != a || lastSubpath != piece.subpath {
                result.move(to: a, .identity)
            }
            if piece.isClose && wholeSubpath {
                result.closeSubpath()
            } else if piece.isLine {
                result.addLine(to: d, .identity)
            } else {
                result.addCurve(to: d, control1: b, control2: c, .identity)
            }
            lastPoint = d
            lastSubpath = piece.subpath
        }
        return result
    }
}
