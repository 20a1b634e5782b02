import Foundation

/// A control that shows a title and an image and sends its action on a tap, as UIKit's
/// `UIButton` in its classic (pre-`UIButton.Configuration`) form.
///
/// - **Per-state content.** Titles, title colours, images and background images are set per
///   `UIControl.State` (`setTitle(_:for:)` …); a state with no value of its own shows the
///   `.normal` one, as in UIKit. `currentTitle`, `currentTitleColor`, `currentImage` and
///   `currentBackgroundImage` are what the button shows now.
/// - **Types.** `.custom` (also `init(frame:)`) has white titles by default and no highlight
///   effect of its own (set content for `.highlighted` to show one). `.system` has titles in
///   the tint colour, dims its title and image to 20% opacity while highlighted, as UIKit's
///   does, and shows disabled titles grey. The other types (`.detailDisclosure`, `.close` …)
///   behave as `.system` (Vitrine has no glyphs for them).
/// - **Layout.** The image then the title, side by side, inside the bounds less
///   `contentEdgeInsets`, placed by `contentHorizontalAlignment` and
///   `contentVerticalAlignment` (`.fill` gives the title the rest of the width, and each
///   the full height). `sizeThatFits(_:)` and `intrinsicContentSize` are the content's size
///   (rounded up to whole points) plus `contentEdgeInsets`, and at least the current
///   background image's size, as UIKit's; they change (`invalidateIntrinsicContentSize()`)
///   when the title, image or background image shown changes, and when the title label's own
///   size does (its font, say). The first and last baselines, for Auto Layout, are the title
///   label's where the button places it.
/// - **Events.** A tap sends `.touchUpInside` then `.primaryActionTriggered` (the action of
///   `init(type:primaryAction:)`).
/// - **Configurations.** A button with a `configuration` (iOS 15, `UIButton.Configuration`)
///   draws that instead of the per-state content (see UIButton+Configuration.swift).
/// - Deviations: no menus, pointer interactions,
///   `titleEdgeInsets`/`imageEdgeInsets` or `adjustsImageWhenHighlighted` darkening;
///   `.focused` content is never shown. A titled `.system` button with zero
///   `contentEdgeInsets` pads its title with 6 points above and below, as UIKit's classic
///   buttons (its `sizeToFit()` height is the title's line height plus 12); other types
///   add no padding.
@preconcurrency @MainActor
open class UIButton: UIControl {
    // Accessibility defaults, as UIKit's buttons: `.button`, labelled by the title.
    override var controlAccessibilityTraits: UIAccessibilityTraits { .button }
    override var defaultAccessibilityLabel: String? { currentTitle }

    /// The button's kind, as `UIButton.ButtonType`.
    public enum ButtonType: Int, Sendable {
        case custom, system, detailDisclosure, infoLight, infoDark, contactAdd
        /// The type of a button made from a `UIButton.Configuration` (iOS 15).
        case plain
        case close
        /// The old rounded-rect type, now `.system`, as in UIKit.
        public static var roundedRect: ButtonType { .system }
    }

    /// The button's kind, as `buttonType`: `.custom` unless made by `init(type:)` or read
    /// from an interface file.
    open internal(set) var buttonType: ButtonType = .custom

    /// The title font of new buttons: the system font at 15 points, as UIKit's.
    static let titleFontSize: CGFloat = 15
    /// The opacity of a system button's title and image while highlighted.
    static let systemHighlightAlpha: CGFloat = 0.2

    var titles = ControlStateTable<String>()
    var attributedTitles = ControlStateTable<NSAttributedString>()
    var titleColors = ControlStateTable<UIColor>()
    var titleShadowColors = ControlStateTable<UIColor>()
    /// Whether the title label's shadow offset is now the reversed one (see
    /// `reversesTitleShadowWhenHighlighted`).
    var titleShadowIsReversed = false
    var images = ControlStateTable<UIImage>()
    var backgroundImages = ControlStateTable<UIImage>()

    private var label: UILabel?
    /// The content the intrinsic size was last reported for, to tell when it changes.
    var measuredContent = MeasuredContent()
    private var imageViewStorage: UIImageView?
    private var backgroundImageView: UIImageView?

