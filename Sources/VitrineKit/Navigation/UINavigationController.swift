import Foundation

/// How long UIKit's navigation controller takes to show or hide its bar, as UIKit's
/// documented constant `UINavigationControllerHideShowBarDuration` (0.35 s, its value on iOS).
/// Vitrine also uses it for the push and pop slide (see `UINavigationController`).
public let UINavigationControllerHideShowBarDuration: CGFloat = 0.35

/// A container that shows a stack of view controllers, one at a time, under a navigation
/// bar, as UIKit's `UINavigationController`.
///
/// **Stack changes** (`pushViewController(_:animated:)`, `popViewController(animated:)`,
/// `popToViewController(_:animated:)`, `popToRootViewController(animated:)`,
/// `setViewControllers(_:animated:)`) run the containment and appearance callbacks in UIKit's
/// order. A push: the new controller's `willMove(toParent:)` (from `addChild(_:)`), its view
/// loaded, the old top's `viewWillDisappear(_:)`, the new one's `viewWillAppear(_:)`, the
/// delegate's `willShow`; after the slide, the old top's `viewDidDisappear(_:)`, the new
/// one's `viewDidAppear(_:)`, its `didMove(toParent:)`, the delegate's `didShow`. A pop is
/// the mirror: `willMove(toParent: nil)`, the disappear/appear pair, and after the slide
/// `removeFromParent()` (so `didMove(toParent: nil)`). `isMovingToParent` /
/// `isMovingFromParent` are true meanwhile. The appearance callbacks only come while the
/// navigation controller's own view is shown in a window (as UIKit); otherwise only the
/// stack and containment change.
///
/// **The slide.** The new view comes in from the right edge over
/// `UINavigationControllerHideShowBarDuration` (0.35 s) on a critically damped spring
/// (damping ratio 1, no overshoot: UIKit's navigation transition has been spring-driven and
/// overshoot-free since iOS 7; the duration is UIKit's documented bar show/hide duration,
/// close to the ~0.35 s usually measured for a push), while the old view moves left by 30%
/// of the width (UIKit's parallax, as widely measured; Ionic's iOS transition, which copies
/// it, uses 33%) under a black dimming layer going to 10% opacity. A pop is the mirror. It is
/// a `UIView` spring animation, so it runs on the screen's frame loop. While it runs the
/// controller's view ignores touches (only for its duration).
///
/// **Bad input** never raises: pushing a controller already on the stack, a navigation
/// controller or the controller itself is logged and ignored; popping the root returns nil;
/// popping to a controller not on the stack is logged and returns nil; duplicates given to
/// `setViewControllers(_:animated:)` are logged and dropped (the first stays). A stack change
/// during a running transition first finishes that transition at once (its "did" callbacks
/// run), then starts its own: Vitrine does not queue, so nothing can be left waiting.
///
/// **The interactive pop.** `interactivePopGestureRecognizer` (a
/// `UIScreenEdgePanGestureRecognizer` on the left edge, on the controller's view) pops with
/// the finger, as UIKit's: it begins only with more than one controller on the stack, no
/// transition under way and the controller shown. The pop starts as an animated one (the
/// leaving controller's `willMove(toParent: nil)`, its `viewWillDisappear(true)`, the one
/// underneath's `viewWillAppear(true)`, the delegate's `willShow`), and the views follow the
/// finger with the pop's geometry: the top view moved right by the finger's share of the
/// width, the one underneath coming from 30% to the left under the dimming (10% → 0).
/// Released past half the width, or flung right faster than 500 points a second, it runs on
/// to the end over the rest of the 0.35 s (ease-out) and completes as an animated pop does;
/// otherwise (or flung left, or the touch cancelled) it runs back and is cancelled: the stack
/// and the bar's items are as before, the controller underneath gets
/// `viewWillDisappear(true)`/`viewDidDisappear(true)`, the top one
/// `viewWillAppear(true)`/`viewDidAppear(true)` and `isMovingFromParent` false again, and the
/// delegate is not told `didShow` (UIKit's behaviour). A stack change while the finger is
/// down cancels the pop first (after release it first runs to the end it was heading for).
/// When the delegate gives an animator for the pop, the edge pan drives it through a
/// `UIPercentDrivenInteractiveTransition` (unless the delegate gives its own interaction
/// controller, which then drives it instead).
///
/// **Custom transitions.** A delegate's
/// `navigationController(_:animationControllerFor:from:to:)` animator replaces the slide for
/// animated pushes and pops, driven by its
/// `navigationController(_:interactionControllerFor:)` controller when it gives one (see
/// `UIViewControllerContextTransitioning`; `completeTransition(false)` cancels as above).
///
/// **The toolbar** (`toolbar`, hidden until `isToolbarHidden` is false) sits at the bottom,
/// 44 points plus the bottom safe area, and shows the top controller's `toolbarItems`,
/// changing with it on a push or pop (and back on a cancelled pop); the controllers' safe
/// area ends above it. A pushed controller with `hidesBottomBarWhenPushed` hides it while
/// on top.
///
/// Vitrine differences: the pop gesture also begins when the top item hides the back button
/// or replaces it with `leftBarButtonItem` (UIKit then keeps it from beginning); no large
/// titles; the bars' items change at the start of a transition, not animated with it.
@preconcurrency @MainActor
open class UINavigationController: UIViewController {
    /// The bar, as `navigationBar`.
    public let navigationBar: UINavigationBar

