import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform

@testable import VitrineKit

/// The calculation modes of keyframe animations: each property's keyframes become one
/// `CAKeyframeAnimation` with UIKit's key times.
///
/// The view's centre moves from P0 through P1, P2 and P3, legs of 60, 90 and 150 points (300 in
/// all), so that paced key times fall at 0.2 and 0.5 of the duration.
@Suite("UIView keyframe calculation modes") @MainActor struct ViewAnimationKeyframeModeTests {
    static let points = [
        CGPoint(x: 20, y: 110), CGPoint(x: 80, y: 110), CGPoint(x: 80, y: 200), CGPoint(x: 230, y: 200),
    ]

    /// Keyframe timings (relative start, relative duration) for P1, P2 and P3: even, and uneven,
    /// overlapping and out of order (the paced modes ignore them).
    static let timings: [[(Double, Double)]] = [
        [(0, 1.0 / 3), (1.0 / 3, 1.0 / 3), (2.0 / 3, 1.0 / 3)],
        [(0.1, 0.1), (0.5, 0.5), (0, 0.2)],
    ]

    /// Runs a keyframe animation of the view's centre through P1...P3 with `timing`, beginning
    /// exactly when frame 0 shows, so that frame k shows at k/60 of a `duration` of 1.
    private func animateCenter(
        _ scene: ViewAnimationScene, options: UIView.KeyframeAnimationOptions, timing: [(Double, Double)],
        duration: Double = 1, completion: ((Bool) -> Void)? = nil
    ) {
        scene.start()
        let delay = scene.time(0) - scene.rig.clock.now
        UIView.animateKeyframes(
            withDuration: duration, delay: delay, options: options,
            animations: {
                for (point, (start, length)) in zip(Self.points.dropFirst(), timing) {
                    UIView.addKeyframe(withRelativeStartTime: start, relativeDuration: length) {
                        scene.view.center = point
                    }
                }
            }, completion: completion)
    }

    /// The point `distance` along the polyline P0...P3.
    private func alongPolyline(_ distance: Double) -> CGPoint {
        var rest = distance
        for (a, b) in zip(Self.points, Self.points.dropFirst()) {
            let length = hypot(b.x - a.x, b.y - a.y)
            if rest <= length {
                return CGPoint(x: a.x + (b.x - a.x) * rest / length, y: a.y + (b.y - a.y) * rest / length)
            }
            rest -= length
        }
        return Self.points[Self.points.count - 1]
    }

    /// A reference Catmull-Rom spline through P0...P3 with the given key times, in Hermite form
    /// (tangent (P[i+1] - P[i-1]) / 2 at P[i], the end points repeated), written from the
    /// definition independently of `AnimationValue.catmullRom`.
    private func catmullRom(at t: Double, keyTimes: [Double]) -> CGPoint {
        let p = Self.points
        var i = 0
        while i + 2 < p.count, t >= keyTimes[i + 1] { i += 1 }
        let u = (t - keyTimes[i]) / (keyTimes[i + 1] - keyTimes[i])
        let before = p[max(0, i - 1)]
        let after = p[min(p.count - 1, i + 2)]
        let (h00, h10) = (2 * u * u * u - 3 * u * u + 1, u * u * u - 2 * u * u + u)
        let (h01, h11) = (-2 * u * u * u + 3 * u * u, u * u * u - u * u)
        func component(_ v: (CGPoint) -> Double) -> Double {
            let m1 = (v(p[i + 1]) - v(before)) / 2
            let m2 = (v(after) - v(p[i])) / 2
            return h00 * v(p[i]) + h10 * m1 + h01 * v(p[i + 1]) + h11 * m2
        }
        return CGPoint(x: component { $0.x }, y: component { $0.y })
    }

