import Foundation
import VitrineLayers
import VitrinePlatform

/// Drives a transition's animator by a percentage, as UIKit's
/// `UIPercentDrivenInteractiveTransition`: return it from a navigation delegate's
/// `navigationController(_:interactionControllerFor:)`, then call `update(_:)` as the user's
/// gesture moves and `finish()` or `cancel()` when it ends.
///
/// It works as UIKit's does, on layer time (Apple's QA1673 pause): `startInteractiveTransition(_:)`
/// freezes the container view's layer (`speed` 0), runs the animator's
/// `animateTransition(using:)` (its `UIView` animations begin at the frozen time), and
/// `update(_:)` moves the layer's `timeOffset` to `percentComplete` × `duration`. `finish()`
/// lets the layer's time run on at `completionSpeed`, so the animations end and the animator
/// completes the transition; `cancel()` runs it backwards to the start, then removes the
/// animations, whose completion (with `finished` false) lets the animator call
/// `completeTransition(!transitionWasCancelled)`. The navigation controller puts the views
/// back on a cancel.
///
/// Vitrine differences: `completionCurve` is kept but not applied (the rest runs on the
/// animations' own curves, as the time simply continues); `timingCurve` is not offered;
/// the animator's animations must be `UIView`/Core Animation animations of views in the
/// container (a `UIViewPropertyAnimator` keeps its own time). Only navigation transitions
/// are interactive in Vitrine.
@preconcurrency @MainActor
open class UIPercentDrivenInteractiveTransition: UIViewControllerInteractiveTransitioning {
    private enum Phase { case idle, interactive, finishing, cancelling }

    /// An interaction controller at 0%, as `init()`.
    public init() {}

    /// How far the transition is, 0...1, as `percentComplete`.
    open private(set) var percentComplete: CGFloat = 0
    /// The animator's `transitionDuration(using:)` for the running transition (0 before), as
    /// `duration`.
    open private(set) var duration: CGFloat = 0
    /// How fast the rest runs after `finish()` or `cancel()`, as `completionSpeed` (default 1;
    /// 0 or less counts as 1).
    open var completionSpeed: CGFloat = 1
    /// The curve for the rest, as `completionCurve` (default `.easeInOut`; see the notes).
    open var completionCurve: UIView.AnimationCurve = .easeInOut
    /// Whether the transition starts driven by `update(_:)`, as `wantsInteractiveStart`
    /// (default true); false runs it as if `finish()` were called at once.
    open var wantsInteractiveStart = true

    private var phase = Phase.idle
    private weak var context: UIViewControllerContextTransitioning?
    private var layer: CALayer?
    /// The frozen layer time the transition's animations begin at.
    private var baseTime: Double = 0
    /// The animations the animator added: (layer, key).
    private var animations: [(layer: CALayer, key: String)] = []
    private var endTimer: ClockTimer?

