import Foundation

/// What a navigation controller tells its delegate, as UIKit's
/// `UINavigationControllerDelegate` (every method optional, through the default
/// implementations below): the transition's start and end, and custom push and pop animators
/// (`navigationController(_:animationControllerFor:from:to:)`) with their interaction
/// controllers (`navigationController(_:interactionControllerFor:)`). Vitrine leaves out the
/// orientation methods.
@preconcurrency @MainActor
public protocol UINavigationControllerDelegate: AnyObject {
    /// A controller is about to be shown, as `navigationController(_:willShow:animated:)`:
    /// called after the appearance callbacks' `viewWillAppear(_:)`, before the transition.
    func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)

    /// A controller was shown, as `navigationController(_:didShow:animated:)`: called last,
    /// after `viewDidAppear(_:)` and `didMove(toParent:)`.
    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)

    /// The animator of an animated push or pop, as
    /// `navigationController(_:animationControllerFor:from:to:)`; nil (the default) keeps the
    /// built-in slide. Asked after `willShow`. Its `animateTransition(using:)` gets a context
    /// whose container is the navigation controller's view (the bar is kept above what the
    /// animator adds); the `.to` view is already in it at its final frame, drawn once.
    /// `completeTransition(true)` ends the change as the slide's end does;
    /// `completeTransition(false)` cancels it: the stack, the bar and the views are put back.
    func navigationController(
        _ navigationController: UINavigationController,
        animationControllerFor operation: UINavigationController.Operation, from fromVC: UIViewController,
        to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning?

    /// The interaction controller that drives `animationController`, as
    /// `navigationController(_:interactionControllerFor:)`; nil (the default) runs the
    /// animator by itself. Asked only when the delegate gave an animator.
    func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning?
}

extension UINavigationControllerDelegate {
    /// Does nothing (the method is optional, as in UIKit).
    public func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) {}

    /// Does nothing (the method is optional, as in UIKit).
    public func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {}
}

extension UINavigationControllerDelegate {
    /// No animator: the built-in slide (the method is optional, as in UIKit).
    public func navigationController(
        _ navigationController: UINavigationController,
        animationControllerFor operation: UINavigationController.Operation, from fromVC: UIViewController,
        to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? { nil }

    /// Not interactive (the method is optional, as in UIKit).
    public func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? { nil }
}
