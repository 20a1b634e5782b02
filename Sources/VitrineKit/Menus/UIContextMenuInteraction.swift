import Foundation

/// Makes the menu a context menu shows, given the suggested elements, as
/// `UIContextMenuActionProvider`.
public typealias UIContextMenuActionProvider = @MainActor ([UIMenuElement]) -> UIMenu?
/// Makes the preview a context menu shows, as `UIContextMenuContentPreviewProvider`.
public typealias UIContextMenuContentPreviewProvider = @MainActor () -> UIViewController?

/// What a context menu shows, as UIKit's `UIContextMenuConfiguration`: an identifier, a
/// preview provider and an action provider.
///
/// Vitrine difference: the preview is not shown (no view is lifted); the menu appears beside
/// the touch.
@preconcurrency @MainActor
open class UIContextMenuConfiguration {
    /// The configuration's identifier, as `identifier`: the one given, else a unique string.
    public let identifier: any NSCopying
    /// Makes the preview (not shown by Vitrine).
    public let previewProvider: UIContextMenuContentPreviewProvider?
    /// Makes the menu.
    public let actionProvider: UIContextMenuActionProvider?

    /// A configuration, as `init(identifier:previewProvider:actionProvider:)`.
    public init(
        identifier: (any NSCopying)? = nil, previewProvider: UIContextMenuContentPreviewProvider? = nil,
        actionProvider: UIContextMenuActionProvider? = nil
    ) {
        self.identifier = identifier ?? (UUID().uuidString as NSString)
        self.previewProvider = previewProvider
        self.actionProvider = actionProvider
    }
}

/// The animations that go with a context menu appearing or going, as
/// `UIContextMenuInteractionAnimating`. Vitrine shows and removes the menu at once: added
/// animations run then, completions right after.
@preconcurrency @MainActor
public protocol UIContextMenuInteractionAnimating: AnyObject {
    /// The preview's controller, as `previewViewController` (always nil in Vitrine).
    var previewViewController: UIViewController? { get }
    /// Runs `animations` with the menu's change, as `addAnimations(_:)`.
    func addAnimations(_ animations: @escaping @MainActor () -> Void)
    /// Runs `completion` once the change is done, as `addCompletion(_:)`.
    func addCompletion(_ completion: @escaping @MainActor () -> Void)
}

/// The animator handed to the delegate: runs what it was given when the menu has changed.
@MainActor
final class ContextMenuAnimator: UIContextMenuInteractionAnimating {
    var previewViewController: UIViewController? { nil }
    private var animations: [@MainActor () -> Void] = []
    private var completions: [@MainActor () -> Void] = []
    func addAnimations(_ animations: @escaping @MainActor () -> Void) { self.animations.append(animations) }
    func addCompletion(_ completion: @escaping @MainActor () -> Void) { completions.append(completion) }
    func finish() {
        for animation in animations { animation() }
        for completion in completions { completion() }
        animations.removeAll()
        completions.removeAll()
    }
}

/// What a `UIContextMenuInteraction` asks, as `UIContextMenuInteractionDelegate`.
@preconcurrency @MainActor
public protocol UIContextMenuInteractionDelegate: AnyObject {
    /// The menu for a long press at `location` (in the interaction's view), or nil for none,
    /// as `contextMenuInteraction(_:configurationForMenuAtLocation:)`.
    func contextMenuInteraction(
        _ interaction: UIContextMenuInteraction, configurationForMenuAtLocation location: CGPoint
    ) -> UIContextMenuConfiguration?
    /// The menu is about to show, as `contextMenuInteraction(_:willDisplayMenuFor:animator:)`.
    func contextMenuInteraction(
        _ interaction: UIContextMenuInteraction, willDisplayMenuFor configuration: UIContextMenuConfiguration,
        animator: (any UIContextMenuInteractionAnimating)?)
    /// The menu is going (an item was chosen, or a tap outside), as
    /// `contextMenuInteraction(_:willEndFor:animator:)`.
    func contextMenuInteraction(
        _ interaction: UIContextMenuInteraction, willEndFor configuration: UIContextMenuConfiguration,
        animator: (any UIContextMenuInteractionAnimating)?)
}

extension UIContextMenuInteractionDelegate {
    public func contextMenuInteraction(
        _ interaction: UIContextMenuInteraction, willDisplayMenuFor configuration: UIContextMenuConfiguration,
        animator: (any UIContextMenuInteractionAnimating)?
    ) {}
    public func contextMenuInteraction(
        _ interaction: UIContextMenuInteraction, willEndFor configuration: UIContextMenuConfiguration,
        animator: (any UIContextMenuInteractionAnimating)?
    ) {}
}

