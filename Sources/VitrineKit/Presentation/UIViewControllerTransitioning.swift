import Foundation

/// Which controller of a transition, as UIKit's `UITransitionContextViewControllerKey`.
public struct UITransitionContextViewControllerKey: Hashable, Sendable {
    let rawValue: String
    /// The controller leaving (the presenter when presenting, the presented when dismissing).
    public static let from = UITransitionContextViewControllerKey(rawValue: "from")
    /// The controller arriving (the presented when presenting, the presenter when dismissing).
    public static let to = UITransitionContextViewControllerKey(rawValue: "to")
}

/// Which view of a transition, as UIKit's `UITransitionContextViewKey`.
public struct UITransitionContextViewKey: Hashable, Sendable {
    let rawValue: String
    /// The leaving view (nil when it stays in place, as UIKit's for a presenter).
    public static let from = UITransitionContextViewKey(rawValue: "from")
    /// The arriving view (nil when it is already in place, as the presenter's on dismissal).
    public static let to = UITransitionContextViewKey(rawValue: "to")
}

/// What an animator of a custom presentation or navigation transition is given, as UIKit's
/// `UIViewControllerContextTransitioning`: the container view, the controllers, their views
/// and frames, `completeTransition(_:)`, which the animator calls when its animation ends, and
/// the calls of an interaction controller (`updateInteractiveTransition(_:)`,
/// `finishInteractiveTransition()`, `cancelInteractiveTransition()`).
///
/// Navigation transitions (a `UINavigationControllerDelegate`'s animators) can be
/// interactive and cancelled: `completeTransition(false)` puts the stack back. Presentations
/// are never interactive in Vitrine: their context treats `completeTransition(false)` as true
/// and ignores the interactive calls.
@preconcurrency @MainActor
public protocol UIViewControllerContextTransitioning: AnyObject {
    /// The view the transition's views live in, as `containerView`.
    var containerView: UIView { get }
    /// Whether the transition animates, as `isAnimated`.
    var isAnimated: Bool { get }
    /// Whether an interaction controller drives the transition, as `isInteractive`.
    var isInteractive: Bool { get }
    /// Whether the transition was cancelled, as `transitionWasCancelled`: true once
    /// `cancelInteractiveTransition()` was called (an animator's completion passes
    /// `!transitionWasCancelled` to `completeTransition(_:)`).
    var transitionWasCancelled: Bool { get }
    /// The controller for `key`, as `viewController(forKey:)`.
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The view for `key`, as `view(forKey:)`.
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    /// Where `vc`'s view starts, as `initialFrame(for:)` (`.zero` when unknown, as UIKit).
    func initialFrame(for vc: UIViewController) -> CGRect
    /// Where `vc`'s view ends, as `finalFrame(for:)` (`.zero` when unknown, as UIKit).
    func finalFrame(for vc: UIViewController) -> CGRect
    /// The interaction controller reports progress (0...1), as
    /// `updateInteractiveTransition(_:)`.
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    /// The interaction controller decided to finish, as `finishInteractiveTransition()`.
    func finishInteractiveTransition()
    /// The interaction controller decided to cancel, as `cancelInteractiveTransition()`:
    /// `transitionWasCancelled` becomes true.
    func cancelInteractiveTransition()
    /// The interaction controller paused a finishing or cancelling transition, as
    /// `pauseInteractiveTransition()`.
    func pauseInteractiveTransition()
    /// Ends the transition, as `completeTransition(_:)`: true keeps the change, false (a
    /// cancelled navigation transition) puts the state back. Presentations treat false as true.
    func completeTransition(_ didComplete: Bool)
}

extension UIViewControllerContextTransitioning {
    /// Not interactive (for contexts written outside Vitrine).
    public var isInteractive: Bool { false }
    /// Does nothing.
    public func updateInteractiveTransition(_ percentComplete: CGFloat) {}
    /// Does nothing.
    public func finishInteractiveTransition() {}
    /// Does nothing.
    public func cancelInteractiveTransition() {}
    /// Does nothing.
    public func pauseInteractiveTransition() {}
}

/// An object that drives a transition from user input, as UIKit's
/// `UIViewControllerInteractiveTransitioning` (a navigation controller delegate's
/// `navigationController(_:interactionControllerFor:)` gives one).
/// `UIPercentDrivenInteractiveTransition` is the ready-made one.
@preconcurrency @MainActor
public protocol UIViewControllerInteractiveTransitioning: AnyObject {
    /// Starts the transition, as `startInteractiveTransition(_:)`: from here the object
    /// reports progress to the context and finishes or cancels it.
    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning)
    /// How fast the rest of the transition runs once released, as `completionSpeed`
    /// (optional; default 1).
    var completionSpeed: CGFloat { get }
    /// The curve of the rest of the transition, as `completionCurve` (optional; default
    /// `.easeInOut`).
    var completionCurve: UIView.AnimationCurve { get }
    /// Whether the transition starts interactively, as `wantsInteractiveStart` (optional;
    /// default true).
    var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
    public var completionSpeed: CGFloat { 1 }
    public var completionCurve: UIView.AnimationCurve { .easeInOut }
    public var wantsInteractiveStart: Bool { true }
}

/// An animator for a custom presentation, dismissal, push or pop, as UIKit's
/// `UIViewControllerAnimatedTransitioning`.
@preconcurrency @MainActor
public protocol UIViewControllerAnimatedTransitioning: AnyObject {
    /// The animation's length, as `transitionDuration(using:)`.
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval
    /// Runs the animation and calls `completeTransition(_:)` at its end, as
    /// `animateTransition(using:)`. When presenting, the animator adds the `.to` view to the
    /// container (Vitrine has already put it there, at its final frame: adding it again is
    /// harmless).
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning)
    /// Called after the transition ended, as `animationEnded(_:)` (optional).
    func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// Gives the animators of a controller's presentation and dismissal, as UIKit's
/// `UIViewControllerTransitioningDelegate` (assign it to `transitioningDelegate`). Both
/// methods are optional; nil keeps the controller's `modalTransitionStyle`. Presentation
/// controllers (`presentationController(forPresented:…)`) and interactive presentations are
/// not in Vitrine (navigation has interactive pops). As in UIKit, an animator that never calls `completeTransition(_:)` leaves the
/// transition running, and the container keeps taking the touches it covers.
@preconcurrency @MainActor
public protocol UIViewControllerTransitioningDelegate: AnyObject {
    /// The animator that presents `presented`, as
    /// `animationController(forPresented:presenting:source:)`.
    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning?
    /// The animator that dismisses `dismissed`, as `animationController(forDismissed:)`.
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning?
}

extension UIViewControllerTransitioningDelegate {
    public func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? { nil }
    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning?
    {
        nil
    }
}