    private func expectShown(_ scene: ViewAnimationScene, at point: CGPoint, _ k: Int, tolerance: Double = 1e-6) {
        let shown = scene.shown.position
        #expect(
            abs(shown.x - point.x) < tolerance && abs(shown.y - point.y) < tolerance,
            "frame \(k): shown \(shown), expected \(point)")
    }

    @Test(arguments: [0, 1])
    func pacedKeyframesMoveAtConstantSpeedAlongThePolyline(timing: Int) {
        let scene = ViewAnimationScene()
        let log = CompletionLog()
        animateCenter(scene, options: .calculationModePaced, timing: Self.timings[timing], completion: log.record("k"))
        #expect(scene.view.center == Self.points[3])
        for k in [3, 9, 12, 15, 21, 27, 30, 33, 45, 54, 59] {
            scene.frame(k)
            expectShown(scene, at: alongPolyline(300 * Double(k) / 60), k)
        }
        #expect(log.entries.isEmpty)
        scene.run(0.1)
        #expect(log.entries == ["k true"])
        #expect(scene.shown.position == Self.points[3])
    }

    @Test func cubicKeyframesPassThroughTheValuesAtTheKeyframeEndsOnACatmullRomCurve() {
        let scene = ViewAnimationScene()
        let keyTimes = [0, 0.2, 0.7, 1]
        animateCenter(scene, options: .calculationModeCubic, timing: [(0, 0.2), (0.2, 0.5), (0.7, 0.3)])
        for k in [3, 6, 9, 11, 12, 13, 20, 27, 33, 41, 42, 43, 50, 57] {
            scene.frame(k)
            expectShown(scene, at: catmullRom(at: Double(k) / 60, keyTimes: keyTimes), k)
            let shown = scene.shown.position
            switch k {
            case 6:
                // Leaving P0 (tangent 0 in y, the end point repeated) towards P1, whose tangent
                // (P2 - P0) / 2 = (30, 45) points down: the curve first rises above y = 110,
                // to 110 + (0 - 45) / 8.
                #expect(abs(shown.y - 104.375) < 1e-6)
            case 12: expectShown(scene, at: Self.points[1], k)
            case 27:
                // Middle of P1 -> P2: the tangents are 30 and (P3 - P1) / 2 = 75 in x, so x is
                // 80 + (30 - 75) / 8, left of the straight line x = 80.
                #expect(abs(shown.x - 74.375) < 1e-6)
                #expect(abs(shown.y - 155) < 1e-6)
            case 42: expectShown(scene, at: Self.points[2], k)
            default: break
            }
        }
    }

    @Test func cubicKeyframesTurnSmoothlyAtAKeyframe() {
        let scene = ViewAnimationScene()
        animateCenter(scene, options: .calculationModeCubic, timing: [(0, 0.2), (0.2, 0.5), (0.7, 0.3)])
        var shown: [Int: CGPoint] = [:]
        for k in [11, 12, 13] {
            scene.frame(k)
            shown[k] = scene.shown.position
        }
        // The directions into and out of P1 (a right angle on the straight path) nearly agree,
        // around the Catmull-Rom tangent (30, 45).
        let incoming = atan2(shown[12]!.y - shown[11]!.y, shown[12]!.x - shown[11]!.x)
        let outgoing = atan2(shown[13]!.y - shown[12]!.y, shown[13]!.x - shown[12]!.x)
        let tangent = atan2(45.0, 30.0)
        #expect(abs(outgoing - incoming) < 0.4, "turn \(outgoing - incoming) rad")
        #expect(incoming < tangent && tangent < outgoing)
    }

    @Test(arguments: [0, 1])
    func cubicPacedKeyframesPassThroughTheValuesAtDistanceProportionalTimes(timing: Int) {
        let scene = ViewAnimationScene()
        let keyTimes = [0, 0.2, 0.5, 1]
        animateCenter(scene, options: .calculationModeCubicPaced, timing: Self.timings[timing])
        for k in [3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 40, 50, 57] {
            scene.frame(k)
            expectShown(scene, at: catmullRom(at: Double(k) / 60, keyTimes: keyTimes), k)
            switch k {
            case 12: expectShown(scene, at: Self.points[1], k)
            case 21: #expect(abs(scene.shown.position.x - 74.375) < 1e-6)  // off the straight line x = 80
            case 30: expectShown(scene, at: Self.points[2], k)
            default: break
            }
        }
    }

    @Test func discreteKeyframesShowEachValueFromTheEndOfItsKeyframe() {
        let scene = ViewAnimationScene()
        animateCenter(scene, options: .calculationModeDiscrete, timing: [(0, 0.25), (0.5, 0.25), (0.9, 0)])
        let expected = [6: 0, 14: 0, 16: 1, 29: 1, 31: 1, 44: 1, 46: 2, 53: 2, 55: 3, 59: 3]
        for (k, point) in expected.sorted(by: { $0.key < $1.key }) {
            scene.frame(k)
            expectShown(scene, at: Self.points[point], k)
        }
    }

    @Test func eachPropertysKeyframesBecomeOneKeyframeAnimationWithUIKitsKeyTimes() throws {
        let scene = ViewAnimationScene()
        animateCenter(scene, options: [], timing: [(0.1, 0.2), (0.5, 0.25), (0.75, 0)])
        let animation = try #require(scene.view.layer.animation(forKey: "position") as? CAKeyframeAnimation)
        #expect(scene.view.layer.animationKeys() == ["position"])
        #expect(animation.calculationMode == .linear)
        #expect(animation.isAdditive)
        // P0 at the first start, P1 at its end, held to the second start, P2 at its end, which
        // is where the third (of no duration) starts and ends with P3.
        let keyTimes = try #require(animation.keyTimes?.map(\.doubleValue))
        #expect(keyTimes.count == 5)
        #expect(zip(keyTimes, [0.1, 0.3, 0.5, 0.75, 0.75]).allSatisfy { abs($0 - $1) < 1e-12 }, "\(keyTimes)")
        let p = Self.points
        let relative = [p[0], p[1], p[1], p[2], p[3]].map { CGPoint(x: $0.x - p[3].x, y: $0.y - p[3].y) }
        #expect(animation.values?.compactMap { $0 as? CGPoint } == relative)
        for (k, point) in [(6, p[0]), (12, CGPoint(x: 50, y: 110)), (24, p[1]), (39, CGPoint(x: 80, y: 164))] {
            scene.frame(k)
            expectShown(scene, at: point, k)
        }
        scene.frame(46)
        expectShown(scene, at: p[3], 46)

        let paced = ViewAnimationScene()
        animateCenter(paced, options: .calculationModeCubicPaced, timing: [(0.1, 0.2), (0.5, 0.25), (0.75, 0)])
        let pacedAnimation = try #require(paced.view.layer.animation(forKey: "position") as? CAKeyframeAnimation)
        #expect(pacedAnimation.calculationMode == .cubicPaced)
        #expect(pacedAnimation.keyTimes == nil)
        #expect(pacedAnimation.values?.count == 4)
    }

    @Test func aKeyframeThatSetsAPropertyTwiceGivesOneValue() throws {
        let scene = ViewAnimationScene()
        scene.start()
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: .calculationModeCubic) {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
                scene.view.center = CGPoint(x: 300, y: 10)
                scene.view.center = Self.points[1]
            }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { scene.view.center = Self.points[2] }
        }
        let animation = try #require(scene.view.layer.animation(forKey: "position") as? CAKeyframeAnimation)
        #expect(animation.keyTimes?.map(\.doubleValue) == [0, 0.5, 1])
        let p = Self.points
        let relative = [p[0], p[1], p[2]].map { CGPoint(x: $0.x - p[2].x, y: $0.y - p[2].y) }
        #expect(animation.values?.compactMap { $0 as? CGPoint } == relative)
    }

    @Test func repeatingAutoreversingPacedKeyframesRepeatTheWhole() {
        let scene = ViewAnimationScene()
        animateCenter(
            scene, options: [.calculationModePaced, .repeat, .autoreverse], timing: Self.timings[1], duration: 0.5)
        // Whole-animation fraction w forwards over 0.5 s, then back.
        for k in [9, 21, 39, 51, 69] {
            scene.frame(k)
            let inPeriod = (Double(k) / 60).truncatingRemainder(dividingBy: 1)
            let w = (inPeriod <= 0.5 ? inPeriod : 1 - inPeriod) / 0.5
            expectShown(scene, at: alongPolyline(300 * w), k)
        }
    }

    @Test func pacedKeyframesOfAMovingViewStartFromWhatIsShown() {
        let scene = ViewAnimationScene()
        scene.start()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { scene.view.center.x = 220 }
        scene.frame(30)
        let before = scene.shown.position
        #expect(abs(before.x - 120) < 1)
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: .calculationModePaced) {
            for point in Self.points.dropFirst() {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { scene.view.center = point }
            }
        }
        scene.run(ViewAnimationScene.period)
        // One frame on: both animations moved a little (3.3 and 5 points); nothing jumped.
        let after = scene.shown.position
        #expect(hypot(after.x - before.x, after.y - before.y) < 10, "from \(before) to \(after)")
    }

    @Test func aColourRunsThroughItsKeyframesAsItIs() throws {
        let scene = ViewAnimationScene()
        scene.start()
        let delay = scene.time(0) - scene.rig.clock.now
        UIView.animateKeyframes(withDuration: 1, delay: delay, options: .calculationModeDiscrete) {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { scene.view.backgroundColor = .green }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { scene.view.backgroundColor = .blue }
        }
        let animation = try #require(
            scene.view.layer.animation(forKey: "backgroundColor") as? CAKeyframeAnimation)
        #expect(!animation.isAdditive)
        for (k, color) in [(15, UIColor.red), (33, .green), (57, .green)] {
            scene.frame(k)
            #expect(scene.shown.backgroundColor == color.cgColor, "frame \(k)")
        }
    }
}
