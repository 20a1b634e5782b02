import Foundation

/// One action's button in an alert or action sheet: its title in the action's colour and
/// weight, a grey wash while highlighted (as iOS alert buttons).
@MainActor
final class AlertActionButton: UIControl {
    let action: UIAlertAction
    let label = UILabel(frame: .zero)
    static let highlightColor = UIColor(white: 0, alpha: 0.1)

    init(action: UIAlertAction, font: UIFont) {
        self.action = action
        super.init(frame: .zero)
        label.text = action.title
        label.font = font
        label.textAlignment = .center
        label.lineBreakMode = .byTruncatingMiddle
        addSubview(label)
        update()
    }

    required init?(coder: NSCoder) { nil }

    /// Matches the action's enabled state and colour.
    func update() {
        isEnabled = action.isEnabled
        let color: UIColor =
            !action.isEnabled ? .systemGray : action.style == .destructive ? .systemRed : .systemBlue
        label.textColor = color
    }

    override var isHighlighted: Bool {
        didSet { backgroundColor = isHighlighted ? Self.highlightColor : nil }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds.insetBy(dx: 8, dy: 0)
    }
}