    /// Starts the transition, as `startInteractiveTransition(_:)`: freezes the container's
    /// layer, runs the animator, and shows `percentComplete`.
    open func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        guard let host = transitionContext as? InteractiveTransitionHost else {
            kitLog.error("UIPercentDrivenInteractiveTransition: the context has no animator; completed at once")
            transitionContext.completeTransition(true)
            return
        }
        endTimer?.cancel()
        context = transitionContext
        let animator = host.transitionAnimator
        let seconds = animator.transitionDuration(using: transitionContext)
        duration = CGFloat(seconds.isFinite ? max(0, seconds) : 0)
        let layer = transitionContext.containerView.layer
        self.layer = layer
        let before = Set(Self.animations(in: layer).map { AnimationID(layer: ObjectIdentifier($0.layer), key: $0.key) })
        baseTime = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.speed = 0
        layer.timeOffset = baseTime
        phase = .interactive
        animator.animateTransition(using: transitionContext)
        animations = Self.animations(in: layer).filter {
            !before.contains(AnimationID(layer: ObjectIdentifier($0.layer), key: $0.key))
        }
        // Begin every new animation at the frozen time (Vitrine resolves a begin time of 0 at
        // the first frame that samples it, which may come after an update).
        for (animated, key) in animations where animated.animation(forKey: key)?.beginTime == 0 {
            let begin = animated.convertTime(baseTime, from: layer)
            animated.updateAnimation(forKey: key) { $0.beginTime = begin }
        }
        guard phase == .interactive else { return }  // the animator completed at once
        show(percentComplete)
        if !wantsInteractiveStart { finish() }
    }

    /// Moves the transition to `percentComplete` (clamped to 0...1), as `update(_:)`.
    open func update(_ percentComplete: CGFloat) {
        guard percentComplete.isFinite else { return }
        self.percentComplete = min(1, max(0, percentComplete))
        context?.updateInteractiveTransition(self.percentComplete)
        if phase == .interactive { show(self.percentComplete) }
    }

    /// Stops a finishing or cancelling transition where it is, driven by `update(_:)` again,
    /// as `pause()`.
    open func pause() {
        guard phase == .finishing || phase == .cancelling, let layer, isLive else { return }
        endTimer?.cancel()
        endTimer = nil
        let now = layer.convertTime(CACurrentMediaTime(), from: nil)
        percentComplete = duration > 0 ? min(1, max(0, CGFloat(now - baseTime) / duration)) : 1
        phase = .interactive
        show(percentComplete)
        context?.pauseInteractiveTransition()
        context?.updateInteractiveTransition(percentComplete)
    }

    /// Lets the transition run to its end, as `finish()`.
    open func finish() {
        guard phase == .interactive || phase == .cancelling, let layer, isLive else { return }
        endTimer?.cancel()
        endTimer = nil
        phase = .finishing
        context?.finishInteractiveTransition()
        run(layer, from: currentOffset(layer), speed: speed)
    }

    /// Runs the transition back to its start, then lets the animator complete it cancelled,
    /// as `cancel()`.
    open func cancel() {
        guard phase == .interactive || phase == .finishing, let layer, isLive else { return }
        endTimer?.cancel()
        phase = .cancelling
        context?.cancelInteractiveTransition()
        let offset = currentOffset(layer)
        run(layer, from: offset, speed: -speed)
        let clock = UIApplication.shared.displayBackend.clock
        let remaining = max(0, offset - baseTime) / Double(speed)
        endTimer = clock.schedule(at: clock.now + remaining) { [weak self] in self?.rewound() }
    }

    // MARK: Driving the layer's time

    private var isLive: Bool {
        guard let context else { return false }
        return !((context as? InteractiveTransitionHost)?.hasEnded ?? true)
    }

    private var speed: Double {
        completionSpeed > 0 && completionSpeed.isFinite ? Double(completionSpeed) : 1
    }

    private func show(_ fraction: CGFloat) {
        guard let layer, isLive else { return }
        layer.timeOffset = baseTime + Double(fraction * duration)
    }

    /// The container layer's time now.
    private func currentOffset(_ layer: CALayer) -> Double {
        layer.convertTime(CACurrentMediaTime(), from: nil)
    }

    /// Lets the layer's time run from `offset` at `speed`.
    private func run(_ layer: CALayer, from offset: Double, speed: Double) {
        let parentNow = layer.superlayer?.convertTime(CACurrentMediaTime(), from: nil) ?? CACurrentMediaTime()
        layer.speed = Float(speed)
        layer.timeOffset = offset
        layer.beginTime = parentNow
    }

    /// A cancelled transition is back at its start: its animations go, so the animator's
    /// completion runs (cancelled).
    private func rewound() {
        endTimer = nil
        guard phase == .cancelling, let layer, isLive else { return }
        layer.speed = 0
        layer.timeOffset = baseTime
        layer.beginTime = 0
        percentComplete = 0
        for (animated, key) in animations { animated.removeAnimation(forKey: key) }
        animations = []
        phase = .idle
    }

    private struct AnimationID: Hashable {
        let layer: ObjectIdentifier
        let key: String
    }

    /// Every attached animation in `layer`'s subtree.
    private static func animations(in layer: CALayer) -> [(layer: CALayer, key: String)] {
        var found = (layer.animationKeys() ?? []).map { (layer: layer, key: $0) }
        for sublayer in layer.sublayers ?? [] { found += animations(in: sublayer) }
        return found
    }
}
