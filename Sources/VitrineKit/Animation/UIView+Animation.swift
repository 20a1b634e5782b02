import Foundation
import VitrineLayers

// UIView animation blocks, as UIKit's block-based animation API.
//
// The mechanism is UIKit's: while a block runs, the view's layer asks its view
// (`action(for:forKey:)`) for the action of each property change, and the view answers with
// one that adds a Core Animation animation from the old value to the new one, with the block's
// timing. The model values change at once; `layer.presentation()` shows the animation.
//
// - Changes are additive by default (UIKit's behaviour since iOS 8): an animation runs from
//   old − new to zero on top of the new model value, under the key of the property, or
//   `key-2`, `key-3`... while an earlier one runs; an interrupting change continues smoothly
//   and the earlier animation still finishes (its completion gets `finished` true). Colours
//   (and transforms that cannot be inverted) animate from the presentation value to the new
//   value instead.
// - `.beginFromCurrentState`: the animation runs from the presentation value (what is on
//   screen) to the new value, not additively, and replaces the running UIView animations of
//   that property, whose completions get `finished` false.
// - Only views already drawn once animate (Core Animation animates committed layers only);
//   a change to a view never shown is applied at once.
extension UIView {
    private static var animationsEnabled = true

    /// Whether property changes inside animation blocks animate, as `areAnimationsEnabled`
    /// (default true).
    public class var areAnimationsEnabled: Bool { animationsEnabled }

    /// Turns block animations on or off, as `setAnimationsEnabled(_:)`. While off, changes in
    /// blocks apply at once and completions still run.
    public class func setAnimationsEnabled(_ enabled: Bool) {
        animationsEnabled = enabled
    }

    /// Runs `actionsWithoutAnimation` with animations disabled, as
    /// `performWithoutAnimation(_:)`, even inside an animation block.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        let saved = animationsEnabled
        animationsEnabled = false
        actionsWithoutAnimation()
        animationsEnabled = saved
    }

    /// The duration of the innermost running animation block, as
    /// `inheritedAnimationDuration`; 0 outside any block.
    public class var inheritedAnimationDuration: TimeInterval {
        ViewAnimationContext.current?.duration ?? 0
    }

    /// Animates the changes `animations` makes, over `duration` seconds with the ease-in-out
    /// curve, as `animate(withDuration:animations:)`.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// As `animate(withDuration:animations:completion:)`: `completion` gets true when every
    /// animation the block made ran to its end, false when one was removed or replaced first.
    public class func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Animates the changes `animations` makes, as
    /// `animate(withDuration:delay:options:animations:completion:)`.
    ///
    /// - The block runs at once; the animations begin after `delay` (the old values show
    ///   meanwhile).
    /// - Inside another block, the block takes the enclosing one's duration and curve unless
    ///   `.overrideInheritedDuration` / `.overrideInheritedCurve`, and its options unless
    ///   `.overrideInheritedOptions`, as UIKit does; its completion is its own.
    /// - A duration of 0, negative or not finite applies the changes at once; the completion
    ///   runs at the next turn of the clock with `finished` true (as UIKit calls it
    ///   asynchronously). A delay that is negative or not finite counts as 0.
    /// - `.layoutSubviews` lays out the changed views at the end of the block, inside the
    ///   animation; changes made by `layoutIfNeeded()` inside the block animate in any case.
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let group = ViewAnimationGroup()
        let context = ViewAnimationContext.push(duration: duration, delay: delay, options: options, group: group)
        runBlock(animations, in: context)
        group.close(completion: completion)
    }

    /// Animates the changes with a spring, as
    /// `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)`.
    ///
    /// UIKit's damping ratio ζ (1: no overshoot; smaller: more oscillation) and initial velocity
    /// (in animation distances per second) map onto a `CASpringAnimation` of mass 1 whose
    /// natural frequency ω₀ makes it settle (within 0.1%) in about `duration`:
    /// ω₀ = ln(1000) / (r · duration) with r = ζ below 1, ζ − √(ζ² − 1) above, ≈ 0.75 at 1;
    /// `stiffness` = ω₀², `damping` = 2ζω₀, `initialVelocity` = the velocity. The animation lasts
    /// `duration`. ζ is clamped to 0.01...100 (NaN: 1). The options' curve is not used (the
    /// spring is the curve), as in UIKit.
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let group = ViewAnimationGroup()
        let seconds = ViewAnimationContext.sanitized(duration, "duration")
        let spring = SpringParameters(dampingRatio: dampingRatio, velocity: velocity, duration: seconds)
        let context = ViewAnimationContext.push(
            duration: seconds, delay: delay, options: options.union(.overrideInheritedCurve), spring: spring,
            group: group)
        runBlock(animations, in: context)
        group.close(completion: completion)
    }

    /// Runs a block inside `context` (already pushed), then the `.layoutSubviews` pass, and
    /// closes the context.
    static func runBlock(_ block: () -> Void, in context: ViewAnimationContext) {
        block()
        if context.options.contains(.layoutSubviews) { context.layOutTouchedViews() }
        ViewAnimationContext.pop()
    }
}
