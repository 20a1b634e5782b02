import Foundation

/// What a tab bar not owned by a tab bar controller tells its delegate, as UIKit's
/// `UITabBarDelegate` (the method optional, through the default implementation below).
/// Vitrine leaves out the customizing methods (no customizing sheet).
@preconcurrency @MainActor
public protocol UITabBarDelegate: AnyObject {
    /// The user selected `item` by a tap, as `tabBar(_:didSelect:)`.
    func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)
}

extension UITabBarDelegate {
    /// Does nothing (the method is optional, as in UIKit).
    public func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {}
}
