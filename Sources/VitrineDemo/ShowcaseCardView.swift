import Foundation
import VitrineKit

/// One of the main screen's cards: a translucent rounded panel with a hairline border, lifted
/// off the background by a soft shadow. The shadow's `shadowPath` is the card's rounded
/// rectangle, set again in `layoutSubviews` whenever the bounds or the radius change, so the
/// compositor blurs a known shape (the fast path) rather than what the card's subtree draws.
@MainActor
public final class ShowcaseCardView: UIView {
    /// The corners' radius (the layer's `cornerRadius`; the shadow follows it).
    public var cornerRadius: CGFloat {
        get { layer.cornerRadius }
        set {
            guard newValue != layer.cornerRadius else { return }
            layer.cornerRadius = newValue
            setNeedsLayout()
        }
    }

    /// A card with the showcase's look.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor(white: 1, alpha: 0.1)
        layer.borderWidth = 1.5
        layer.borderColor = UIColor(white: 1, alpha: 0.22).cgColor
        layer.shadowColor = UIColor(red: 0.01, green: 0.01, blue: 0.06, alpha: 1).cgColor
        layer.shadowOpacity = 0.45
        layer.shadowRadius = 18
        layer.shadowOffset = CGSize(width: 0, height: 10)
    }

    /// Vitrine has no archives; always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The shadow's shape: the card's rounded rectangle at its current size.
    public override func layoutSubviews() {
        super.layoutSubviews()
        let path = UIBezierPath(roundedRect: bounds, cornerRadius: layer.cornerRadius).cgPath
        if layer.shadowPath != path { layer.shadowPath = path }
    }
}
