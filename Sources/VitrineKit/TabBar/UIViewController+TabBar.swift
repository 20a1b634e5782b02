import Foundation

extension UIViewController {
    /// The nearest tab bar controller among the controller's ancestors, as
    /// `tabBarController` (the controller itself does not count, as in UIKit).
    public var tabBarController: UITabBarController? {
        nearestAncestor(of: UITabBarController.self)
    }

    /// The item that stands for the controller in a tab bar, as `tabBarItem`: made on first
    /// use with the controller's `title` and no image, as UIKit; setting it replaces it.
    ///
    /// Deviation: declared in an extension, so a subclass cannot override it as in UIKit;
    /// set it in the initializer or `viewDidLoad` instead.
    public var tabBarItem: UITabBarItem! {
        get {
            if let storedTabBarItem { return storedTabBarItem }
            let item = UITabBarItem(title: title, image: nil, tag: 0)
            storedTabBarItem = item
            return item
        }
        set {
            storedTabBarItem = newValue
            (parent as? UITabBarController)?.tabBarItemsDidChange()
        }
    }
}
