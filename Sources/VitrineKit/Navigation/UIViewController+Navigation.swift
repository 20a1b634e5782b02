import Foundation

extension UIViewController {
    /// The nearest navigation controller among the controller and its ancestors, as
    /// `navigationController` (the controller itself does not count, as in UIKit).
    public var navigationController: UINavigationController? {
        var ancestor = parent
        while let current = ancestor {
            if let navigation = current as? UINavigationController { return navigation }
            ancestor = current.parent
        }
        return nil
    }
}
