import Foundation

// Showing the current state's content, and placing it.
extension UIButton {
    /// What the intrinsic size is measured from, besides the title label's font and lines.
    struct MeasuredContent: Equatable {
        var title: String?
        var image: UIImage?
        var backgroundImage: UIImage?
        var configuration: ConfiguredMeasure?

        static func == (lhs: MeasuredContent, rhs: MeasuredContent) -> Bool {
            lhs.title == rhs.title && lhs.image === rhs.image && lhs.backgroundImage === rhs.backgroundImage
                && lhs.configuration == rhs.configuration
        }
    }

    /// The content changed: show it, and lay out again. The intrinsic size changes only when
    /// what is measured does (not for a colour, or content for another state).
    func contentDidChange() {
        updateContent()
        let content = MeasuredContent(
            title: shownTitle, image: currentImage, backgroundImage: currentBackgroundImage,
            configuration: configuration.map(ConfiguredMeasure.init))
        if content != measuredContent {
            measuredContent = content
            invalidateIntrinsicContentSize()
        }
        setNeedsLayout()
    }

    func insetsDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// Puts the current title, colour, image and background image into the subviews, with a
    /// system button's highlight dimming.
    func updateContent() {
        if let configuration {
            updateConfiguredContent(configuration.updated(for: self))
            return
        }
        let dimmed: CGFloat = isSystemStyle && isHighlighted ? Self.systemHighlightAlpha : 1
        let title = shownTitle
        if title != nil || existingLabel != nil {
            let label = ensureLabel()
            if let attributed = currentAttributedTitle {
                // The colour first, on plain text: set after, it would colour all of the title.
                label.text = nil
                label.textColor = currentTitleColor
                label.attributedText = attributed
            } else {
                label.textColor = currentTitleColor
                label.text = title
            }
            label.shadowColor = currentTitleShadowColor
            let reversed = reversesTitleShadowWhenHighlighted && isHighlighted
            if reversed != titleShadowIsReversed {
                titleShadowIsReversed = reversed
                label.shadowOffset = CGSize(width: -label.shadowOffset.width, height: -label.shadowOffset.height)
            }
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
        if let title = shownTitle, !title.isEmpty, let label = existingLabel {
            titleSize = label.sizeThatFits(
                CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
        }
        func rounded(_ size: CGSize) -> CGSize {
            guard size.width.isFinite, size.height.isFinite else { return .zero }
            return CGSize(width: max(0, size.width.rounded(.up)), height: max(0, size.height.rounded(.up)))
        }
        return (rounded(imageSize), rounded(titleSize))
    }

    /// `sizeThatFits(_:)`: the content plus `contentEdgeInsets`, at least the background
    /// image's size (UIKit's button grows to its background image). A button with no title,
    /// image or background image is 30x34 points, as iOS's empty buttons of every type
    /// (`sizeToFit()` and `intrinsicContentSize` give that on iOS too).
    func contentFittingSize() -> CGSize {
        if let configuration { return configuredFittingSize(configuration) }
        let (image, title) = contentSizes()
        if image == .zero, title == .zero, currentBackgroundImage == nil {
            return Self.emptyContentSize
        }
        let insets = contentEdgeInsets
        let padding = titlePadding(forTitleHeight: title.height)
        var size = CGSize(
            width: max(0, image.width + title.width + insets.left + insets.right),
            height: max(0, max(image.height, title.height + 2 * padding) + insets.top + insets.bottom))
        if let background = currentBackgroundImage?.size, background.width.isFinite, background.height.isFinite {
            size.width = max(size.width, background.width.rounded(.up))
            size.height = max(size.height, background.height.rounded(.up))
        }
        return size
    }

    /// The space above and below a title of `height`: 6 points for a titled system button
    /// with zero `contentEdgeInsets`, as UIKit's classic buttons add; else none.
    func titlePadding(forTitleHeight height: CGFloat) -> CGFloat {
        isSystemStyle && height > 0 && contentEdgeInsets == .zero ? Self.systemTitlePadding : 0
    }

    /// The padding above and below a system button's title.
    static let systemTitlePadding: CGFloat = 6

    /// The size of a button with nothing to show, as iOS's: 30x34 points.
    static let emptyContentSize = CGSize(width: 30, height: 34)

    /// Places the background image, the image and the title where the overridable
    /// `backgroundRect(forBounds:)`, `imageRect(forContentRect:)` and
    /// `titleRect(forContentRect:)` say, in `contentRect(forBounds:)`, as UIKit does.
    func layoutContent() {
        if configuration != nil {
            layoutConfiguredContent()
            return
        }
        existingBackgroundImageView?.frame = backgroundRect(forBounds: bounds)
        let area = contentRect(forBounds: bounds)
        existingImageView?.frame = imageRect(forContentRect: area)
        existingLabel?.frame = titleRect(forContentRect: area)
    }

    /// `bounds` less `contentEdgeInsets`; the centre point when the insets leave nothing.
    func insetContentArea(of bounds: CGRect) -> CGRect {
        let area = bounds.inset(by: contentEdgeInsets)
        return area.isNull ? CGRect(x: bounds.midX, y: bounds.midY, width: 0, height: 0) : area
    }

    /// Where the image and the title go in `area`: side by side, placed by the content
    /// alignments.
    func contentFrames(inContentRect area: CGRect) -> (image: CGRect, title: CGRect) {
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
        return (
            place(width: image.width, height: image.height, x: x, in: area),
            place(width: title.width, height: title.height, x: x + image.width, in: area)
        )
    }

    /// The title label's baselines in the button: where `titleRect(forContentRect:)` puts the label
    /// in the bounds (their fitting size where they have none), then where the label draws its
    /// text in that frame. Nil without a title shown.
    func titleBaselines() -> (firstFromTop: CGFloat, lastFromBottom: CGFloat)? {
        if configuration != nil { return configuredTitleBaselines() }
        guard let label = existingLabel, !label.isHidden, let title = shownTitle, !title.isEmpty else {
            return nil
        }
        var area = bounds
        if !(area.width > 0) || !(area.height > 0) {
            let fitting = contentFittingSize()
            if !(area.width > 0) { area.size.width = fitting.width }
            if !(area.height > 0) { area.size.height = fitting.height }
        }
        let frame = titleRect(forContentRect: contentRect(forBounds: area))
        guard let inLabel = label.textBaselines(inSize: frame.size) else { return nil }
        // A zero-height title frame is measured at the label's own height, from its top.
        let height = frame.height > 0 ? frame.height : label.intrinsicContentSize.height
        let first = frame.minY - area.minY + inLabel.firstFromTop
        let last = area.maxY - (frame.minY + height) + inLabel.lastFromBottom
        guard first.isFinite, last.isFinite else { return nil }
        return (first, last)
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

/// A button's title label, as UIKit's private `UIButtonLabel`: when its own size changes (its
/// font, its number of lines), so does the button's.
final class ButtonTitleLabel: UILabel {
    override func invalidateIntrinsicContentSize() {
        super.invalidateIntrinsicContentSize()
        (superview as? UIButton)?.invalidateIntrinsicContentSize()
    }
}
