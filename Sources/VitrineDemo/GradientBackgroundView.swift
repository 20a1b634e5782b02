import Foundation
import VitrineKit

/// The main screen's background: a view backed by a `CAGradientLayer` (its `layerClass`), a
/// subtle dark diagonal gradient from deep indigo at the top left, through violet, to slate at the
/// bottom right, in the showcase's palette. The layer draws it at any size, so nothing is
/// regenerated when the screen turns.
@MainActor
public final class GradientBackgroundView: UIView {
    /// The gradient's colours, top left to bottom right.
    public static let colors: [UIColor] = [
        UIColor(red: 0.10, green: 0.11, blue: 0.50, alpha: 1),
        UIColor(red: 0.17, green: 0.13, blue: 0.42, alpha: 1),
        UIColor(red: 0.16, green: 0.22, blue: 0.32, alpha: 1),
    ]

    public override class var layerClass: AnyClass { CAGradientLayer.self }

    /// The backing layer, drawing the gradient (always one: `layerClass` makes it).
    public var gradientLayer: CAGradientLayer? { layer as? CAGradientLayer }

    /// A background filling `frame` with the gradient.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        guard let gradient = gradientLayer else { return }
        gradient.type = .axial
        gradient.colors = Self.colors.map(\.cgColor)
        gradient.locations = [0, 0.55, 1]
        gradient.startPoint = CGPoint(x: 0, y: 0)
        gradient.endPoint = CGPoint(x: 1, y: 1)
    }

    /// Vitrine has no archives; always fails.
    public required init?(coder: NSCoder) {
        return nil
    }
}
