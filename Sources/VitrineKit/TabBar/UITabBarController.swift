import Foundation

/// A container that shows one of several view controllers at a time, chosen with a tab bar
/// at the bottom, as UIKit's `UITabBarController`.
///
/// **Children.** The controllers of `viewControllers` are its children (`addChild(_:)`,
/// `didMove(toParent:)`; one that had another parent moves, as `addChild(_:)` does); only the
/// selected one's view is in the controller's view, filling it, with the bar's height
/// (49 points plus the safe area's bottom inset) as a safe-area inset at the bottom, so a
/// navigation controller as a tab keeps its bar under the top of the safe area and its
/// content above the tab bar.
///
/// **Switching** (a tap, `selectedIndex`, `selectedViewController`) is not animated, as
/// UIKit's: the old tab's `viewWillDisappear(_:)`, the new one's `viewWillAppear(_:)`, the
/// views swap, the old tab's `viewDidDisappear(_:)`, the new one's `viewDidAppear(_:)` (all
/// with `animated` false), only while the controller's view is shown in a window.
///
/// **Taps** on an enabled item ask the delegate's `tabBarController(_:shouldSelect:)`, then
/// switch and call `tabBarController(_:didSelect:)`; a tap on the selected tab does the same
/// and, when that tab is a navigation controller, pops it to its root, as UIKit. Selection
/// in code never calls the delegate, as UIKit documents.
///
/// **Bad input** never raises: `selectedIndex` out of range and `selectedViewController`
/// not among `viewControllers` are logged and ignored (UIKit raises for the latter); a
/// controller given twice is logged and kept once (the first); the tab bar controller
/// itself in its list is logged and left out. Empty `viewControllers` leaves an empty bar.
///
/// Vitrine differences: no More tab (every tab is shown on the bar, as UIKit does on a
/// regular-width iPad screen when they fit), no customizing (`customizableViewControllers`),
/// no animated transitions (`animationControllerForTransitionFrom`), no
/// `hidesBottomBarWhenPushed`.
@preconcurrency @MainActor
open class UITabBarController: UIViewController {
    /// The bar, as `tabBar`.
    public let tabBar: UITabBar

    /// The delegate, as `delegate` (weak).
    open weak var delegate: UITabBarControllerDelegate?

    var tabs: [UIViewController] = []
    /// The selected tab's index, or `NSNotFound`.
    var selection = NSNotFound

