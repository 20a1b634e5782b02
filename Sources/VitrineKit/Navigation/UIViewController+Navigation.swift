import Foundation

extension UIViewController {

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