    /// The delegate, as `delegate` (weak).
    open weak var delegate: UINavigationControllerDelegate?

    var stack: [UIViewController] = []
    var barHidden = false
    /// The toolbar (`toolbar`) and whether it is hidden (`isToolbarHidden`, default true).
    let navigationToolbar = UIToolbar(frame: .zero)
    var toolbarHidden = true
    /// Whether the toolbar is sliding in or out (it stays shown until the slide ends).
    var toolbarAnimating = false
    /// The transition under way, if any.
    var runningTransition: NavigationTransition?
    /// The interactive pop the edge pan started and drives.
    weak var edgeTransition: NavigationTransition?
    /// Set while the edge pan starts a pop (`changeStack` then lets the finger drive it).
    var edgePopStarting = false
    private let popRecognizer = UIScreenEdgePanGestureRecognizer()

    /// The recognizer of the interactive pop, as `interactivePopGestureRecognizer`: a
    /// `UIScreenEdgePanGestureRecognizer` on the left edge, attached to the controller's view
    /// once it loads (see the class notes). It can be disabled (`isEnabled`) or given a
    /// delegate, as in UIKit.
    open var interactivePopGestureRecognizer: UIGestureRecognizer? { popRecognizer }

    /// The parallax: the share of the width the view underneath moves by.
    static let parallaxFraction: CGFloat = 0.3
    /// The opacity of the black dimming over the view underneath at the end of a push.
    static let dimmingAlpha: CGFloat = 0.1
    /// The slide's duration.
    static let transitionDuration = TimeInterval(UINavigationControllerHideShowBarDuration)

    /// The kind of change a transition shows, as `UINavigationController.Operation` (UIKit's
    /// raw values).
    public enum Operation: Int, Sendable {
        case none = 0
        case push = 1
        case pop = 2
    }

