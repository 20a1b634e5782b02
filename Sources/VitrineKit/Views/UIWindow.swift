import Foundation
import VitrineLayers

/// The backdrop of an app's views on one screen, as UIKit's `UIWindow`.
///
/// A window starts hidden on the main screen, as in UIKit; `makeKeyAndVisible()` shows it and
/// makes it the key window (one key window in the app at a time). Windows on a screen are
/// composed in `windowLevel` order, and among equal levels the one shown last is in front.
/// Window coordinates are the window's bounds; windows convert to and from their screen's
/// coordinates (`screen.coordinateSpace`) and other windows through screen coordinates.
///
/// The app's own code keeps its windows alive, as in UIKit (`UIApplication.windows` and the
/// screens hold them weakly): a window no one holds is removed from its screen when it is
/// released.
@preconcurrency @MainActor
open class UIWindow: UIView {
    /// The screen the window is shown on, as `screen`. Assigning moves it there, as UIKit
    /// did before scenes: a visible window shows on the new screen from its next frame (in
    /// front of the windows of its level there) and leaves the old one; it keeps its frame,
    /// its visibility and its key status, and its views' content scale follows the new
    /// screen's `scale` (unless set explicitly). No view hears `didMoveToWindow()`: the
    /// window did not change.
    open var screen: UIScreen {
        didSet {
            guard screen !== oldValue else { return }
            screen.attach(self)
            propagateScale()
            updateTraitCollections()
        }
    }

    /// The window's traits, as `traitCollection`: its screen's idiom, scale, direction and
    /// style (or its `overrideUserInterfaceStyle`), with size classes from the window's own
    /// size (see `UITraitCollection`).
    open override var traitCollection: UITraitCollection {
        applyingOwnTraitOverrides(to: UITraitCollection.environment(size: bounds.size, scale: screen.scale))
    }

    /// The traits last reported to the window's environments (`traitCollectionDidChange(_:)`).
    var reportedTraitCollection: UITraitCollection?

    /// The window's frame, as `frame`. A new size that changes the size classes calls
    /// `traitCollectionDidChange(_:)` down the window's tree (except during a screen's size
    /// transition, which calls it once the views are laid out).
    open override var frame: CGRect {
        get { super.frame }
        set {
            super.frame = newValue
            if reportedTraitCollection != nil, !screen.isTransitioningSize { updateTraitCollections() }
        }
    }

    /// The window's level, as `windowLevel`: higher levels are composed in front.
    open var windowLevel: UIWindow.Level = .normal {
        didSet { layer.zPosition = windowLevel.rawValue }
    }

    /// A window on the main screen with the given frame (in screen coordinates), hidden, as
    /// `init(frame:)`.
    public override init(frame: CGRect) {
        screen = UIScreen.main
        super.init(frame: frame)
        layer.isHidden = true
        UIApplication.shared.register(self)
        screen.attach(self)
        propagateScale()
        reportedTraitCollection = traitCollection
    }

    /// A window on `screen` covering it (Vitrine's stand-in for `init(windowScene:)`).
    public convenience init(screen: UIScreen) {
        self.init(frame: screen.bounds)
        self.screen = screen
    }

    /// Always fails (no archives); see `UIView.init?(coder:)`.
    public required init?(coder: NSCoder) {
        return nil
    }

    // Not `isolated deinit`: Swift 6.3 refuses it in a `@preconcurrency` class. The deinit has
    // the last reference to the window, and windows are released on the main thread (their
    // owners are main-actor code), so taking the layer off the screen's tree here is safe.
    deinit {
        MainActor.assumeIsolated { layer.removeFromSuperlayer() }
    }

    /// Gives the window and its views the screen's scale, except views whose
    /// `contentScaleFactor` was set explicitly.
    func propagateScale() {
        let scale = screen.scale
        func apply(to view: UIView) {
            if !view.hasExplicitContentScale { view.setContentScale(scale) }
            for subview in view.subviews { apply(to: subview) }
        }
        apply(to: self)
    }

    // MARK: Visibility

    /// Whether the window is hidden, as `isHidden` (windows start hidden). Hidden windows are
    /// not composed. Showing a window puts it in front of the other windows of its level on
    /// its screen (UIKit orders a window front when it is shown). Showing or hiding calls the
    /// view controllers whose views are in the window (`viewWillAppear(_:)` ...
    /// `viewDidDisappear(_:)`), posts `didBecomeVisibleNotification` /
    /// `didBecomeHiddenNotification`, and hiding the key window makes it resign
    /// (`didResignKeyNotification`, before `didBecomeHiddenNotification`); then the most
    /// recent earlier key window that is still visible becomes key again, as UIKit does when
    /// an alert window goes away (UIKit does not document this; it is what apps expect).
    open override var isHidden: Bool {
        get { layer.isHidden }
        set {
            guard newValue != layer.isHidden else { return }
            notifyAppearance(willShow: !newValue)
            if !newValue { screen.attach(self) }
            layer.isHidden = newValue
            let resigned = newValue && isKeyWindow
            if resigned { UIApplication.shared.resignKey(self) }
            notifyAppearance(didShow: !newValue)
            NotificationCenter.default.post(
                name: newValue ? UIWindow.didBecomeHiddenNotification : UIWindow.didBecomeVisibleNotification,
                object: self)
            if resigned { UIApplication.shared.restoreKeyWindow(replacing: self) }
        }
    }

