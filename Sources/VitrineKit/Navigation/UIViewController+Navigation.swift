import Foundation

extension UIViewController {
    /// The nearest navigation controller among the controller and its ancestors, as
    /// `navigationController` (the controller itself does not count, as in UIKit).
    public var navigationController: UINavigationController? {
        nearestAncestor(of: UINavigationController.self)
    }

    /// The nearest of the controller's ancestors (its parent, the parent's parent...) that is
    /// a `Container`; nil if none.
    func nearestAncestor<Container: UIViewController>(of type: Container.Type) -> Container? {
        var ancestor = parent
        while let current = ancestor {
            if let container = current as? Container { return container }
            ancestor = current.parent
        }
        return nil
    }
}
