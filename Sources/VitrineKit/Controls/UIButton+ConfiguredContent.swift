import Foundation

/// The views a configured button adds to the title label and image view it shares with the
/// classic button: the subtitle and the background.
@MainActor
final class ConfiguredButtonViews {
    let subtitle: UILabel
    let background: UIView

    init(subtitle: UILabel, background: UIView) {
        self.subtitle = subtitle
        self.background = background
    }
}

/// What a configured button's size depends on, to tell when its intrinsic size changes.
struct ConfiguredMeasure: Equatable {
    var title: String?
    var subtitle: String?
    var image: ObjectIdentifier?
    var imagePlacement: NSDirectionalRectEdge
    var imagePadding: CGFloat
    var titlePadding: CGFloat
    var buttonSize: UIButton.Configuration.Size
    var contentInsets: NSDirectionalEdgeInsets

    init(_ configuration: UIButton.Configuration) {
        title = configuration.shownTitle
        subtitle = configuration.shownSubtitle
        image = configuration.image.map(ObjectIdentifier.init)
        imagePlacement = configuration.imagePlacement
        imagePadding = configuration.imagePadding
        titlePadding = configuration.titlePadding
        buttonSize = configuration.buttonSize
        contentInsets = configuration.contentInsets
    }
}

// Drawing a `UIButton.Configuration`: its background, image, title and subtitle, placed in
// the bounds less the content insets.
extension UIButton {
    /// Runs `updateConfiguration()` and the update handler once for the requests since the
    /// last layout pass, as UIKit does before laying the button out.
    func updateConfigurationIfNeeded() {
        guard needsConfigurationUpdate else { return }
        needsConfigurationUpdate = false
        updateConfiguration()
        configurationUpdateHandler?(self)
        // The handler may have asked again by setting `configuration`: that update is this one.
        needsConfigurationUpdate = false
    }

    /// The configuration was set or cleared: show it (or the classic content again).
    func configurationDidChange() {
        if configuration == nil, let views = configuredViews {
            views.subtitle.removeFromSuperview()
            views.background.removeFromSuperview()
            configuredViews = nil
            existingLabel?.font = UIFont.systemFont(ofSize: Self.titleFontSize)
        }
        contentDidChange()
    }

    private func ensureConfiguredViews() -> ConfiguredButtonViews {
        if let configuredViews { return configuredViews }
        let subtitle = UILabel(frame: .zero)
        subtitle.backgroundColor = nil
        subtitle.isOpaque = false
        let background = UIView(frame: .zero)
        background.isUserInteractionEnabled = false
        background.backgroundColor = nil
        background.isOpaque = false
        insertSubview(background, at: 0)
        addSubview(subtitle)
        let views = ConfiguredButtonViews(subtitle: subtitle, background: background)
        configuredViews = views
        return views
    }

    /// Puts `shown` (the configuration resolved for the state) into the views.
    func updateConfiguredContent(_ shown: Configuration) {
        let views = ensureConfiguredViews()
        let foreground = shown.foregroundColor(tint: tintColor)
        let label = ensureLabel()
        // The style first, on plain text, then an attributed title over it (see
        // `updateContent()`).
        if shown.attributedTitle != nil { label.text = nil }
        label.font = UIFont.preferredFont(forTextStyle: shown.titleTextStyle)
        label.textColor = foreground
        if let attributed = shown.attributedTitle {
            label.attributedText = NSAttributedString(attributed)
        } else {
            label.text = shown.shownTitle
        }
        label.shadowColor = nil
        label.alpha = 1
        label.isHidden = shown.shownTitle?.isEmpty ?? true
        if shown.attributedSubtitle != nil { views.subtitle.text = nil }
        views.subtitle.font = UIFont.preferredFont(forTextStyle: shown.subtitleTextStyle)
        views.subtitle.textColor = foreground
        if let attributed = shown.attributedSubtitle {
            views.subtitle.attributedText = NSAttributedString(attributed)
        } else {
            views.subtitle.text = shown.shownSubtitle
        }
        views.subtitle.isHidden = shown.shownSubtitle?.isEmpty ?? true
        if shown.image != nil || existingImageView != nil {
            let imageView = ensureImageView()
            imageView.image = shown.image
            imageView.tintColor = foreground
            imageView.alpha = 1
            imageView.isHidden = shown.image == nil
        }
        existingBackgroundImageView?.isHidden = true
        let background = views.background
        background.backgroundColor = shown.backgroundColor(tint: tintColor)
        background.layer.borderColor = shown.background.strokeColor?.cgColor
        background.layer.borderWidth = shown.background.strokeColor == nil ? 0 : shown.background.strokeWidth
        background.layer.cornerRadius = shown.cornerRadius(height: bounds.height)
        background.isHidden = background.backgroundColor == nil && background.layer.borderWidth == 0
    }

