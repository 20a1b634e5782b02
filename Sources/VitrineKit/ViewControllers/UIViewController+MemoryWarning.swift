import Foundation

extension UIViewController {
    /// Sends `didReceiveMemoryWarning()` to this controller, then to its children in order and to
    /// the controller it presents, recursively: every controller of a window's hierarchy.
    func deliverMemoryWarning() {
        didReceiveMemoryWarning()
        for child in children { child.deliverMemoryWarning() }
        presentedStorage?.deliverMemoryWarning()
    }
}
