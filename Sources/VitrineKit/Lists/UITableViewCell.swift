import Foundation

/// A row of a table view, as UIKit's `UITableViewCell`: a `contentView` holding the row's
/// content (the built-in `textLabel`, `detailTextLabel` and `imageView` laid out by the cell's
/// style, or a `contentConfiguration`'s view, or the app's own subviews), a standard
/// accessory at the trailing edge, background views that show selection, and a separator
/// line along the bottom, inset by `separatorInset`.
///
/// Cells are reused: a table view hands a cell that scrolled away to
/// `dequeueReusableCell(withIdentifier:for:)`, calling `prepareForReuse()` first.
///
/// A class registered with `register(_:forCellReuseIdentifier:)` is made through
/// `init(style:reuseIdentifier:)` with `.default`, as UIKit does. Swift makes an instance of
/// a class known only at run time through a required initializer, so the cell has one,
/// `init(registeredReuseIdentifier:)`, a convenience initializer every subclass inherits when
/// it overrides `init(style:reuseIdentifier:)` or declares no initializer (a Vitrine
/// addition; a subclass with only other designated initializers must implement it). A cell of a
/// nib registered with `register(_:forCellReuseIdentifier:)`, or of a storyboard's prototype,
/// is made through `init?(coder:)`, as UIKit does, with the file's style and reuse identifier.
@preconcurrency @MainActor
open class UITableViewCell: UIView, ContentConfigurationCell {
    /// The built-in layouts of `textLabel`, `detailTextLabel` and `imageView`, as
    /// `UITableViewCell.CellStyle`.
    public enum CellStyle: Int, Sendable {
        /// A left-aligned text label and an optional image view at the leading edge.
        case `default`
        /// A left-aligned text label; at the trailing edge a right-aligned detail label in
        /// smaller blue text (as Apple documents it; Settings).
        case value1
        /// A right-aligned blue text label in a leading column, then a left-aligned detail
        /// label in smaller black text (Contacts).
        case value2
        /// A left-aligned text label with a left-aligned detail label below it in smaller grey
        /// text.
        case subtitle
    }

    /// How a selected cell looks, as `UITableViewCell.SelectionStyle`.
    public enum SelectionStyle: Int, Sendable {
        /// No selection colour (the cell is still selected).
        case none
        /// Blue in iOS 6; grey since, as `.default`.
        case blue
        /// Grey.
        case gray
        /// The default grey.
        case `default`
    }

    /// The standard accessory views, as `UITableViewCell.AccessoryType`.
    public enum AccessoryType: Int, Sendable {
        /// None.
        case none
        /// A chevron pointing to the trailing edge.
        case disclosureIndicator
        /// A detail button and a chevron.
        case detailDisclosureButton
        /// A checkmark.
        case checkmark
        /// A detail button (a circled "i"), tappable:
        /// `tableView(_:accessoryButtonTappedForRowWith:)`.
        case detailButton
    }

    /// The editing control of a row, as `UITableViewCell.EditingStyle`.
    public enum EditingStyle: Int, Sendable {
        case none, delete, insert
    }

    /// How separators are drawn, as `UITableViewCell.SeparatorStyle` (the table view's
    /// `separatorStyle`).
    public enum SeparatorStyle: Int, Sendable {
        case none
        case singleLine
        /// Drawn as `.singleLine`, as UIKit has since iOS 7.
        case singleLineEtched
    }

    /// The style the cell was made with.
    public let cellStyle: CellStyle

    /// The identifier the cell is reused under, as `reuseIdentifier`.
    open internal(set) var reuseIdentifier: String?

    /// The view holding the cell's content; add custom subviews here, as `contentView`. It
    /// spans the cell less the accessory, indented by `indentationLevel`.
    public let contentView = UIView(frame: .zero)

