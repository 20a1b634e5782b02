import Foundation

/// Where a page view controller's pages come from, as UIKit's
/// `UIPageViewControllerDataSource`: the page before and after a page (nil: none, the end),
/// and optionally the count and index its page indicator shows.
@preconcurrency @MainActor
public protocol UIPageViewControllerDataSource: AnyObject {
    /// The page before `viewController`, or nil at the start, as
    /// `pageViewController(_:viewControllerBefore:)`.
    func pageViewController(
        _ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController
    ) -> UIViewController?

    /// The page after `viewController`, or nil at the end, as
    /// `pageViewController(_:viewControllerAfter:)`.
    func pageViewController(
        _ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController
    ) -> UIViewController?

    /// How many dots the page indicator shows, as `presentationCount(for:)`: asked after
    /// `setViewControllers(_:direction:animated:completion:)`; the indicator is shown (scroll
    /// style, horizontal) when it is above 0. Optional: the default is 0, no indicator.
    func presentationCount(for pageViewController: UIPageViewController) -> Int

    /// Which dot is current, as `presentationIndex(for:)`: asked with `presentationCount`;
    /// a page turned by a swipe moves the dot by one. Optional: the default is 0.
    func presentationIndex(for pageViewController: UIPageViewController) -> Int
}

extension UIPageViewControllerDataSource {
    /// No page indicator (the method is optional, as in UIKit).
    public func presentationCount(for pageViewController: UIPageViewController) -> Int { 0 }
    /// The first dot (the method is optional, as in UIKit).
    public func presentationIndex(for pageViewController: UIPageViewController) -> Int { 0 }
}

/// What a page view controller tells its delegate about turns the user makes with a swipe,
/// as UIKit's `UIPageViewControllerDelegate` (every method optional). As UIKit documents,
/// turns made by `setViewControllers(_:direction:animated:completion:)` are not reported.
/// Vitrine leaves out the orientation methods (`spineLocationFor`, the supported
/// orientations): a page view controller is not rotated by the panel.
@preconcurrency @MainActor
public protocol UIPageViewControllerDelegate: AnyObject {
    /// A swipe is about to turn to `pendingViewControllers`, as
    /// `pageViewController(_:willTransitionTo:)`.
    func pageViewController(
        _ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController])

    /// A swipe's turn ended, as
    /// `pageViewController(_:didFinishAnimating:previousViewControllers:transitionCompleted:)`:
    /// `completed` is false when the page went back (the finger did not swipe far enough).
    func pageViewController(
        _ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
        previousViewControllers: [UIViewController], transitionCompleted completed: Bool)

}

extension UIPageViewControllerDelegate {
    public func pageViewController(
        _ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController]
    ) {}

    public func pageViewController(
        _ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
        previousViewControllers: [UIViewController], transitionCompleted completed: Bool
    ) {}

}
