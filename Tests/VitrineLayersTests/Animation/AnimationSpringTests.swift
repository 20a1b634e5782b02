import Foundation
import Testing

@testable import VitrineLayers

/// Springs against the damped oscillator m·x'' + c·x' + k·x = 0, x(0) = 1, x'(0) = -v0,
/// integrated here numerically (RK4, 0.1 ms steps) and, for the critical case, in closed form.
@Suite("CASpringAnimation") @MainActor struct AnimationSpringTests {
    static func integrated(mass m: Double, stiffness k: Double, damping c: Double, velocity v0: Double, at t: Double)
        -> Double
    {
        var x = 1.0
        var v = -v0
        let h = 1e-4
        var time = 0.0
        func accel(_ x: Double, _ v: Double) -> Double { (-c * v - k * x) / m }
        while time < t - 1e-12 {
            let step = min(h, t - time)
            let k1x = v
            let k1v = accel(x, v)
            let k2x = v + step / 2 * k1v
            let k2v = accel(x + step / 2 * k1x, v + step / 2 * k1v)
            let k3x = v + step / 2 * k2v
            let k3v = accel(x + step / 2 * k2x, v + step / 2 * k2v)
            let k4x = v + step * k3v
            let k4v = accel(x + step * k3x, v + step * k3v)
            x += step / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += step / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            time += step
        }
        return x
    }

    /// (mass, stiffness, damping, initial velocity): ζ = 0.5, 1 and 2, with and without velocity.
    static let regimes: [(Double, Double, Double, Double)] = [
        (1, 100, 10, 0), (1, 100, 20, 0), (1, 100, 40, 0), (2, 200, 8, 5), (1, 100, 20, -3), (1, 50, 40, 2),
    ]

    @Test(arguments: 0..<6) func samplesFollowTheOscillator(index: Int) {
        let (m, k, c, v0) = Self.regimes[index]
        let rig = AnimationRig()
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = 0.0
        spring.toValue = 100.0
        spring.mass = m
        spring.stiffness = k
        spring.damping = c
        spring.initialVelocity = v0
        spring.duration = 3
        rig.layer.add(spring, forKey: "spring")
        rig.frame(at: 10)  // begins now
        for t in [0.0, 0.05, 0.1, 0.2, 0.35, 0.5, 0.8, 1.3, 2.0] {
            rig.frame(at: 10 + t)
            let expected = 100 * (1 - Self.integrated(mass: m, stiffness: k, damping: c, velocity: v0, at: t))
            #expect(abs(rig.scalar("position.x") - expected) < 1e-6, "t = \(t), regime \(index)")
        }
    }

    @Test func theCriticalCaseMatchesItsClosedForm() {
        let spring = CASpringAnimation()
        spring.damping = 20  // 2·√(k·m)
        for t in [0.0, 0.1, 0.25, 0.7] {
            #expect(isClose(spring.displacement(at: t), exp(-10 * t) * (1 + 10 * t), 1e-12))
        }
    }

    @Test func underDampedOvershootsAndOverDampedDoesNot() {
        let under = CASpringAnimation()
        under.damping = 5
        let over = CASpringAnimation()
        over.damping = 60
        let times = stride(from: 0.0, through: 3, by: 0.01)
        #expect(times.contains { under.displacement(at: $0) < -0.1 })
        #expect(times.allSatisfy { over.displacement(at: $0) >= 0 })
    }

    @Test func settlingDurationIsWhenItStaysWithinATenthOfAPercent() {
        let spring = CASpringAnimation()
        spring.damping = 8
        let settling = spring.settlingDuration
        #expect(settling > 0.5 && settling < 5)
        for t in stride(from: settling, through: settling + 3, by: 0.002) {
            #expect(abs(spring.displacement(at: t)) < 0.001)
        }
        #expect(
            stride(from: 0, through: settling - 0.01, by: 0.002).contains { abs(spring.displacement(at: $0)) >= 0.001 })
    }

    @Test func unusableParametersFallBackToTheDefaults() {
        let bad = CASpringAnimation()
        bad.mass = 0
        bad.stiffness = -.infinity
        bad.damping = .nan
        bad.initialVelocity = .nan
        let good = CASpringAnimation()
        for t in [0.1, 0.4] { #expect(bad.displacement(at: t) == good.displacement(at: t)) }
        #expect(bad.settlingDuration.isFinite)
    }
}
