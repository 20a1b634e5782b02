import Foundation

/// A view showing one item of a collection view, as UIKit's `UICollectionViewCell`.
///
/// Its layers, back to front, as UIKit's: `backgroundView`, `selectedBackgroundView` (shown
/// while the cell is selected or highlighted), `contentView` (where your subviews go). All
/// three follow the cell's bounds. The collection view sets `isHighlighted` while a finger is
/// on the cell and `isSelected` from its selection; `prepareForReuse()` clears both. A
/// `contentConfiguration` (UIKit's iOS 14 model) makes the content view's content and is
/// restyled for the cell's `configurationState` as it changes.
/// Highlighting also sets `isHighlighted` on the image views in `contentView`, as UIKit
/// passes the highlight to the subviews that have one.
@preconcurrency @MainActor
open class UICollectionViewCell: UICollectionReusableView, ContentConfigurationCell {
    /// The view your content goes in, as `contentView`: the cell's bounds, in front of the
    /// background views.
    public let contentView: UIView

    /// A view behind everything else, sized to the cell, as `backgroundView` (default nil).
    open var backgroundView: UIView? {
        didSet {
            guard backgroundView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let backgroundView { install(backgroundView, at: 0) }
        }
    }

    /// A view shown above `backgroundView` while the cell is selected or highlighted, as
    /// `selectedBackgroundView` (default nil).
    open var selectedBackgroundView: UIView? {
        didSet {
            guard selectedBackgroundView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let selectedBackgroundView {
                install(selectedBackgroundView, at: backgroundView == nil ? 0 : 1)
                updateSelectedBackground()
            }
        }
    }

    /// Whether the cell is selected, as `isSelected` (default false). The collection view
    /// sets it; set selection through the collection view.
    open var isSelected = false {
        didSet {
            guard isSelected != oldValue else { return }
            updateSelectedBackground()
            setNeedsUpdateConfiguration()
        }
    }

    /// Whether the cell is highlighted (a finger is on it), as `isHighlighted` (default
    /// false).
    open var isHighlighted = false {
        didSet {
            guard isHighlighted != oldValue else { return }
            updateSelectedBackground()
            Self.setHighlighted(isHighlighted, inSubviewsOf: contentView)
            setNeedsUpdateConfiguration()
        }
    }

    // MARK: Configurations

    /// What the cell shows, through a content view the configuration makes, as
    /// `contentConfiguration` (default nil). The view fills `contentView` (pinned to its edges
    /// by constraints, so a self-sizing cell takes its size); a new configuration the view
    /// `supports(_:)` updates it, another kind replaces it. Setting nil removes it.
    open var contentConfiguration: (any UIContentConfiguration)? {
        didSet { contentConfigurationDidChange() }
    }

    /// Whether `contentConfiguration` is restyled with `updated(for:)` whenever the state
    /// changes, as `automaticallyUpdatesContentConfiguration` (default true).
    open var automaticallyUpdatesContentConfiguration = true

    /// The view made from `contentConfiguration`.
    private(set) var configuredContentView: (any UIView & UIContentView)?

    /// The cell's state for configurations (selection and highlight), as
    /// `configurationState`.
    open var configurationState: UICellConfigurationState {
        var state = UICellConfigurationState(traitCollection: UITraitCollection(displayScale: contentScaleFactor))
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        return state
    }

    /// Asks for the configuration to follow the state, as `setNeedsUpdateConfiguration()`;
    /// Vitrine updates at once (`updateConfiguration(using:)`).
    open func setNeedsUpdateConfiguration() {
        updateConfiguration(using: configurationState)
    }

    /// Brings the configuration up to date with `state`, as `updateConfiguration(using:)`: by
    /// default `contentConfiguration.updated(for:)` when
    /// `automaticallyUpdatesContentConfiguration`. Override to restyle for the state.
    open func updateConfiguration(using state: UICellConfigurationState) {
        restyleContentConfiguration(for: state)
    }

    private func contentConfigurationDidChange() {
        let hosted = hostContentConfiguration(resolvedContentConfiguration, replacing: configuredContentView)
        configuredContentView = hosted?.view
        guard let (view, isNew) = hosted, isNew else { return }
        view.translatesAutoresizingMaskIntoConstraints = false
        contentView.insertSubview(view, at: 0)
        NSLayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
            view.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            view.topAnchor.constraint(equalTo: contentView.topAnchor),
            view.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
        ])
    }

    /// A cell with the given frame and an empty content view, as `init(frame:)`.
    public override init(frame: CGRect) {
        contentView = UIView(frame: CGRect(origin: .zero, size: frame.size))
        super.init(frame: frame)
        setUpContentView()
    }

    /// A cell an interface file makes (a collection view's prototype cell in a storyboard, a
    /// cell of a nib), as `init?(coder:)`: with its reuse identifier from the file and an empty
    /// content view, as `init(frame:)` sets it up; the loader then sets the file's frame and
    /// properties and builds the file's content into `contentView`. Fails for any coder but the
    /// one nib and storyboard loading passes (Vitrine reads no archives).
    public required init?(coder: NSCoder) {
        contentView = UIView(frame: .zero)
        super.init(coder: coder)
        setUpContentView()
    }

    private func setUpContentView() {
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        contentView.backgroundColor = nil
        addSubview(contentView)
    }

    /// Clears the selection and highlight, as UIKit's cell does before it is reused; call
    /// `super` from an override.
    open override func prepareForReuse() {
        super.prepareForReuse()
        isSelected = false
        isHighlighted = false
    }

    private func install(_ view: UIView, at index: Int) {
        view.frame = bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        insertSubview(view, at: index)
    }

    private func updateSelectedBackground() {
        selectedBackgroundView?.isHidden = !(isSelected || isHighlighted)
    }

    private static func setHighlighted(_ highlighted: Bool, inSubviewsOf view: UIView) {
        for subview in view.subviews {
            if let imageView = subview as? UIImageView { imageView.isHighlighted = highlighted }
            setHighlighted(highlighted, inSubviewsOf: subview)
        }
    }
}
