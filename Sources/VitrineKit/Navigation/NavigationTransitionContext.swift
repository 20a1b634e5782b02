import Foundation

/// What an interaction controller built into Vitrine (`UIPercentDrivenInteractiveTransition`)
/// needs from a context beyond UIKit's protocol: the animator to run and whether the
/// transition is over.
@MainActor
protocol InteractiveTransitionHost: AnyObject {
    var transitionAnimator: UIViewControllerAnimatedTransitioning { get }
    var hasEnded: Bool { get }
}

/// The context a navigation delegate's animator (and interaction controller) gets for one
/// push or pop (see `UIViewControllerContextTransitioning`).
@MainActor
final class NavigationTransitionContext: UIViewControllerContextTransitioning, InteractiveTransitionHost {
    enum Outcome { case complete, cancel }

    let containerView: UIView
    var isAnimated: Bool { true }
    let isInteractive: Bool
    private(set) var transitionWasCancelled = false
    let transitionAnimator: UIViewControllerAnimatedTransitioning
    /// The last progress an interaction controller reported.
    private(set) var percentComplete: CGFloat = 0
    /// What the transition is heading for: decided from the start when not interactive, by
    /// `finish`/`cancelInteractiveTransition()` otherwise (nil: the user is still deciding).
    private(set) var outcome: Outcome?
    private(set) var hasEnded = false
    private let from: UIViewController
    private let to: UIViewController
    private let fromView: UIView
    private let toView: UIView
    private var onComplete: ((Bool) -> Void)?

    init(
        container: UIView, animator: UIViewControllerAnimatedTransitioning, interactive: Bool,
        from: UIViewController, to: UIViewController, onComplete: @escaping (Bool) -> Void
    ) {
        containerView = container
        transitionAnimator = animator
        isInteractive = interactive
        self.from = from
        self.to = to
        fromView = from.view
        toView = to.view
        outcome = interactive ? nil : .complete
        self.onComplete = onComplete
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        key == .from ? from : to
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? { key == .from ? fromView : toView }

    /// The leaving view starts where it is (the container's bounds); the arriving one's start
    /// is the animator's choice (`.zero`, as UIKit's).
    func initialFrame(for vc: UIViewController) -> CGRect { vc === from ? containerView.bounds : .zero }

    /// The arriving view ends filling the container; the leaving one's end is the animator's
    /// choice (`.zero`, as UIKit's).
    func finalFrame(for vc: UIViewController) -> CGRect { vc === to ? containerView.bounds : .zero }

    func updateInteractiveTransition(_ percentComplete: CGFloat) {
        guard percentComplete.isFinite else { return }
        self.percentComplete = min(1, max(0, percentComplete))
    }

    func finishInteractiveTransition() {
        transitionWasCancelled = false
        outcome = .complete
    }

    func cancelInteractiveTransition() {
        transitionWasCancelled = true
        outcome = .cancel
    }

    func pauseInteractiveTransition() {
        if isInteractive { outcome = nil }
    }

    func completeTransition(_ didComplete: Bool) {
        guard let complete = onComplete else { return }
        onComplete = nil
        hasEnded = true
        complete(didComplete)
    }

    /// The navigation controller ended the transition itself (a stack change or the view
    /// leaving its window): later calls do nothing.
    func end() {
        onComplete = nil
        hasEnded = true
    }
}
