import Foundation

/// The content of a list cell, header or footer, as UIKit's `UIListContentConfiguration`: an
/// image, a primary text and a secondary text with their properties, laid out within
/// directional layout margins by `UIListContentView`. Made by the style functions (`cell()`,
/// `subtitleCell()`, `valueCell()`, `plainHeader()`, ...) or a cell's
/// `defaultContentConfiguration()`, changed, then set as the cell's `contentConfiguration`.
///
/// Vitrine's metrics (its fonts have no Dynamic Type): body text 17 points, secondary text of a
/// subtitle cell 15 points, header and footer text 13 points (a plain header's 15 points
/// semibold); cell margins 11 points above and below and 16 at the sides, so a one-line cell
/// is 44 points high as UIKit's.
nonisolated public struct UIListContentConfiguration: UIContentConfiguration, Hashable, @unchecked Sendable {
    /// How a text is drawn, as `UIListContentConfiguration.TextProperties`.
    public struct TextProperties: Hashable, @unchecked Sendable {
        /// How the text's letters are changed before drawing, as
        /// `TextProperties.TextTransform`.
        public enum TextTransform: Int, Sendable {
            case none, capitalized, lowercase, uppercase
        }

        /// Horizontal alignment, as `TextProperties.TextAlignment`.
        public enum TextAlignment: Int, Sendable {
            case natural, center, justified
        }

        /// The font, as `font`.
        public var font: UIFont
        /// The colour, as `color`.
        public var color: UIColor
        /// The letter case change, as `transform` (default `.none`).
        public var transform: TextTransform = .none
        /// The alignment, as `alignment` (default `.natural`).
        public var alignment: TextAlignment = .natural
        /// How lines break, as `lineBreakMode` (default `.byTruncatingTail`).
        public var lineBreakMode: NSLineBreakMode = .byTruncatingTail
        /// The most lines, 0 for no limit, as `numberOfLines` (default 0).
        public var numberOfLines = 0
        /// Whether the font shrinks to fit, as `adjustsFontSizeToFitWidth` (kept; Vitrine
        /// does not shrink).
        public var adjustsFontSizeToFitWidth = false
        /// The smallest scale when shrinking, as `minimumScaleFactor`.
        public var minimumScaleFactor: CGFloat = 0
        /// Whether letters may tighten before truncating, as
        /// `allowsDefaultTighteningForTruncation`.
        public var allowsDefaultTighteningForTruncation = true
        /// Whether the font follows the content size category, as
        /// `adjustsFontForContentSizeCategory` (Vitrine has none).
        public var adjustsFontForContentSizeCategory = true

        init(font: UIFont, color: UIColor) {
            self.font = font
            self.color = color
        }

        /// The colour drawn, as `resolvedColor()`.
        public func resolvedColor() -> UIColor { color }

        /// `text` with `transform` applied.
        func transformed(_ text: String) -> String {
            switch transform {
            case .none: text
            case .capitalized: text.capitalized
            case .lowercase: text.lowercased()
            case .uppercase: text.uppercased()
            }
        }

        var labelAlignment: NSTextAlignment {
            switch alignment {
            case .natural: .natural
            case .center: .center
            case .justified: .justified
            }
        }
    }

    /// How the image is drawn, as `UIListContentConfiguration.ImageProperties`.
    public struct ImageProperties: Hashable, @unchecked Sendable {
        /// The image's standard size, as `standardDimension`: the image keeps its own size.
        public static let standardDimension: CGFloat = -1

        /// The tint of a template image, as `tintColor` (kept; Vitrine draws images as they are).
        public var tintColor: UIColor?
        /// Corner rounding, as `cornerRadius`.
        public var cornerRadius: CGFloat = 0
        /// The largest size the image is shown at, as `maximumSize` (zero: no limit).
        public var maximumSize: CGSize = .zero
        /// The room kept for the image even when smaller, as `reservedLayoutSize` (zero: none).
        public var reservedLayoutSize: CGSize = .zero

        init() {}

        /// The tint drawn, as `resolvedTintColor(for:)`.
        public func resolvedTintColor(for tintColor: UIColor) -> UIColor { self.tintColor ?? tintColor }
    }

    /// The kind of list part, for the content view's layout.
    enum Kind: Hashable, Sendable {
        case cell, subtitleCell, valueCell, header, footer
    }
    var kind: Kind

    /// The image, as `image`.
    public var image: UIImage?
    /// The image's properties, as `imageProperties`.
    public var imageProperties = ImageProperties()
    /// The primary text, as `text`.
    public var text: String?
    /// The primary text's properties, as `textProperties`.
    public var textProperties: TextProperties
    /// The secondary text, as `secondaryText`.
    public var secondaryText: String?
    /// The secondary text's properties, as `secondaryTextProperties`.
    public var secondaryTextProperties: TextProperties
    /// The margins around the content, as `directionalLayoutMargins`.
    public var directionalLayoutMargins: NSDirectionalEdgeInsets
    /// Whether text and secondary text sit side by side when they fit, as
    /// `prefersSideBySideTextAndSecondaryText` (a value cell's default).
    public var prefersSideBySideTextAndSecondaryText: Bool
    /// The space between the image and the texts, as `imageToTextPadding`.
    public var imageToTextPadding: CGFloat = 16
    /// The space between side-by-side texts, as `textToSecondaryTextHorizontalPadding`.
    public var textToSecondaryTextHorizontalPadding: CGFloat = 8
    /// The space between stacked texts, as `textToSecondaryTextVerticalPadding`.
    public var textToSecondaryTextVerticalPadding: CGFloat = 3

    private init(kind: Kind, text: TextProperties, secondary: TextProperties, margins: NSDirectionalEdgeInsets) {
        self.kind = kind
        textProperties = text
        secondaryTextProperties = secondary
        directionalLayoutMargins = margins
        prefersSideBySideTextAndSecondaryText = kind == .valueCell
    }

    static let cellMargins = NSDirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)

    /// A cell's content: one line of body text and an optional image, as `cell()`.
    public static func cell() -> UIListContentConfiguration {
        UIListContentConfiguration(
            kind: .cell, text: TextProperties(font: .systemFont(ofSize: 17), color: .label),
            secondary: TextProperties(font: .systemFont(ofSize: 15), color: .secondaryLabel), margins: cellMargins)
    }

    /// A cell with secondary text below the text, in smaller grey type, as `subtitleCell()`.
    public static func subtitleCell() -> UIListContentConfiguration {
        var configuration = cell()
        configuration.kind = .subtitleCell
        return configuration
    }

    /// A cell with secondary text at the trailing edge, in grey, as `valueCell()`.
    public static func valueCell() -> UIListContentConfiguration {
        var configuration = UIListContentConfiguration(
            kind: .valueCell, text: TextProperties(font: .systemFont(ofSize: 17), color: .label),
            secondary: TextProperties(font: .systemFont(ofSize: 17), color: .secondaryLabel), margins: cellMargins)
        configuration.prefersSideBySideTextAndSecondaryText = true
        return configuration
    }

    /// A plain-style section header, as `plainHeader()`.
    public static func plainHeader() -> UIListContentConfiguration {
        UIListContentConfiguration(
            kind: .header, text: TextProperties(font: .systemFont(ofSize: 15, weight: .semibold), color: .label),
            secondary: TextProperties(font: .systemFont(ofSize: 13), color: .secondaryLabel),
            margins: NSDirectionalEdgeInsets(top: 4, leading: 16, bottom: 4, trailing: 16))
    }

    /// A plain-style section footer, as `plainFooter()`.
    public static func plainFooter() -> UIListContentConfiguration {
        UIListContentConfiguration(
            kind: .footer, text: TextProperties(font: .systemFont(ofSize: 13), color: .secondaryLabel),
            secondary: TextProperties(font: .systemFont(ofSize: 13), color: .secondaryLabel),
            margins: NSDirectionalEdgeInsets(top: 4, leading: 16, bottom: 4, trailing: 16))
    }

    /// A grouped-style section header, as `groupedHeader()`: small grey text above the group.
    public static func groupedHeader() -> UIListContentConfiguration {
        UIListContentConfiguration(
            kind: .header, text: TextProperties(font: .systemFont(ofSize: 13), color: .secondaryLabel),
            secondary: TextProperties(font: .systemFont(ofSize: 13), color: .secondaryLabel),
            margins: NSDirectionalEdgeInsets(top: 16, leading: 16, bottom: 6, trailing: 16))
    }

    /// A grouped-style section footer, as `groupedFooter()`.
    public static func groupedFooter() -> UIListContentConfiguration {
        UIListContentConfiguration(
            kind: .footer, text: TextProperties(font: .systemFont(ofSize: 13), color: .secondaryLabel),
            secondary: TextProperties(font: .systemFont(ofSize: 13), color: .secondaryLabel),
            margins: NSDirectionalEdgeInsets(top: 6, leading: 16, bottom: 10, trailing: 16))
    }

    /// A header for the table view's style: `plainHeader()` or `groupedHeader()`, as
    /// `header()`.
    public static func header() -> UIListContentConfiguration { groupedHeader() }

    /// A footer, as `footer()`.
    public static func footer() -> UIListContentConfiguration { groupedFooter() }

    /// A prominent header for an inset grouped list, as `prominentInsetGroupedHeader()`.
    public static func prominentInsetGroupedHeader() -> UIListContentConfiguration {
        var configuration = groupedHeader()
        configuration.textProperties.font = .systemFont(ofSize: 20, weight: .bold)
        configuration.textProperties.color = .label
        configuration.directionalLayoutMargins.leading = 4
        return configuration
    }

    /// An extra prominent header, as `extraProminentInsetGroupedHeader()`.
    public static func extraProminentInsetGroupedHeader() -> UIListContentConfiguration {
        var configuration = prominentInsetGroupedHeader()
        configuration.textProperties.font = .systemFont(ofSize: 22, weight: .bold)
        return configuration
    }

    /// A sidebar cell, as `sidebarCell()` (a cell in Vitrine).
    public static func sidebarCell() -> UIListContentConfiguration { cell() }

    /// A new `UIListContentView` showing this configuration, as `makeContentView()`.
    @preconcurrency @MainActor public func makeContentView() -> any UIView & UIContentView {
        UIListContentView(configuration: self)
    }

    /// The configuration for a state, as `updated(for:)`: the same (UIKit's list
    /// configurations change nothing for a cell's state either; the cell's background shows
    /// selection).
    public func updated(for state: any UIConfigurationState) -> UIListContentConfiguration { self }

    public static func == (lhs: UIListContentConfiguration, rhs: UIListContentConfiguration) -> Bool {
        lhs.kind == rhs.kind && lhs.image === rhs.image && lhs.imageProperties == rhs.imageProperties
            && lhs.text == rhs.text && lhs.textProperties == rhs.textProperties
            && lhs.secondaryText == rhs.secondaryText && lhs.secondaryTextProperties == rhs.secondaryTextProperties
            && lhs.directionalLayoutMargins == rhs.directionalLayoutMargins
            && lhs.prefersSideBySideTextAndSecondaryText == rhs.prefersSideBySideTextAndSecondaryText
            && lhs.imageToTextPadding == rhs.imageToTextPadding
            && lhs.textToSecondaryTextHorizontalPadding == rhs.textToSecondaryTextHorizontalPadding
            && lhs.textToSecondaryTextVerticalPadding == rhs.textToSecondaryTextVerticalPadding
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(image.map(ObjectIdentifier.init))
        hasher.combine(text)
        hasher.combine(secondaryText)
        hasher.combine(textProperties)
        hasher.combine(secondaryTextProperties)
    }
}

