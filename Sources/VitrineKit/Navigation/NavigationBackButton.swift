import Foundation

/// The bar's back button: a chevron and a title in the tint colour.
@MainActor
final class NavigationBackButton: UIButton {
    private let chevron = NavigationChevronView(frame: CGRect(x: 0, y: 0, width: 13, height: 21))
    static let chevronWidth: CGFloat = 13
    static let chevronGap: CGFloat = 6

    init(title: String) {
        super.init(frame: .zero)
        setTitle(title, for: .normal)
        setTitleColor(nil, for: .normal)
        titleLabel?.font = .systemFont(ofSize: 17)
        contentEdgeInsets = UIEdgeInsets(top: 0, left: Self.chevronWidth + Self.chevronGap, bottom: 0, right: 0)
        chevron.isUserInteractionEnabled = false
        addSubview(chevron)
        refreshColors()
    }

    required init?(coder: NSCoder) { nil }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        refreshColors()
    }

    override func stateDidChange() {
        super.stateDidChange()
        refreshColors()
    }

    private func refreshColors() {
        let color: UIColor = tintColor ?? .systemBlue
        setTitleColor(color, for: .normal)
        setTitleColor(color.withAlphaComponent(0.2), for: .highlighted)
        chevron.color = isHighlighted ? color.withAlphaComponent(0.2) : color
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        chevron.frame = CGRect(
            x: 0, y: ((bounds.height - chevron.bounds.height) / 2).rounded(), width: Self.chevronWidth,
            height: chevron.bounds.height)
    }
}

/// The back button's chevron, drawn as a stroked path.
@MainActor
final class NavigationChevronView: UIView {
    var color: UIColor = .systemBlue {
        didSet { setNeedsDisplay() }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        backgroundColor = .clear
    }

    required init?(coder: NSCoder) { nil }

    override func draw(_ rect: CGRect) {
        let path = UIBezierPath()
        path.move(to: CGPoint(x: bounds.maxX - 2.5, y: 1.5))
        path.addLine(to: CGPoint(x: 2.5, y: bounds.midY))
        path.addLine(to: CGPoint(x: bounds.maxX - 2.5, y: bounds.maxY - 1.5))
        path.lineWidth = 3
        path.lineCapStyle = .round
        path.lineJoinStyle = .round
        color.setStroke()
        path.stroke()
    }
}
