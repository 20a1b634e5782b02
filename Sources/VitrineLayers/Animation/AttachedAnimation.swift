/// An animation attached to a layer (the copy `add(_:forKey:)` made) and its progress.
@MainActor
final class AttachedAnimation {
    let key: String
    let animation: CAAnimation
    /// The timing worked out from the animation's properties.
    var timing: AnimationTiming
    /// The begin time in the layer's time; nil until the engine first samples an animation
    /// whose `beginTime` is 0.
    var begin: Double?
    /// `animationDidStart` was sent.
    var started = false
    /// The active duration ended and `animationDidStop(_:finished: true)` was sent.
    var ended = false
    /// The transactions whose completion blocks wait for this animation.
    let completionGroups: [CATransaction.CompletionGroup]

    init(key: String, animation: CAAnimation, completionGroups: [CATransaction.CompletionGroup]) {
        self.key = key
        self.animation = animation
        self.timing = AnimationTiming(animation, duration: animation.duration)
        self.begin = animation.beginTime != 0 && animation.beginTime.isFinite ? animation.beginTime : nil
        self.completionGroups = completionGroups
    }
}

/// An action looked up before a property change, to run after it.
struct PendingAction {
    let key: String
    let action: any CAAction
    /// The value shown before the change.
    let previous: AnimationValue?
}
