import Foundation

/// An animation through a list of values of one key path, as Core Animation's
/// `CAKeyframeAnimation`.
///
/// - `values`: the keyframes (Swift values in `Any`, as for `CABasicAnimation`). Fewer than
///   one usable value: the animation does nothing; a value that cannot be used (wrong type,
///   NaN) makes the whole animation do nothing.
/// - `keyTimes`: where each value falls in 0...1 of an iteration. Used when there is one per
///   value (for `.discrete` also one more than values, as Core Animation documents), they
///   lie in 0...1 and never decrease; otherwise the values are spread evenly.
/// - `timingFunctions`: one curve per segment between two keyframes (n - 1 for n values);
///   otherwise segments are linear. The animation's own `timingFunction` first maps the
///   iteration's time, as in Core Animation.
/// - `calculationMode`: see `CAAnimationCalculationMode`.
///
/// `path`, `rotationMode`, `tensionValues`, `continuityValues` and `biasValues` are not
/// supported yet.
@preconcurrency @MainActor
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values, as `values`.
    open var values: [Any]?
    /// The keyframe times in 0...1, as `keyTimes`.
    open var keyTimes: [NSNumber]?
    /// The curve of each segment, as `timingFunctions`.
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How in-between values are computed, as `calculationMode` (default `.linear`).
    open var calculationMode: CAAnimationCalculationMode = .linear

    override func copyValues(from other: CAAnimation) {
        super.copyValues(from: other)
        guard let other = other as? CAKeyframeAnimation else { return }
        values = other.values
        keyTimes = other.keyTimes
        timingFunctions = other.timingFunctions
        calculationMode = other.calculationMode
    }

    override func apply(progress: AnimationProgress, to values: inout LayerRenderValues) -> AnimatedProperties {
        guard let keyPath = parsedKeyPath, let raw = self.values, !raw.isEmpty else { return [] }
        var frames: [AnimationValue] = []
        frames.reserveCapacity(raw.count)
        for item in raw {
            guard let value = AnimationValue(item, kind: keyPath.kind) else { return [] }
            frames.append(value)
        }
        guard var value = value(of: frames, at: progress.eased) else { return [] }
        if isCumulative, progress.iteration > 0, frames.count > 1,
            let step = frames[frames.count - 1].subtracting(frames[0]),
            let sum = value.adding(step.scaled(Double(progress.iteration)))
        {
            value = sum
        }
        return write(value, to: &values, keyPath: keyPath)
    }

    /// The value at fraction `t` of an iteration.
    func value(of frames: [AnimationValue], at t: Double) -> AnimationValue? {
        let count = frames.count
        if count == 1 { return frames[0] }
        let mode = calculationMode
        if mode == .discrete {
            let times = validKeyTimes(count: count + 1) ?? validKeyTimes(count: count) ?? evenTimes(count + 1)
            var index = 0
            while index + 1 < times.count, index + 1 < count, t >= times[index + 1] { index += 1 }
            return frames[index]
        }
        let paced = mode == .paced || mode == .cubicPaced
        let times = paced ? pacedTimes(frames) : (validKeyTimes(count: count) ?? evenTimes(count))
        // The segment holding t.
        guard t > times[0] else { return frames[0] }
        guard t < times[count - 1] else { return frames[count - 1] }
        var index = 0
        while index + 2 < count, t >= times[index + 1] { index += 1 }
        let span = times[index + 1] - times[index]
        var local = span > 0 ? (t - times[index]) / span : 1
        if !paced, let functions = timingFunctions, functions.count >= count - 1 {
            local = functions[index].value(at: local)
        }
        if mode == .cubic || mode == .cubicPaced {
            let before = frames[max(0, index - 1)]
            let after = frames[min(count - 1, index + 2)]
            if let value = AnimationValue.catmullRom(before, frames[index], frames[index + 1], after, local) {
                return value
            }
        }
        return AnimationValue.interpolate(frames[index], frames[index + 1], local)
    }

    /// `keyTimes` as doubles when there are `count` of them, in 0...1 and never decreasing.
    private func validKeyTimes(count: Int) -> [Double]? {
        guard let keyTimes, keyTimes.count == count else { return nil }
        let times = keyTimes.map(\.doubleValue)
        var previous = 0.0
        for time in times {
            guard time.isFinite, time >= previous, time <= 1 else { return nil }
            previous = time
        }
        return times
    }

    private func evenTimes(_ count: Int) -> [Double] {
        (0..<count).map { Double($0) / Double(count - 1) }
    }

    /// Key times proportional to the distance travelled (even when every distance is 0).
    private func pacedTimes(_ frames: [AnimationValue]) -> [Double] {
        var lengths = [0.0]
        for index in 1..<frames.count {
            lengths.append(lengths[index - 1] + frames[index - 1].distance(to: frames[index]))
        }
        guard let total = lengths.last, total > 0, total.isFinite else { return evenTimes(frames.count) }
        return lengths.map { $0 / total }
    }
}
