import Foundation
import VitrineLayers

/// Animates view changes under the app's control, as UIKit's `UIViewPropertyAnimator`: start,
/// pause, scrub (`fractionComplete`), reverse, stop and finish, with completions told where the
/// animation ended.
///
/// The animation blocks run when the animator starts (or is first paused or scrubbed), inside
/// an animation context like `UIView.animate`'s: every change becomes a Core Animation
/// animation on the view's layer (additive, from the old to the new value) that the animator
/// then drives through `CALayer.updateAnimation(forKey:_:)`: speed 0 and a time offset while
/// paused, a begin time while running, speed −1 while reversed. The model holds the end values
/// while it runs; `finishAnimation(at: .start)` (and a reversed run reaching its start) sets
/// the start values back, and `stopAnimation(_:)` keeps the values on screen.
///
/// Differences from UIKit:
/// - `fractionComplete` is the fraction of the duration (time), and scrubbing follows the
///   curve (`scrubsLinearly` is not offered).
/// - Animations added with `addAnimations(_:)` while the animator is active run at once over
///   the remaining time as a plain UIView animation, outside the animator's control.
/// - `continueAnimation(withTimingParameters:durationFactor:)` keeps the animator's curve;
///   only the duration factor applies to the remaining time.
/// - Misuse UIKit raises for (finishing an animator that is not stopped, changing a running
///   animator that is not interruptible) is logged and ignored.
@preconcurrency @MainActor
open class UIViewPropertyAnimator {
    /// The duration, as `duration`.
    public let duration: TimeInterval
    /// The delay given to `startAnimation(afterDelay:)`, as `delay`.
    open private(set) var delay: TimeInterval = 0
    private let timingFunction: CAMediaTimingFunction?
    private let spring: SpringParameters?

    /// `.inactive` before starting and after finishing, `.active` while running or paused,
    /// `.stopped` after `stopAnimation(false)`, as `state`.
    open private(set) var state: UIViewAnimatingState = .inactive
    /// Whether the animations are running (not paused), as `isRunning`.
    open private(set) var isRunning = false
    /// Whether the animator stays paused at the end instead of finishing, as
    /// `pausesOnCompletion` (default false).
    open var pausesOnCompletion = false
    /// Whether the animator can be paused and reversed, as `isInterruptible` (default true).
    open var isInterruptible = true
    /// Whether the animating views receive touches, as `isUserInteractionEnabled`
    /// (default true).
    open var isUserInteractionEnabled = true
    /// Whether the animation runs towards its start, as `isReversed`. Takes effect at once
    /// while running.
    open var isReversed = false {
        didSet {
            guard isReversed != oldValue, state == .active, isRunning else { return }
            applyRunningTiming(from: currentFraction(reversed: oldValue))
        }
    }

    private var blocks: [() -> Void] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    private var group: ViewAnimationGroup?
    private var records: [ViewAnimationRecord] { group?.records ?? [] }
    /// The fraction shown while paused.
    private var pausedFraction = 0.0
    /// While running: the media time at which the animation was (or would have been) at
    /// fraction 0 going forwards, or at fraction 1 going backwards.
    private var runOrigin = 0.0
    private var effectiveDuration: Double
    private var blockedViews: [UIView] = []

