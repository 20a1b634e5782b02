import Foundation

/// Which edge of a rectangle, in the reading direction, as UIKit's `NSDirectionalRectEdge`.
public struct NSDirectionalRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let top = NSDirectionalRectEdge(rawValue: 1 << 0)
    public static let leading = NSDirectionalRectEdge(rawValue: 1 << 1)
    public static let bottom = NSDirectionalRectEdge(rawValue: 1 << 2)
    public static let trailing = NSDirectionalRectEdge(rawValue: 1 << 3)
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

extension UIButton {
    /// A button's appearance and content described as one value, as UIKit's (iOS 15)
    /// `UIButton.Configuration`: a style (`plain()`, `tinted()`, `gray()`, `filled()`,
    /// `borderless()`, `bordered()`, `borderedTinted()`, `borderedProminent()`), a title and
    /// subtitle, an image placed on an edge, paddings, content insets, a size, a corner style and
    /// base colours. Set it as a button's `configuration`; the button shows
    /// `updated(for:)`, the configuration resolved for its state (highlighted, disabled).
    ///
    /// Vitrine's figures, where Apple does not document them: the sizes' fonts are the text
    /// styles footnote (mini), subheadline (small), body (medium) and headline (large), the
    /// subtitle two styles smaller; default content insets 3/6 (mini), 5/10 (small), 7/12
    /// (medium, as UIKit's) and 14/20 (large) points top-bottom/leading-trailing; `.dynamic`
    /// corners are 4, 5, 6 and 8 points for those sizes, `.small` 4, `.medium` 8, `.large`
    /// 12, `.capsule` half the height. Highlighted, the content (and a tinted or gray
    /// background) is drawn at half opacity and a filled background darkened; disabled, the
    /// content is grey and a background the system fill. Attributed titles and subtitles draw
    /// their UIKit attributes (`AttributeScopes.UIKitAttributes`: font, colours, kern, lines,
    /// paragraph style, shadow) over the style's font and colour. Deviations: no activity indicator is drawn
    /// for `showsActivityIndicator`, and no text attribute transformers.
    public struct Configuration {
        /// How large the button's elements are, as `UIButton.Configuration.Size`.
        public enum Size: Int, Sendable, CaseIterable {
            case mini, small, medium, large
        }

        /// How round the background's corners are, as `UIButton.Configuration.CornerStyle`.
        public enum CornerStyle: Int, Sendable, CaseIterable {
            /// The background's own `cornerRadius`.
            case fixed
            /// A radius that follows `buttonSize`.
            case dynamic
            case small, medium, large
            /// Half the button's height.
            case capsule
        }

        /// How the title and subtitle align with each other, as
        /// `UIButton.Configuration.TitleAlignment`.
        public enum TitleAlignment: Int, Sendable, CaseIterable {
            /// Leading, or centred when the image is above or below.
            case automatic
            case leading, center, trailing
        }

        /// The look of a style: its background and foreground.
        enum Style: Sendable {
            case plain, tinted, gray, filled, borderless, bordered, borderedTinted, borderedProminent
        }

        var style: Style
        /// The button's state `updated(for:)` resolved the configuration for.
        var resolvedState: UIControl.State = .normal

        /// The title, as `title`.
        public var title: String?
        /// The title with attributes, as `attributedTitle`; its characters are the title
        /// shown when set.
        public var attributedTitle: AttributedString?
        /// A second line under the title, as `subtitle`.
        public var subtitle: String?
        /// The subtitle with attributes, as `attributedSubtitle`.
        public var attributedSubtitle: AttributedString?
        /// The image, as `image`.
        public var image: UIImage?
        /// Which side of the title the image is on, as `imagePlacement` (default `.leading`).
        public var imagePlacement: NSDirectionalRectEdge = .leading
        /// Points between the image and the title, as `imagePadding` (default 0).
        public var imagePadding: CGFloat = 0
        /// Points between the title and the subtitle, as `titlePadding` (default 0).
        public var titlePadding: CGFloat = 0
        /// How the title and subtitle align, as `titleAlignment`.
        public var titleAlignment: TitleAlignment = .automatic
        /// How large the elements are, as `buttonSize` (default `.medium`). Changing it also
        /// changes the default content insets, unless `contentInsets` was set.
        public var buttonSize: Size = .medium
        /// The background's corners, as `cornerStyle` (default `.dynamic`).
        public var cornerStyle: CornerStyle = .dynamic
        /// The colour of the title, subtitle and image (nil: the style's), as
        /// `baseForegroundColor`.
        public var baseForegroundColor: UIColor?
        /// The background's colour (nil: the style's), as `baseBackgroundColor`.
        public var baseBackgroundColor: UIColor?
        /// The background's own settings, as `background` (its colour, corner radius for
        /// `.fixed`, stroke).
        public var background = UIBackgroundConfiguration.clear()
        /// Whether an activity indicator shows, as `showsActivityIndicator` (stored; not drawn).
        public var showsActivityIndicator = false
        private var customContentInsets: NSDirectionalEdgeInsets?

        init(style: Style) {
            self.style = style
        }

        /// Space between the bounds and the content, as `contentInsets`: the size's default
        /// until set.
        public var contentInsets: NSDirectionalEdgeInsets {
            get { customContentInsets ?? Self.defaultContentInsets(for: buttonSize) }
            set { customContentInsets = newValue }
        }

        /// Goes back to the size's default insets, as `setDefaultContentInsets()`.
        public mutating func setDefaultContentInsets() { customContentInsets = nil }

