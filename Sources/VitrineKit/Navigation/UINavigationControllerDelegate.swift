import Foundation

/// What a navigation controller tells its delegate, as UIKit's
/// `UINavigationControllerDelegate` (both methods optional, through the default
/// implementations below). Vitrine leaves out the animation-controller, interaction and
/// orientation methods (no custom transitions yet).
@MainActor
public protocol UINavigationControllerDelegate: AnyObject {
    /// A controller is about to be shown, as `navigationController(_:willShow:animated:)`:
    /// called after the appearance callbacks' `viewWillAppear(_:)`, before the transition.
    func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)

    /// A controller was shown, as `navigationController(_:didShow:animated:)`: called last,
    /// after `viewDidAppear(_:)` and `didMove(toParent:)`.
    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
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