/// The view showing a `UIListContentConfiguration`, as UIKit's `UIListContentView`: an image
/// view and two labels placed within the configuration's margins (by frames, so a cell
/// measures it without constraints).
@preconcurrency @MainActor
open class UIListContentView: UIView, UIContentView {
    private let imageView = UIImageView(frame: .zero)
    private let textLabel = UILabel(frame: .zero)
    private let secondaryTextLabel = UILabel(frame: .zero)
    private var listConfiguration: UIListContentConfiguration

    /// A content view showing `configuration`, as `init(configuration:)`.
    public init(configuration: UIListContentConfiguration) {
        listConfiguration = configuration
        super.init(frame: .zero)
        for view in [imageView, textLabel, secondaryTextLabel] as [UIView] { addSubview(view) }
        apply()
    }

    /// Vitrine has no archives; always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The configuration shown, as `configuration`; a configuration of another type is
    /// ignored (UIKit requires a list content configuration).
    open var configuration: any UIContentConfiguration {
        get { listConfiguration }
        set {
            guard let list = newValue as? UIListContentConfiguration else { return }
            guard list != listConfiguration else { return }
            listConfiguration = list
            apply()
        }
    }

    /// The list configuration shown, as `UIListContentView.configuration` typed.
    public var listContentConfiguration: UIListContentConfiguration {
        get { listConfiguration }
        set { configuration = newValue }
    }

