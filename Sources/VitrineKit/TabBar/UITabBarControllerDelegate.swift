import Foundation

/// What a tab bar controller tells its delegate, as UIKit's `UITabBarControllerDelegate`
/// (both methods optional, through the default implementations below). As UIKit documents,
/// they are called only for the user's taps on the bar, never for `selectedIndex` or
/// `selectedViewController` set in code. Vitrine leaves out the customizing, animation and
/// orientation methods.
@preconcurrency @MainActor
public protocol UITabBarControllerDelegate: AnyObject {
    /// Whether the tapped tab may be selected, as `tabBarController(_:shouldSelect:)`:
    /// false leaves everything as it was. Called for a tap on the selected tab too.
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController)
        -> Bool

    /// The user selected a tab, as `tabBarController(_:didSelect:)`: called after the switch
    /// (and its appearance callbacks), also when the tapped tab was already selected.
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

extension UITabBarControllerDelegate {
    /// Allows every selection (the method is optional, as in UIKit).
    public func tabBarController(
        _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
    ) -> Bool { true }

    /// Does nothing (the method is optional, as in UIKit).
    public func tabBarController(
        _ tabBarController: UITabBarController, didSelect viewController: UIViewController
    ) {}
}
