import Foundation
import VitrineLayers

/// One open UIView animation block (or keyframe animation, transition, or property animator
/// run): the timing its property changes get, and the group whose completion waits for them.
/// Blocks nest; the innermost is `current`.
@MainActor
final class ViewAnimationContext {
    /// The open blocks, outermost first.
    private(set) static var stack: [ViewAnimationContext] = []
    static var current: ViewAnimationContext? { stack.last }

    var duration: Double
    var delay: Double
    var options: UIView.AnimationOptions
    /// The curve; nil for a spring.
    var timingFunction: CAMediaTimingFunction?
    /// The spring's parameters (Core Animation's), for spring blocks.
    var spring: SpringParameters?
    let group: ViewAnimationGroup
    /// Property changes are applied without animation (a transition's snapshot fades instead).
    var suppressesPropertyAnimations = false
    /// For keyframe animations: when they begin, the keyframe being added, and the changes
    /// made in keyframes, gathered per property.
    var keyframes: ViewKeyframeTracks?
    /// For property animators: the media time every animation begins at; the animations then
    /// fill both ways, stay attached when done, and report every stop.
    var animatorBegin: Double?
    /// Views whose layers were animated in this block (laid out at its end with
    /// `.layoutSubviews`).
    private(set) var touchedViews: [UIView] = []

    init(
        duration: Double, delay: Double, options: UIView.AnimationOptions, timingFunction: CAMediaTimingFunction?,
        spring: SpringParameters?, group: ViewAnimationGroup
    ) {
        self.duration = duration
        self.delay = delay
        self.options = options
        self.timingFunction = timingFunction
        self.spring = spring
        self.group = group
    }

    /// Opens a block, applying UIKit's inheritance from the enclosing one: its duration and
    /// curve unless overridden, and its options (`inheritable`) unless
    /// `overrideInheritedOptions`.
    @discardableResult
    static func push(
        duration: Double, delay: Double, options: UIView.AnimationOptions, spring: SpringParameters? = nil,
        group: ViewAnimationGroup
    ) -> ViewAnimationContext {
        let context = ViewAnimationContext(
            duration: sanitized(duration, "duration"), delay: sanitized(delay, "delay"), options: options,
            timingFunction: spring == nil ? options.curve.timingFunction : nil, spring: spring, group: group)
        if let outer = current, !options.contains(.overrideInheritedOptions) {
            if !options.contains(.overrideInheritedDuration) { context.duration = outer.duration }
            if !options.contains(.overrideInheritedCurve) {
                context.timingFunction = outer.timingFunction
                context.spring = outer.spring
            }
            context.options.formUnion(outer.options.intersection(.inheritable))
            context.suppressesPropertyAnimations = outer.suppressesPropertyAnimations
        }
        stack.append(context)
        return context
    }

    static func pop() {
        _ = stack.popLast()
    }

    /// A non-negative finite time; anything else is 0, with a debug log.
    static func sanitized(_ value: Double, _ name: String) -> Double {
        guard value.isFinite else {
            kitLog.debug("UIView animation: ignoring a \(name) that is not finite (\(value))")
            return 0
        }
        return max(0, value)
    }

    func noteTouched(_ view: UIView) {
        if !touchedViews.contains(where: { $0 === view }) { touchedViews.append(view) }
    }

    /// Lays out the views changed in the block, inside it (the `.layoutSubviews` option).
    func layOutTouchedViews() {
        var index = 0
        while index < touchedViews.count {
            touchedViews[index].layoutIfNeeded()
            index += 1
        }
    }

    /// The Core Animation object for one property change in this block, with its timing.
    func makeAnimation(keyPath: String) -> CABasicAnimation {
        let animation: CABasicAnimation
        if let spring {
            let springAnimation = CASpringAnimation(keyPath: keyPath)
            springAnimation.mass = 1
            springAnimation.stiffness = spring.stiffness
            springAnimation.damping = spring.damping
            springAnimation.initialVelocity = spring.initialVelocity
            animation = springAnimation
        } else {
            animation = CABasicAnimation(keyPath: keyPath)
            animation.timingFunction = timingFunction
        }
        applyTiming(to: animation)
        return animation
    }

