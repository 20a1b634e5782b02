import Foundation

/// The bar of tabs at the bottom of a tab bar controller, as UIKit's `UITabBar`.
///
/// - **Size.** 49 points tall plus the safe area's bottom inset, as UIKit's bar on an iPad;
///   `sizeThatFits(_:)` answers the given width by that height. Items sit in the top 49
///   points.
/// - **Items.** Side by side, centred, each slot as wide as the widest item's content plus
///   16 points on each side; when they do not all fit, the slots share the width equally.
///   Every item is shown, however many (UIKit shows all the items that fit on a regular-width
///   iPad bar, with no More tab; Vitrine never adds a More tab). Each item shows its image
///   beside its title (UIKit's regular-width, iPad layout; the title in the 13-point medium
///   system font), the image filled as a template with the colour, and its badge at the
///   image's top right.
/// - **Colours.** The selected item in `tintColor` (inherited: `systemBlue` by default), the
///   others in `unselectedItemTintColor` (nil: UIKit's grey, `systemGray`); disabled items
///   faded. The background is UIKit's light bar colour, slightly translucent (no blur), or
///   `barTintColor`; a hairline on top.
/// - **Taps** select an enabled item: for a tab bar controller's bar, through the
///   controller (and its delegate's `tabBarController(_:shouldSelect:)`); otherwise the bar
///   sets `selectedItem` and tells its `delegate`.
///
/// Vitrine differences: `setItems(_:animated:)` does not animate; no appearance objects,
/// customizing, item positioning or blur.
@preconcurrency @MainActor
open class UITabBar: UIView {
    /// The height of the item row, as UIKit's bar on an iPad.
    static let height: CGFloat = 49
    /// The space on each side of an item's content in its slot.
    static let itemPadding: CGFloat = 16

    /// The default background: UIKit's light bar colour, slightly translucent, without the
    /// blur.
    static let defaultBackground = UIColor(red: 0.97, green: 0.97, blue: 0.97, alpha: 0.94)

    /// The items shown, as `items`; setting it is `setItems(_:animated: false)`.
    open var items: [UITabBarItem]? {
        get { shownItems.isEmpty ? nil : shownItems }
        set { setItems(newValue, animated: false) }
    }

    /// The item drawn selected, as `selectedItem`; an item not on the bar is ignored (and
    /// logged). A tab bar controller sets it for its selected tab.
    open var selectedItem: UITabBarItem? {
        get { storedSelectedItem }
        set {
            if let newValue, !shownItems.contains(where: { $0 === newValue }) {
                kitLog.error("UITabBar: selectedItem is not one of the bar's items; ignored")
                return
            }
            storedSelectedItem = newValue
            refresh()
        }
    }

    /// The colour of the items not selected, as `unselectedItemTintColor`; nil: grey.
    open var unselectedItemTintColor: UIColor? { didSet { refresh() } }

    /// The background colour, as `barTintColor`; nil: the default light colour.
    open var barTintColor: UIColor? { didSet { backgroundColor = barTintColor ?? Self.defaultBackground } }

    /// The delegate told of selections made by taps, as `delegate` (weak). A tab bar
    /// controller's bar does not use it (UIKit makes the controller the delegate and forbids
    /// changing it).
    open weak var delegate: UITabBarDelegate?

    /// The tab bar controller whose bar this is, if any: taps go to it.
    weak var tabBarController: UITabBarController?

    private var shownItems: [UITabBarItem] = []
    private weak var storedSelectedItem: UITabBarItem?
    private let hairline = UIView()
    /// The controls shown for the items, in order.
    private(set) var buttons: [TabBarButton] = []

    /// A bar with the given frame, as `init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = Self.defaultBackground
        hairline.backgroundColor = UIColor(white: 0, alpha: 0.3)
        hairline.isUserInteractionEnabled = false
        addSubview(hairline)
    }

    /// Vitrine has no archives; always fails, as `UIView`'s.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Replaces the items, as `setItems(_:animated:)` (not animated). The selected item stays
    /// selected if it is still on the bar.
    open func setItems(_ items: [UITabBarItem]?, animated: Bool) {
        for button in buttons { button.removeFromSuperview() }
        for item in shownItems where item.bar === self { item.bar = nil }
        shownItems = items ?? []
        if let selected = storedSelectedItem, !shownItems.contains(where: { $0 === selected }) {
            storedSelectedItem = nil
        }
        buttons = shownItems.map { item in
            item.bar = self
            let button = TabBarButton(item: item)
            button.addTarget(for: .touchUpInside) { [weak self, weak button] _, _ in
                guard let self, let button else { return }
                self.buttonTapped(button)
            }
            addSubview(button)
            return button
        }
        bringSubviewToFront(hairline)
        refresh()
    }

    /// An item on the bar changed.
    func itemDidChange(_ item: UITabBarItem) { refresh() }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        refresh()
    }

    private func refresh() {
        let unselected = unselectedItemTintColor ?? .systemGray
        for button in buttons {
            let selected = button.item === storedSelectedItem
            button.show(selected: selected, color: selected ? tintColor : unselected)
        }
        setNeedsLayout()
    }

    private func buttonTapped(_ button: TabBarButton) {
        guard button.item.isEnabled, let index = buttons.firstIndex(where: { $0 === button }) else { return }
        if let tabBarController {
            tabBarController.tabTapped(at: index)
        } else {
            selectedItem = button.item
            delegate?.tabBar(self, didSelect: button.item)
        }
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: Self.height + safeAreaInsets.bottom)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let scale = contentScaleFactor > 0 ? contentScaleFactor : 1
        hairline.frame = CGRect(x: 0, y: 0, width: bounds.width, height: 1 / scale)
        guard !buttons.isEmpty else { return }
        let widest = buttons.map(\.contentWidth).max() ?? 0
        let count = CGFloat(buttons.count)
        let slot = min(ceil(widest) + 2 * Self.itemPadding, (bounds.width / count).rounded(.down))
        var x = ((bounds.width - slot * count) / 2).rounded()
        for button in buttons {
            button.frame = CGRect(x: x, y: 0, width: slot, height: Self.height)
            x += slot
        }
    }
}
