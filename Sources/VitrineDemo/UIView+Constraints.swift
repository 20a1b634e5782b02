import VitrineKit

extension UIView {
    /// Adds `view` as a subview placed by constraints (its autoresizing mask off).
    func addConstrainedSubview(_ view: UIView) {
        view.translatesAutoresizingMaskIntoConstraints = false
        addSubview(view)
    }
}
