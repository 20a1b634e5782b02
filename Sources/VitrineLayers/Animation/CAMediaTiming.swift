/// The timing of an animation or a layer, as Core Animation's `CAMediaTiming` protocol: where
/// its active time begins, how long one iteration lasts, how often it repeats, how fast its
/// time runs and what it shows outside its active time.
///
/// `CAAnimation` and `CALayer` adopt it, as in Core Animation. A layer's `beginTime`, `speed`
/// and `timeOffset` give it a time space of its own, derived from its superlayer's (see
/// `CALayer.convertTime(_:from:)`); its animations run in it.
@preconcurrency @MainActor
public protocol CAMediaTiming: AnyObject {
    /// When the animation begins, in its parent's time (for an animation on a layer, the
    /// layer's time: `convertTime(CACurrentMediaTime(), from: nil)`, which is the media time
    /// while the layer and its ancestors keep the default timing; inside a group, the group's
    /// local time). 0 means "when it is added", resolved by the engine. For a layer, when its
    /// time begins in its superlayer's time.
    var beginTime: CFTimeInterval { get set }
    /// The length of one iteration in local time.
    var duration: CFTimeInterval { get set }
    /// How fast local time runs relative to the parent's (2: twice as fast; 0: frozen at
    /// `timeOffset`; negative: backwards).
    var speed: Float { get set }
    /// An offset added to local time, wrapping around the active duration.
    var timeOffset: CFTimeInterval { get set }
    /// How many iterations (fractions allowed; `.infinity` or `.greatestFiniteMagnitude`
    /// repeat for ever). 0 with `repeatDuration` 0 means once.
    var repeatCount: Float { get set }
    /// How long to repeat for, in local time (takes precedence over `repeatCount` when
    /// positive).
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each iteration plays forwards then backwards.
    var autoreverses: Bool { get set }
    /// What shows outside the active time.
    var fillMode: CAMediaTimingFillMode { get set }
}
