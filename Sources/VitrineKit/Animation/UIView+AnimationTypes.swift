import Foundation
import VitrineLayers

extension UIView {
    /// Options of UIView animation blocks, as `UIView.AnimationOptions`, with UIKit's raw values.
    ///
    /// Vitrine honours the four curves, `repeat`, `autoreverse`, `beginFromCurrentState`,
    /// `allowUserInteraction`, `overrideInheritedDuration`, `overrideInheritedCurve`,
    /// `overrideInheritedOptions`, `layoutSubviews`, `allowAnimatedContent`,
    /// `transitionCrossDissolve` and the four flips, drawn as UIKit draws them (see
    /// `UIView.transition(with:duration:options:animations:completion:)`). The curls are
    /// accepted and performed as a cross dissolve; `showHideTransitionViews` is honoured by
    /// `transition(from:to:duration:options:completion:)`. The frame-rate hints are accepted
    /// and ignored (Vitrine animates at every vblank).
    public struct AnimationOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Lay out the changed views when the block ends, inside the animation, so that the
        /// layout animates with them.
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// Let the animating views receive touches (by default they receive none).
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Start from what is on screen, replacing running animations of the same properties.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeat for ever.
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Run forwards, then backwards.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// Use this block's duration even inside another animation block.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// Use this block's curve even inside another animation block.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        /// Animate a transition's content changes instead of cross-fading a snapshot.
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        /// `transition(from:to:...)` hides and shows the views instead of removing and adding.
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        /// Inherit nothing (options, duration, curve) from an enclosing block.
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)

        /// Slow at the start and the end (the default).
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// Slow at the start.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Slow at the end.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Even pace.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        /// The view turns about its vertical centre line, its left side toward the viewer and
        /// its right side away, showing the new content on its back (UIKit's flip).
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        /// As `transitionFlipFromLeft`, the right side coming toward the viewer.
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        /// A page curl in UIKit; a cross dissolve in Vitrine (curls are not drawn yet).
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        /// A page curl in UIKit; a cross dissolve in Vitrine (curls are not drawn yet).
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        /// The old content fades out over the new.
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        /// The view turns about its horizontal centre line, its top edge toward the viewer.
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        /// As `transitionFlipFromTop`, the bottom edge coming toward the viewer.
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

        public static let preferredFramesPerSecondDefault = AnimationOptions(rawValue: 0 << 24)
        public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
        public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)

        /// The curve bits (16...19).
        var curve: AnimationCurve {
            AnimationCurve(rawValue: Int((rawValue >> 16) & 0xF)) ?? .easeInOut
        }

        /// The transition bits (20...23): 0 for none.
        var transition: UInt { (rawValue >> 20) & 0xF }

        /// The options an inner block takes from an enclosing one (the curve is handled apart).
        static let inheritable: AnimationOptions = [
            .allowUserInteraction, .beginFromCurrentState, .repeat, .autoreverse, .layoutSubviews,
        ]
    }

    /// The pacing of an animation, as `UIView.AnimationCurve`.
    public enum AnimationCurve: Int, Sendable, CaseIterable {
        case easeInOut = 0
        case easeIn = 1
        case easeOut = 2
        case linear = 3

        /// The Core Animation curve UIKit uses for it (the named `CAMediaTimingFunction`s).
        public var timingFunction: CAMediaTimingFunction {
            switch self {
            case .easeInOut: CAMediaTimingFunction(name: .easeInEaseOut)
            case .easeIn: CAMediaTimingFunction(name: .easeIn)
            case .easeOut: CAMediaTimingFunction(name: .easeOut)
            case .linear: CAMediaTimingFunction(name: .linear)
            }
        }
    }

    /// Options of `animateKeyframes(withDuration:delay:options:animations:completion:)`, as
    /// `UIView.KeyframeAnimationOptions`, with UIKit's raw values. Vitrine honours
    /// `allowUserInteraction`, `beginFromCurrentState`, `repeat`, `autoreverse`,
    /// `layoutSubviews`, the override options and the five calculation modes, which become the
    /// `calculationMode` of the `CAKeyframeAnimation` each animated property gets, as in UIKit
    /// (see `animateKeyframes` for the key times). UIKit's undocumented curve over the whole
    /// animation (the curve bits some iOS code passes through `rawValue`) is not applied.
    public struct KeyframeAnimationOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)
        /// Straight lines between the keyframes' values, each keyframe over its own part of the
        /// duration (the default).
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        /// No in-between values: each keyframe's value shows from the end of its part of the
        /// duration.
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        /// Straight lines at constant speed over the whole duration; the keyframes' start times
        /// and durations are ignored.
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        /// A smooth (Catmull-Rom) curve through the keyframes' values, each reached at the end
        /// of its keyframe.
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        /// The smooth curve of `calculationModeCubic`, timed by distance as
        /// `calculationModePaced`.
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

        /// The calculation mode bits (10...12) as Core Animation's mode (unknown values: linear).
        var calculationMode: CAAnimationCalculationMode {
            switch (rawValue >> 10) & 0x7 {
            case 1: .discrete
            case 2: .paced
            case 3: .cubic
            case 4: .cubicPaced
            default: .linear
            }
        }
    }
}

/// Where a property animator ends, as `UIViewAnimatingPosition`.
public enum UIViewAnimatingPosition: Int, Sendable {
    /// At the end values (the animation ran forwards to the end).
    case end = 0
    /// At the start values (reversed to the start, or finished there).
    case start = 1
    /// Where it was when stopped.
    case current = 2
}

/// The state of a property animator, as `UIViewAnimatingState`.
public enum UIViewAnimatingState: Int, Sendable {
    /// Not started, or done: its animations are not on any layer.
    case inactive = 0
    /// Started or paused.
    case active = 1
    /// Stopped with `stopAnimation(false)`, waiting for `finishAnimation(at:)`.
    case stopped = 2
}