    /// Whether this view can show `configuration`: any list configuration, as `supports(_:)`.
    open func supports(_ configuration: any UIContentConfiguration) -> Bool {
        configuration is UIListContentConfiguration
    }

    /// The label showing the text (for tests and layout guides), as UIKit's
    /// `textLayoutGuide` stands for it.
    var primaryLabel: UILabel { textLabel }
    /// The label showing the secondary text.
    var secondaryLabel: UILabel { secondaryTextLabel }
    /// The image view.
    var iconView: UIImageView { imageView }

    private func apply() {
        let configuration = listConfiguration
        style(textLabel, configuration.text, configuration.textProperties)
        style(secondaryTextLabel, configuration.secondaryText, configuration.secondaryTextProperties)
        if configuration.kind == .valueCell && configuration.prefersSideBySideTextAndSecondaryText {
            secondaryTextLabel.textAlignment = .right
        }
        imageView.image = configuration.image
        imageView.isHidden = configuration.image == nil
        imageView.layer.cornerRadius = configuration.imageProperties.cornerRadius
        imageView.clipsToBounds = configuration.imageProperties.cornerRadius > 0
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    private func style(_ label: UILabel, _ text: String?, _ properties: UIListContentConfiguration.TextProperties) {
        label.text = text.map(properties.transformed)
        label.font = properties.font
        label.textColor = properties.color
        label.textAlignment = properties.labelAlignment
        label.numberOfLines = properties.numberOfLines
        label.lineBreakMode = properties.lineBreakMode
        label.isHidden = text?.isEmpty ?? true
    }

    // MARK: Layout

    /// Where the parts go for a width: image, text and secondary text frames, and the height.
    private struct Placement {
        var image: CGRect = .zero
        var text: CGRect = .zero
        var secondary: CGRect = .zero
        var height: CGFloat = 0
    }

    private func placement(forWidth width: CGFloat) -> Placement {
        let configuration = listConfiguration
        let margins = configuration.directionalLayoutMargins
        var result = Placement()
        var leading = margins.leading
        let trailing = width - margins.trailing
        var imageSize = CGSize.zero
        if let image = configuration.image {
            imageSize = image.size
            let maximum = configuration.imageProperties.maximumSize
            if maximum.width > 0 && imageSize.width > maximum.width
                || maximum.height > 0
                    && imageSize.height > maximum.height
            {
                let scale = min(
                    maximum.width > 0 ? maximum.width / imageSize.width : .infinity,
                    maximum.height > 0 ? maximum.height / imageSize.height : .infinity)
                imageSize = CGSize(width: imageSize.width * scale, height: imageSize.height * scale)
            }
            let reserved = configuration.imageProperties.reservedLayoutSize
            let slot = max(imageSize.width, reserved.width)
            result.image = CGRect(
                x: leading + (slot - imageSize.width) / 2, y: 0, width: imageSize.width, height: imageSize.height)
            leading += slot + configuration.imageToTextPadding
        }
        let available = max(0, trailing - leading)
        let hasText = !(textLabel.text?.isEmpty ?? true)
        let hasSecondary = !(secondaryTextLabel.text?.isEmpty ?? true)
        let textSize =
            hasText ? textLabel.sizeThatFits(CGSize(width: available, height: .greatestFiniteMagnitude)) : .zero
        var contentHeight: CGFloat
        if hasSecondary && configuration.prefersSideBySideTextAndSecondaryText {
            let secondarySize = secondaryTextLabel.sizeThatFits(
                CGSize(width: available, height: .greatestFiniteMagnitude))
            let both = textSize.width + configuration.textToSecondaryTextHorizontalPadding + secondarySize.width
            if both <= available || !hasText {
                result.text = CGRect(x: leading, y: 0, width: min(textSize.width, available), height: textSize.height)
                let secondaryWidth = min(secondarySize.width, available)
                result.secondary = CGRect(
                    x: trailing - secondaryWidth, y: 0, width: secondaryWidth, height: secondarySize.height)
                contentHeight = max(textSize.height, secondarySize.height)
                // Side by side: both centred on the row.
                result.text.origin.y = (contentHeight - textSize.height) / 2
                result.secondary.origin.y = (contentHeight - secondarySize.height) / 2
            } else {
                // Too wide for one line: stacked, as UIKit falls back to.
                result.text = CGRect(x: leading, y: 0, width: available, height: textSize.height)
                let stackedSize = secondaryTextLabel.sizeThatFits(
                    CGSize(width: available, height: .greatestFiniteMagnitude))
                result.secondary = CGRect(
                    x: leading, y: textSize.height + configuration.textToSecondaryTextVerticalPadding,
                    width: available, height: stackedSize.height)
                contentHeight = result.secondary.maxY
            }
        } else if hasSecondary {
            let secondarySize = secondaryTextLabel.sizeThatFits(
                CGSize(width: available, height: .greatestFiniteMagnitude))
            result.text = CGRect(x: leading, y: 0, width: available, height: textSize.height)
            let gap = hasText ? configuration.textToSecondaryTextVerticalPadding : 0
            result.secondary = CGRect(
                x: leading, y: textSize.height + gap, width: available, height: secondarySize.height)
            contentHeight = result.secondary.maxY
        } else {
            result.text = CGRect(x: leading, y: 0, width: available, height: textSize.height)
            contentHeight = textSize.height
        }
        contentHeight = max(contentHeight, imageSize.height)
        var height = margins.top + contentHeight + margins.bottom
        if configuration.kind == .cell || configuration.kind == .subtitleCell || configuration.kind == .valueCell {
            // A list cell is at least UIKit's 44-point row.
            height = max(height, UITableView.defaultRowHeight)
        }
        result.height = height
        // The content block is centred vertically within the margins.
        let top = margins.top + max(0, (height - margins.top - margins.bottom - contentHeight) / 2)
        result.text.origin.y += top
        result.secondary.origin.y += top
        result.image.origin.y = top + (contentHeight - imageSize.height) / 2
        return result
    }

    /// The size the content needs within `size.width`, as `sizeThatFits(_:)`.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: placement(forWidth: size.width).height)
    }

    /// The height the content needs at `width`.
    func fittingHeight(forWidth width: CGFloat) -> CGFloat {
        placement(forWidth: width).height
    }

    /// Places the image and labels, as `layoutSubviews()`.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let placed = placement(forWidth: bounds.width)
        let offset = max(0, (bounds.height - placed.height) / 2)
        imageView.frame = placed.image.offsetBy(dx: 0, dy: offset)
        textLabel.frame = placed.text.offsetBy(dx: 0, dy: offset)
        secondaryTextLabel.frame = placed.secondary.offsetBy(dx: 0, dy: offset)
    }
}
