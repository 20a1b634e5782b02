import Foundation

/// The curves a scroll view moves along, as pure functions of time, so that a motion sampled
/// at any frame times lands exactly where UIKit's would (and tests on a manual clock can
/// compute where it must be).
///
/// **Deceleration** (UIKit's model, as Apple's WWDC 2018 session 803 "Designing Fluid
/// Interfaces" spells it out): the velocity is multiplied by `decelerationRate` r each
/// millisecond, v(n) = v₀·rⁿ, so the offset after n milliseconds is the sum of the steps,
/// x(n) = x₀ + v₀·r·(1 − rⁿ)/(1 − r), and the content comes to rest at the *projection*
/// x₀ + v₀·r/(1 − r) (v₀ in points per millisecond; r/(1 − r) is 499 at `.normal`, 99 at
/// `.fast`). Written with D = projection − x₀ it is x(t) = x₀ + D·(1 − r^t), t in ms,
/// which is also how a scroll view decelerates to a target the delegate chose: the same
/// shape with that target's D, so it arrives exactly there.
///
/// **Rubber band** (UIKit's, as widely measured and documented): an overshoot x past an
/// edge shows as (1 − 1/(x·0.55/d + 1))·d, d the bounds' length on that axis: 1:1 at first,
/// never reaching d.
///
/// **Spring back**: a critically damped spring (no oscillation) of angular frequency
/// ω = 2π/0.5 s (a 0.5 s response, SwiftUI's default spring), from the offset and velocity the
/// content has: x(t) = target + (d₀ + (v₀ + ω·d₀)·t)·e^(−ωt).
enum ScrollPhysics {
    /// UIKit's rubber-band stiffness constant.
    static let rubberBandConstant: CGFloat = 0.55
    /// The spring's angular frequency, radians per second (2π / 0.5 s).
    static let springFrequency: Double = 2 * .pi / 0.5
    /// Below this distance (points) from its end a motion has arrived.
    static let restingDistance: CGFloat = 0.25
    /// Below this speed (points per second) a spring near its target has arrived.
    static let restingSpeed: CGFloat = 5

    /// Where an overshoot of `overshoot` points past an edge shows, the bounds being
    /// `dimension` long (the sign is kept).
    static func rubberBand(_ overshoot: CGFloat, dimension: CGFloat) -> CGFloat {
        guard dimension > 0, overshoot != 0 else { return 0 }
        let x = abs(overshoot)
        let shown = (1 - 1 / (x * rubberBandConstant / dimension + 1)) * dimension
        return overshoot < 0 ? -shown : shown
    }

    /// The overshoot that `rubberBand` shows as `shown` (its inverse).
    static func unbanded(_ shown: CGFloat, dimension: CGFloat) -> CGFloat {
        guard dimension > 0, shown != 0 else { return 0 }
        let y = min(abs(shown), dimension * 0.999)
        let x = dimension / rubberBandConstant * y / (dimension - y)
        return shown < 0 ? -x : x
    }

    /// How far a velocity (points per millisecond) carries the content at `rate`:
    /// v·r/(1 − r).
    static func projectedDistance(velocity: CGFloat, rate: CGFloat) -> CGFloat {
        guard rate > 0, rate < 1 else { return 0 }
        return velocity * rate / (1 - rate)
    }

    /// `value` on `axis` of `limits`, kept inside them.
    static func clamp(_ value: CGFloat, _ low: CGFloat, _ high: CGFloat) -> CGFloat {
        min(max(value, low), high)
    }
}

/// One axis of a motion: where it is at a time, and whether it has arrived.
struct ScrollAxisMotion {
    enum Curve {
        /// x = origin + distance·(1 − rate^ms). With `limits`, crossing one switches to a
        /// spring back from the edge (`bounces`) or stops there.
        case decay(
            origin: CGFloat, distance: CGFloat, rate: CGFloat, start: Double, limits: ClosedRange<CGFloat>?,
            bounces: Bool)
        /// The critically damped spring to `target` from displacement `displacement` and
        /// velocity `velocity` (points per second) at `start`.
        case spring(target: CGFloat, displacement: CGFloat, velocity: CGFloat, start: Double)
        /// `from` to `to` over `duration` seconds on `timing`.
        case timed(from: CGFloat, to: CGFloat, start: Double, duration: Double, timing: ScrollTiming)
        /// Not moving.
        case resting(CGFloat)
    }

    var curve: Curve
    /// Where a decay ends, when it was given as a place (a target) rather than a distance.
    var endValue: CGFloat?

    /// The value at `time`, and whether the motion has arrived there (it then stays).
    mutating func sample(at time: Double) -> (value: CGFloat, arrived: Bool) {
        switch curve {
        case .resting(let value):
            return (value, true)
        case .timed(let from, let to, let start, let duration, let timing):
            let progress = duration > 0 ? (time - start) / duration : 1
            guard progress < 1 else {
                curve = .resting(to)
                return (to, true)
            }
            let eased = CGFloat(timing.value(at: max(0, progress)))
            return (from + (to - from) * eased, false)
        case .spring(let target, let displacement, let velocity, let start):
            let t = max(0, time - start)
            guard t.isFinite else {
                curve = .resting(target)
                return (target, true)
            }
            let omega = ScrollPhysics.springFrequency
            let decay = CGFloat(exp(-omega * t))
            let b = velocity + CGFloat(omega) * displacement
            let offset = (displacement + b * CGFloat(t)) * decay
            let speed = (velocity - CGFloat(omega) * b * CGFloat(t)) * decay
            if abs(offset) < ScrollPhysics.restingDistance && abs(speed) < ScrollPhysics.restingSpeed {
                curve = .resting(target)
                return (target, true)
            }
            return (target + offset, false)
        case .decay(let origin, let distance, let rate, let start, let limits, let bounces):
            let ms = max(0, (time - start) * 1000)
            let remaining = distance * CGFloat(pow(Double(rate), ms))
            let value = origin + distance - remaining
            // Crossing an edge on the way out (a decay that starts past one edge may come in
            // through it): when, and how fast (dx/dt = −D·ln r·r^t per ms).
            let crossedLow = limits.map { value < $0.lowerBound && origin >= $0.lowerBound } ?? false
            let crossedHigh = limits.map { value > $0.upperBound && origin <= $0.upperBound } ?? false
            if let limits, crossedLow || crossedHigh {
                let edge = crossedLow ? limits.lowerBound : limits.upperBound
                let fraction = 1 - (edge - origin) / distance
                let crossingMs = fraction > 0 ? log(Double(fraction)) / log(Double(rate)) : 0
                guard bounces else {
                    curve = .resting(edge)
                    return (edge, true)
                }
                let speed = -distance * CGFloat(log(Double(rate)) * pow(Double(rate), crossingMs)) * 1000
                curve = .spring(target: edge, displacement: 0, velocity: speed, start: start + crossingMs / 1000)
                return sample(at: time)
            }
            if abs(remaining) < ScrollPhysics.restingDistance {
                // Exactly the end (origin + distance may round off a chosen target).
                let end = endValue ?? origin + distance
                curve = .resting(end)
                return (end, true)
            }
            return (value, false)
        }
    }
}

/// The easing of a timed scroll or zoom.
enum ScrollTiming {
    /// Core Animation's ease-out curve (0, 0, 0.58, 1).
    case easeOut

    func value(at progress: Double) -> Double {
        switch self {
        case .easeOut: return ScrollTiming.easeOutFunction.value(at: progress)
        }
    }

    private static let easeOutFunction = CAMediaTimingFunction(name: .easeOut)
}
