import Foundation

/// The bar at the top of a navigation controller, as UIKit's `UINavigationBar`: it shows a
/// stack of `UINavigationItem`s, the top one's title (or title view) and bar button items,
/// and a back button to the item below.
///
/// - **Size.** 44 points tall, as UIKit's bar on an iPad (no large titles:
///   `prefersLargeTitles` is not offered); `sizeThatFits(_:)` answers the given width by 44.
/// - **Back button.** When there is a `backItem` and the top item neither hides it
///   (`hidesBackButton`) nor has left items (unless `leftItemsSupplementBackButton`): a
///   chevron and the back item's `backButtonTitle` ?? its `title` ?? "Back", as UIKit. A tap
///   pops: the navigation controller's `popViewController(animated: true)` for its bar, else
///   `popItem(animated: true)`.
/// - **Layout.** Left items from the leading edge after the back button, right items from the
///   trailing edge inwards (16-point edge margins, 8 points between items), the title in the
///   semibold 17-point system font centred on the bar when it fits between them, else centred
///   in the space left. Items are `.system` buttons in the tint colour (`UIView.tintColor`,
///   the item's own when set); `.done` items are semibold.
/// - Vitrine differences: changes are not animated (the items swap at once; a navigation
///   controller's push slides the content, not the bar); no `delegate`, appearance objects,
///   translucency or blur: the background is an opaque light grey (`barTintColor` overrides
///   it) with UIKit's hairline at the bottom.
@preconcurrency @MainActor
open class UINavigationBar: UIView {
    /// The bar's height, as UIKit's compact-title bar on an iPad.
    static let height: CGFloat = 44
    static let edgeMargin: CGFloat = 16
    static let itemSpacing: CGFloat = 8

    /// The items, bottom first, as `items`.
    open var items: [UINavigationItem]? {
        get { stack }
        set { setItems(newValue, animated: false) }
    }

    /// The item on top, as `topItem`.
    open var topItem: UINavigationItem? { stack.last }

    /// The item below the top one, whose title the back button shows, as `backItem`.
    open var backItem: UINavigationItem? { stack.count > 1 ? stack[stack.count - 2] : nil }

    /// The background colour of the bar, as `barTintColor`; nil: the default light grey.
    open var barTintColor: UIColor? { didSet { backgroundColor = barTintColor ?? Self.defaultBackground } }

    /// The default background: UIKit's light bar colour without the blur.
    static let defaultBackground = UIColor(red: 0.97, green: 0.97, blue: 0.97, alpha: 1)

    /// The navigation controller that owns the bar, if any (its back button pops it).
    weak var navigationController: UINavigationController?

    private var stack: [UINavigationItem] = []
    private let hairline = UIView()
    /// The views shown for the top item, rebuilt when items change.
    private(set) var backButton: UIButton?
    private(set) var titleLabel: UILabel?
    private(set) var leftButtons: [UIButton] = []
    private(set) var rightButtons: [UIButton] = []
    private var shownTitleView: UIView?

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

    /// Replaces the items, as `setItems(_:animated:)` (not animated; see the class notes).
    open func setItems(_ items: [UINavigationItem]?, animated: Bool) {
        for item in stack { stopObserving(item) }
        stack = items ?? []
        for item in stack { item.observers.append(UINavigationItem.WeakBar(bar: self)) }
        rebuild()
    }

    /// Pushes an item on top, as `pushItem(_:animated:)`.
    open func pushItem(_ item: UINavigationItem, animated: Bool) {
        setItems(stack + [item], animated: animated)
    }