    /// Gives `animation` the block's timing: its duration, its delay (as a begin time, filled
    /// backwards; a keyframe animation's animations all begin at its begin time), `repeat` and
    /// `autoreverse`.
    func applyTiming(to animation: CAAnimation) {
        animation.fillMode = .backwards
        animation.duration = duration
        if let begin = keyframes?.begin {
            animation.beginTime = begin
        } else if delay > 0 {
            animation.beginTime = CACurrentMediaTime() + delay
        }
        if options.contains(.repeat) { animation.repeatCount = .infinity }
        animation.autoreverses = options.contains(.autoreverse)
    }
}

/// Core Animation spring parameters worked out from UIKit's damping ratio and initial
/// velocity (see `UIView.animate(withDuration:delay:usingSpringWithDamping:...)`).
struct SpringParameters: Equatable {
    var stiffness: CGFloat
    var damping: CGFloat
    var initialVelocity: CGFloat

    /// The mapping: mass 1, natural frequency ω₀ chosen so that the displacement's envelope
    /// falls to 0.1% (the threshold of Vitrine's `settlingDuration`) at `duration`:
    /// ω₀ = ln(1000) / (r · duration), where r is the decay rate per unit of ω₀ of the slowest
    /// term (ζ under-damped, ζ − √(ζ² − 1) over-damped, and about 0.75 critically damped, where
    /// (1 + ω₀t)e^(−ω₀t) falls to 0.1% at ω₀t ≈ 9.23); stiffness = ω₀², damping = 2ζω₀.
    /// The damping ratio is clamped to 0.01...100 (NaN: 1); the velocity (NaN: 0) is UIKit's
    /// "animation distances per second", the same unit as `CASpringAnimation.initialVelocity`.
    init(dampingRatio: CGFloat, velocity: CGFloat, duration: Double) {
        let zeta = dampingRatio.isNaN ? 1 : min(100, max(0.01, Double(dampingRatio)))
        let rate: Double
        if abs(zeta - 1) < 1e-9 {
            rate = log(1000) / 9.2334
        } else if zeta < 1 {
            rate = zeta
        } else {
            rate = zeta - (zeta * zeta - 1).squareRoot()
        }
        let omega0 = log(1000) / (rate * max(duration, 1e-3))
        stiffness = CGFloat(omega0 * omega0)
        damping = CGFloat(2 * zeta * omega0)
        initialVelocity = velocity.isFinite ? velocity : 0
    }
}

/// The animations one block made and the completion waiting for them: `finished` is true when
/// every one of them ran to its end, false when any was removed or replaced first, as UIKit's
/// `completion(finished:)`.
@MainActor
final class ViewAnimationGroup {
    private var pending = 0
    private var allFinished = true
    private var closed = false
    private var completion: ((Bool) -> Void)?
    /// Told of each animation's stop (property animators).
    var onStop: ((Bool) -> Void)?
    /// The property changes made, in order.
    private(set) var records: [ViewAnimationRecord] = []

    var hasPendingAnimations: Bool { pending > 0 }

    func animationAdded(_ record: ViewAnimationRecord) {
        pending += 1
        records.append(record)
    }

    func animationStopped(finished: Bool) {
        pending -= 1
        if !finished { allFinished = false }
        onStop?(finished)
        if closed, pending == 0 { complete() }
    }

    /// The block ended: the completion runs when its animations stop, or at the next turn of
    /// the clock when it made none (UIKit calls it asynchronously, with `finished` true).
    func close(completion: ((Bool) -> Void)?) {
        self.completion = completion
        closed = true
        guard pending == 0 else { return }
        guard completion != nil else { return }
        let clock = ScreenRegistry.current.backend.clock
        clock.schedule(at: clock.now) { [self] in complete() }
    }

    private func complete() {
        let block = completion
        completion = nil
        block?(allFinished)
    }
}

