import Foundation
import VitrineLayers

extension UIView {

}

/// The keyframes of one `animateKeyframes` block, gathered per property of each view's layer
/// while the block runs and turned into one `CAKeyframeAnimation` per property when it ends, as
/// UIKit does (see `UIView.animateKeyframes`).
@MainActor
final class ViewKeyframeTracks {
    /// A keyframe: its part of the duration (fractions), and its number among the block's.
    struct Keyframe {
        var start: Double
        var duration: Double
        var number: Int
    }

    /// The keyframes' changes of one property of one layer.
    struct Track {
        let layer: CALayer
        let view: UIView
        let key: String
        /// The model value before the first keyframe, and the value shown then.
        let old: Any
        let shown: Any
        /// Each keyframe's value, in the order the keyframes were added.
        var stops: [(keyframe: Keyframe, value: Any)]
    }

    let mode: CAAnimationCalculationMode
    /// The media time the animations begin (the block's time plus its delay).
    let begin: Double
    private var current: Keyframe?
    private var keyframeCount = 0
    private var tracks: [Track] = []

    init(mode: CAAnimationCalculationMode, begin: Double) {
        self.mode = mode
        self.begin = begin
    }

    /// Whether a keyframe's `animations` are running (changes then belong to it).
    var isAddingKeyframe: Bool { current != nil }

    /// Runs a keyframe's `animations`; the changes they make are recorded with its timing.
    func add(start: Double, duration: Double, _ animations: () -> Void) {
        let saved = current
        keyframeCount += 1
        current = Keyframe(start: start, duration: duration, number: keyframeCount)
        animations()
        current = saved
    }

    /// Notes the change of `key` on `layer` from `old` (shown as `shown`) to `new` in the
    /// current keyframe.
    func record(layer: CALayer, view: UIView, key: String, old: Any, shown: Any, new: Any) {
        guard let current else { return }
        guard let index = tracks.firstIndex(where: { $0.layer === layer && $0.key == key }) else {
            tracks.append(Track(layer: layer, view: view, key: key, old: old, shown: shown, stops: [(current, new)]))
            return
        }
        if tracks[index].stops.last?.keyframe.number == current.number {
            tracks[index].stops[tracks[index].stops.count - 1].value = new
        } else {
            tracks[index].stops.append((current, new))
        }
    }

    /// Adds each property's keyframe animation to its layer, with the block's timing.
    func addAnimations(in context: ViewAnimationContext) {
        for track in tracks {
            guard let final = track.stops.last?.value else { continue }
            let values = [track.old] + track.stops.map(\.value)
            let differences = values.compactMap { ViewAnimationArithmetic.additiveEndpoints(old: $0, new: final)?.from }
            let additive = differences.count == values.count
            let animated = additive ? differences : [track.shown] + values.dropFirst()
            let animation = CAKeyframeAnimation(keyPath: track.key)
            animation.calculationMode = mode
            animation.isAdditive = additive
            if mode == .paced || mode == .cubicPaced {
                animation.values = animated
            } else {
                let frames = Self.keyTimes(of: track.stops)
                animation.values = frames.map { animated[$0.value] }
                animation.keyTimes = frames.map { NSNumber(value: $0.time) }
            }
            context.applyTiming(to: animation)
            ViewPropertyAction.add(
                animation, of: track.key, to: track.layer, view: track.view, in: context, from: track.old, to: final)
        }
    }

    /// The key times of the linear, discrete and cubic modes, each with the index of its value
    /// (0: the value before the first keyframe, k: the value keyframe k sets): the value before
    /// a keyframe at its start (left out when that is where the previous keyframe ended, within
    /// 1e-9, so that rounding makes no extra key time), the keyframe's value at its end. A
    /// keyframe starting before the previous key time starts there.
    static func keyTimes(of stops: [(keyframe: Keyframe, value: Any)]) -> [(time: Double, value: Int)] {
        var frames: [(time: Double, value: Int)] = []
        for (index, stop) in stops.enumerated() {
            let previous = frames.last?.time
            let start = max(stop.keyframe.start, previous ?? 0)
            if previous.map({ start - $0 > 1e-9 }) ?? true { frames.append((start, index)) }
            frames.append((min(1, max(start, stop.keyframe.start + stop.keyframe.duration)), index + 1))
        }
        return frames
    }
}