    /// An animator with one of UIKit's curves, as `init(duration:curve:animations:)`.
    public init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.duration = ViewAnimationContext.sanitized(duration, "duration")
        effectiveDuration = self.duration
        timingFunction = curve.timingFunction
        spring = nil
        if let animations { blocks.append(animations) }
    }

    /// An animator with a cubic Bézier curve, as
    /// `init(duration:controlPoint1:controlPoint2:animations:)`.
    public init(
        duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
        animations: (() -> Void)? = nil
    ) {
        self.duration = ViewAnimationContext.sanitized(duration, "duration")
        effectiveDuration = self.duration
        timingFunction = CAMediaTimingFunction(
            controlPoints: Float(point1.x), Float(point1.y), Float(point2.x), Float(point2.y))
        spring = nil
        if let animations { blocks.append(animations) }
    }

    /// An animator with a spring, as `init(duration:dampingRatio:animations:)` (the mapping of
    /// `UIView.animate(withDuration:delay:usingSpringWithDamping:...)`, velocity 0).
    public init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.duration = ViewAnimationContext.sanitized(duration, "duration")
        effectiveDuration = self.duration
        timingFunction = nil
        spring = SpringParameters(dampingRatio: ratio, velocity: 0, duration: self.duration)
        if let animations { blocks.append(animations) }
    }

    /// A started animator, as `runningPropertyAnimator(withDuration:delay:options:animations:completion:)`
    /// (the options' curve and `allowUserInteraction` apply).
    open class func runningPropertyAnimator(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((UIViewAnimatingPosition) -> Void)? = nil
    ) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: duration, curve: options.curve, animations: animations)
        animator.isUserInteractionEnabled = options.contains(.allowUserInteraction)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    /// Adds a block of changes, as `addAnimations(_:)` (see the type's notes while active).
    open func addAnimations(_ animation: @escaping () -> Void) {
        guard state == .active else {
            blocks.append(animation)
            return
        }
        let remaining = (isReversed ? currentFraction() : 1 - currentFraction()) * effectiveDuration
        UIView.animate(
            withDuration: remaining, delay: 0, options: isUserInteractionEnabled ? .allowUserInteraction : [],
            animations: animation)
    }

    /// Adds a block run when the animator finishes, with where it ended, as
    /// `addCompletion(_:)`. Completions run in the order added.
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    /// Starts or resumes, as `startAnimation()`.
    open func startAnimation() { startAnimation(afterDelay: 0) }

    /// Starts after `delay` seconds, or resumes a paused animator at once, as
    /// `startAnimation(afterDelay:)`.
    open func startAnimation(afterDelay delay: TimeInterval) {
        switch state {
        case .stopped:
            kitLog.debug("UIViewPropertyAnimator: a stopped animator cannot start; finish it first")
        case .inactive:
            self.delay = ViewAnimationContext.sanitized(delay, "delay")
            begin(paused: false, at: CACurrentMediaTime() + self.delay)
        case .active:
            guard !isRunning else { return }
            isRunning = true
            applyRunningTiming(from: pausedFraction)
        }
    }

    /// Pauses, as `pauseAnimation()`; an inactive animator starts paused at fraction 0.
    open func pauseAnimation() {
        switch state {
        case .stopped: return
        case .inactive: begin(paused: true, at: CACurrentMediaTime())
        case .active:
            guard isRunning, isInterruptible else { return }
            applyPausedTiming(currentFraction())
        }
    }

    /// The fraction of the duration reached, as `fractionComplete`; setting it while paused
    /// (or inactive, which pauses the animator) moves the animation there. Clamped to 0...1;
    /// NaN is ignored. Ignored while running, as in UIKit.
    open var fractionComplete: CGFloat {
        get { CGFloat(state == .active ? currentFraction() : 0) }
        set {
            guard newValue.isFinite else {
                kitLog.debug("UIViewPropertyAnimator: ignoring a fractionComplete that is not finite")
                return
            }
            if state == .inactive { pauseAnimation() }
            guard state == .active, !isRunning else { return }
            applyPausedTiming(min(1, max(0, Double(newValue))))
        }
    }

    /// Resumes a paused animator, as `continueAnimation(withTimingParameters:durationFactor:)`:
    /// the remaining part takes `durationFactor` times the duration's share of it (0 or less:
    /// unchanged); the timing parameters are not applied (see the type's notes).
    open func continueAnimation(withTimingParameters parameters: Any?, durationFactor: CGFloat) {
        guard state == .active else { return }
        if durationFactor > 0, durationFactor.isFinite {
            let fraction = currentFraction()
            effectiveDuration = duration * Double(durationFactor)
            pausedFraction = fraction
            updateAll { animation, _ in animation.duration = self.effectiveDuration }
        }
        if isRunning { applyRunningTiming(from: pausedFraction) } else { startAnimation() }
    }

    /// Stops, as `stopAnimation(_:)`: the values on screen become the model values. With
    /// `withoutFinishing` true the animator becomes inactive and its completions never run;
    /// otherwise it is `.stopped` until `finishAnimation(at:)`.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        var current: [(CALayer, String, Any)] = []
        for record in records {
            guard let layer = record.layer, let value = layer.presentation()?.value(forKeyPath: record.key)
            else { continue }
            current.append((layer, record.key, value))
        }
        removeAnimations()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for (layer, key, value) in current { layer.setValue(value, forKeyPath: key) }
        CATransaction.commit()
        isRunning = false
        if withoutFinishing {
            for view in blockedViews { view.interactionBlockingAnimationCount -= 1 }
            blockedViews = []
            state = .inactive
            group = nil
        } else {
            state = .stopped
        }
    }

    /// Finishes a stopped animator, as `finishAnimation(at:)`: `.end` and `.start` set the
    /// end or start values, `.current` keeps what shows; then the completions run. Ignored
    /// (with a debug log) unless the animator is `.stopped`, where UIKit raises.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else {
            kitLog.debug("UIViewPropertyAnimator: finishAnimation(at:) needs a stopped animator")
            return
        }
        finish(at: finalPosition)
    }

    // MARK: Driving the animations

    private func begin(paused: Bool, at time: Double) {
        let group = ViewAnimationGroup()
        self.group = group
        group.onStop = { [weak self] finished in self?.animationStopped(finished: finished) }
        state = .active
        isRunning = !paused
        pausedFraction = 0
        runOrigin = time
        let options: UIView.AnimationOptions = [
            .overrideInheritedOptions, .overrideInheritedDuration, .overrideInheritedCurve,
            isUserInteractionEnabled ? .allowUserInteraction : [],
        ]
        let context = ViewAnimationContext.push(
            duration: duration, delay: 0, options: options, spring: spring, group: group)
        if spring == nil { context.timingFunction = timingFunction }
        context.animatorBegin = time
        let toRun = blocks
        blocks = []
        for block in toRun { block() }
        ViewAnimationContext.pop()
        if !isUserInteractionEnabled {
            for record in records {
                guard let view = record.view, !blockedViews.contains(where: { $0 === view }) else { continue }
                view.interactionBlockingAnimationCount += 1
                blockedViews.append(view)
            }
        }
        if records.isEmpty, !paused {
            // Nothing to animate: it finishes after its delay and duration, as UIKit's does.
            let clock = ScreenRegistry.current.backend.clock
            clock.schedule(at: time + duration) { [weak self] in
                guard let self, self.state == .active, self.isRunning, self.records.isEmpty else { return }
                self.finish(at: .end)
            }
        }
        if paused { applyPausedTiming(0) }
    }

    /// The fraction reached now.
    private func currentFraction() -> Double { currentFraction(reversed: isReversed) }

    /// The fraction reached now when running in the given direction since `runOrigin`.
    private func currentFraction(reversed: Bool) -> Double {
        guard isRunning else { return pausedFraction }
        guard effectiveDuration > 0 else { return reversed ? 0 : 1 }
        let elapsed = max(0, CACurrentMediaTime() - runOrigin) / effectiveDuration
        return min(1, max(0, reversed ? 1 - elapsed : elapsed))
    }

    private func applyPausedTiming(_ fraction: Double) {
        pausedFraction = fraction
        isRunning = false
        let offset = fraction * effectiveDuration
        let now = CACurrentMediaTime()
        updateAll { animation, shift in
            animation.speed = 0
            animation.timeOffset = offset
            if animation.beginTime > now + shift { animation.beginTime = now + shift }
        }
    }

    private func applyRunningTiming(from fraction: Double) {
        let now = CACurrentMediaTime()
        runOrigin = now - (isReversed ? 1 - fraction : fraction) * effectiveDuration
        isRunning = true
        let origin = runOrigin
        let reversed = isReversed
        updateAll { animation, shift in
            animation.speed = reversed ? -1 : 1
            animation.timeOffset = 0
            animation.beginTime = origin + shift
        }
    }

    /// Changes every animation of the animator; `change` gets the layer's `mediaTimeShift()`
    /// (the animator keeps media time; begin times are in each layer's time).
    private func updateAll(_ change: @escaping (CAAnimation, Double) -> Void) {
        for record in records {
            guard let layer = record.layer else { continue }
            let shift = layer.mediaTimeShift()
            layer.updateAnimation(forKey: record.animationKey) { change($0, shift) }
        }
    }

    /// An animation reached its end (all of the animator's end in the same frame).
    private func animationStopped(finished: Bool) {
        guard finished, state == .active, isRunning else { return }
        if pausesOnCompletion {
            applyPausedTiming(isReversed ? 0 : 1)
        } else {
            finish(at: isReversed ? .start : .end)
        }
    }

    private func removeAnimations() {
        for record in records { record.layer?.removeAnimation(forKey: record.animationKey) }
    }

    private func finish(at position: UIViewAnimatingPosition) {
        let finished = records
        removeAnimations()
        if position != .current {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            for record in finished.reversed() {
                record.layer?.setValue(position == .start ? record.from : record.to, forKeyPath: record.key)
            }
            CATransaction.commit()
        }
        for view in blockedViews { view.interactionBlockingAnimationCount -= 1 }
        blockedViews = []
        state = .inactive
        isRunning = false
        group = nil
        let toCall = completions
        completions = []
        for completion in toCall { completion(position) }
    }
}