    /// A navigation controller with no controllers, as `init(nibName:bundle:)`.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        navigationBar = UINavigationBar(frame: .zero)
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        connectBarAndPopGesture()
    }

    private func connectBarAndPopGesture() {
        navigationBar.navigationController = self
        popRecognizer.edges = .left
        popRecognizer.addTarget { [weak self] recognizer in
            guard let pan = recognizer as? UIPanGestureRecognizer else { return }
            self?.handleInteractivePop(pan)
        }
    }

    /// A navigation controller showing `rootViewController`, as `init(rootViewController:)`:
    /// a designated initializer, as in UIKit, so a subclass may override it.
    public init(rootViewController: UIViewController) {
        navigationBar = UINavigationBar(frame: .zero)
        super.init(nibName: nil, bundle: nil)
        connectBarAndPopGesture()
        setViewControllers([rootViewController], animated: false)
    }

    /// A navigation controller a storyboard makes (its stack comes from the storyboard's
    /// `rootViewController` relationship), as `init?(coder:)`; fails for any coder but the
    /// storyboard's, as `UIViewController`'s.
    public required init?(coder: NSCoder) {
        navigationBar = UINavigationBar(frame: .zero)
        super.init(coder: coder)
        connectBarAndPopGesture()
    }

    // MARK: The stack

    /// The controllers on the stack, root first, as `viewControllers`; setting it is
    /// `setViewControllers(_:animated: false)`.
    open var viewControllers: [UIViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }

    /// The controller on top, as `topViewController`.
    open var topViewController: UIViewController? { stack.last }

    /// The controller shown, as `visibleViewController`: the controller presented modally on
    /// top of the navigation controller if there is one, else the top one.
    open var visibleViewController: UIViewController? { presentedViewController ?? stack.last }

    /// Pushes `viewController` on the stack and shows it, as
    /// `pushViewController(_:animated:)` (see the class notes for the order of callbacks and
    /// bad input).
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        if viewController === self || viewController is UINavigationController {
            Self.reportError("pushViewController: pushing a navigation controller is not supported; ignored")
            return
        }
        finishRunningTransition()
        if stack.contains(where: { $0 === viewController }) {
            Self.reportError(
                "pushViewController: \(type(of: viewController)) is already on the navigation stack; ignored")
            return
        }
        changeStack(to: stack + [viewController], animated: animated)
    }

    /// Pops the top controller and returns it, as `popViewController(animated:)`; with only
    /// the root on the stack, nothing happens and it returns nil.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        finishRunningTransition()
        guard stack.count > 1, let top = stack.last else { return nil }
        changeStack(to: Array(stack.dropLast()), animated: animated)
        return top
    }

    /// Pops the controllers above `viewController` and returns them (bottom first), as
    /// `popToViewController(_:animated:)`; nil (and a logged error) when it is not on the
    /// stack, an empty array when it is already on top.
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        finishRunningTransition()
        guard let index = stack.firstIndex(where: { $0 === viewController }) else {
            Self.reportError("popToViewController: \(type(of: viewController)) is not on the navigation stack; ignored")
            return nil
        }
        let popped = Array(stack[(index + 1)...])
        if !popped.isEmpty { changeStack(to: Array(stack[...index]), animated: animated) }
        return popped
    }

    /// Pops every controller but the root and returns them (bottom first), as
    /// `popToRootViewController(animated:)`; nil when the stack is empty.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        finishRunningTransition()
        guard let root = stack.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    /// Replaces the stack, as `setViewControllers(_:animated:)`: controllers that leave are
    /// removed, new ones added, and when the top changes it is shown as a push (a new top)
    /// or a pop (a top that was on the stack), animated when asked, as UIKit. Duplicates are
    /// logged and dropped; navigation controllers are logged and left out.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        var unique: [UIViewController] = []
        for controller in viewControllers {
            if controller === self || controller is UINavigationController {
                Self.reportError("setViewControllers: a navigation controller cannot be on the stack; left out")
            } else if unique.contains(where: { $0 === controller }) {
                Self.reportError(
                    "setViewControllers: \(type(of: controller)) appears more than once; duplicate dropped")
            } else {
                unique.append(controller)
            }
        }
        changeStack(to: unique, animated: animated)
    }

    /// Watches the errors navigation controllers log (for tests).
    static var errorObserver: ((String) -> Void)?

    /// Logs a refused request (UIKit raises or logs there) and tells `errorObserver`.
    static func reportError(_ message: String) {
        kitLog.error("\(message)")
        errorObserver?(message)
    }

    // MARK: The bar

    /// Whether the bar is hidden, as `isNavigationBarHidden`; setting it is
    /// `setNavigationBarHidden(_:animated: false)`.
    open var isNavigationBarHidden: Bool {
        get { barHidden }
        set { setNavigationBarHidden(newValue, animated: false) }
    }

    /// Hides or shows the bar, as `setNavigationBarHidden(_:animated:)`: animated, it slides
    /// up out of (or down into) view over `UINavigationControllerHideShowBarDuration`, with
    /// the top controller's safe area following it.
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != barHidden else { return }
        barHidden = hidden
        guard let container = viewIfLoaded else {
            navigationBar.isHidden = hidden
            return
        }
        if !hidden { navigationBar.isHidden = false }
        let apply = {
            self.layoutContainer()
            container.layoutIfNeeded()
        }
        let finish: (Bool) -> Void = { _ in
            if self.barHidden { self.navigationBar.isHidden = true }
        }
        if animated && container.window != nil {
            UIView.animate(
                withDuration: TimeInterval(UINavigationControllerHideShowBarDuration), animations: apply,
                completion: finish)
        } else {
            apply()
            finish(true)
        }
    }

    // MARK: The toolbar (see UINavigationController+Toolbar.swift)

    /// The toolbar at the bottom, as `toolbar`: it shows the top controller's
    /// `toolbarItems` while `isToolbarHidden` is false.
    open var toolbar: UIToolbar! { navigationToolbar }

    /// Whether the toolbar is hidden, as `isToolbarHidden` (default true, as UIKit's);
    /// setting it is `setToolbarHidden(_:animated: false)`.
    open var isToolbarHidden: Bool {
        get { toolbarHidden }
        set { setToolbarHidden(newValue, animated: false) }
    }

    /// Hides or shows the toolbar, as `setToolbarHidden(_:animated:)`: animated, it slides
    /// down out of (or up into) view over `UINavigationControllerHideShowBarDuration`, the top
    /// controller's safe area following it.
    open func setToolbarHidden(_ hidden: Bool, animated: Bool) {
        changeToolbarHidden(hidden, animated: animated)
    }

    // MARK: The view

    /// Makes the container view: the top controller's view under the bar.
    open override func loadView() {
        let container = NavigationContainerView(frame: UIScreen.main.bounds)
        container.controller = self
        navigationBar.isHidden = barHidden
        container.addSubview(navigationBar)
        navigationToolbar.isHidden = toolbarIsEffectivelyHidden
        container.addSubview(navigationToolbar)
        container.addGestureRecognizer(popRecognizer)
        view = container
        if let top = stack.last {
            UIViewController.withoutAutomaticAppearance { install(top.view, in: container) }
        }
    }
}

/// The navigation controller's view: lays out the bar and the top view, and ignores touches
/// while a transition runs.
@MainActor
final class NavigationContainerView: UIView {
    weak var controller: UINavigationController?

    override func layoutSubviews() {
        super.layoutSubviews()
        controller?.layoutContainer()
    }

    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        if controller?.runningTransition != nil { return nil }
        return super.hitTest(point, with: event)
    }

    override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if let controller, gestureRecognizer === controller.interactivePopGestureRecognizer {
            return controller.interactivePopAllowed
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    override func safeAreaInsetsDidChange() {
        super.safeAreaInsetsDidChange()
        setNeedsLayout()
    }

    override func willMove(toWindow newWindow: UIWindow?) {
        super.willMove(toWindow: newWindow)
        // A transition cannot run off screen: end it now rather than leave it waiting.
        if newWindow == nil { controller?.finishRunningTransition() }
    }
}
