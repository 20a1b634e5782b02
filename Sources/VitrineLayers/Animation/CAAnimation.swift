import Foundation

/// The base of Core Animation's animation classes, as `CAAnimation`: timing
/// (`CAMediaTiming`), a timing curve, a delegate, and whether it leaves the layer when done.
///
/// Differences from Core Animation:
/// - `duration` 0 (the default), negative or not finite is replaced, when the animation is
///   added to a layer, by `CATransaction.animationDuration()` (0.25 s unless set), as Core
///   Animation does for 0; Core Animation's behaviour for negative values is undocumented.
/// - A `speed` or `timeOffset` that is not finite counts as 1 and 0.
/// - `copy()` copies the properties Vitrine's classes declare; a subclass made outside
///   Vitrine does not get its own stored properties copied (Core Animation's uses `NSCopying`).
@preconcurrency @MainActor
open class CAAnimation: CAMediaTiming, CAAction {
    /// See `CAMediaTiming.beginTime`.
    open var beginTime: CFTimeInterval = 0
    /// See `CAMediaTiming.duration`.
    open var duration: CFTimeInterval = 0
    /// See `CAMediaTiming.speed`.
    open var speed: Float = 1
    /// See `CAMediaTiming.timeOffset`.
    open var timeOffset: CFTimeInterval = 0
    /// See `CAMediaTiming.repeatCount`.
    open var repeatCount: Float = 0
    /// See `CAMediaTiming.repeatDuration`.
    open var repeatDuration: CFTimeInterval = 0
    /// See `CAMediaTiming.autoreverses`.
    open var autoreverses = false
    /// See `CAMediaTiming.fillMode` (default `.removed`).
    open var fillMode: CAMediaTimingFillMode = .removed

    /// The pacing of each iteration, as `timingFunction`; nil is linear.
    open var timingFunction: CAMediaTimingFunction?

    /// Told when the animation starts and stops, as `delegate`. Held strongly, as Core
    /// Animation does.
    open var delegate: (any CAAnimationDelegate)?

    /// Whether the animation leaves the layer when its active duration ends, as
    /// `isRemovedOnCompletion` (default true). Set it to false with `fillMode` `.forwards`
    /// to keep showing the final value.
    open var isRemovedOnCompletion = true

    /// A new animation with Core Animation's defaults, as `init()`. `required` so that
    /// `copy()` can make one of the same class.
    public required init() {}

    /// A new animation, as the class method `animation()`.
    open class func animation() -> Self { Self() }

    /// A copy of the animation, as `copy()`; `add(_:forKey:)` attaches a copy, so changing
    /// the original afterwards does not change the running animation.
    open func copy() -> Any {
        let other = Self()
        other.copyValues(from: self)
        return other
    }

    /// Copies the properties Vitrine declares; subclasses add theirs.
    func copyValues(from other: CAAnimation) {
        beginTime = other.beginTime
        duration = other.duration
        speed = other.speed
        timeOffset = other.timeOffset
        repeatCount = other.repeatCount
        repeatDuration = other.repeatDuration
        autoreverses = other.autoreverses
        fillMode = other.fillMode
        timingFunction = other.timingFunction
        delegate = other.delegate
        isRemovedOnCompletion = other.isRemovedOnCompletion
    }

    /// Adds the animation to the layer `anObject` under `event`, as Core Animation's
    /// `CAAnimation` does when run as a layer action. Anything other than a `CALayer` is
    /// ignored.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }

    /// Whether the animation would change `keyPath` (used by `CAAnimationGroup`).
    func animates(_ property: AnimatedProperties) -> Bool { false }

    /// Applies the animation's value at `time` (its parent's time) to `values`; returns the
    /// properties it wrote. Overridden by the concrete classes.
    func apply(progress: AnimationProgress, to values: inout LayerRenderValues)
        -> AnimatedProperties
    { [] }

    /// Whether the animation could apply anything (a concrete class with a recognised key
    /// path); `add(_:forKey:)` ignores the others.
    var isUsable: Bool { false }
}