    /// A cell of `style`, as `init(style:reuseIdentifier:)`.
    public init(style: CellStyle, reuseIdentifier: String?) {
        cellStyle = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: UITableView.defaultRowHeight))
        setUpCell()
    }

    /// What every initializer sets up: the background, the content view and the separator.
    private func setUpCell() {
        backgroundColor = .systemBackground
        contentView.frame = bounds
        contentView.layoutMargins = UIEdgeInsets(top: 11, left: 16, bottom: 11, right: 16)
        addSubview(contentView)
        separatorView.backgroundColor = .separator
        addSubview(separatorView)
    }

    /// A cell made for a registered class: `init(style: .default, reuseIdentifier:)` of the
    /// class (a Vitrine addition, see the type's notes).
    public required convenience init(registeredReuseIdentifier: String) {
        self.init(style: .default, reuseIdentifier: registeredReuseIdentifier)
    }

    /// A default-style cell, as `init(frame:)` (UIKit's cells made from a frame have no reuse
    /// identifier).
    public convenience override init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// A cell an interface file makes (a prototype cell of a storyboard, a cell of a nib), as
    /// `init?(coder:)`: its style and reuse identifier are the file's (`style=`,
    /// `reuseIdentifier=`), and it is set up as `init(style:reuseIdentifier:)` sets it up; the
    /// loader then sets the file's properties and builds the file's content into `contentView`.
    /// An override calls `super.init(coder:)` and then sets itself up, as on iOS. Fails for any
    /// coder but the one nib and storyboard loading passes (Vitrine reads no archives).
    public required init?(coder: NSCoder) {
        guard coder is UINibDecoder else { return nil }
        cellStyle = CellStyle(rawValue: coder.decodeInteger(forKey: UINibDecoder.cellStyleKey)) ?? .default
        reuseIdentifier = coder.decodeObject(forKey: UINibDecoder.reuseIdentifierKey) as? String
        super.init(coder: coder)
        frame = CGRect(x: 0, y: 0, width: 320, height: UITableView.defaultRowHeight)
        setUpCell()
    }

    /// Resets the cell before the table view hands it out again, as `prepareForReuse()`. The
    /// default ends highlight, selection, editing and swipe state (UIKit resets those
    /// itself); an override resets the content and calls `super`.
    open func prepareForReuse() {
        setHighlighted(false, animated: false)
        setSelected(false, animated: false)
        swipeOffset = 0
    }

    // MARK: Built-in content

    /// The main label, made on first use, as `textLabel`.
    open var textLabel: UILabel? {
        if let storedTextLabel { return storedTextLabel }
        let label = UILabel(frame: .zero)
        switch cellStyle {
        case .value2:
            label.font = .systemFont(ofSize: 15)
            label.textColor = .systemBlue
            label.textAlignment = .right
        default:
            label.font = .systemFont(ofSize: 17)
            label.textColor = .label
        }
        storedTextLabel = label
        contentView.addSubview(label)
        setNeedsLayout()
        return label
    }
    private var storedTextLabel: UILabel?

    /// The secondary label, made on first use; nil for `.default` cells, as
    /// `detailTextLabel`.
    open var detailTextLabel: UILabel? {
        if cellStyle == .default { return nil }
        if let storedDetailTextLabel { return storedDetailTextLabel }
        let label = UILabel(frame: .zero)
        switch cellStyle {
        case .value1:
            label.font = .systemFont(ofSize: 15)
            label.textColor = .systemBlue
            label.textAlignment = .right
        case .value2:
            label.font = .systemFont(ofSize: 15)
            label.textColor = .label
        case .subtitle, .default:
            label.font = .systemFont(ofSize: 15)
            label.textColor = .secondaryLabel
        }
        storedDetailTextLabel = label
        contentView.addSubview(label)
        setNeedsLayout()
        return label
    }
    private var storedDetailTextLabel: UILabel?

    /// The image view at the leading edge, made on first use, as `imageView`.
    open var imageView: UIImageView? {
        if let storedImageView { return storedImageView }
        let view = UIImageView(frame: .zero)
        storedImageView = view
        contentView.addSubview(view)
        setNeedsLayout()
        return view
    }
    private var storedImageView: UIImageView?

    // MARK: Content configuration

    /// A list configuration for the cell's style (`cell()`, `subtitleCell()` or
    /// `valueCell()`), with no content, as `defaultContentConfiguration()`.
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        switch cellStyle {
        case .subtitle: .subtitleCell()
        case .value1, .value2: .valueCell()
        case .default: .cell()
        }
    }

    /// The content shown by a content view made from it, which fills `contentView`, as
    /// `contentConfiguration`. Setting one of the same kind updates the existing view.
    open var contentConfiguration: (any UIContentConfiguration)? {
        didSet { contentConfigurationDidChange() }
    }

    /// Whether the configuration is updated for the cell's state (selection, highlight) by
    /// `updated(for:)`, as `automaticallyUpdatesContentConfiguration` (default true).
    open var automaticallyUpdatesContentConfiguration = true

    /// The content view made from `contentConfiguration`.
    var configuredContentView: (any UIView & UIContentView)?

    /// The cell's state for configurations, as `configurationState`.
    open var configurationState: UICellConfigurationState {
        var state = UICellConfigurationState(traitCollection: UITraitCollection(displayScale: contentScaleFactor))
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        state.isEditing = isEditing
        state.isSwiped = swipeOffset != 0
        return state
    }

    /// Asks for the configurations to be updated for the current state, as
    /// `setNeedsUpdateConfiguration()`; Vitrine updates at once.
    open func setNeedsUpdateConfiguration() {
        updateConfiguration(using: configurationState)
    }

    /// Updates the configurations for `state`, as `updateConfiguration(using:)`; the default
    /// restyles `contentConfiguration` when `automaticallyUpdatesContentConfiguration`.
    open func updateConfiguration(using state: UICellConfigurationState) {
        restyleContentConfiguration(for: state)
    }

    private func contentConfigurationDidChange() {
        guard
            let (view, isNew) = hostContentConfiguration(resolvedContentConfiguration, replacing: configuredContentView)
        else {
            configuredContentView = nil
            return
        }
        configuredContentView = view
        if isNew { contentView.insertSubview(view, at: 0) }
        view.frame = contentView.bounds
        view.setNeedsLayout()
        setNeedsLayout()
    }

    // MARK: Accessory

    /// The standard accessory, as `accessoryType` (default `.none`).
    open var accessoryType: AccessoryType = .none {
        didSet { if accessoryType != oldValue { accessoryDidChange() } }
    }

    /// A custom accessory view, replacing `accessoryType`'s, as `accessoryView`.
    open var accessoryView: UIView? {
        didSet {
            guard accessoryView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            accessoryDidChange()
        }
    }

    /// The accessory while editing, as `editingAccessoryType` (kept for the API).
    open var editingAccessoryType: AccessoryType = .none
    /// The accessory view while editing, as `editingAccessoryView` (kept for the API).
    open var editingAccessoryView: UIView?

    /// The view drawing `accessoryType`.
    private(set) var standardAccessoryView: TableViewCellAccessoryView?

    /// The accessory shown: the custom view, else the standard one.
    var shownAccessoryView: UIView? { accessoryView ?? standardAccessoryView }

    private func accessoryDidChange() {
        if let accessoryView {
            standardAccessoryView?.removeFromSuperview()
            standardAccessoryView = nil
            if accessoryView.superview !== self { addSubview(accessoryView) }
        } else if accessoryType == .none {
            standardAccessoryView?.removeFromSuperview()
            standardAccessoryView = nil
        } else if let standardAccessoryView {
            standardAccessoryView.type = accessoryType
        } else {
            let view = TableViewCellAccessoryView(type: accessoryType)
            standardAccessoryView = view
            addSubview(view)
        }
        setNeedsLayout()
    }

    // MARK: Selection and highlight

    /// How selection shows, as `selectionStyle` (default `.default`).
    open var selectionStyle: SelectionStyle = .default {
        didSet { if selectionStyle != oldValue { updateSelectionAppearance() } }
    }

    /// The view behind the content, as `backgroundView`.
    open var backgroundView: UIView? {
        didSet {
            guard backgroundView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let backgroundView { backgroundHost.insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    /// The view shown behind the content while the cell is selected or highlighted, as
    /// `selectedBackgroundView` (default: a grey view, made on first use; nil hides it).
    open var selectedBackgroundView: UIView? {
        get {
            if !selectedBackgroundWasSet && storedSelectedBackgroundView == nil {
                let view = UIView(frame: bounds)
                view.backgroundColor = UITableViewCell.selectionColor
                storedSelectedBackgroundView = view
            }
            return storedSelectedBackgroundView
        }
        set {
            selectedBackgroundWasSet = true
            guard newValue !== storedSelectedBackgroundView else { return }
            storedSelectedBackgroundView?.removeFromSuperview()
            storedSelectedBackgroundView = newValue
            updateSelectionAppearance()
        }
    }
    private var storedSelectedBackgroundView: UIView?
    private var selectedBackgroundWasSet = false

    /// The background shown for selected rows when several may be selected, as
    /// `multipleSelectionBackgroundView` (nil: `selectedBackgroundView`).
    open var multipleSelectionBackgroundView: UIView?

    /// The grey UIKit shows a selected cell in (systemGray4).
    static var selectionColor: UIColor { .systemGray4 }

    /// Whether the cell is selected, as `isSelected`; setting it calls
    /// `setSelected(_:animated:)` without animation.
    open var isSelected: Bool {
        get { storedSelected }
        set { setSelected(newValue, animated: false) }
    }
    private var storedSelected = false

    /// Whether the cell is highlighted (a finger is on it), as `isHighlighted`.
    open var isHighlighted: Bool {
        get { storedHighlighted }
        set { setHighlighted(newValue, animated: false) }
    }
    private var storedHighlighted = false

    /// Selects or deselects the cell, showing or hiding the selected background, as
    /// `setSelected(_:animated:)` (a fade of 0.25 s when animated, as UIKit's deselection).
    /// The table view calls it; an app selects rows through the table view.
    open func setSelected(_ selected: Bool, animated: Bool) {
        guard selected != storedSelected else { return }
        storedSelected = selected
        updateSelectionAppearance(animated: animated)
        setNeedsUpdateConfiguration()
    }

    /// Highlights the cell or ends the highlight, as `setHighlighted(_:animated:)`.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        guard highlighted != storedHighlighted else { return }
        storedHighlighted = highlighted
        updateSelectionAppearance(animated: animated)
        setNeedsUpdateConfiguration()
    }

    /// Whether the selected background shows now.
    var showsSelectedBackground: Bool {
        (storedSelected || storedHighlighted) && selectionStyle != .none
    }

    private func updateSelectionAppearance(animated: Bool = false) {
        guard let selected = selectedBackgroundView else { return }
        if showsSelectedBackground {
            let host = backgroundHost
            if selected.superview !== host {
                selected.frame = host.bounds
                selected.alpha = 1
                if let backgroundView, backgroundView.superview === host {
                    host.insertSubview(selected, aboveSubview: backgroundView)
                } else {
                    host.insertSubview(selected, at: 0)
                }
            }
            selected.alpha = 1
        } else if selected.superview === backgroundHost {
            if animated {
                UIView.animate(
                    withDuration: 0.25, animations: { selected.alpha = 0 },
                    completion: { [weak self] _ in
                        guard let self, !self.showsSelectedBackground else { return }
                        selected.removeFromSuperview()
                        selected.alpha = 1
                    })
            } else {
                selected.removeFromSuperview()
            }
        }
    }

    // MARK: Editing

    /// Whether the cell is in editing mode, as `isEditing`.
    open var isEditing = false

    /// Enters or leaves editing mode, as `setEditing(_:animated:)`.
    open func setEditing(_ editing: Bool, animated: Bool) {
        isEditing = editing
    }

    /// The cell's editing style, as `editingStyle` (set by the table view).
    open internal(set) var editingStyle: EditingStyle = .none

    /// Whether the reorder control shows while editing, as `showsReorderControl` (kept).
    open var showsReorderControl = false
    /// Whether the cell indents while editing, as `shouldIndentWhileEditing` (kept).
    open var shouldIndentWhileEditing = true
    /// Whether a delete confirmation shows, as `showingDeleteConfirmation`.
    open var showingDeleteConfirmation: Bool { swipeOffset != 0 }

    // MARK: Indentation and separators

    /// How many steps the content is indented, as `indentationLevel` (default 0).
    open var indentationLevel = 0 {
        didSet { if indentationLevel != oldValue { setNeedsLayout() } }
    }
    /// The width of one indentation step, as `indentationWidth` (default 10).
    open var indentationWidth: CGFloat = 10 {
        didSet { if indentationWidth != oldValue { setNeedsLayout() } }
    }

    /// The separator's insets from the cell's edges (only left and right count), as
    /// `separatorInset`; the table view gives cells its own `separatorInset` unless the
    /// cell's was set.
    open var separatorInset: UIEdgeInsets {
        get { storedSeparatorInset ?? tableSeparatorInset }
        set {
            storedSeparatorInset = newValue
            setNeedsLayout()
        }
    }
    private var storedSeparatorInset: UIEdgeInsets?

    /// The table view's separator inset, applied when the cell has none of its own.
    var tableSeparatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) {
        didSet { if tableSeparatorInset != oldValue { setNeedsLayout() } }
    }

    /// The line along the cell's bottom edge.
    let separatorView = UIView(frame: .zero)

    /// Whether the table shows this cell's separator (its style, the row's place).
    var showsSeparator = true {
        didSet { if showsSeparator != oldValue { setNeedsLayout() } }
    }

    /// How far the table view slid the cell by a swipe (negative: towards the leading edge,
    /// revealing trailing actions).
    var swipeOffset: CGFloat = 0

    /// The corners rounded for an inset grouped section's first and last rows.
    var groupedCorners: UIRectCorner = [] {
        didSet {
            guard groupedCorners != oldValue else { return }
            updateCornerClip()
        }
    }

    /// The rounded view behind a grouped section's first or last row: the cell clips it, so
    /// it reaches past the edges that stay square, and it holds the background and the
    /// backgrounds that show selection (Vitrine's layers have no `maskedCorners`).
    private var cornerClip: UIView?

    /// Where the background views go: the corner clip, else the cell.
    private var backgroundHost: UIView { cornerClip ?? self }

    /// The cell's colour, as `UIView.backgroundColor`; with rounded corners it is the
    /// rounded view's.
    open override var backgroundColor: UIColor? {
        get { cornerClip?.backgroundColor ?? super.backgroundColor }
        set {
            if let cornerClip { cornerClip.backgroundColor = newValue } else { super.backgroundColor = newValue }
        }
    }

    private func updateCornerClip() {
        let moving = [backgroundView, storedSelectedBackgroundView].compactMap { $0 }.filter {
            $0.superview === backgroundHost
        }
        if groupedCorners.isEmpty {
            guard let clip = cornerClip else { return }
            let color = clip.backgroundColor
            cornerClip = nil
            clip.removeFromSuperview()
            super.backgroundColor = color
            clipsToBounds = false
            for view in moving.reversed() { insertSubview(view, at: 0) }
        } else if cornerClip == nil {
            let clip = UIView(frame: bounds)
            clip.layer.cornerRadius = UITableView.insetGroupedCornerRadius
            clip.clipsToBounds = true
            clip.isUserInteractionEnabled = false
            clip.backgroundColor = super.backgroundColor
            super.backgroundColor = .clear
            clipsToBounds = true
            insertSubview(clip, at: 0)
            cornerClip = clip
            for view in moving.reversed() { clip.insertSubview(view, at: 0) }
        }
        setNeedsLayout()
    }

    private func layOutCornerClip() {
        guard let clip = cornerClip else { return }
        let radius = UITableView.insetGroupedCornerRadius
        var frame = bounds
        if !groupedCorners.contains(.topLeft) {
            frame.origin.y -= radius
            frame.size.height += radius
        }
        if !groupedCorners.contains(.bottomLeft) { frame.size.height += radius }
        clip.frame = frame
        let inClip = CGRect(x: 0, y: -frame.minY, width: bounds.width, height: bounds.height)
        backgroundView?.frame = inClip
        storedSelectedBackgroundView?.frame = inClip
    }

    // MARK: Layout

    /// The accessory's frame for the cell's bounds (zero size without one).
    private func accessoryFrame() -> CGRect {
        guard let accessory = shownAccessoryView else {
            return CGRect(x: bounds.width, y: 0, width: 0, height: bounds.height)
        }
        let size: CGSize
        if let standard = accessory as? TableViewCellAccessoryView {
            size = standard.intrinsicContentSize
        } else {
            size = accessory.bounds.size
        }
        return CGRect(
            x: bounds.width - UITableViewCell.accessoryTrailingMargin - size.width,
            y: ((bounds.height - size.height) / 2).rounded(), width: size.width, height: size.height)
    }

    /// The content view's frame: the cell less the accessory, indented.
    func contentViewFrame(forWidth width: CGFloat, height: CGFloat) -> CGRect {
        let indentation = CGFloat(max(0, indentationLevel)) * indentationWidth
        var contentWidth = width - indentation
        if let accessory = shownAccessoryView {
            let accessoryWidth =
                (accessory as? TableViewCellAccessoryView)?.intrinsicContentSize.width ?? accessory.bounds.width
            contentWidth -= accessoryWidth + UITableViewCell.accessoryTrailingMargin
        }
        return CGRect(x: indentation, y: 0, width: max(0, contentWidth), height: height)
    }

    static let accessoryTrailingMargin: CGFloat = 16

    /// Places the background, content, accessory and separator, and the built-in labels for
    /// the cell's style, as `layoutSubviews()`.
    open override func layoutSubviews() {
        super.layoutSubviews()
        backgroundView?.frame = bounds
        storedSelectedBackgroundView?.frame = bounds
        layOutCornerClip()
        contentView.frame = contentViewFrame(forWidth: bounds.width, height: bounds.height)
        if let accessory = shownAccessoryView {
            accessory.frame = accessoryFrame()
        }
        let scale = max(1, window?.screen.scale ?? contentScaleFactor)
        let thickness = 1 / scale
        let inset = separatorInset
        separatorView.isHidden = !showsSeparator
        separatorView.frame = CGRect(
            x: inset.left, y: bounds.height - thickness, width: max(0, bounds.width - inset.left - inset.right),
            height: thickness)
        bringSubviewToFront(separatorView)
        if let configured = configuredContentView {
            configured.frame = contentView.bounds
        }
        layoutBuiltInContent()
    }

    /// The built-in labels and image view, placed for the style within the content view's
    /// margins.
    private func layoutBuiltInContent() {
        let textLabel = storedTextLabel
        let detailLabel = storedDetailTextLabel
        guard textLabel != nil || detailLabel != nil || storedImageView != nil else { return }
        let bounds = contentView.bounds
        let margins = contentView.layoutMargins
        var leading = margins.left
        let trailing = bounds.width - margins.right
        if let imageView = storedImageView, let image = imageView.image, cellStyle != .value2 {
            let size = image.size
            imageView.frame = CGRect(
                x: leading, y: ((bounds.height - size.height) / 2).rounded(), width: size.width, height: size.height)
            leading += size.width + 16
        } else {
            storedImageView?.frame = .zero
        }
        let available = max(0, trailing - leading)
        func size(_ label: UILabel?) -> CGSize {
            guard let label, !(label.text?.isEmpty ?? true) else { return .zero }
            return label.sizeThatFits(CGSize(width: available, height: .greatestFiniteMagnitude))
        }
        let textSize = size(textLabel)
        let detailSize = size(detailLabel)
        switch cellStyle {
        case .default:
            textLabel?.frame = CGRect(
                x: leading, y: ((bounds.height - textSize.height) / 2).rounded(), width: available,
                height: textSize.height)
        case .subtitle:
            let gap: CGFloat = detailSize.height > 0 && textSize.height > 0 ? 3 : 0
            let top = ((bounds.height - textSize.height - gap - detailSize.height) / 2).rounded()
            textLabel?.frame = CGRect(x: leading, y: top, width: available, height: textSize.height)
            detailLabel?.frame = CGRect(
                x: leading, y: top + textSize.height + gap, width: available, height: detailSize.height)
        case .value1:
            let detailWidth = min(detailSize.width, available)
            detailLabel?.frame = CGRect(
                x: trailing - detailWidth, y: ((bounds.height - detailSize.height) / 2).rounded(), width: detailWidth,
                height: detailSize.height)
            let textWidth = max(0, min(textSize.width, available - detailWidth - 8))
            textLabel?.frame = CGRect(
                x: leading, y: ((bounds.height - textSize.height) / 2).rounded(), width: textWidth,
                height: textSize.height)
        case .value2:
            // A leading column of about a quarter of the row for the blue label.
            let column = (available * 0.25).rounded()
            textLabel?.frame = CGRect(
                x: leading, y: ((bounds.height - textSize.height) / 2).rounded(), width: column,
                height: textSize.height)
            let detailLeading = leading + column + 6
            detailLabel?.frame = CGRect(
                x: detailLeading, y: ((bounds.height - detailSize.height) / 2).rounded(),
                width: max(0, trailing - detailLeading), height: detailSize.height)
        }
    }

    /// The height the cell needs at `width` when it sizes itself: its content configuration's
    /// view, its built-in labels, or its content view's constraints (a content view without
    /// constraints: UIKit's 44 points).
    func selfSizedHeight(forWidth width: CGFloat) -> CGFloat {
        let contentFrame = contentViewFrame(forWidth: width, height: bounds.height)
        if let list = configuredContentView as? UIListContentView {
            return list.fittingHeight(forWidth: contentFrame.width).rounded(.up)
        }
        if contentViewHasConstraints {
            // Lay the content out at the row's width first: a multi-line label wraps at its
            // own width (as UIKit's automatic preferred width), which the fitting then uses.
            if contentView.bounds.width != contentFrame.width {
                frame.size.width = width
                contentView.frame = contentFrame
            }
            contentView.layoutIfNeeded()
            let size = contentView.systemLayoutSizeFitting(
                CGSize(width: contentFrame.width, height: UIView.layoutFittingCompressedSize.height),
                withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
            return size.height.rounded(.up)
        }
        if storedTextLabel != nil || storedDetailTextLabel != nil || storedImageView != nil {
            return builtInContentHeight(forContentWidth: contentFrame.width)
        }
        if let configured = configuredContentView {
            let size = configured.sizeThatFits(CGSize(width: contentFrame.width, height: 0))
            if size.height > 0 { return size.height.rounded(.up) }
        }
        return UITableView.defaultRowHeight
    }

    /// Whether the content view's subtree holds constraints (self-sizing through Auto Layout).
    private var contentViewHasConstraints: Bool {
        var stack: [UIView] = [contentView]
        while let view = stack.popLast() {
            if !view.constraints.isEmpty { return true }
            stack.append(contentsOf: view.subviews)
        }
        return false
    }

    private func builtInContentHeight(forContentWidth width: CGFloat) -> CGFloat {
        let margins = contentView.layoutMargins
        var available = width - margins.left - margins.right
        var imageHeight: CGFloat = 0
        if let image = storedImageView?.image, cellStyle != .value2 {
            available -= image.size.width + 16
            imageHeight = image.size.height
        }
        func size(_ label: UILabel?) -> CGSize {
            guard let label, !(label.text?.isEmpty ?? true) else { return .zero }
            return label.sizeThatFits(CGSize(width: max(0, available), height: .greatestFiniteMagnitude))
        }
        let text = size(storedTextLabel)
        let detail = size(storedDetailTextLabel)
        let content: CGFloat
        switch cellStyle {
        case .subtitle: content = text.height + (detail.height > 0 && text.height > 0 ? 3 : 0) + detail.height
        default: content = max(text.height, detail.height)
        }
        let height = margins.top + max(content, imageHeight) + margins.bottom
        return max(UITableView.defaultRowHeight, height.rounded(.up))
    }

    // MARK: Hit testing

    /// Whether `point` (in the cell) falls on the detail button of the standard accessory.
    func detailButtonContains(_ point: CGPoint) -> Bool {
        guard accessoryView == nil, let standard = standardAccessoryView,
            standard.type == .detailButton || standard.type == .detailDisclosureButton
        else { return false }
        // The button is generous to a finger: the accessory's frame grown to the row's height.
        let frame = standard.frame.insetBy(dx: -8, dy: 0)
        return point.x >= frame.minX && point.x <= frame.maxX
    }
}

/// The standard accessories, drawn as UIKit's: a grey chevron, a tinted checkmark, a tinted
/// circled "i", or the button and the chevron.
@MainActor
final class TableViewCellAccessoryView: UIView {
    var type: UITableViewCell.AccessoryType {
        didSet {
            if type != oldValue {
                invalidateIntrinsicContentSize()
                setNeedsDisplay()
            }
        }
    }

    init(type: UITableViewCell.AccessoryType) {
        self.type = type
        super.init(frame: .zero)
        isOpaque = false
        backgroundColor = .clear
        contentMode = .redraw
        isUserInteractionEnabled = false
        bounds.size = intrinsicContentSize
    }

    required init?(coder: NSCoder) {
        return nil
    }

    static let chevronSize = CGSize(width: 8, height: 14)
    static let checkmarkSize = CGSize(width: 14, height: 12)
    static let detailButtonSize = CGSize(width: 22, height: 22)
    /// The chevron's grey (UIKit's tertiary label grey, drawn opaque).
    static let chevronColor = UIColor(red: 196 / 255, green: 196 / 255, blue: 199 / 255, alpha: 1)

    override var intrinsicContentSize: CGSize {
        switch type {
        case .none: .zero
        case .disclosureIndicator: Self.chevronSize
        case .checkmark: Self.checkmarkSize
        case .detailButton: Self.detailButtonSize
        case .detailDisclosureButton:
            CGSize(
                width: Self.detailButtonSize.width + 12 + Self.chevronSize.width, height: Self.detailButtonSize.height)
        }
    }

    override func draw(_ rect: CGRect) {
        let tint = tintColor ?? .systemBlue
        switch type {
        case .none: break
        case .disclosureIndicator:
            drawChevron(in: CGRect(origin: .zero, size: bounds.size))
        case .checkmark:
            let path = UIBezierPath()
            let size = bounds.size
            path.move(to: CGPoint(x: 1.5, y: size.height * 0.55))
            path.addLine(to: CGPoint(x: size.width * 0.38, y: size.height - 1.5))
            path.addLine(to: CGPoint(x: size.width - 1.5, y: 1.5))
            path.lineWidth = 2.2
            path.lineCapStyle = .round
            path.lineJoinStyle = .round
            tint.setStroke()
            path.stroke()
        case .detailButton:
            drawDetailButton(in: CGRect(origin: .zero, size: Self.detailButtonSize), tint: tint)
        case .detailDisclosureButton:
            drawDetailButton(in: CGRect(origin: .zero, size: Self.detailButtonSize), tint: tint)
            let chevronOrigin = CGPoint(
                x: bounds.width - Self.chevronSize.width, y: (bounds.height - Self.chevronSize.height) / 2)
            drawChevron(in: CGRect(origin: chevronOrigin, size: Self.chevronSize))
        }
    }

    private func drawChevron(in frame: CGRect) {
        let path = UIBezierPath()
        path.move(to: CGPoint(x: frame.minX + 1.5, y: frame.minY + 1.5))
        path.addLine(to: CGPoint(x: frame.maxX - 1.5, y: frame.midY))
        path.addLine(to: CGPoint(x: frame.minX + 1.5, y: frame.maxY - 1.5))
        path.lineWidth = 2.2
        path.lineCapStyle = .round
        path.lineJoinStyle = .round
        Self.chevronColor.setStroke()
        path.stroke()
    }

    private func drawDetailButton(in frame: CGRect, tint: UIColor) {
        let circle = UIBezierPath(ovalIn: frame.insetBy(dx: 1, dy: 1))
        circle.lineWidth = 1.5
        tint.setStroke()
        circle.stroke()
        // The "i": a dot and a stem.
        tint.setFill()
        UIBezierPath(ovalIn: CGRect(x: frame.midX - 1.3, y: frame.minY + 5.5, width: 2.6, height: 2.6)).fill()
        let stem = UIBezierPath()
        stem.move(to: CGPoint(x: frame.midX, y: frame.minY + 10))
        stem.addLine(to: CGPoint(x: frame.midX, y: frame.maxY - 5.5))
        stem.lineWidth = 2
        stem.lineCapStyle = .round
        stem.stroke()
    }
}
