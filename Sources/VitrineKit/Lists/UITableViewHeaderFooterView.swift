import Foundation

/// A reusable section header or footer, as UIKit's `UITableViewHeaderFooterView`: a
/// `contentView` for custom content, a `textLabel` (or a `contentConfiguration`), and a
/// `backgroundView`. The table view shows one with the data source's title when the delegate
/// gives no view of its own, styled as the table's plain or grouped headers and footers.
///
/// As for cells, a registered class is made through the required
/// `init(registeredReuseIdentifier:)`, which calls `init(reuseIdentifier:)` (a Vitrine
/// addition).
@preconcurrency @MainActor
open class UITableViewHeaderFooterView: UIView {
    /// The identifier the view is reused under, as `reuseIdentifier`.
    open internal(set) var reuseIdentifier: String?

    /// The view holding the content, as `contentView`.
    public let contentView = UIView(frame: .zero)

    /// A header or footer view, as `init(reuseIdentifier:)`.
    public init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 28))
        setUpContentView()
    }

    private func setUpContentView() {
        contentView.layoutMargins = UIEdgeInsets(top: 4, left: 16, bottom: 4, right: 16)
        addSubview(contentView)
    }

    /// A view made for a registered class: `init(reuseIdentifier:)` of the class (a Vitrine
    /// addition).
    public required convenience init(registeredReuseIdentifier: String) {
        self.init(reuseIdentifier: registeredReuseIdentifier)
    }

    /// A view without a reuse identifier, as `init(frame:)`.
    public convenience override init(frame: CGRect) {
        self.init(reuseIdentifier: nil)
        self.frame = frame
    }

    /// A view an interface file makes (a nib registered with
    /// `register(_:forHeaderFooterViewReuseIdentifier:)` whose view's custom class is a
    /// subclass), as `init?(coder:)`: set up as `init(reuseIdentifier:)` sets it up, with the
    /// file's reuse identifier if it has one; the loader then sets the file's frame, properties
    /// and subviews. Fails for any coder but the one nib and storyboard loading passes (Vitrine
    /// reads no archives).
    public required init?(coder: NSCoder) {
        reuseIdentifier = coder.decodeObject(forKey: UINibDecoder.reuseIdentifierKey) as? String
        super.init(coder: coder)
        frame = CGRect(x: 0, y: 0, width: 320, height: 28)
        setUpContentView()
    }

    /// Resets the view before it is handed out again, as `prepareForReuse()`.
    open func prepareForReuse() {}

    /// The title label, made on first use, as `textLabel`.
    open var textLabel: UILabel? {
        if let storedTextLabel { return storedTextLabel }
        let label = UILabel(frame: .zero)
        label.font = .systemFont(ofSize: 13)
        label.textColor = .secondaryLabel
        label.numberOfLines = 0
        storedTextLabel = label
        contentView.addSubview(label)
        setNeedsLayout()
        return label
    }
    private var storedTextLabel: UILabel?

    /// A secondary label, made on first use, as `detailTextLabel`.
    open var detailTextLabel: UILabel? {
        if let storedDetailTextLabel { return storedDetailTextLabel }
        let label = UILabel(frame: .zero)
        label.font = .systemFont(ofSize: 13)
        label.textColor = .secondaryLabel
        storedDetailTextLabel = label
        contentView.addSubview(label)
        setNeedsLayout()
        return label
    }
    private var storedDetailTextLabel: UILabel?

    /// The view behind the content, as `backgroundView`.
    open var backgroundView: UIView? {
        didSet {
            guard backgroundView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    /// A list configuration for a header in a grouped table, as
    /// `defaultContentConfiguration()` (`groupedHeader()`; the table view's standard headers
    /// use its style's).
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        .groupedHeader()
    }

    /// The content shown by a view made from it, filling `contentView`, as
    /// `contentConfiguration`.
    open var contentConfiguration: (any UIContentConfiguration)? {
        didSet {
            let hosted = hostContentConfiguration(contentConfiguration, replacing: configuredContentView)
            configuredContentView = hosted?.view
            guard let (view, isNew) = hosted else { return }
            if isNew { contentView.addSubview(view) }
            setNeedsLayout()
        }
    }

    /// Whether the configuration follows the view's state, as
    /// `automaticallyUpdatesContentConfiguration` (kept; headers have no state to follow).
    open var automaticallyUpdatesContentConfiguration = true

    var configuredContentView: (any UIView & UIContentView)?

    /// Places the background, content and labels, as `layoutSubviews()`.
    open override func layoutSubviews() {
        super.layoutSubviews()
        backgroundView?.frame = bounds
        contentView.frame = bounds
        configuredContentView?.frame = contentView.bounds
        let margins = contentView.layoutMargins
        let width = max(0, bounds.width - margins.left - margins.right)
        if let label = storedTextLabel {
            let size = label.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude))
            label.frame = CGRect(
                x: margins.left, y: bounds.height - margins.bottom - size.height, width: width, height: size.height)
        }
        if let label = storedDetailTextLabel {
            let size = label.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude))
            label.frame = CGRect(x: margins.left, y: margins.top, width: width, height: size.height)
        }
    }

    /// The height the view needs at `width` when it sizes itself: its content
    /// configuration's, its content view's constraints', its label's, or its frame's.
    func selfSizedHeight(forWidth width: CGFloat) -> CGFloat {
        if let list = configuredContentView as? UIListContentView {
            return list.fittingHeight(forWidth: width).rounded(.up)
        }
        if UITableView.subtreeHasConstraints(contentView) {
            return contentView.systemLayoutSizeFitting(
                CGSize(width: width, height: UIView.layoutFittingCompressedSize.height),
                withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel
            ).height.rounded(.up)
        }
        if let label = storedTextLabel, !(label.text?.isEmpty ?? true) {
            let margins = contentView.layoutMargins
            let size = label.sizeThatFits(
                CGSize(width: max(0, width - margins.left - margins.right), height: .greatestFiniteMagnitude))
            return (margins.top + size.height + margins.bottom).rounded(.up)
        }
        return bounds.height
    }
}
