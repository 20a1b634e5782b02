import Foundation
import Testing

@testable import VitrineLayers

/// The named curves against the cubic Bézier formula, solved independently here by bisection.
@Suite("CAMediaTimingFunction") @MainActor struct AnimationTimingFunctionTests {
    /// y at x on the Bézier through (0,0), (x1,y1), (x2,y2), (1,1): bisection on
    /// x(s) = 3(1-s)²s·x1 + 3(1-s)s²·x2 + s³, then y(s).
    static func reference(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var low = 0.0
        var high = 1.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if coordinate(mid, x1, x2) < x { low = mid } else { high = mid }
        }
        return coordinate((low + high) / 2, y1, y2)
    }

    static let curves: [(CAMediaTimingFunctionName, Double, Double, Double, Double)] = [
        (.linear, 0, 0, 1, 1), (.easeIn, 0.42, 0, 1, 1), (.easeOut, 0, 0, 0.58, 1),
        (.easeInEaseOut, 0.42, 0, 0.58, 1), (.default, 0.25, 0.1, 0.25, 1),
    ]

    @Test(arguments: 0..<5) func namedCurvesFollowTheBezierFormula(index: Int) {
        let (name, x1, y1, x2, y2) = Self.curves[index]
        let function = CAMediaTimingFunction(name: name)
        for x in [0.0, 0.05, 0.1, 0.25, 1.0 / 3, 0.5, 0.6, 0.75, 0.9, 0.99, 1] {
            let expected = Self.reference(x, x1, y1, x2, y2)
            #expect(abs(function.value(at: x) - expected) < 1e-6, "\(name.rawValue) at \(x)")
        }
        #expect(function.controlPoint(at: 1) == (Float(x1), Float(y1)))
        #expect(function.controlPoint(at: 2) == (Float(x2), Float(y2)))
        #expect(function.controlPoint(at: 3) == (1, 1))
    }

    @Test func shapesDifferAsTheirNamesSay() {
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        let easeOut = CAMediaTimingFunction(name: .easeOut)
        let easeInOut = CAMediaTimingFunction(name: .easeInEaseOut)
        #expect(easeIn.value(at: 0.25) < 0.25)
        #expect(easeOut.value(at: 0.25) > 0.25)
        #expect(isClose(easeInOut.value(at: 0.5), 0.5, 1e-9))  // symmetric
        #expect(isClose(easeInOut.value(at: 0.3) + easeInOut.value(at: 0.7), 1, 1e-9))
    }

    @Test func customControlPointsMayOvershoot() {
        let function = CAMediaTimingFunction(controlPoints: 0.3, 1.6, 0.7, 1.4)
        let peak = Self.reference(0.6, 0.3, 1.6, 0.7, 1.4)
        #expect(peak > 1)
        #expect(abs(function.value(at: 0.6) - peak) < 1e-6)
        var values: [Float] = [0, 0]
        function.getControlPoint(at: 1, values: &values)
        #expect(values == [0.3, 1.6])
    }

    @Test func badInputNeverTraps() {
        let nan = CAMediaTimingFunction(controlPoints: .nan, 0, 1, 1)
        #expect(nan.value(at: 0.3) == 0.3)  // linear
        let clamped = CAMediaTimingFunction(controlPoints: -2, 0, 5, 1)  // x clamped to 0...1
        #expect(abs(clamped.value(at: 0.4) - Self.reference(0.4, 0, 0, 1, 1)) < 1e-6)
        let function = CAMediaTimingFunction(name: .easeIn)
        #expect(function.value(at: .nan) == 0)
        #expect(function.value(at: -1) == 0)
        #expect(function.value(at: 7) == 1)
        #expect(
            CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: "bogus")).controlPoint(at: 1) == (0.25, 0.1)
        )
    }
}