        /// A transparent button with tinted content, as `plain()`.
        public static func plain() -> Configuration { Configuration(style: .plain) }
        /// A lightly tinted background, as `tinted()`.
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        /// A grey background, as `gray()`.
        public static func gray() -> Configuration { Configuration(style: .gray) }
        /// A background in the tint colour with white content, as `filled()`.
        public static func filled() -> Configuration { Configuration(style: .filled) }
        /// No background, as `borderless()`.
        public static func borderless() -> Configuration { Configuration(style: .borderless) }
        /// As `bordered()`: a grey background.
        public static func bordered() -> Configuration { Configuration(style: .bordered) }
        /// As `borderedTinted()`: a tinted background.
        public static func borderedTinted() -> Configuration { Configuration(style: .borderedTinted) }
        /// As `borderedProminent()`: a filled background.
        public static func borderedProminent() -> Configuration { Configuration(style: .borderedProminent) }

        /// This configuration resolved for `button`'s state, as `updated(for:)`: what the
        /// button draws.
        @MainActor public func updated(for button: UIButton) -> Configuration {
            var copy = self
            copy.resolvedState = button.state
            return copy
        }

        /// The title shown: the attributed title's characters, else the title.
        var shownTitle: String? { attributedTitle.map { String($0.characters) } ?? title }
        /// The subtitle shown.
        var shownSubtitle: String? { attributedSubtitle.map { String($0.characters) } ?? subtitle }

        static func defaultContentInsets(for size: Size) -> NSDirectionalEdgeInsets {
            switch size {
            case .mini: NSDirectionalEdgeInsets(top: 3, leading: 6, bottom: 3, trailing: 6)
            case .small: NSDirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
            case .medium: NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
            case .large: NSDirectionalEdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20)
            }
        }

        /// The title's text style for the size.
        var titleTextStyle: UIFont.TextStyle {
            switch buttonSize {
            case .mini: .footnote
            case .small: .subheadline
            case .medium: .body
            case .large: .headline
            }
        }

        var subtitleTextStyle: UIFont.TextStyle {
            switch buttonSize {
            case .mini: .caption2
            case .small: .caption1
            case .medium: .subheadline
            case .large: .subheadline
            }
        }

        /// The corner radius for a background `height` points high.
        func cornerRadius(height: CGFloat) -> CGFloat {
            switch cornerStyle {
            case .fixed: background.cornerRadius
            case .dynamic:
                switch buttonSize {
                case .mini: 4
                case .small: 5
                case .medium: 6
                case .large: 8
                }
            case .small: 4
            case .medium: 8
            case .large: 12
            case .capsule: max(0, height / 2)
            }
        }

        /// Whether the style has a background of its own.
        var hasStyleBackground: Bool {
            switch style {
            case .plain, .borderless: false
            default: true
            }
        }

        private var isFilled: Bool { style == .filled || style == .borderedProminent }

        /// The colour of the title, subtitle and image for `tint`, in the resolved state.
        @MainActor func foregroundColor(tint: UIColor) -> UIColor {
            if resolvedState.contains(.disabled) { return .systemGray }
            let base = baseForegroundColor ?? (isFilled ? .white : tint)
            return resolvedState.contains(.highlighted) && !isFilled
                ? base.withAlphaComponent(base.cgColor.alpha * 0.5) : base
        }

        /// The background's colour for `tint`, in the resolved state (nil: none).
        @MainActor func backgroundColor(tint: UIColor) -> UIColor? {
            let base: UIColor?
            if let color = background.backgroundColor {
                base = color
            } else if let color = baseBackgroundColor, hasStyleBackground {
                base =
                    isFilled ? color : (style == .gray || style == .bordered ? color : color.withAlphaComponent(0.15))
            } else {
                switch style {
                case .plain, .borderless: base = nil
                case .tinted, .borderedTinted: base = tint.withAlphaComponent(0.15)
                case .gray, .bordered: base = .systemFill
                case .filled, .borderedProminent: base = tint
                }
            }
            guard let base else { return nil }
            if resolvedState.contains(.disabled) { return hasStyleBackground ? .systemFill : base }
            guard resolvedState.contains(.highlighted) else { return base }
            if isFilled {
                var (red, green, blue, alpha): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
                _ = base.getRed(&red, green: &green, blue: &blue, alpha: &alpha)
                return UIColor(red: red * 0.8, green: green * 0.8, blue: blue * 0.8, alpha: alpha)
            }
            return base.withAlphaComponent(base.cgColor.alpha * 0.5)
        }
    }

    /// What `configurationUpdateHandler` is, as `UIButton.ConfigurationUpdateHandler`.
    public typealias ConfigurationUpdateHandler = (UIButton) -> Void
}

/// A background's colour, corners and stroke, as UIKit's `UIBackgroundConfiguration`, for
/// what a `UIButton.Configuration`'s `background` sets. Vitrine's holds the colour, the
/// corner radius and the stroke (no image or visual effect yet); list cells do not take one
/// yet.
public struct UIBackgroundConfiguration {
    /// The background colour (nil: the owner's default), as `backgroundColor`.
    public var backgroundColor: UIColor?
    /// The corner radius, as `cornerRadius` (a button uses it with `.fixed` corners).
    public var cornerRadius: CGFloat = 0
    /// The stroke's colour, as `strokeColor`.
    public var strokeColor: UIColor?
    /// The stroke's width in points, as `strokeWidth`.
    public var strokeWidth: CGFloat = 0

    /// A background with nothing set, as `clear()`.
    public static func clear() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }
}