    /// The natural sizes of the configured title, subtitle and image (zero when absent).
    private func configuredSizes(_ configuration: Configuration) -> (title: CGSize, subtitle: CGSize, image: CGSize) {
        func measured(_ label: UILabel?, _ text: String?) -> CGSize {
            guard let label, let text, !text.isEmpty else { return .zero }
            let size = label.sizeThatFits(
                CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
            guard size.width.isFinite, size.height.isFinite else { return .zero }
            return CGSize(width: size.width.rounded(.up), height: size.height.rounded(.up))
        }
        let image = configuration.image?.size ?? .zero
        return (
            measured(existingLabel, configuration.shownTitle),
            measured(configuredViews?.subtitle, configuration.shownSubtitle),
            CGSize(width: image.width.rounded(.up), height: image.height.rounded(.up))
        )
    }

    /// Where the configured image, title and subtitle go in a button of `bounds`.
    private func configuredFrames(_ configuration: Configuration, in bounds: CGRect) -> (
        image: CGRect, title: CGRect, subtitle: CGRect
    ) {
        let (title, subtitle, image) = configuredSizes(configuration)
        let direction = effectiveUserInterfaceLayoutDirection
        let insets = UIEdgeInsets(configuration.contentInsets, direction)
        var area = bounds.inset(by: insets)
        if area.isNull { area = CGRect(x: bounds.midX, y: bounds.midY, width: 0, height: 0) }
        let hasText = title != .zero || subtitle != .zero
        let textGap = title != .zero && subtitle != .zero ? configuration.titlePadding : 0
        let text = CGSize(width: max(title.width, subtitle.width), height: title.height + textGap + subtitle.height)
        let imageGap = hasText && image != .zero ? configuration.imagePadding : 0
        let placement = configuration.imagePlacement
        let stacked = placement.contains(.top) || placement.contains(.bottom)
        let content =
            stacked
            ? CGSize(width: max(image.width, text.width), height: image.height + imageGap + text.height)
            : CGSize(width: image.width + imageGap + text.width, height: max(image.height, text.height))
        let x: CGFloat
        switch effectiveContentHorizontalAlignment {
        case .left,
            .leading where direction == .leftToRight, .trailing where direction == .rightToLeft, .fill:
            x = area.minX
        case .right, .trailing, .leading: x = area.maxX - content.width
        case .center: x = area.midX - content.width / 2
        }
        let y: CGFloat
        switch contentVerticalAlignment {
        case .top, .fill: y = area.minY
        case .bottom: y = area.maxY - content.height
        case .center: y = area.midY - content.height / 2
        }
        let box = CGRect(x: x, y: y, width: content.width, height: content.height)
        var imageFrame: CGRect
        var textBox: CGRect
        if stacked {
            let imageOnTop = placement.contains(.top)
            imageFrame = CGRect(
                x: box.midX - image.width / 2, y: imageOnTop ? box.minY : box.maxY - image.height, width: image.width,
                height: image.height)
            textBox = CGRect(
                x: box.midX - text.width / 2, y: imageOnTop ? box.maxY - text.height : box.minY, width: text.width,
                height: text.height)
        } else {
            // Leading is left unless the button reads right to left.
            let imageOnLeft = placement.contains(.trailing) == (direction == .rightToLeft)
            imageFrame = CGRect(
                x: imageOnLeft ? box.minX : box.maxX - image.width, y: box.midY - image.height / 2, width: image.width,
                height: image.height)
            textBox = CGRect(
                x: imageOnLeft ? box.maxX - text.width : box.minX, y: box.midY - text.height / 2, width: text.width,
                height: text.height)
        }
        if image == .zero { imageFrame = .zero }
        func aligned(_ size: CGSize, y: CGFloat) -> CGRect {
            let alignment: Configuration.TitleAlignment =
                configuration.titleAlignment == .automatic
                ? (stacked ? .center : .leading) : configuration.titleAlignment
            let leftAligned =
                (alignment == .leading && direction == .leftToRight)
                || (alignment == .trailing && direction == .rightToLeft)
            let lineX: CGFloat =
                alignment == .center
                ? textBox.midX - size.width / 2 : leftAligned ? textBox.minX : textBox.maxX - size.width
            return CGRect(x: lineX, y: y, width: size.width, height: size.height)
        }
        return (
            imageFrame, aligned(title, y: textBox.minY),
            aligned(subtitle, y: textBox.minY + title.height + textGap)
        )
    }

    /// `sizeThatFits(_:)` of a configured button: the content plus the content insets.
    func configuredFittingSize(_ configuration: Configuration) -> CGSize {
        let frames = configuredFrames(configuration, in: CGRect(x: 0, y: 0, width: 0, height: 0))
        let content = [frames.image, frames.title, frames.subtitle].filter { $0.size != .zero }
            .reduce(CGRect.null) { $0.union($1) }
        let insets = configuration.contentInsets
        let size = content.isNull ? .zero : content.size
        return CGSize(
            width: (size.width + insets.leading + insets.trailing).rounded(.up),
            height: (size.height + insets.top + insets.bottom).rounded(.up))
    }

    /// Places the configured views in the bounds.
    func layoutConfiguredContent() {
        guard let configuration, let views = configuredViews else { return }
        views.background.frame = bounds
        views.background.layer.cornerRadius = configuration.cornerRadius(height: bounds.height)
        let frames = configuredFrames(configuration, in: bounds)
        existingImageView?.frame = frames.image
        existingLabel?.frame = frames.title
        views.subtitle.frame = frames.subtitle
    }

    /// The configured title's baselines, for Auto Layout.
    func configuredTitleBaselines() -> (firstFromTop: CGFloat, lastFromBottom: CGFloat)? {
        guard let configuration, let label = existingLabel, !label.isHidden else { return nil }
        var area = bounds
        if !(area.width > 0) || !(area.height > 0) {
            area.size = configuredFittingSize(configuration)
        }
        let frame = configuredFrames(configuration, in: area).title
        guard let inLabel = label.textBaselines(inSize: frame.size) else { return nil }
        let first = frame.minY - area.minY + inLabel.firstFromTop
        let last = area.maxY - frame.maxY + inLabel.lastFromBottom
        guard first.isFinite, last.isFinite else { return nil }
        return (first, last)
    }
}