    /// A tab bar controller with no tabs, as `init(nibName:bundle:)`.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        tabBar = UITabBar(frame: .zero)
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        tabBar.tabBarController = self
    }

    /// A tab bar controller a storyboard makes (its tabs come from the storyboard's
    /// `viewControllers` relationships), as `init?(coder:)`; fails for any coder but the
    /// storyboard's, as `UIViewController`'s.
    public required init?(coder: NSCoder) {
        tabBar = UITabBar(frame: .zero)
        super.init(coder: coder)
        tabBar.tabBarController = self
    }

    // MARK: The tabs

    /// The tabs' controllers, in bar order, as `viewControllers` (nil when there are none);
    /// setting it is `setViewControllers(_:animated: false)`.
    open var viewControllers: [UIViewController]? {
        get { tabs.isEmpty ? nil : tabs }
        set { setViewControllers(newValue, animated: false) }
    }

    /// Replaces the tabs, as `setViewControllers(_:animated:)` (never animated). As UIKit
    /// documents, the selected controller stays selected if it is still a tab; otherwise the
    /// tab at the same index is selected, else the first. Controllers that leave are removed
    /// from the children; see the class notes for bad input.
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        var unique: [UIViewController] = []
        for controller in viewControllers ?? [] {
            if controller === self {
                Self.reportError("setViewControllers: a tab bar controller cannot be its own tab; left out")
            } else if unique.contains(where: { $0 === controller }) {
                Self.reportError(
                    "setViewControllers: \(type(of: controller)) appears more than once; duplicate dropped")
            } else {
                unique.append(controller)
            }
        }
        let oldTabs = tabs
        let oldSelected = selectedViewController
        let added = unique.filter { controller in !oldTabs.contains { $0 === controller } }
        let removed = oldTabs.filter { controller in !unique.contains { $0 === controller } }
        beginChildrenChange(adding: added, removing: removed)
        tabs = unique
        if let oldSelected, let index = tabs.firstIndex(where: { $0 === oldSelected }) {
            selection = index
        } else if tabs.isEmpty {
            selection = NSNotFound
        } else {
            selection = selection != NSNotFound && selection < tabs.count ? selection : 0
        }
        tabBar.setItems(tabs.map { $0.tabBarItem }, animated: false)
        tabBar.selectedItem = selectedViewController?.tabBarItem
        show(from: oldSelected, to: selectedViewController)
        for controller in added {
            controller.didMove(toParent: self)
            controller.isMovingToParent = false
        }
        for controller in removed {
            controller.removeFromParent()
            controller.isMovingFromParent = false
            controller.containerSafeAreaInsets = .zero
        }
    }

    /// The selected tab's index, as `selectedIndex`: `NSNotFound` without tabs. Setting an
    /// index out of range is logged and ignored. Setting it does not call the delegate.
    open var selectedIndex: Int {
        get { selection }
        set {
            guard tabs.indices.contains(newValue) else {
                Self.reportError("selectedIndex: \(newValue) is out of range (\(tabs.count) tabs); ignored")
                return
            }
            select(newValue)
        }
    }

    /// The selected tab's controller, as `selectedViewController`. Setting one that is not
    /// among `viewControllers` is logged and ignored (UIKit raises). Setting it does not call
    /// the delegate.
    open var selectedViewController: UIViewController? {
        get { tabs.indices.contains(selection) ? tabs[selection] : nil }
        set {
            guard let newValue, let index = tabs.firstIndex(where: { $0 === newValue }) else {
                Self.reportError("selectedViewController: the controller is not one of the tabs; ignored")
                return
            }
            select(index)
        }
    }

    /// Watches the errors tab bar controllers log (for tests).
    static var errorObserver: ((String) -> Void)?

    /// Logs a refused request (UIKit raises or logs there) and tells `errorObserver`.
    static func reportError(_ message: String) {
        kitLog.error("\(message)")
        errorObserver?(message)
    }

    // MARK: Selection

    /// Selects the tab at `index` (in range), switching the views.
    func select(_ index: Int) {
        let old = selectedViewController
        selection = index
        tabBar.selectedItem = tabs[index].tabBarItem
        show(from: old, to: tabs[index])
    }

    /// The user tapped the item at `index`: asks the delegate, switches, tells it.
    func tabTapped(at index: Int) {
        guard tabs.indices.contains(index) else { return }
        let controller = tabs[index]
        if let delegate, !delegate.tabBarController(self, shouldSelect: controller) { return }
        // The delegate may have changed the tabs.
        guard let current = tabs.firstIndex(where: { $0 === controller }) else { return }
        if current == selection, let navigation = controller as? UINavigationController {
            navigation.popToRootViewController(animated: true)
        }
        select(current)
        delegate?.tabBarController(self, didSelect: controller)
    }

    /// A tab's `tabBarItem` was replaced: the bar shows the new items.
    func tabBarItemsDidChange() {
        tabBar.setItems(tabs.map { $0.tabBarItem }, animated: false)
        tabBar.selectedItem = selectedViewController?.tabBarItem
    }

    /// Swaps the shown view from `from`'s to `to`'s, with the appearance callbacks when the
    /// controller is shown.
    private func show(from: UIViewController?, to: UIViewController?) {
        guard from !== to, let container = viewIfLoaded else { return }
        let visible = container.window != nil && showsChildren
        to?.loadViewIfNeeded()
        if visible {
            from?.beginAppearanceTransition(false, animated: false)
            to?.beginAppearanceTransition(true, animated: false)
        }
        UIViewController.withoutAutomaticAppearance {
            if let fromView = from?.viewIfLoaded, fromView.superview === container { fromView.removeFromSuperview() }
            if let to { install(to.view, in: container) }
        }
        layoutContainer()
        if visible {
            from?.endAppearanceTransition()
            if let to { endAppearanceTransition(ofChild: to) }
        }
    }

    // MARK: The view

    /// Makes the container view: the selected tab's view above the bar.
    open override func loadView() {
        let container = TabBarContainerView(frame: UIScreen.main.bounds)
        container.controller = self
        container.addSubview(tabBar)
        view = container
        if let selected = selectedViewController {
            UIViewController.withoutAutomaticAppearance { install(selected.view, in: container) }
        }
    }

    /// Puts a tab's view in the container, below the bar, filling it.
    private func install(_ view: UIView, in container: UIView) {
        view.frame = container.bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if view.superview !== container { container.insertSubview(view, belowSubview: tabBar) }
    }

    /// Places the bar at the bottom (49 points plus the safe area's bottom inset) and gives
    /// the tabs its height as a safe-area inset at the bottom.
    func layoutContainer() {
        guard let container = viewIfLoaded else { return }
        let height = UITabBar.height + container.safeAreaInsets.bottom
        let bounds = container.bounds
        tabBar.frame = CGRect(x: 0, y: bounds.height - height, width: bounds.width, height: height)
        for controller in tabs {
            controller.containerSafeAreaInsets = UIEdgeInsets(top: 0, left: 0, bottom: height, right: 0)
        }
        if let view = selectedViewController?.viewIfLoaded, view.superview === container { view.frame = bounds }
    }
}
