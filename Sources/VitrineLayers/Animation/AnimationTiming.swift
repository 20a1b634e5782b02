import Foundation

/// Where an animation is within an iteration.
struct AnimationProgress {
    /// Elapsed fraction of the iteration, 0...1 (running backwards in an autoreversed half).
    var fraction: Double = 0
    /// `fraction` through the animation's timing function.
    var eased: Double = 0
    /// The iteration, counted from 0.
    var iteration = 0
    /// Seconds into the iteration (`fraction * duration`): what springs run on.
    var iterationTime: Double = 0
    /// The iteration's duration.
    var duration: Double = 0
}

/// An animation's timing worked out at one parent time.
struct TimingSample {
    enum Phase { case before, active, after }
    var phase: Phase
    /// Whether the animation shows a value (active, or filling).
    var applies: Bool
    var progress: AnimationProgress
}

/// Core Animation's timing model (`CAMediaTiming`) for one animation:
///
/// 1. elapsed active time `e = (t - beginTime) · |speed|`; before 0 the animation has not
///    begun, from the active duration on it has ended (speed 0: it stays at its begin, for
///    ever active once begun);
/// 2. active time `a = e` (speed < 0: `active - e`), plus `timeOffset`, wrapping around the
///    active duration;
/// 3. active duration: `repeatDuration` if positive, else `repeatCount` periods (at least
///    one), a period being `duration`, twice with `autoreverses`;
/// 4. iteration and time in it; the second half of an autoreversing period runs backwards;
/// 5. the fraction of `duration` through `timingFunction`.
///
/// At the end of the active time (and when filling forwards) the value is that of the last
/// iteration's end (a fractional `repeatCount` ends part way).
struct AnimationTiming {
    let duration: Double
    let period: Double
    let activeDuration: Double
    let speed: Double
    let timeOffset: Double
    let autoreverses: Bool
    let fillMode: CAMediaTimingFillMode
    let timingFunction: CAMediaTimingFunction?

    @MainActor init(_ animation: CAAnimation, duration: Double) {
        self.duration = duration
        autoreverses = animation.autoreverses
        period = autoreverses ? 2 * duration : duration
        let repeatDuration = animation.repeatDuration
        let repeatCount = Double(animation.repeatCount)
        if repeatDuration > 0, !repeatDuration.isNaN {
            activeDuration = repeatDuration
        } else if repeatCount > 0, !repeatCount.isNaN {
            activeDuration = repeatCount >= Double(Float.greatestFiniteMagnitude) ? .infinity : repeatCount * period
        } else {
            activeDuration = period
        }
        let speed = Double(animation.speed)
        self.speed = speed.isFinite ? speed : 1
        timeOffset = animation.timeOffset.isFinite ? animation.timeOffset : 0
        fillMode = animation.fillMode
        timingFunction = animation.timingFunction
    }

    /// Whether the animation's own speed is 0: once begun it shows one value for ever (until
    /// its timing is changed) and never ends.
    var isFrozen: Bool { speed == 0 }

    /// The parent time at which the active duration ends (infinity when it never does).
    func endTime(begin: Double) -> Double {
        speed == 0 ? .infinity : begin + activeDuration / abs(speed)
    }

    func sample(parentTime t: Double, begin: Double) -> TimingSample {
        let phase: TimingSample.Phase
        var active: Double
        if speed == 0 {
            phase = t < begin ? .before : .active
            active = wrapped(timeOffset)
        } else {
            let elapsed = (t - begin) * abs(speed)
            if elapsed < 0 {
                phase = .before
                active = speed > 0 ? 0 : activeDuration
                active = wrapped(active + timeOffset)
            } else if elapsed >= activeDuration {
                phase = .after
                active = speed > 0 ? activeDuration : 0
            } else {
                phase = .active
                active = speed > 0 ? elapsed : activeDuration - elapsed
                active = wrapped(active + timeOffset)
            }
        }
        let applies: Bool
        switch phase {
        case .before: applies = fillMode.fillsBackwards
        case .active: applies = true
        case .after: applies = fillMode.fillsForwards
        }
        return TimingSample(phase: phase, applies: applies, progress: progress(atActiveTime: active))
    }

    /// `time` wrapped into the active duration (kept at its end when it equals it).
    private func wrapped(_ time: Double) -> Double {
        guard activeDuration.isFinite, activeDuration > 0 else { return max(0, time) }
        if time >= 0 && time <= activeDuration { return time }
        let r = time.truncatingRemainder(dividingBy: activeDuration)
        return r < 0 ? r + activeDuration : r
    }

    private func progress(atActiveTime active: Double) -> AnimationProgress {
        guard period > 0, duration > 0 else { return AnimationProgress(fraction: 1, eased: 1) }
        var iteration: Double
        var inPeriod: Double
        if active >= activeDuration {
            // The end: the last iteration's end, or part way through it.
            iteration = (activeDuration / period).rounded(.up) - 1
            inPeriod = activeDuration - iteration * period
        } else {
            iteration = (active / period).rounded(.down)
            inPeriod = active - iteration * period
        }
        if autoreverses && inPeriod > duration { inPeriod = period - inPeriod }
        let fraction = min(1, max(0, inPeriod / duration))
        let eased = timingFunction?.value(at: fraction) ?? fraction
        return AnimationProgress(
            fraction: fraction, eased: eased, iteration: Int(min(max(iteration, 0), Double(Int32.max))),
            iterationTime: fraction * duration, duration: duration)
    }
}