    /// Pops the top item and returns it, as `popItem(animated:)`; nil when there is none.
    @discardableResult
    open func popItem(animated: Bool) -> UINavigationItem? {
        guard let top = stack.last else { return nil }
        setItems(Array(stack.dropLast()), animated: animated)
        return top
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: Self.height)
    }

    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: Self.height)
    }

    private func stopObserving(_ item: UINavigationItem) {
        item.observers.removeAll { $0.bar === self || $0.bar == nil }
        for barItem in (item.leftBarButtonItems ?? []) + (item.rightBarButtonItems ?? []) {
            barItem.observers.removeAll { $0.bar === self || $0.bar == nil }
        }
    }

    /// An item shown on the bar (or one of its bar button items) changed.
    func itemDidChange() { rebuild() }

    /// The back button's title: the back item's `backButtonTitle` ?? `title` ?? "Back".
    var backButtonTitle: String? {
        guard let backItem else { return nil }
        return backItem.backButtonTitle ?? backItem.title ?? "Back"
    }

    private func rebuild() {
        backButton?.removeFromSuperview()
        titleLabel?.removeFromSuperview()
        shownTitleView?.removeFromSuperview()
        for button in leftButtons + rightButtons { button.removeFromSuperview() }
        backButton = nil
        titleLabel = nil
        shownTitleView = nil
        leftButtons = []
        rightButtons = []
        guard let top = topItem else {
            setNeedsLayout()
            return
        }
        let leftItems = top.leftBarButtonItems ?? []
        if let backTitle = backButtonTitle, !top.hidesBackButton,
            leftItems.isEmpty || top.leftItemsSupplementBackButton
        {
            let button = NavigationBackButton(title: backTitle)
            button.addTarget(for: .touchUpInside) { [weak self] _, _ in self?.backButtonTapped() }
            addSubview(button)
            backButton = button
        }
        leftButtons = leftItems.map(makeButton)
        rightButtons = (top.rightBarButtonItems ?? []).map(makeButton)
        if let titleView = top.titleView {
            addSubview(titleView)
            shownTitleView = titleView
        } else if let title = top.title {
            let label = UILabel()
            label.text = title
            label.font = .systemFont(ofSize: 17, weight: .semibold)
            label.textColor = .label
            label.textAlignment = .center
            addSubview(label)
            titleLabel = label
        }
        bringSubviewToFront(hairline)
        setNeedsLayout()
    }

    private func makeButton(for item: UIBarButtonItem) -> UIButton {
        item.observers.removeAll { $0.bar === self || $0.bar == nil }
        item.observers.append(UINavigationItem.WeakBar(bar: self))
        let button = item.makeBarButton()
        addSubview(button)
        return button
    }

    private func backButtonTapped() {
        if let navigationController {
            navigationController.popViewController(animated: true)
        } else {
            popItem(animated: true)
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let scale = contentScaleFactor > 0 ? contentScaleFactor : 1
        hairline.frame = CGRect(x: 0, y: bounds.height - 1 / scale, width: bounds.width, height: 1 / scale)
        let height = bounds.height
        func place(_ view: UIView, x: CGFloat) -> CGFloat {
            let size = view.sizeThatFits(CGSize(width: bounds.width, height: height))
            let width = ceil(size.width)
            view.frame = CGRect(x: x, y: 0, width: width, height: height)
            return width
        }
        var leading = Self.edgeMargin
        if let backButton {
            leading = Self.itemSpacing
            leading += place(backButton, x: leading) + Self.itemSpacing
        }
        for button in leftButtons { leading += place(button, x: leading) + Self.itemSpacing }
        var trailing = bounds.width - Self.edgeMargin
        for button in rightButtons {
            let width = ceil(button.sizeThatFits(CGSize(width: bounds.width, height: height)).width)
            trailing -= width
            button.frame = CGRect(x: trailing, y: 0, width: width, height: height)
            trailing -= Self.itemSpacing
        }
        guard let title = shownTitleView ?? titleLabel else { return }
        let available = max(0, trailing - leading)
        let fitting = title.sizeThatFits(CGSize(width: available, height: height))
        let width = min(ceil(fitting.width), available)
        let titleHeight = title === titleLabel ? height : min(height, ceil(fitting.height))
        var x = (bounds.width - width) / 2
        if x < leading || x + width > trailing { x = leading + (available - width) / 2 }
        title.frame = CGRect(
            x: x.rounded(), y: ((height - titleHeight) / 2).rounded(), width: width, height: titleHeight)
    }
}
