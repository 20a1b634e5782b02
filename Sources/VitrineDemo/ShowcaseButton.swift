import Foundation
import VitrineKit

/// A rounded, filled button whose fill and border brighten while it is touched: the layer's
/// own colours follow `isHighlighted`, the usual UIKit subclassing pattern. (Plain colours
/// rather than stretchable background images: those are translucent here, and Vitrine draws
/// a faint seam between the slices of translucent nine-slice images.)
@MainActor
public final class ShowcaseButton: UIButton {
    private let fill: UIColor
    private let highlightedFill: UIColor
    private let border: UIColor?
    private let highlightedBorder: UIColor?

    /// A button filled with `fill` (`highlightedFill` while touched), outlined with `border`
    /// (`highlightedBorder` while touched) when given.
    public init(
        title: String, fill: UIColor, highlightedFill: UIColor, border: UIColor? = nil,
        highlightedBorder: UIColor? = nil
    ) {
        self.fill = fill
        self.highlightedFill = highlightedFill
        self.border = border
        self.highlightedBorder = highlightedBorder ?? border
        super.init(frame: .zero)
        setTitle(title, for: .normal)
        setTitleColor(.white, for: .normal)
        updateColors()
    }

    /// Vitrine has no archives; always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    public override var isHighlighted: Bool {
        didSet { updateColors() }
    }

    private func updateColors() {
        backgroundColor = isHighlighted ? highlightedFill : fill
        let edge = isHighlighted ? highlightedBorder : border
        layer.borderColor = edge?.cgColor
        layer.borderWidth = edge == nil ? 0 : 2
    }
}
