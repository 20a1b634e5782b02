import Foundation

/// The text field of a search bar, as UIKit's `UISearchTextField` (iOS 13): a rounded grey
/// field with a magnifying glass at its left, a clear button while editing, and the
/// keyboard's return key set to Search.
@preconcurrency @MainActor
open class UISearchTextField: UITextField {
    /// A search field, as `init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        borderStyle = .none
        backgroundColor = UIColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12)
        layer.cornerRadius = 10
        layer.masksToBounds = true
        leftView = MagnifierGlyphView(frame: CGRect(x: 0, y: 0, width: 28, height: 20))
        leftViewMode = .always
        clearButtonMode = .whileEditing
        returnKeyType = .search
        autocorrectionType = .no
    }

    /// A search field from an interface file, as `init?(coder:)`.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

/// The magnifying glass a search field shows at its left: a ring and a handle in grey.
final class MagnifierGlyphView: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func draw(_ rect: CGRect) {
        // A 14-point glass centred a little right of the view's middle.
        let centre = CGPoint(x: bounds.midX + 2, y: bounds.midY - 1)
        let ring = UIBezierPath(
            arcCenter: centre, radius: 5.5, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        ring.lineWidth = 1.8
        UIColor.secondaryLabel.setStroke()
        ring.stroke()
        let handle = UIBezierPath()
        handle.move(to: CGPoint(x: centre.x + 4, y: centre.y + 4))
        handle.addLine(to: CGPoint(x: centre.x + 7.5, y: centre.y + 7.5))
        handle.lineWidth = 2
        handle.lineCapStyle = .round
        handle.stroke()
    }
}