/// One animated property change of a view's layer.
@MainActor
final class ViewAnimationRecord {
    weak var layer: CALayer?
    weak var view: UIView?
    let key: String
    let animationKey: String
    /// The model values before and after the change.
    let from: Any
    let to: Any

    init(layer: CALayer, view: UIView, key: String, animationKey: String, from: Any, to: Any) {
        self.layer = layer
        self.view = view
        self.key = key
        self.animationKey = animationKey
        self.from = from
        self.to = to
    }
}

/// The delegate of each animation a block made: reports its stop to the block's group once,
/// and releases the view's count of animations that block touches.
@MainActor
final class ViewAnimationObserver: CAAnimationDelegate {
    let group: ViewAnimationGroup
    weak var view: UIView?
    let blocksInteraction: Bool
    /// Report each stop (an animator's animations stay attached and may run again), not only
    /// the first.
    let reportsEveryStop: Bool
    private var stopped = false

    init(group: ViewAnimationGroup, view: UIView, blocksInteraction: Bool, reportsEveryStop: Bool = false) {
        self.group = group
        self.view = view
        self.blocksInteraction = blocksInteraction
        self.reportsEveryStop = reportsEveryStop
        if blocksInteraction { view.interactionBlockingAnimationCount += 1 }
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        if reportsEveryStop {
            group.onStop?(flag)
            return
        }
        guard !stopped else { return }
        stopped = true
        if blocksInteraction, let view { view.interactionBlockingAnimationCount -= 1 }
        group.animationStopped(finished: flag)
    }
}

/// What a view's layer runs for a property changed inside an animation block: looked up
/// before the change (it keeps the old model and presentation values), run after it (it reads
/// the new value and adds the animation), as UIKit's private additive action does.
@MainActor
final class ViewPropertyAction: CAAction {
    let context: ViewAnimationContext
    weak var view: UIView?
    let oldModel: Any?
    let oldPresentation: Any?

    init(context: ViewAnimationContext, view: UIView, oldModel: Any?, oldPresentation: Any?) {
        self.context = context
        self.view = view
        self.oldModel = oldModel
        self.oldPresentation = oldPresentation
    }

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer, let view, let old = oldModel,
            let new = layer.value(forKeyPath: event)
        else { return }
        guard ViewAnimationArithmetic.isFinite(old), ViewAnimationArithmetic.isFinite(new) else {
            kitLog.debug("UIView animation: \(event) has a value that is not finite; changed without animation")
            return
        }
        if let keyframes = context.keyframes, keyframes.isAddingKeyframe {
            keyframes.record(layer: layer, view: view, key: event, old: old, shown: oldPresentation ?? old, new: new)
            return
        }
        let animation = context.makeAnimation(keyPath: event)
        let fromCurrentState = context.options.contains(.beginFromCurrentState) && context.keyframes == nil
        let difference = fromCurrentState ? nil : ViewAnimationArithmetic.additiveEndpoints(old: old, new: new)
        if let difference {
            animation.isAdditive = true
            animation.fromValue = difference.from
            animation.toValue = difference.to
        } else {
            animation.fromValue = oldPresentation ?? old
            animation.toValue = new
        }
        if fromCurrentState { Self.removeViewAnimations(of: event, from: layer) }
        Self.add(animation, of: event, to: layer, view: view, in: context, from: old, to: new)
    }

    /// Adds a block's animation of `key` (a change of the model value from `old` to `new`) to
    /// `layer` under an unused key, with an observer that reports its stop to the block's
    /// group (in a property animator's run: begun at the animator's time, filled both ways and
    /// kept when done), and records the change in the group.
    static func add(
        _ animation: CAAnimation, of key: String, to layer: CALayer, view: UIView, in context: ViewAnimationContext,
        from old: Any, to new: Any
    ) {
        if let begin = context.animatorBegin {
            animation.beginTime = begin
            animation.fillMode = .both
            animation.isRemovedOnCompletion = false
            animation.delegate = ViewAnimationObserver(
                group: context.group, view: view, blocksInteraction: false, reportsEveryStop: true)
        } else {
            animation.delegate = ViewAnimationObserver(
                group: context.group, view: view,
                blocksInteraction: !context.options.contains(.allowUserInteraction))
        }
        if animation.beginTime != 0 { animation.beginTime += layer.mediaTimeShift() }
        let animationKey = unusedKey(key, on: layer)
        context.group.animationAdded(
            ViewAnimationRecord(layer: layer, view: view, key: key, animationKey: animationKey, from: old, to: new))
        layer.add(animation, forKey: animationKey)
    }

    /// `key`, or `key-2`, `key-3`, ... : the first not in use on `layer` (UIKit's naming for
    /// additive animations of one property).
    static func unusedKey(_ key: String, on layer: CALayer) -> String {
        guard layer.animation(forKey: key) != nil else { return key }
        var n = 2
        while layer.animation(forKey: "\(key)-\(n)") != nil { n += 1 }
        return "\(key)-\(n)"
    }

    /// Removes the UIView animations of `key` from `layer` (their blocks hear `finished`
    /// false).
    static func removeViewAnimations(of key: String, from layer: CALayer) {
        for animationKey in layer.animationKeys() ?? [] where animationKey == key || animationKey.hasPrefix(key + "-") {
            if layer.animation(forKey: animationKey)?.delegate is ViewAnimationObserver {
                layer.removeAnimation(forKey: animationKey)
            }
        }
    }
}