    /// Shows the window in front of the others of its level and makes it key, as
    /// `makeKeyAndVisible()`.
    open func makeKeyAndVisible() {
        screen.attach(self)
        isHidden = false
        makeKey()
    }

    /// Makes the window the key window, as `makeKey()`: the previous key window resigns
    /// (`resignKey()`, `didResignKeyNotification`), then this one becomes key (`becomeKey()`,
    /// `didBecomeKeyNotification`).
    open func makeKey() { UIApplication.shared.makeKey(self) }

    /// Whether this is the app's key window, as `isKeyWindow`.
    open var isKeyWindow: Bool { UIApplication.shared.keyWindow === self }

    /// Called when the window became key, as `becomeKey()`.
    open func becomeKey() {}

    /// Called when the window stopped being key, as `resignKey()`.
    open func resignKey() {}

    // MARK: Root view controller

    /// The controller whose view fills the window, as `rootViewController`. Setting it
    /// removes the old controller's view and installs the new one's, sized to the window and
    /// resizing with it.
    open var rootViewController: UIViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            if oldValue?.rootOfWindow === self { oldValue?.rootOfWindow = nil }
            rootViewController?.rootOfWindow = self
            if let old = oldValue, old.isViewLoaded, old.view.superview === self {
                old.view.removeFromSuperview()
            }
            if let controller = rootViewController {
                let view: UIView = controller.view
                view.frame = bounds
                view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                addSubview(view)
            }
        }
    }

    /// Delivers a touch event to the window's recognizers and views, as `sendEvent(_:)`:
    /// `UIApplication.sendEvent(_:)` calls it for each window the event's touches began in.
    open func sendEvent(_ event: UIEvent) {
        // Each touch is delivered by the router that made it.
        // Almost always one router: no list is made unless a second one shows up.
        var first: TouchDelivery?
        var others: [TouchDelivery] = []
        for touch in event.touchList where touch.window === self {
            guard let delivery = touch.delivery else { continue }
            if first == nil {
                first = delivery
            } else if delivery !== first, !others.contains(where: { $0 === delivery }) {
                others.append(delivery)
            }
        }
        first?.deliver(event, in: self)
        for delivery in others { delivery.deliver(event, in: self) }
    }

    /// The touch routers that began touches in this window (the application's, or another
    /// event context a test makes), so that a view leaving it reaches their touches and
    /// recognizers.
    /// Held strongly: a router holds windows only through its touches, which end, and a weak
    /// reference would put every retain of the router on the runtime's slow path.
    private var touchRouters: [TouchRouter] = []

    func noteTouchRouter(_ router: TouchRouter) {
        guard !touchRouters.contains(where: { $0 === router }) else { return }
        touchRouters.append(router)
    }

    /// `view` is leaving this window: every router with touches here cancels its touches.
    func viewWillLeave(_ view: UIView) {
        for router in touchRouters { router.viewWillLeaveWindow(view) }
    }

    /// The next responder of a window is the application, as in UIKit.
    open override var next: UIResponder? { UIApplication.shared }

    // MARK: Appearance of view controllers

    private func notifyAppearance(willShow: Bool) {
        forEachViewController { willShow ? $0.windowWillShow() : $0.windowWillHide() }
    }

    private func notifyAppearance(didShow: Bool) {
        forEachViewController { didShow ? $0.windowDidShow() : $0.windowDidHide() }
    }

    /// Calls `body` for the controller of every view in the window, parents before children
    /// (UIKit forwards appearance calls from a parent to its children). The controllers are
    /// gathered first, so a callback that changes the view tree does not disturb the walk.
    private func forEachViewController(_ body: (UIViewController) -> Void) {
        var controllers: [UIViewController] = []
        func visit(_ view: UIView) {
            if let controller = view.owningViewController { controllers.append(controller) }
            for subview in view.subviews { visit(subview) }
        }
        visit(self)
        for controller in controllers { body(controller) }
    }
}

extension UIWindow {
    /// A window's level, as `UIWindow.Level`: a number; higher is in front.
    public struct Level: RawRepresentable, Hashable, Comparable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        /// Ordinary app windows (0).
        public static let normal = Level(0)
        /// The status bar's level (1000).
        public static let statusBar = Level(1000)
        /// Alerts (2000).
        public static let alert = Level(2000)

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
        public static func + (lhs: Level, rhs: CGFloat) -> Level { Level(lhs.rawValue + rhs) }
        public static func - (lhs: Level, rhs: CGFloat) -> Level { Level(lhs.rawValue - rhs) }
    }

    /// Posted when a window is shown, as `didBecomeVisibleNotification`.
    public static let didBecomeVisibleNotification = Notification.Name("UIWindowDidBecomeVisibleNotification")
    /// Posted when a window is hidden, as `didBecomeHiddenNotification`.
    public static let didBecomeHiddenNotification = Notification.Name("UIWindowDidBecomeHiddenNotification")
    /// Posted when a window became key, as `didBecomeKeyNotification`.
    public static let didBecomeKeyNotification = Notification.Name("UIWindowDidBecomeKeyNotification")
    /// Posted when a window stopped being key, as `didResignKeyNotification`.
    public static let didResignKeyNotification = Notification.Name("UIWindowDidResignKeyNotification")
}
