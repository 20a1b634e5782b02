/// The timing of an animation, as Core Animation's `CAMediaTiming` protocol: where its
/// active time begins, how long one iteration lasts, how often it repeats, how fast its time
/// runs and what it shows outside its active time.
///
/// Vitrine's `CAAnimation` adopts it. `CALayer` does not yet (Core Animation's layers have
/// their own time space; Vitrine's layers all run on the screen's media time).
@MainActor
public protocol CAMediaTiming: AnyObject {
    /// When the animation begins, in its parent's time (the media time for an animation on
    /// a layer, the group's local time inside a group). 0 means "when it is added", resolved
    /// by the engine.
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
