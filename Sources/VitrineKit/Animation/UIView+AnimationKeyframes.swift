import Foundation
import VitrineLayers

extension UIView {
    /// Animates through keyframes added by `animations` with
    /// `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`, as
    /// `animateKeyframes(withDuration:delay:options:animations:completion:)`.
    ///
    /// Each keyframe's changes animate over its part of the duration, additively, so that
    /// successive keyframes of one property run from where the previous one ended; before a
    /// keyframe's start the property shows the value it had before. Each keyframe is paced
    /// linearly (`calculationModeLinear`; the other calculation modes run linear too, and
    /// UIKit's undocumented overall curve is not applied). `repeat` and `autoreverse` apply to
    /// the whole animation. Changes made in `animations` outside any keyframe animate over the
    /// whole duration. The completion follows the rules of
    /// `animate(withDuration:delay:options:animations:completion:)`.
    public class func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval, options: KeyframeAnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let group = ViewAnimationGroup()
        let viewOptions = AnimationOptions(rawValue: options.rawValue & 0x3FF).union(.curveLinear)
            .subtracting(.beginFromCurrentState)
        let context = ViewAnimationContext.push(
            duration: duration, delay: delay, options: viewOptions.union(.overrideInheritedCurve), group: group)
        context.keyframeBegin = CACurrentMediaTime() + context.delay
        context.keyframe = (0, 1)
        runBlock(animations, in: context)
        group.close(completion: completion)
    }

    /// Adds a keyframe to the enclosing keyframe animation, as
    /// `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`: the changes
    /// `animations` makes run from `frameStartTime` for `frameDuration`, both fractions of the
    /// whole duration (clamped to 0...1; NaN counts as 0). Outside `animateKeyframes` the
    /// changes apply at once, as in UIKit.
    public class func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
        animations: @escaping () -> Void
    ) {
        guard let context = ViewAnimationContext.current, context.keyframe != nil else {
            performWithoutAnimation(animations)
            return
        }
        let start = frameStartTime.isNaN ? 0 : min(1, max(0, frameStartTime))
        let length = frameDuration.isNaN ? 0 : min(1 - start, max(0, frameDuration))
        let saved = context.keyframe
        context.keyframe = (start, length)
        animations()
        context.keyframe = saved
    }
}
