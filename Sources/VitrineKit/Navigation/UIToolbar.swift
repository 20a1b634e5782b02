import Foundation

/// A bar's look, as UIKit's `UIBarStyle` (raw values as UIKit's): `.default` a light bar,
/// `.black` a dark one.
public enum UIBarStyle: Int, Sendable {
    case `default` = 0
    case black = 1
}

/// A bar of buttons along the bottom of the screen, as UIKit's `UIToolbar`: its `items`
/// (`UIBarButtonItem`s) from the leading edge, with flexible and fixed spaces between them.
///
/// - **Size.** 44 points tall, as UIKit's toolbar (`sizeThatFits(_:)` answers the given
///   width by 44); a toolbar taller than that (a navigation controller's, which reaches into
///   the bottom safe area) lays its items out in its top 44 points, inside its safe area.
/// - **Layout** as UIKit's: 16-point margins at both edges (plus the safe area's sides),
///   8 points between adjacent items; a `fixedSpace(_:)` is its `width`, flexible spaces
///   share what the other items leave equally (none: the items sit from the leading edge).
///   A button is as wide as its title or image (its `width` when above 0), centred
///   vertically. Items are `.system` buttons in the tint colour (the item's own when set);
///   `.done` items are semibold, disabled ones grey.
/// - `barStyle` `.default` is UIKit's light bar (0.97 grey), `.black` a dark one (0.11 grey);
///   `barTintColor` replaces either. `isTranslucent` (default true, as UIKit's) draws the
///   default backgrounds at 94% opacity (UIKit blurs behind them; Vitrine does not blur
///   here) and `barTintColor` as given; false draws them opaque. A hairline sits at the top.
/// - Vitrine difference: `setItems(_:animated:)` swaps the items at once (UIKit fades
///   them); no `delegate` or appearance objects.
@preconcurrency @MainActor
open class UIToolbar: UIView {
    /// The toolbar's height, as UIKit's.
    public static let height: CGFloat = 44
    static let edgeMargin: CGFloat = 16
    static let itemSpacing: CGFloat = 8

    /// The items, leading first, as `items`; setting it is `setItems(_:animated: false)`.
    open var items: [UIBarButtonItem]? {
        get { storedItems }
        set { setItems(newValue, animated: false) }
    }

    /// The bar's look, as `barStyle` (default `.default`).
    open var barStyle = UIBarStyle.default { didSet { updateBackground() } }

    /// The background colour, as `barTintColor`; nil: `barStyle`'s.
    open var barTintColor: UIColor? { didSet { updateBackground() } }

    /// Whether the bar lets what is behind it show through, as `isTranslucent` (default
    /// true; see the class notes).
    open var isTranslucent = true { didSet { updateBackground() } }

    private var storedItems: [UIBarButtonItem]?
    private let hairline = UIView()
    /// The views shown for `items`, in order (nil for spaces).
    private(set) var itemViews: [UIButton?] = []

    /// A toolbar held weakly by the items it shows.
    struct WeakToolbar {
        weak var toolbar: UIToolbar?
    }

    /// A toolbar with the given frame, as `init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        hairline.isUserInteractionEnabled = false
        addSubview(hairline)
        updateBackground()
    }

    /// A toolbar 44 points tall, as `init()`.
    public convenience init() {
        self.init(frame: CGRect(x: 0, y: 0, width: 320, height: Self.height))
    }

    /// Vitrine has no archives; always fails, as `UIView`'s.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Replaces the items, as `setItems(_:animated:)` (at once; see the class notes).
    open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) {
        for item in storedItems ?? [] { item.toolbarObservers.removeAll { $0.toolbar === self || $0.toolbar == nil } }
        storedItems = items
        for item in items ?? [] { item.toolbarObservers.append(WeakToolbar(toolbar: self)) }
        rebuild()
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: Self.height)
    }

    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: Self.height)
    }

    /// An item shown changed.
    func itemDidChange() { rebuild() }

    private func updateBackground() {
        let base: UIColor
        if let barTintColor {
            base = barTintColor
        } else {
            let white: CGFloat = barStyle == .black ? 0.11 : 0.97
            base = UIColor(white: white, alpha: isTranslucent ? 0.94 : 1)
        }
        backgroundColor = base
        isOpaque = !isTranslucent && barTintColor == nil
        hairline.backgroundColor = barStyle == .black ? UIColor(white: 1, alpha: 0.15) : UIColor(white: 0, alpha: 0.3)
    }

    private func rebuild() {
        for view in itemViews { view?.removeFromSuperview() }
        itemViews = (storedItems ?? []).map { item in
            if item.systemItem == .flexibleSpace || item.systemItem == .fixedSpace { return nil }
            return makeButton(for: item)
        }
        bringSubviewToFront(hairline)
        setNeedsLayout()
    }

    private func makeButton(for item: UIBarButtonItem) -> UIButton {
        let button = item.makeBarButton()
        addSubview(button)
        return button
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let scale = contentScaleFactor > 0 ? contentScaleFactor : 1
        hairline.frame = CGRect(x: 0, y: 0, width: bounds.width, height: 1 / scale)
        let items = storedItems ?? []
        let safe = safeAreaInsets
        let barHeight = max(0, min(Self.height, bounds.height - safe.bottom))
        let leading = safe.left + Self.edgeMargin
        let trailing = bounds.width - safe.right - Self.edgeMargin
        // Widths of everything but the flexible spaces, and the spacing between items.
        var widths: [CGFloat] = []
        var flexibleCount = 0
        for (index, item) in items.enumerated() {
            if item.systemItem == .flexibleSpace {
                flexibleCount += 1
                widths.append(0)
            } else if item.systemItem == .fixedSpace {
                widths.append(max(0, item.width.isFinite ? item.width : 0))
            } else if let button = itemViews[index] {
                let fitted = ceil(button.sizeThatFits(CGSize(width: bounds.width, height: barHeight)).width)
                widths.append(item.width > 0 && item.width.isFinite ? item.width : fitted)
            } else {
                widths.append(0)
            }
        }
        let spacing = Self.itemSpacing * CGFloat(max(0, items.count - 1))
        let used = widths.reduce(0, +) + spacing
        let flexible = flexibleCount > 0 ? max(0, trailing - leading - used) / CGFloat(flexibleCount) : 0
        var x = leading
        for (index, item) in items.enumerated() {
            let width = item.systemItem == .flexibleSpace ? flexible : widths[index]
            if let button = itemViews[index] {
                button.frame = CGRect(x: x.rounded(), y: 0, width: width, height: barHeight)
            }
            x += width + Self.itemSpacing
        }
    }
}
