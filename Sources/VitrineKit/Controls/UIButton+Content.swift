import Foundation

// Showing the current state's content, and placing it.
extension UIButton {
    /// The content changed: show it, and lay out again.
    func contentDidChange() {
        updateContent()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    func insetsDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// Puts the current title, colour, image and background image into the subviews, with a
    /// system button's highlight dimming.
    func updateContent() {
        let dimmed: CGFloat = isSystemStyle && isHighlighted ? Self.systemHighlightAlpha : 1
        let title = currentTitle
        if title != nil || existingLabel != nil {
            let label = ensureLabel()
            label.text = title
            label.textColor = currentTitleColor
            label.alpha = dimmed
            label.isHidden = title?.isEmpty ?? true
        }
        let image = currentImage
        if image != nil || existingImageView != nil {
            let view = ensureImageView()
            view.image = image
            view.alpha = dimmed
            view.isHidden = image == nil
        }
        let background = currentBackgroundImage
        if background != nil || existingBackgroundImageView != nil {
            let view = ensureBackgroundImageView()
            view.image = background
            view.isHidden = background == nil
        }
    }

    /// The title's and the image's natural sizes (zero when absent), rounded up.
    private func contentSizes() -> (image: CGSize, title: CGSize) {
        var imageSize = CGSize.zero
        if let image = currentImage { imageSize = image.size }
        var titleSize = CGSize.zero
        if let title = currentTitle, !title.isEmpty, let label = existingLabel {
            titleSize = label.sizeThatFits(
                CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
        }
        func rounded(_ size: CGSize) -> CGSize {
            guard size.width.isFinite, size.height.isFinite else { return .zero }
            return CGSize(width: max(0, size.width.rounded(.up)), height: max(0, size.height.rounded(.up)))
        }
        return (rounded(imageSize), rounded(titleSize))
    }

    /// `sizeThatFits(_:)`: the content plus `contentEdgeInsets`.
    func contentFittingSize() -> CGSize {
        let (image, title) = contentSizes()
        let insets = contentEdgeInsets
        return CGSize(
            width: max(0, image.width + title.width + insets.left + insets.right),
            height: max(0, max(image.height, title.height) + insets.top + insets.bottom))
    }

    /// Places the image and the title in the bounds less `contentEdgeInsets`.
    func layoutContent() {
        existingBackgroundImageView?.frame = bounds
        var area = bounds.inset(by: contentEdgeInsets)
        if area.isNull { area = CGRect(x: bounds.midX, y: bounds.midY, width: 0, height: 0) }
        var (image, title) = contentSizes()
        if effectiveContentHorizontalAlignment == .fill {
            title.width = max(0, area.width - image.width)
        }
        let total = image.width + title.width
        let x: CGFloat
        switch effectiveContentHorizontalAlignment {
        case .left, .fill, .leading: x = area.minX
        case .right, .trailing: x = area.maxX - total
        case .center: x = area.midX - total / 2
        }
        existingImageView?.frame = place(width: image.width, height: image.height, x: x, in: area)
        existingLabel?.frame = place(width: title.width, height: title.height, x: x + image.width, in: area)
    }

    private func place(width: CGFloat, height: CGFloat, x: CGFloat, in area: CGRect) -> CGRect {
        switch contentVerticalAlignment {
        case .top: return CGRect(x: x, y: area.minY, width: width, height: height)
        case .bottom: return CGRect(x: x, y: area.maxY - height, width: width, height: height)
        case .fill: return CGRect(x: x, y: area.minY, width: width, height: area.height)
        case .center: return CGRect(x: x, y: area.midY - height / 2, width: width, height: height)
        }
    }
}
