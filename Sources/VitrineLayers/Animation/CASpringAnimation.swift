import Foundation

/// A basic animation that moves like a mass on a damped spring, as Core Animation's
/// `CASpringAnimation`.
///
/// The value goes from the start to the end value (see `CABasicAnimation`) as
/// `1 - x(t)`, where `x` is the displacement of a damped harmonic oscillator
/// `mass·x'' + damping·x' + stiffness·x = 0` with `x(0) = 1` and `x'(0) = -initialVelocity`
/// (velocity in distances per second, positive towards the end value), solved analytically:
///
/// - under-damped (ζ < 1): `x = e^(-ζω₀t) (cos ω_d t + (ζω₀ - v₀)/ω_d · sin ω_d t)`
/// - critically damped (ζ = 1): `x = e^(-ω₀t) (1 + (ω₀ - v₀) t)`
/// - over-damped (ζ > 1): `x = C₁e^(r₁t) + C₂e^(r₂t)`, `r₁,₂ = -ω₀(ζ ∓ √(ζ²-1))`,
///   `C₂ = (-v₀ - r₁)/(r₂ - r₁)`, `C₁ = 1 - C₂`
///
/// with `ω₀ = √(stiffness/mass)`, `ζ = damping / (2√(stiffness·mass))`, `ω_d = ω₀√(1-ζ²)`.
/// `t` is the iteration's local time in seconds; like Core Animation's, the spring runs for
/// `duration` (use `settlingDuration` for a duration that lets it come to rest) and ignores
/// `timingFunction`. Non-positive or non-finite `mass` or `stiffness`, and negative or
/// non-finite `damping`, fall back to Core Animation's defaults (1, 100, 10).
@preconcurrency @MainActor
open class CASpringAnimation: CABasicAnimation {
    /// The mass on the spring, as `mass` (default 1).
    open var mass: CGFloat = 1
    /// The spring constant, as `stiffness` (default 100).
    open var stiffness: CGFloat = 100
    /// The friction, as `damping` (default 10).
    open var damping: CGFloat = 10
    /// The initial velocity towards the end value, in distances per second, as
    /// `initialVelocity` (default 0).
    open var initialVelocity: CGFloat = 0

    override func copyValues(from other: CAAnimation) {
        super.copyValues(from: other)
        guard let other = other as? CASpringAnimation else { return }
        mass = other.mass
        stiffness = other.stiffness
        damping = other.damping
        initialVelocity = other.initialVelocity
    }

    /// The time the spring needs to come to rest, as `settlingDuration`: Vitrine's figure is
    /// the time after which the displacement stays within 0.1% of the distance (searched in
    /// steps of 1/240 s, up to 60 s). Core Animation's own threshold is undocumented.
    open var settlingDuration: CFTimeInterval {
        let step = 1.0 / 240
        var lastOutside = 0.0
        var t = 0.0
        while t <= 60 {
            if abs(displacement(at: t)) >= 0.001 { lastOutside = t }
            t += step
        }
        return min(60, lastOutside + step)
    }

    override func interpolationFraction(_ progress: AnimationProgress) -> Double {
        1 - displacement(at: progress.iterationTime)
    }

    /// The oscillator's parameters after replacing unusable inputs.
    private var parameters: (mass: Double, stiffness: Double, damping: Double, velocity: Double) {
        let m = mass.isFinite && mass > 0 ? Double(mass) : 1
        let k = stiffness.isFinite && stiffness > 0 ? Double(stiffness) : 100
        let c = damping.isFinite && damping >= 0 ? Double(damping) : 10
        let v = initialVelocity.isFinite ? Double(initialVelocity) : 0
        return (m, k, c, v)
    }

    /// The displacement x(t) of the normalised oscillator (see the type's documentation).
    func displacement(at t: Double) -> Double {
        let (m, k, c, v0) = parameters
        let omega0 = (k / m).squareRoot()
        let zeta = c / (2 * (k * m).squareRoot())
        if abs(zeta - 1) < 1e-9 {
            return exp(-omega0 * t) * (1 + (omega0 - v0) * t)
        }
        if zeta < 1 {
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * omega0 - v0) / omegaD
            return exp(-zeta * omega0 * t) * (cos(omegaD * t) + b * sin(omegaD * t))
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega0 * (zeta - root)
        let r2 = -omega0 * (zeta + root)
        let c2 = (-v0 - r1) / (r2 - r1)
        let c1 = 1 - c2
        return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }
}
