import Foundation

/// The control a tab bar shows for one item: the image (a template filled with the item's
/// colour) beside the title, as UIKit lays out items on a regular-width (iPad) bar, and the
/// badge at the image's top right.
@MainActor
final class TabBarButton: UIControl {
    /// The largest image size: images are scaled down to fit 25x25 points, keeping their shape.
    static let imageBox: CGFloat = 25
    static let imageTitleSpacing: CGFloat = 6
    static let titleFont = UIFont.systemFont(ofSize: 13, weight: .medium)

    let item: UITabBarItem
    let imageView = UIImageView()
    let titleLabel = UILabel()
    private(set) var badge: TabBarBadgeView?

    init(item: UITabBarItem) {
        self.item = item
        super.init(frame: .zero)
        imageView.contentMode = .scaleAspectFit
        titleLabel.font = Self.titleFont
        addSubview(imageView)
        addSubview(titleLabel)
    }

    required init?(coder: NSCoder) { nil }

    /// Shows the item, selected or not, in `color`.
    func show(selected: Bool, color: UIColor) {
        isSelected = selected
        isEnabled = item.isEnabled
        let shownColor = item.isEnabled ? color : color.withAlphaComponent(0.4)
        if let image = selected ? item.selectedImage : item.image {
            imageView.image =
                image.renderingMode == .alwaysOriginal ? image : image.templateFilled(with: shownColor)
            imageView.isHidden = false
        } else {
            imageView.image = nil
            imageView.isHidden = true
        }
        titleLabel.text = item.title
        titleLabel.textColor = shownColor
        if let value = item.badgeValue {
            let badge = self.badge ?? TabBarBadgeView()
            if badge.superview == nil { addSubview(badge) }
            badge.show(value, color: item.badgeColor)
            self.badge = badge
        } else {
            badge?.removeFromSuperview()
            badge = nil
        }
        setNeedsLayout()
    }

    /// The image's size on the bar: its size scaled down to fit `imageBox`.
    private var imageSize: CGSize {
        guard let image = imageView.image, !imageView.isHidden else { return .zero }
        let size = image.size
        guard size.width > 0, size.height > 0 else { return .zero }
        let factor = min(1, Self.imageBox / max(size.width, size.height))
        return CGSize(width: (size.width * factor).rounded(), height: (size.height * factor).rounded())
    }

    private var titleSize: CGSize {
        guard titleLabel.text?.isEmpty == false else { return .zero }
        let size = titleLabel.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: UITabBar.height))
        return CGSize(width: ceil(size.width), height: ceil(size.height))
    }

    /// The width of the image, the spacing and the title side by side.
    var contentWidth: CGFloat {
        let image = imageSize.width
        let title = titleSize.width
        return image + title + (image > 0 && title > 0 ? Self.imageTitleSpacing : 0)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let image = imageSize
        let title = titleSize
        let height = min(bounds.height, UITabBar.height)
        var x = ((bounds.width - min(contentWidth, bounds.width)) / 2).rounded()
        imageView.frame = CGRect(origin: CGPoint(x: x, y: ((height - image.height) / 2).rounded()), size: image)
        if image.width > 0 { x += image.width + Self.imageTitleSpacing }
        let titleWidth = max(0, min(title.width, bounds.width - x))
        titleLabel.frame = CGRect(
            x: x, y: ((height - title.height) / 2).rounded(), width: titleWidth, height: title.height)
        if let badge {
            let size = badge.sizeThatFits(.zero)
            let anchor = image.width > 0 ? imageView.frame : titleLabel.frame
            badge.frame = CGRect(
                x: anchor.maxX - 7, y: anchor.minY - 6, width: size.width, height: size.height)
        }
    }
}