/// The additive form of a change, UIKit's since iOS 8: the animation runs from old − new to
/// zero on top of the new model value, so an interrupting change continues smoothly from
/// wherever the running animations are.
enum ViewAnimationArithmetic {
    /// `from` = old − new, `to` = zero, for scalars, points, sizes, rectangles and transforms
    /// (a transform's difference is old · new⁻¹, the identity its zero, since additive
    /// transforms concatenate). Nil for colours and singular transforms: those animate from the
    /// presentation value to the new one instead.
    @MainActor
    static func additiveEndpoints(old: Any, new: Any) -> (from: Any, to: Any)? {
        switch (old, new) {
        case (let a as CGFloat, let b as CGFloat):
            return (a - b, CGFloat(0))
        case (let a as CGPoint, let b as CGPoint):
            return (CGPoint(x: a.x - b.x, y: a.y - b.y), CGPoint.zero)
        case (let a as CGSize, let b as CGSize):
            return (CGSize(width: a.width - b.width, height: a.height - b.height), CGSize.zero)
        case (let a as CGRect, let b as CGRect):
            return (
                CGRect(
                    x: a.origin.x - b.origin.x, y: a.origin.y - b.origin.y, width: a.size.width - b.size.width,
                    height: a.size.height - b.size.height), CGRect.zero
            )
        case (let a as CATransform3D, let b as CATransform3D):
            let inverse = CATransform3DInvert(b)
            guard !(inverse == b && !b.isIdentity) else { return nil }
            let difference = a.concatenating(inverse)
            // Check the round trip: a singular or ill-conditioned new value falls back.
            let back = difference.concatenating(b)
            guard entries(back).elementsEqual(entries(a), by: { abs($0 - $1) < 1e-6 }) else { return nil }
            return (difference, CATransform3DIdentity)
        default:
            return nil
        }
    }

    /// Whether every component of a scalar, point, size, rectangle or transform is finite
    /// (other values, such as colours, count as finite).
    static func isFinite(_ value: Any) -> Bool {
        switch value {
        case let v as CGFloat: v.isFinite
        case let p as CGPoint: p.x.isFinite && p.y.isFinite
        case let s as CGSize: s.width.isFinite && s.height.isFinite
        case let r as CGRect:
            r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite
        case let t as CATransform3D: entries(t).allSatisfy(\.isFinite)
        default: true
        }
    }

    private static func entries(_ t: CATransform3D) -> [CGFloat] {
        [
            t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43,
            t.m44,
        ]
    }
}
