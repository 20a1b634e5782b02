import Foundation

/// A cubic Bézier curve from (0, 0) to (1, 1) mapping an animation's elapsed fraction of time
/// (x) to its fraction of progress (y), as Core Animation's `CAMediaTimingFunction`.
///
/// The two inner control points are given as `Float`s, as in Core Animation. Their x values
/// are clamped to 0...1 so that the curve is a function of time (Core Animation leaves
/// other x values undefined); non-finite control points make the curve linear. y values are
/// free, so a curve may overshoot.
///
/// `value(at:)` (a Vitrine addition; Core Animation evaluates curves only inside the render
/// server) solves x(s) = t for the curve parameter s by Newton's method with a bisection
/// fallback, then returns y(s); the result is within 1e-7 of the exact curve.
///
/// Open, as Core Animation's class is. Unchecked `Sendable`: an open class cannot be checked,
/// and the control points are only written by the initializers.
open class CAMediaTimingFunction: @unchecked Sendable {
    /// The first control point (P1), as `getControlPoint(at: 1, ...)` returns it.
    private var c1: (x: Double, y: Double)
    /// The second control point (P2).
    private var c2: (x: Double, y: Double)

    /// The curve named `name`, as `init(name:)`. An unknown name gives `.default`'s curve.
    public convenience init(name: CAMediaTimingFunctionName) {
        let (exact1, exact2): ((x: Double, y: Double), (x: Double, y: Double)) =
            switch name {
            case .linear: ((0, 0), (1, 1))
            case .easeIn: ((0.42, 0), (1, 1))
            case .easeOut: ((0, 0), (0.58, 1))
            case .easeInEaseOut: ((0.42, 0), (0.58, 1))
            default: ((0.25, 0.1), (0.25, 1))
            }
        // Through the one designated initializer, so a subclass from another module inherits
        // this one as UIKit's do; then the exact decimals, not rounded through `Float`.
        self.init(
            controlPoints: Float(exact1.x), Float(exact1.y), Float(exact2.x), Float(exact2.y))
        c1 = exact1
        c2 = exact2
    }

    /// The curve with control points (c1x, c1y) and (c2x, c2y), as
    /// `init(controlPoints:_:_:_:)`. See the type's documentation for clamping.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        if [c1x, c1y, c2x, c2y].allSatisfy(\.isFinite) {
            c1 = (min(1, max(0, Double(c1x))), Double(c1y))
            c2 = (min(1, max(0, Double(c2x))), Double(c2y))
        } else {
            c1 = (0, 0)
            c2 = (1, 1)
        }
    }

    /// Control point `idx` (0: (0, 0), 1 and 2: the inner points, 3: (1, 1)), as
    /// `getControlPoint(at:values:)`, returned as a pair rather than through a pointer.
    /// Other indices give (0, 0), where Core Animation's behaviour is undefined.
    public func controlPoint(at idx: Int) -> (x: Float, y: Float) {
        switch idx {
        case 1: (Float(c1.x), Float(c1.y))
        case 2: (Float(c2.x), Float(c2.y))
        case 3: (1, 1)
        default: (0, 0)
        }
    }

    /// Writes control point `idx` into `ptr[0]` and `ptr[1]`, as
    /// `getControlPoint(at:values:)`.
    open func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        let point = controlPoint(at: idx)
        ptr[0] = point.x
        ptr[1] = point.y
    }

    /// The progress (y) at elapsed fraction `t` (x) (a Vitrine addition). `t` is clamped to
    /// 0...1; NaN gives 0.
    public func value(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        guard t < 1 else { return 1 }
        if c1.x == c1.y && c2.x == c2.y { return t }  // on the diagonal: linear
        return Self.bezier(solveForParameter(x: t), c1.y, c2.y)
    }

    /// One coordinate of the cubic Bézier with end points 0 and 1 and inner values `p1`, `p2`:
    /// 3(1-s)²s p1 + 3(1-s)s² p2 + s³.
    static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let a = 1 - 3 * p2 + 3 * p1
        let b = 3 * p2 - 6 * p1
        let c = 3 * p1
        return ((a * s + b) * s + c) * s
    }

    /// The derivative of `bezier` with respect to `s`.
    static func bezierSlope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let a = 1 - 3 * p2 + 3 * p1
        let b = 3 * p2 - 6 * p1
        let c = 3 * p1
        return (3 * a * s + 2 * b) * s + c
    }

    /// The curve parameter s with x(s) = `x` (x is monotonic because both inner x values lie
    /// in 0...1).
    private func solveForParameter(x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = Self.bezier(s, c1.x, c2.x) - x
            if abs(error) < 1e-12 { return s }
            let slope = Self.bezierSlope(s, c1.x, c2.x)
            if abs(slope) < 1e-9 { break }
            let next = s - error / slope
            if !(0...1).contains(next) { break }
            s = next
        }
        var low = 0.0
        var high = 1.0
        s = x
        for _ in 0..<64 {
            let value = Self.bezier(s, c1.x, c2.x)
            if abs(value - x) < 1e-12 { break }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }
}