/// A menu shown by a long press on a view, as UIKit's `UIContextMenuInteraction`.
///
/// Added to a view with `addInteraction(_:)`. A press held for half a second (a long-press
/// recognizer on the view) asks the delegate for a configuration at the touch's location; its
/// action provider's menu is shown above everything in the view's window, beside the touch
/// and kept inside the window. Tapping an action runs its handler (with `sender` the view)
/// after the menu goes, unless it is `.disabled` (nothing happens) or `.keepsMenuPresented`;
/// tapping outside the menu dismisses it. A menu taller than the window scrolls.
@preconcurrency @MainActor
open class UIContextMenuInteraction: UIInteraction {
    /// The delegate, as `delegate` (not retained).
    open var delegate: (any UIContextMenuInteractionDelegate)? { storedDelegate }
    /// The view the interaction is on, as `view`.
    open var view: UIView? { storedView }
    private weak var storedDelegate: (any UIContextMenuInteractionDelegate)?
    private weak var storedView: UIView?
    /// The recognizer that starts the menu (on the view while the interaction is).
    let pressRecognizer = UILongPressGestureRecognizer()
    /// The menu on screen, if any.
    private(set) var presentedMenu: ContextMenuView?
    private var presentedConfiguration: UIContextMenuConfiguration?
    private var lastLocation = CGPoint.zero

    /// An interaction asking `delegate` for its menus, as `init(delegate:)`.
    public init(delegate: any UIContextMenuInteractionDelegate) {
        storedDelegate = delegate
        pressRecognizer.addTarget { [weak self] recognizer in
            guard let self, recognizer.state == .began else { return }
            self.presentMenu(at: recognizer.location(in: self.view))
        }
    }

    /// Adds nothing yet; see `didMove(to:)`.
    open func willMove(to view: UIView?) {
        self.view?.removeGestureRecognizer(pressRecognizer)
    }

    /// Puts the long-press recognizer on the new view.
    open func didMove(to view: UIView?) {
        storedView = view
        view?.addGestureRecognizer(pressRecognizer)
    }

    /// Where the touch that showed the menu was, in `view`'s coordinates (nil: the window's),
    /// as `location(in:)`.
    open func location(in view: UIView?) -> CGPoint {
        guard let source = self.view else { return lastLocation }
        return source.convert(lastLocation, to: view)
    }

    /// Dismisses the menu on screen, as `dismissMenu()`.
    open func dismissMenu() {
        guard let menu = presentedMenu, let configuration = presentedConfiguration else { return }
        presentedMenu = nil
        presentedConfiguration = nil
        let animator = ContextMenuAnimator()
        delegate?.contextMenuInteraction(self, willEndFor: configuration, animator: animator)
        menu.removeFromSuperview()
        animator.finish()
    }

    /// Replaces the menu on screen with what `block` makes of it, as `updateVisibleMenu(_:)`.
    open func updateVisibleMenu(_ block: (UIMenu) -> UIMenu) {
        guard let menu = presentedMenu else { return }
        menu.show(block(menu.rootMenu))
    }

    /// Asks the delegate for a menu at `location` (in the view) and shows it; what a long
    /// press does.
    func presentMenu(at location: CGPoint) {
        guard presentedMenu == nil, let view, let window = view.window else { return }
        lastLocation = location
        guard let configuration = delegate?.contextMenuInteraction(self, configurationForMenuAtLocation: location),
            let menu = configuration.actionProvider?([]), ContextMenuView.hasVisibleItems(menu)
        else { return }
        show(menu, configuration: configuration, at: view.convert(location, to: window), in: window)
    }

    /// Shows `menu` at `point` (window coordinates); a button's menu comes here too.
    func show(_ menu: UIMenu, configuration: UIContextMenuConfiguration, at point: CGPoint, in window: UIWindow) {
        guard presentedMenu == nil else { return }
        let animator = ContextMenuAnimator()
        delegate?.contextMenuInteraction(self, willDisplayMenuFor: configuration, animator: animator)
        let menuView = ContextMenuView(menu: menu, anchor: point, in: window.bounds)
        menuView.sender = view
        menuView.onDismiss = { [weak self] in self?.dismissMenu() }
        presentedMenu = menuView
        presentedConfiguration = configuration
        window.addSubview(menuView)
        animator.finish()
    }
}