    // MARK: Creation

    /// A button of `buttonType`, as `init(type:)`. A convenience initializer, as in UIKit: it
    /// goes through `init(frame:)`, so a subclass that overrides `init(frame:)` and
    /// `init?(coder:)` is still made with `MyButton(type: .system)`.
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
        // A subclass's `init(frame:)` may have set a title while the button was `.custom`.
        updateContent()
    }

    /// A `.custom` button with the given frame, as `init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    /// A button of `buttonType` running `primaryAction` on a tap, as
    /// `init(type:primaryAction:)`; the action's title and image become the normal ones.
    public convenience init(type buttonType: ButtonType, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction {
            if !primaryAction.title.isEmpty { setTitle(primaryAction.title, for: .normal) }
            if let image = primaryAction.image { setImage(image, for: .normal) }
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }

    /// A view an interface file makes, as `init?(coder:)`: set up as `init(type:)` sets it up, of the file's `buttonType`,
    /// for the coder nib loading passes; fails for any other coder (see `UIView.init?(coder:)`).
    public required init?(coder: NSCoder) {
        buttonType = ButtonType(rawValue: coder.decodeInteger(forKey: "UIButtonType")) ?? .custom
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        isOpaque = false
        backgroundColor = nil
    }

    override var sendsPrimaryActionOnTouchUpInside: Bool { true }

    /// The button's menu, as `menu` (see UIButton+Menu.swift): shown by a long press, or by a
    /// tap when `showsMenuAsPrimaryAction`.
    open var menu: UIMenu? {
        didSet { menuDidChange() }
    }
    /// The interaction showing `menu`, while there is one.
    var menuSupport: ButtonMenuSupport?

    override func showMenuAsPrimaryAction() -> Bool { presentMenuAsPrimaryAction() }

    /// Whether this is a system-style button (dims when highlighted, tint-coloured titles).
    var isSystemStyle: Bool { buttonType != .custom }

    // MARK: Configuration (iOS 15; UIButton+Configuration.swift, UIButton+ConfiguredContent.swift)

    /// A button drawing `configuration`, running `primaryAction` on a tap, as
    /// `init(configuration:primaryAction:)`: of type `.plain`.
    public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
        self.init(type: .plain, primaryAction: primaryAction)
        // An initializer of the class itself does not run `didSet`.
        self.configuration = configuration
        configurationDidChange()
        setNeedsUpdateConfiguration()
    }

    /// The button's appearance and content as one value, as `configuration` (nil: the
    /// classic per-state content). The button draws `configuration.updated(for: self)`, so
    /// it follows its state; setting it asks for a configuration update.
    public var configuration: Configuration? {
        didSet {
            configurationDidChange()
            setNeedsUpdateConfiguration()
        }
    }

    /// Runs when the button updates its configuration (after `updateConfiguration()`), as
    /// `configurationUpdateHandler`: the place to change `configuration` for the state.
    open var configurationUpdateHandler: ConfigurationUpdateHandler? {
        didSet { setNeedsUpdateConfiguration() }
    }

    /// Whether a change of state (highlighted, selected, disabled) asks for a configuration
    /// update, as `automaticallyUpdatesConfiguration` (default true).
    open var automaticallyUpdatesConfiguration = true

    /// Asks for `updateConfiguration()` and the `configurationUpdateHandler` before the next
    /// layout pass, as `setNeedsUpdateConfiguration()`; several requests make one update.
    open func setNeedsUpdateConfiguration() {
        needsConfigurationUpdate = true
        setNeedsLayout()
    }

    /// Updates the configuration for the current state, as `updateConfiguration()`: UIKit's
    /// (and Vitrine's) does nothing of its own (the state is resolved when drawing); a
    /// subclass overrides it to change `configuration`. Called before
    /// `configurationUpdateHandler`; call `setNeedsUpdateConfiguration()` rather than this.
    open func updateConfiguration() {}

    var needsConfigurationUpdate = false
    /// The subtitle label and the background view of a configured button.
    var configuredViews: ConfiguredButtonViews?

    // MARK: Content per state

    /// Sets the title for `state` (nil: falls back to `.normal`'s), as `setTitle(_:for:)`.
    open func setTitle(_ title: String?, for state: State) {
        titles.set(title, for: state)
        contentDidChange()
    }

    /// The title shown in `state`, as `title(for:)`.
    open func title(for state: State) -> String? { titles.value(for: state) }

    /// Sets the attributed title for `state` (nil: falls back to `.normal`'s), as
    /// `setAttributedTitle(_:for:)`. An attributed title is shown instead of the plain title
    /// of the same state, with its attributes (font, colours, kern, underline, paragraph
    /// style, shadow); characters without a font or colour take the title label's font and
    /// the state's title colour, as UIKit draws them.
    open func setAttributedTitle(_ title: NSAttributedString?, for state: State) {
        attributedTitles.set(title.map { NSAttributedString(attributedString: $0) }, for: state)
        contentDidChange()
    }

    /// The attributed title shown in `state`, as `attributedTitle(for:)`: the one set for it,
    /// else `.normal`'s.
    open func attributedTitle(for state: State) -> NSAttributedString? {
        attributedTitles.value(for: state)
    }

    /// The attributed title shown now, as `currentAttributedTitle`.
    open var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }

    /// Sets the title colour for `state`, as `setTitleColor(_:for:)`.
    open func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors.set(color, for: state)
        contentDidChange()
    }

    /// The title colour shown in `state`, as `titleColor(for:)`: the one set, else the
    /// type's default (system: the tint colour, grey when disabled; custom: white).
    open func titleColor(for state: State) -> UIColor? {
        if let color = titleColors.explicitValue(for: state) { return color }
        if isSystemStyle && state.contains(.disabled) { return UIColor.systemGray3 }
        if let color = titleColors.value(for: state) { return color }
        return isSystemStyle ? tintColor : .white
    }

    /// Sets the colour of the title's shadow for `state`, as `setTitleShadowColor(_:for:)`
    /// (nil: falls back to `.normal`'s). The shadow is the title label's: a sharp copy of the
    /// text at `titleLabel.shadowOffset` (UIKit's default (0, -1)), as UIKit draws it.
    open func setTitleShadowColor(_ color: UIColor?, for state: State) {
        titleShadowColors.set(color, for: state)
        contentDidChange()
    }

    /// The title's shadow colour in `state`, as `titleShadowColor(for:)`: the one set for it,
    /// else `.normal`'s, else nil (no shadow).
    open func titleShadowColor(for state: State) -> UIColor? { titleShadowColors.value(for: state) }

    /// Whether the title's shadow offset is reversed (negated) while the button is highlighted,
    /// as `reversesTitleShadowWhenHighlighted` (default false), UIKit's engraved-text effect.
    open var reversesTitleShadowWhenHighlighted = false {
        didSet { if reversesTitleShadowWhenHighlighted != oldValue { updateContent() } }
    }

    /// The title's shadow colour shown now, as `currentTitleShadowColor`.
    open var currentTitleShadowColor: UIColor? { titleShadowColor(for: state) }

    /// Sets the image for `state`, as `setImage(_:for:)`.
    open func setImage(_ image: UIImage?, for state: State) {
        images.set(image, for: state)
        contentDidChange()
    }

    /// The image shown in `state`, as `image(for:)`.
    open func image(for state: State) -> UIImage? { images.value(for: state) }

    /// Sets the background image for `state`, as `setBackgroundImage(_:for:)`: stretched to
    /// the bounds, behind the content.
    open func setBackgroundImage(_ image: UIImage?, for state: State) {
        backgroundImages.set(image, for: state)
        contentDidChange()
    }

    /// The background image shown in `state`, as `backgroundImage(for:)`.
    open func backgroundImage(for state: State) -> UIImage? { backgroundImages.value(for: state) }

    /// The title shown now, as `currentTitle`.
    open var currentTitle: String? { title(for: state) }
    /// The title colour shown now, as `currentTitleColor`.
    open var currentTitleColor: UIColor { titleColor(for: state) ?? .white }
    /// The image shown now, as `currentImage`.
    open var currentImage: UIImage? { image(for: state) }
    /// The background image shown now, as `currentBackgroundImage`.
    open var currentBackgroundImage: UIImage? { backgroundImage(for: state) }

    /// The label showing the title, as `titleLabel`; made on first use.
    open var titleLabel: UILabel? { ensureLabel() }

    /// The view showing the image, as `imageView`; made on first use.
    open var imageView: UIImageView? { ensureImageView() }

    // MARK: Insets

    /// Space between the bounds and the content, as `contentEdgeInsets` (default zero).
    open var contentEdgeInsets: UIEdgeInsets = .zero {
        didSet { insetsDidChange() }
    }

    // MARK: Size and layout

    /// The size the content needs, as `sizeThatFits(_:)`: the image and the title side by
    /// side, rounded up to whole points, plus `contentEdgeInsets`, and no smaller than the
    /// current background image; `size` is not used.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { contentFittingSize() }

    /// The content's natural size, as `intrinsicContentSize`: what `sizeThatFits(_:)` gives.
    open override var intrinsicContentSize: CGSize { contentFittingSize() }

    /// The title label's baselines where `layoutSubviews()` puts it in the bounds (a button
    /// not yet sized is measured at its fitting size); nil without a title shown.
    override var layoutBaselines: (firstFromTop: CGFloat, lastFromBottom: CGFloat)? {
        titleBaselines()
    }

    open override func layoutSubviews() {
        updateConfigurationIfNeeded()
        super.layoutSubviews()
        layoutContent()
    }

    /// Where the background image goes, as `backgroundRect(forBounds:)`: the bounds.
    /// Overridable, as in UIKit; `layoutSubviews()` asks it.
    open func backgroundRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// The area the image and the title are placed in, as `contentRect(forBounds:)`: `bounds`
    /// less `contentEdgeInsets` (its centre point when the insets leave nothing).
    open func contentRect(forBounds bounds: CGRect) -> CGRect { insetContentArea(of: bounds) }

    /// Where the title label goes in `contentRect`, as `titleRect(forContentRect:)`: after the
    /// image, the two placed together by `contentHorizontalAlignment` and
    /// `contentVerticalAlignment`. Override it (with `imageRect(forContentRect:)`) to lay the
    /// content out differently, as UIKit apps do.
    open func titleRect(forContentRect contentRect: CGRect) -> CGRect {
        contentFrames(inContentRect: contentRect).title
    }

    /// Where the image view goes in `contentRect`, as `imageRect(forContentRect:)`: before the
    /// title (see `titleRect(forContentRect:)`).
    open func imageRect(forContentRect contentRect: CGRect) -> CGRect {
        contentFrames(inContentRect: contentRect).image
    }

    open override func stateDidChange() {
        super.stateDidChange()
        contentDidChange()
        if configuration != nil, automaticallyUpdatesConfiguration { setNeedsUpdateConfiguration() }
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if isSystemStyle || configuration != nil { updateContent() }
    }

    // MARK: Internals (see UIButton+Content.swift)

    func ensureLabel() -> UILabel {
        if let label { return label }
        let made = ButtonTitleLabel(frame: .zero)
        made.font = UIFont.systemFont(ofSize: Self.titleFontSize)
        made.backgroundColor = nil
        made.isOpaque = false
        label = made
        addSubview(made)
        updateContent()
        return made
    }

    func ensureImageView() -> UIImageView {
        if let imageViewStorage { return imageViewStorage }
        let made = UIImageView(frame: .zero)
        made.backgroundColor = nil
        made.isOpaque = false
        imageViewStorage = made
        if let label { insertSubview(made, belowSubview: label) } else { addSubview(made) }
        updateContent()
        return made
    }

    func ensureBackgroundImageView() -> UIImageView {
        if let backgroundImageView { return backgroundImageView }
        let made = UIImageView(frame: .zero)
        made.backgroundColor = nil
        made.isOpaque = false
        backgroundImageView = made
        insertSubview(made, at: 0)
        return made
    }

    var existingLabel: UILabel? { label }
    var existingImageView: UIImageView? { imageViewStorage }
    var existingBackgroundImageView: UIImageView? { backgroundImageView }
}
