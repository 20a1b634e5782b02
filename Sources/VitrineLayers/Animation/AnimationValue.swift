import Foundation
import VitrineGraphics

/// The kinds of value a key path animates.
enum AnimationValueKind {
    case scalar, point, size, rect, transform, color
    /// An array of colours (`CAGradientLayer.colors`).
    case colorList
    /// An array of numbers (`CAGradientLayer.locations`).
    case scalarList
    /// A path (`CAShapeLayer.path`, `shadowPath`): paths with the same elements in the same
    /// order interpolate point by point.
    case path
}

/// A value an animation interpolates, converted from the `Any` Core Animation's API takes.
enum AnimationValue: Equatable {
    case scalar(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case transform(CATransform3D)
    case color(CGColor)
    /// An array of values (colours or numbers), interpolated element by element; lists of
    /// different lengths do not interpolate.
    case list([AnimationValue])
    case path(CGPath)

    /// `any` as a value of `kind`; nil when it is of another type or not finite.
    init?(_ any: Any, kind: AnimationValueKind) {
        let value: AnimationValue?
        switch kind {
        case .scalar:
            switch any {
            case let v as Double: value = .scalar(v)
            case let v as CGFloat: value = .scalar(Double(v))
            case let v as Float: value = .scalar(Double(v))
            case let v as Int: value = .scalar(Double(v))
            case let v as NSNumber: value = .scalar(v.doubleValue)
            default: value = nil
            }
        // Geometry comes as Swift values or, as iOS code writes it, boxed in NSValue
        // (`NSValue(cgPoint:)`, `NSValue(caTransform3D:)`).
        case .point: value = (any as? CGPoint ?? (any as? NSValue)?.heldPoint).map(AnimationValue.point)
        case .size: value = (any as? CGSize ?? (any as? NSValue)?.heldSize).map(AnimationValue.size)
        case .rect: value = (any as? CGRect ?? (any as? NSValue)?.heldRect).map(AnimationValue.rect)
        case .transform:
            if let t = any as? CATransform3D ?? (any as? NSValue)?.heldTransform3D {
                value = .transform(t)
            } else if let t = any as? CGAffineTransform ?? (any as? NSValue)?.heldAffineTransform {
                value = .transform(CATransform3DMakeAffineTransform(t))
            } else {
                value = nil
            }
        case .color:
            if let c = any as? CGColor {
                value = .color(c)
            } else if let c = any as? CGColor?, c == nil {
                value = .color(.clear)
            } else {
                value = nil
            }
        case .path:
            value = (any as? CGPath).map { AnimationValue.path($0.copy() ?? $0) }
        case .colorList, .scalarList:
            guard let array = any as? [Any] else { return nil }
            let element: AnimationValueKind = kind == .colorList ? .color : .scalar
            var items: [AnimationValue] = []
            for item in array {
                guard let converted = AnimationValue(item, kind: element) else { return nil }
                items.append(converted)
            }
            value = .list(items)
        }
        guard let value, value.isFinite else { return nil }
        self = value
    }

    /// The value as Core Animation's API hands it out (`CGFloat`s for scalars).
    var boxed: Any {
        switch self {
        case .scalar(let v): CGFloat(v)
        case .point(let v): v
        case .size(let v): v
        case .rect(let v): v
        case .transform(let v): v
        case .color(let v): v
        case .path(let path): path
        case .list(let items):
            items.map { item -> Any in
                if case .scalar(let v) = item { return NSNumber(value: Double(v)) }
                return item.boxed
            }
        }
    }

    var isFinite: Bool {
        switch self {
        case .scalar(let v): v.isFinite
        case .point(let p): p.x.isFinite && p.y.isFinite
        case .size(let s): s.width.isFinite && s.height.isFinite
        case .rect(let r):
            r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite
        case .transform(let t): t.isFinite
        case .color(let c): c.red.isFinite && c.green.isFinite && c.blue.isFinite && c.alpha.isFinite
        case .list(let items): items.allSatisfy(\.isFinite)
        case .path(let path): path.elements.allSatisfy { $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
        }
    }

    /// The components as a flat list (transforms: the 16 entries row by row).
    private var components: [Double] {
        switch self {
        case .scalar(let v): [v]
        case .point(let p): [p.x, p.y]
        case .size(let s): [s.width, s.height]
        case .rect(let r): [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .transform(let t): t.entries
        case .color(let c): [c.red, c.green, c.blue, c.alpha]
        case .list(let items): items.flatMap(\.components)
        case .path(let path): path.elements.flatMap { $0.points.flatMap { [Double($0.x), Double($0.y)] } }
        }
    }

    /// A value of the same kind as `self` with `components`.
    private func with(_ c: [Double]) -> AnimationValue {
        switch self {
        case .scalar: .scalar(c[0])
        case .point: .point(CGPoint(x: c[0], y: c[1]))
        case .size: .size(CGSize(width: c[0], height: c[1]))
        case .rect: .rect(CGRect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .transform: .transform(CATransform3D(entries: c))
        case .color: .color(CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
        case .path(let path): .path(Self.morphedPath(like: path, components: c))
        case .list(let items):
            .list(
                {
                    var result: [AnimationValue] = []
                    var index = 0
                    for item in items {
                        let count = item.components.count
                        result.append(item.with(Array(c[index..<(index + count)])))
                        index += count
                    }
                    return result
                }())
        }
    }

    /// `a + (b - a)·t`, component-wise, except transforms (see
    /// `TransformInterpolation`). Nil when the kinds differ.
    static func interpolate(_ a: AnimationValue, _ b: AnimationValue, _ t: Double) -> AnimationValue? {
        switch (a, b) {
        case (.scalar(let x), .scalar(let y)): return .scalar(x + (y - x) * t)
        case (.point(let p), .point(let q)): return .point(CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t))
        case (.transform(let m), .transform(let n)): return .transform(TransformInterpolation.interpolate(m, n, t))
        default:
            guard a.sameKind(as: b) else { return nil }
            let x = a.components
            let y = b.components
            return a.with((0..<x.count).map { x[$0] + (y[$0] - x[$0]) * t })
        }
    }

    /// A Catmull-Rom spline segment from `p1` to `p2` at `t`; nil for transforms or mixed kinds.
    static func catmullRom(
        _ p0: AnimationValue, _ p1: AnimationValue, _ p2: AnimationValue, _ p3: AnimationValue, _ t: Double
    )
        -> AnimationValue?
    {
        guard p0.sameKind(as: p1), p1.sameKind(as: p2), p2.sameKind(as: p3) else { return nil }
        if case .transform = p1 { return nil }
        let a = p0.components
        let b = p1.components
        let c = p2.components
        let d = p3.components
        let t2 = t * t
        let t3 = t2 * t
        return p1.with(
            (0..<a.count).map { i in
                0.5
                    * (2 * b[i] + (c[i] - a[i]) * t + (2 * a[i] - 5 * b[i] + 4 * c[i] - d[i]) * t2
                        + (3 * b[i] - a[i] - 3 * c[i] + d[i]) * t3)
            })
    }

    func sameKind(as other: AnimationValue) -> Bool {
        switch (self, other) {
        case (.scalar, .scalar), (.point, .point), (.size, .size), (.rect, .rect), (.transform, .transform),
            (.color, .color):
            true
        case (.list(let a), .list(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.sameKind(as: $1) }
        case (.path(let a), .path(let b)):
            a.elements.count == b.elements.count
                && zip(a.elements, b.elements).allSatisfy {
                    $0.points.count == $1.points.count && $0.isClose == $1.isClose
                }
        default: false
        }
    }

    /// `self + other` (transforms: `other` applied first, then `self`, i.e. `other · self`).
    func adding(_ other: AnimationValue) -> AnimationValue? {
        guard sameKind(as: other) else { return nil }
        if case .transform(let m) = self, case .transform(let n) = other { return .transform(n.concatenating(m)) }
        let x = components
        let y = other.components
        return with((0..<x.count).map { x[$0] + y[$0] })
    }

    /// `self - other` (transforms: `inverse(other) · self`).
    func subtracting(_ other: AnimationValue) -> AnimationValue? {
        guard sameKind(as: other) else { return nil }
        if case .transform(let m) = self, case .transform(let n) = other {
            return .transform(CATransform3DInvert(n).concatenating(m))
        }
        let x = components
        let y = other.components
        return with((0..<x.count).map { x[$0] - y[$0] })
    }

    /// `self · factor` (transforms: `self` concatenated `factor` times, rounded down).
    func scaled(_ factor: Double) -> AnimationValue {
        if case .transform(let m) = self {
            var result = CATransform3DIdentity
            for _ in 0..<max(0, min(1000, Int(factor))) { result = result.concatenating(m) }
            return .transform(result)
        }
        return with(components.map { $0 * factor })
    }

    /// The Euclidean distance between the components (for paced keyframes).
    func distance(to other: AnimationValue) -> Double {
        guard sameKind(as: other) else { return 0 }
        let x = components
        let y = other.components
        var sum = 0.0
        for i in 0..<x.count { sum += (y[i] - x[i]) * (y[i] - x[i]) }
        return sum.squareRoot()
    }
}

extension AnimationValue {
    /// A path with `path`'s elements and the points in `components` (x, y pairs in order).
    static func morphedPath(like path: CGPath, components c: [Double]) -> CGPath {
        let result = CGMutablePath()
        var index = 0
        func next() -> CGPoint {
            defer { index += 2 }
            return index + 1 < c.count ? CGPoint(x: c[index], y: c[index + 1]) : .zero
        }
        for element in path.elements {
            switch element {
            case .moveToPoint: result.move(to: next())
            case .addLineToPoint: result.addLine(to: next())
            case .addQuadCurveToPoint:
                let control = next()
                result.addQuadCurve(to: next(), control: control)
            case .addCurveToPoint:
                let control1 = next()
                let control2 = next()
                result.addCurve(to: next(), control1: control1, control2: control2)
            case .closeSubpath: result.closeSubpath()
            }
        }
        return result
    }
}

extension CGPath.Element {
    /// The element's points in order (controls first).
    var points: [CGPoint] {
        switch self {
        case .moveToPoint(let p), .addLineToPoint(let p): [p]
        case .addQuadCurveToPoint(let control, let p): [control, p]
        case .addCurveToPoint(let c1, let c2, let p): [c1, c2, p]
        case .closeSubpath: []
        }
    }

    var isClose: Bool { self == .closeSubpath }
}

extension CATransform3D {
    /// The 16 entries, row by row.
    var entries: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44].map { Double($0) }
    }

    /// A transform from 16 entries, row by row.
    init(entries e: [Double]) {
        self.init(
            m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
            m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }
}
