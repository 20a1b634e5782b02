import Foundation

/// The badge of a tab bar item: its `badgeValue` in white on a capsule of its `badgeColor`
/// (UIKit's red), 18 points tall and at least as wide, as UIKit draws it.
@MainActor
final class TabBarBadgeView: UIView {
    static let height: CGFloat = 18
    static let horizontalPadding: CGFloat = 5

    let label = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        label.font = .systemFont(ofSize: 13)
        label.textColor = .white
        label.textAlignment = .center
        addSubview(label)
        layer.cornerRadius = Self.height / 2
        layer.masksToBounds = true
    }

    required init?(coder: NSCoder) { nil }

    /// Shows `value` on `color`.
    func show(_ value: String, color: UIColor?) {
        label.text = value
        backgroundColor = color ?? .systemRed
        setNeedsLayout()
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        let text = label.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: Self.height))
        return CGSize(width: max(Self.height, ceil(text.width) + 2 * Self.horizontalPadding), height: Self.height)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds
    }
}
