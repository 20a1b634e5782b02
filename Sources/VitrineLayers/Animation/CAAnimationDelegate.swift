/// What an animation tells its delegate, as Core Animation's `CAAnimationDelegate`. Both
/// methods are optional in Core Animation; here they are requirements with default
/// implementations that do nothing.
///
/// Calls come from the screen's animation engine during a frame, after every animation of the
/// frame was sampled (so a delegate may add or remove animations and change layers; the
/// changes show from the next frame on).
@preconcurrency @MainActor
public protocol CAAnimationDelegate: AnyObject {
    /// The animation's active time began, as `animationDidStart(_:)`.
    func animationDidStart(_ anim: CAAnimation)
    /// The animation ended, as `animationDidStop(_:finished:)`: `flag` is true when its active
    /// duration ran out, false when it was removed before (`removeAnimation(forKey:)`,
    /// `removeAllAnimations()`, or replaced by another animation added under the same key).
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    /// Does nothing.
    public func animationDidStart(_ anim: CAAnimation) {}
    /// Does nothing.
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}
