import Foundation

/// Manages a view hierarchy, as UIKit's `UIViewController`.
///
/// The view is loaded lazily: the first read of `view` calls `loadView()` then
/// `viewDidLoad()`. The appearance callbacks follow the view into and out of visible windows:
/// `viewWillAppear(_:)` / `viewDidAppear(_:)` when it enters a visible window (or its window
/// is shown), `viewWillDisappear(_:)` / `viewDidDisappear(_:)` when it leaves (or the window is
/// hidden), each once per transition. `viewDidDisappear(_:)` comes right after the move;
/// `viewIsAppearing(_:)` and `viewDidAppear(_:)` wait for the next frame's layout, as in UIKit.
/// Containers (`UINavigationController`) call them around their transitions instead, with
/// `beginAppearanceTransition(_:animated:)` / `endAppearanceTransition()`, as UIKit's do, and
/// so do modal presentations (`present(_:animated:completion:)`).
/// `viewWillLayoutSubviews()` and
/// `viewDidLayoutSubviews()` bracket the view's `layoutSubviews()`.
@preconcurrency @MainActor
open class UIViewController: UIResponder {
    private(set) var loadedView: UIView?

    /// Where the view stands in its appearance cycle.
    enum AppearanceState {
        case disappeared, appearing, appeared, disappearing
    }
    private(set) var appearanceState = AppearanceState.disappeared
    func setAppearanceState(_ state: AppearanceState) { appearanceState = state }
    /// The `animated` flag of the transition `beginAppearanceTransition(_:animated:)` began,
    /// for its `endAppearanceTransition()`.
    var appearanceTransitionAnimated = false
    /// Whether the appearance under way has yet to call `viewIsAppearing(_:)`.
    var isAppearingCallPending = false

    /// The nib name given to `init(nibName:bundle:)`.
    let givenNibName: String?
    /// The nib name a nib or storyboard gave a controller it made (`nibName=`).
    var archivedNibName: String?
    /// The bundle of the nib or storyboard that made the controller.
    var archivedNibBundle: Bundle?
    /// The bundle given to `init(nibName:bundle:)`.
    let givenNibBundle: Bundle?
    /// The storyboard scene the controller was made from: its view and segues.
    var storyboardScene: StoryboardScene?

    /// The storyboard the controller was made from, as `storyboard` (nil for one made in code).
    open var storyboard: UIStoryboard? { storyboardScene?.storyboard }

    /// Called before a segue from this controller runs, as `prepare(for:sender:)`: the
    /// destination exists and its view is not loaded yet. Empty; override to pass data.
    open func prepare(for segue: UIStoryboardSegue, sender: Any?) {}

    /// Whether a segue a control or bar item triggers should run, as
    /// `shouldPerformSegue(withIdentifier:sender:)` (default true). Not asked for
    /// `performSegue(withIdentifier:sender:)`, as UIKit.
    open func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { true }

    /// Runs the segue `identifier` of the controller's storyboard scene, as
    /// `performSegue(withIdentifier:sender:)`: makes the destination, calls
    /// `prepare(for:sender:)`, then shows it. An identifier the scene lacks, or a controller not
    /// made from a storyboard, is logged (UIKit raises) and nothing runs.
    open func performSegue(withIdentifier identifier: String, sender: Any?) {
        guard let storyboardScene else {
            kitLog.error("\(type(of: self)) has no segue \"\(identifier)\": it was not made from a storyboard")
            return
        }
        storyboardScene.performSegue(withIdentifier: identifier, from: self, sender: sender)
    }

    /// Shows `viewController` in the way this controller's container does, as `show(_:sender:)`:
    /// pushed when in a navigation controller, else presented modally.
    open func show(_ viewController: UIViewController, sender: Any?) {
        if let navigationController = self as? UINavigationController ?? navigationController {
            navigationController.pushViewController(viewController, animated: true)
        } else {
            present(viewController, animated: true)
        }
    }

    /// A controller whose view comes from the nib `nibName` in `bundle`, as
    /// `init(nibName:bundle:)`. Nothing is read here: the default `loadView()` loads the nib when
    /// the view is first asked for. With a nil name, the guide's default lookup applies (see
    /// `nibName`); a nil bundle means `Bundle.main`.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        givenNibName = nibNameOrNil
        givenNibBundle = nibBundleOrNil
        super.init()
    }

    /// As `init()`: `init(nibName: nil, bundle: nil)`.
    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// A controller a storyboard makes, as `init?(coder:)`: it succeeds for the coder a
    /// storyboard passes (`UINibDecoder`) and fails for any other (Vitrine reads no archives).
    /// A subclass's override calls `super.init(coder:)`, as on iOS.
    public required init?(coder: NSCoder) {
        guard coder is UINibDecoder else { return nil }
        givenNibName = nil
        givenNibBundle = nil
        super.init()
    }

    // MARK: The view

    /// The root view, loaded on first access, as `view`. Setting it replaces the view (nil
    /// unloads it; the next read loads it again).
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            loadedView?.owningViewController = nil
            loadedView = newValue
            newValue?.owningViewController = self
        }
    }

    /// The view if it is loaded, else nil, without loading it, as `viewIfLoaded`.
    open var viewIfLoaded: UIView? { loadedView }

    /// Whether the view is loaded, as `isViewLoaded`.
    open var isViewLoaded: Bool { loadedView != nil }

    /// Makes the view, as `loadView()`. The default loads the view from the controller's
    /// storyboard scene, or from the nib `nibName` names (with the controller as its File's Owner,
    /// whose `view` outlet sets the view), else makes a plain `UIView` the size of the main screen.
    /// Overrides assign `view` and do not call super. A nib that fails to load is logged with its
    /// file and line, and the controller gets a plain view.
    open func loadView() {
        if let storyboardScene, storyboardScene.makesView {
            storyboardScene.loadView(into: self)
        } else if let nibName {
            loadViewFromNib(named: nibName, bundle: nibBundle ?? .main)
        } else {
            view = UIView(frame: UIScreen.main.bounds)
        }
    }

    /// The name of the nib the view comes from, as `nibName`: the name given to
    /// `init(nibName:bundle:)`, or when that was nil, the guide's default: a nib named after the
    /// class without its "Controller" suffix (`MyViewController` → `MyView`), then one named
    /// after the class (`MyViewController`), in `nibBundle` (or `Bundle.main`); nil when neither
    /// exists. The class name is the Swift type's name without its module. The lookup checks
    /// that the file exists and reads nothing.
    open var nibName: String? {
        if let named = givenNibName ?? archivedNibName { return named }
        if storyboardScene != nil { return nil }
        return Self.defaultNibName(for: type(of: self), in: nibBundle ?? .main)
    }

    /// The bundle given to `init(nibName:bundle:)`, as `nibBundle` (for a controller a nib made,
    /// the nib's bundle; nil when none was given: nibs are then looked up in `Bundle.main`).
    open var nibBundle: Bundle? { givenNibBundle ?? archivedNibBundle }

    /// Called once after the view is loaded, as `viewDidLoad()`.
    open func viewDidLoad() {}

    /// The system is low on memory, as `didReceiveMemoryWarning()`: release what can be made
    /// again. Sent to every view controller in the window hierarchy after the app delegate
    /// and the notification (see UIViewController+MemoryWarning.swift). Empty; call `super`.
    open func didReceiveMemoryWarning() {}

    /// Loads the view now if it is not loaded, as `loadViewIfNeeded()`.
    open func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil {
            // An override that forgot to set `view`: UIKit would crash; give it a plain view.
            kitLog.error("\(type(of: self)).loadView() did not set view; using a plain UIView")
            view = UIView(frame: UIScreen.main.bounds)
        }
        // A storyboard's outlets, segues and embedded children, before viewDidLoad as in UIKit.
        storyboardScene?.didLoadView(of: self)
        viewDidLoad()
    }

    /// A title for the controller, as `title`. Setting it also sets `navigationItem.title`
    /// and `tabBarItem.title`, as UIKit does (the items, once made, then keep their own titles
    /// if set apart).
    open var title: String? {
        didSet {
            storedNavigationItem?.title = title
            storedTabBarItem?.title = title
        }
    }

    var storedNavigationItem: UINavigationItem?
    var storedTabBarItem: UITabBarItem?

    /// The item that stands for the controller in a navigation bar, as `navigationItem`:
    /// made on first use with the controller's `title`.
    open var navigationItem: UINavigationItem {
        if let storedNavigationItem { return storedNavigationItem }
        let item = UINavigationItem(title: title ?? "")
        if title == nil { item.title = nil }
        storedNavigationItem = item
        return item
    }

    // MARK: Toolbar items (see UINavigationController+Toolbar.swift)

    /// The items a navigation controller's toolbar shows while this controller is on top,
    /// as `toolbarItems`; setting it is `setToolbarItems(_:animated: false)`.
    open var toolbarItems: [UIBarButtonItem]? {
        get { storedToolbarItems }
        set { setToolbarItems(newValue, animated: false) }
    }
    var storedToolbarItems: [UIBarButtonItem]?

    /// Sets `toolbarItems`, as `setToolbarItems(_:animated:)`: the navigation controller's
    /// toolbar shows them at once when this controller is on top.
    open func setToolbarItems(_ toolbarItems: [UIBarButtonItem]?, animated: Bool) {
        storedToolbarItems = toolbarItems
        toolbarItemsDidChange(animated: animated)
    }

    /// Whether a navigation controller hides its toolbar while this controller is pushed on
    /// top of it (not the root), as `hidesBottomBarWhenPushed` (default false). Vitrine
    /// difference: a tab bar controller's bar stays.
    open var hidesBottomBarWhenPushed = false

    // MARK: Editing

    /// Whether the controller's view lets the user edit its content, as `isEditing` (default
    /// false). Setting it calls `setEditing(_:animated:)` without animation, so an override
    /// of that method sees every change, as in UIKit.
    open var isEditing: Bool {
        get { storedEditing }
        set { setEditing(newValue, animated: false) }
    }

    var storedEditing = false
    var storedEditButtonItem: UIBarButtonItem?

    /// Turns editing on or off, as `setEditing(_:animated:)`: the default sets `isEditing`
    /// and updates `editButtonItem` (Edit while not editing, Done in the done style while
    /// editing). Overrides call `super` and update their views (`UITableViewController`
    /// passes it on to its table).
    open func setEditing(_ editing: Bool, animated: Bool) {
        storedEditing = editing
        if let storedEditButtonItem { Self.updateEditButton(storedEditButtonItem, editing: editing) }
    }

    /// A bar button item that toggles editing, as `editButtonItem`: made on first use, it
    /// reads Edit (plain style) while the controller is not editing and Done (done style)
    /// while it is, and a tap calls `setEditing(!isEditing, animated: true)`.
    open var editButtonItem: UIBarButtonItem {
        if let storedEditButtonItem { return storedEditButtonItem }
        let item = UIBarButtonItem(title: nil, style: .plain, target: self) { [weak self] _ in
            guard let self else { return }
            self.setEditing(!self.isEditing, animated: true)
        }
        Self.updateEditButton(item, editing: isEditing)
        storedEditButtonItem = item
        return item
    }

    private static func updateEditButton(_ item: UIBarButtonItem, editing: Bool) {
        let system: UIBarButtonItem.SystemItem = editing ? .done : .edit
        item.title = system.title
        item.style = system.style
    }

    // MARK: Presentation (the work is in UIViewController+Presentation.swift)

    /// How the controller is shown when presented, as `modalPresentationStyle` (default
    /// `.automatic`, which Vitrine resolves to `.pageSheet` as UIKit does on iPad).
    open var modalPresentationStyle = UIModalPresentationStyle.automatic

    /// The animation that presents and dismisses the controller, as `modalTransitionStyle`
    /// (default `.coverVertical`).
    open var modalTransitionStyle = UIModalTransitionStyle.coverVertical

    /// Gives the animators of the controller's presentation and dismissal, as
    /// `transitioningDelegate` (weak). Vitrine asks it for any presentation style.
    open weak var transitioningDelegate: UIViewControllerTransitioningDelegate?

    /// Whether a presentation in a current-context style (`.currentContext`,
    /// `.overCurrentContext`) asked of this controller or one of its children is hosted by
    /// this controller and covers only its view, as `definesPresentationContext` (default
    /// false: the root of the containers hosts it).
    open var definesPresentationContext = false

    /// The controller this one presented (held strongly, as UIKit's presenter holds it).
    var presentedStorage: UIViewController?
    /// The controller that presented this one.
    weak var presentingStorage: UIViewController?
    /// The presentation that shows this controller, while it is presented.
    var presentation: Presentation?

    /// Presents `viewControllerToPresent` modally, as `present(_:animated:completion:)`; see
    /// `presentModally(_:animated:completion:)` for the order of calls and the refusals.
    open func present(
        _ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
    ) {
        presentModally(viewControllerToPresent, animated: flag, completion: completion)
    }

    /// Dismisses what this controller presented (and everything presented above it), or this
    /// controller when it presents nothing and was presented, as `dismiss(animated:completion:)`;
    /// see `dismissModally(animated:completion:)`.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        dismissModally(animated: flag, completion: completion)
    }

    // MARK: Appearance

    /// The view is about to enter a visible window, as `viewWillAppear(_:)`.
    open func viewWillAppear(_ animated: Bool) {}
    /// The view is in the window and laid out by its superview, as `viewIsAppearing(_:)`:
    /// once per appearance, after `viewWillAppear(_:)`, at the start of the view's first
    /// layout pass (before `viewWillLayoutSubviews()`), and always before `viewDidAppear(_:)`.
    /// Geometry and traits are current here.
    open func viewIsAppearing(_ animated: Bool) {}
    /// The view entered a visible window, as `viewDidAppear(_:)`. When the view enters a
    /// window (or its window is shown) this comes after the next frame's layout pass, as UIKit
    /// calls it after the commit that first shows the view; containers call it when their
    /// transition ends.
    open func viewDidAppear(_ animated: Bool) {}
    /// The view is about to leave its visible window, as `viewWillDisappear(_:)`.
    open func viewWillDisappear(_ animated: Bool) {}
    /// The view left its visible window, as `viewDidDisappear(_:)`.
    open func viewDidDisappear(_ animated: Bool) {}

    /// Whether the view is appearing or has appeared, as `isBeingPresented` would suggest;
    /// a Vitrine addition for tests and diagnostics.
    public var isVisible: Bool { appearanceState == .appeared || appearanceState == .appearing }

    // MARK: Layout

    /// Called before the view lays out its subviews, as `viewWillLayoutSubviews()`.
    open func viewWillLayoutSubviews() {}
    /// Called after the view laid out its subviews, as `viewDidLayoutSubviews()`.
    open func viewDidLayoutSubviews() {}

    /// Updates the controller's constraints, as `updateViewConstraints()`: called in the
    /// constraint pass after the view's own `updateConstraints()` when the view was marked by
    /// `setNeedsUpdateConstraints()`. An override calls `super` last.
    open func updateViewConstraints() {}

    /// Insets added to the safe area of the controller's view, as
    /// `additionalSafeAreaInsets` (for content of the app's own that covers the edges).
    open var additionalSafeAreaInsets = UIEdgeInsets.zero {
        didSet {
            guard additionalSafeAreaInsets != oldValue, let view = loadedView else { return }
            view.safeAreaSourceDidChange()
        }
    }

    /// Insets a container controller (a navigation controller, for its bar) gives the view's
    /// safe area, added to `additionalSafeAreaInsets`, as UIKit's containers inset their
    /// children's safe areas without touching the app's own additional insets.
    var containerSafeAreaInsets = UIEdgeInsets.zero {
        didSet {
            guard containerSafeAreaInsets != oldValue, let view = loadedView else { return }
            view.safeAreaSourceDidChange()
        }
    }

    /// The insets the safe area computation applies for this controller's view.
    var effectiveAdditionalSafeAreaInsets: UIEdgeInsets {
        let own = additionalSafeAreaInsets
        let container = containerSafeAreaInsets
        return UIEdgeInsets(
            top: own.top + container.top, left: own.left + container.left,
            bottom: own.bottom + container.bottom, right: own.right + container.right)
    }

    /// Called when the safe area of the view changed, as `viewSafeAreaInsetsDidChange()`.
    open func viewSafeAreaInsetsDidChange() {}

    /// Called when the layout margins of the view changed, as `viewLayoutMarginsDidChange()`.
    open func viewLayoutMarginsDidChange() {}

    /// Whether the view's margins are at least `systemMinimumLayoutMargins`, as
    /// `viewRespectsSystemMinimumLayoutMargins` (default true).
    open var viewRespectsSystemMinimumLayoutMargins = true {
        didSet { if viewRespectsSystemMinimumLayoutMargins != oldValue { loadedView?.marginSourceDidChange() } }
    }

    /// The least margins of the controller's view, as `systemMinimumLayoutMargins`: 20 points
    /// leading and trailing, as UIKit gives a regular-width (iPad-sized) screen, none at the
    /// top and bottom.
    open var systemMinimumLayoutMargins: NSDirectionalEdgeInsets {
        NSDirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20)
    }

    // MARK: Traits and size transitions (the work is in UIViewController+Traits.swift)

    /// The controller's traits, as `traitCollection`: its parent's (with the parent's
    /// `overrideTraitCollection(forChild:)`), else those of the controller that presented it
    /// (form and page sheets compact width, as on iPad), else those of its view's superview
    /// (the window, for a root view controller), else the main screen's.
    open var traitCollection: UITraitCollection { traits(inheriting: inheritedTraitCollection) }

    /// Called after the traits changed, as `traitCollectionDidChange(_:)`: parents before
    /// children, before the controller's view; see `UITraitEnvironment`.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// The interface style the controller, its views and its children use whatever they
    /// inherit, as `overrideUserInterfaceStyle` (default `.unspecified`: inherit). Setting it
    /// changes their `traitCollection.userInterfaceStyle` (down to a view or controller with
    /// its own override): `traitCollectionDidChange(_:)` is called on them, parents first, and
    /// dynamic colours resolve again.
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle {
        get { storedOverrideUserInterfaceStyle }
        set {
            guard newValue != storedOverrideUserInterfaceStyle else { return }
            let old = traitCollection
            storedOverrideUserInterfaceStyle = newValue
            reportTraitChange(from: old, to: traitCollection, walksView: true)
        }
    }

    var storedOverrideUserInterfaceStyle = UIUserInterfaceStyle.unspecified

    /// Traits given to each child over this controller's (see `setOverrideTraitCollection`).
    var childTraitOverrides: [ObjectIdentifier: UITraitCollection] = [:]
    /// The window this controller is the `rootViewController` of.
    weak var rootOfWindow: UIWindow?

    /// The traits are about to change, as `willTransition(to:with:)`: called on a window's
    /// root view controller before a size transition that changes its traits (before
    /// `viewWillTransition(to:with:)`); the default forwards to the children and the
    /// presented controller with the traits each will have. Overrides call `super`.
    open func willTransition(
        to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator
    ) {
        forwardTraitTransition(to: newCollection, with: coordinator)
    }

    /// The view's size is about to change to `size`, as `viewWillTransition(to:with:)`.
    /// Vitrine calls it on the root view controller of each window that a screen's rotation,
    /// mode change or `scaleOverride` resizes (or turns), before the views are resized: the
    /// view still has its old size. Alongside blocks given to the coordinator run, without
    /// animation, once the views are laid out at the new size and
    /// `traitCollectionDidChange(_:)` has run; then the completions. The default forwards to the children (for `UINavigationController` only the top
    /// one, for `UITabBarController` only the selected one, as UIKit's) and to the presented
    /// controller, each with `size(forChildContentContainer:withParentContainerSize:)`.
    /// Overrides call `super`.
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        forwardSizeTransition(to: size, with: coordinator)
    }

    /// The size of a child's view when this controller's view is `parentSize`, as
    /// `size(forChildContentContainer:withParentContainerSize:)`: the default is `parentSize`
    /// (Vitrine's containers give their children their whole view).
    open func size(
        forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize
    ) -> CGSize {
        parentSize
    }

    /// The size the controller's content would like, as `preferredContentSize` (default
    /// zero). Setting a new value tells the parent
    /// (`preferredContentSizeDidChange(forChildContentContainer:)`). Vitrine's presentations
    /// and containers do not read it.
    open var preferredContentSize = CGSize.zero {
        didSet {
            guard preferredContentSize != oldValue else { return }
            parent?.preferredContentSizeDidChange(forChildContentContainer: self)
        }
    }

    /// A child's `preferredContentSize` changed, as
    /// `preferredContentSizeDidChange(forChildContentContainer:)` (default: nothing).
    open func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {}

    /// A child's Auto Layout fitting size changed, as
    /// `systemLayoutFittingSizeDidChange(forChildContentContainer:)` (default: nothing; Vitrine
    /// never calls it).
    open func systemLayoutFittingSizeDidChange(forChildContentContainer container: any UIContentContainer) {}

    // MARK: Children

    /// The child controllers, in the order they were added, as `children`.
    open private(set) var children: [UIViewController] = []

    /// The parent controller, as `parent`.
    open private(set) weak var parent: UIViewController?

    /// A container's children change: `added` are made children, moving to this parent
    /// (`addChild`, which calls their `willMove(toParent:)`), and `removed` are told they
    /// will leave (`willMove(toParent: nil)`), moving from it; the container finishes with
    /// `didMove(toParent:)` / `removeFromParent()` when its transition ends, as UIKit's
    /// containers do.
    func beginChildrenChange(adding added: [UIViewController], removing removed: [UIViewController]) {
        for controller in added {
            controller.isMovingToParent = true
            addChild(controller)
        }
        for controller in removed {
            controller.isMovingFromParent = true
            controller.willMove(toParent: nil)
        }
    }

    /// Whether the controller is being added to a parent, as `isMovingToParent`: true from
    /// a container's `willMove(toParent:)` until its `didMove(toParent:)`, so inside the
    /// appearance callbacks of a navigation push.
    open internal(set) var isMovingToParent = false

    /// Whether the controller is being removed from its parent, as `isMovingFromParent`:
    /// true from a container's `willMove(toParent: nil)` until `didMove(toParent: nil)`, so
    /// inside the disappearance callbacks of a navigation pop.
    open internal(set) var isMovingFromParent = false

    /// Adds `childController` as a child, as `addChild(_:)`: it leaves its old parent first
    /// and gets `willMove(toParent:)`; the caller adds its view and then calls
    /// `didMove(toParent:)`, as in UIKit. Adding self or an ancestor is refused and logged.
    open func addChild(_ childController: UIViewController) {
        var ancestor: UIViewController? = self
        while let current = ancestor {
            if current === childController {
                kitLog.error("refused to add a view controller as a child of itself or its descendant")
                return
            }
            ancestor = current.parent
        }
        if childController.parent === self { return }
        childController.removeFromParentIfNeeded()
        childController.willMove(toParent: self)
        children.append(childController)
        childController.parent = self
    }

    /// Removes the controller from its parent, as `removeFromParent()`: the caller calls
    /// `willMove(toParent: nil)` first; this calls `didMove(toParent: nil)`, as in UIKit.
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        parent.childTraitOverrides[ObjectIdentifier(self)] = nil
        self.parent = nil
        didMove(toParent: nil)
    }

    private func removeFromParentIfNeeded() {
        guard parent != nil else { return }
        willMove(toParent: nil)
        removeFromParent()
    }

    /// Called before the controller is added to or removed from a parent, as
    /// `willMove(toParent:)`.
    open func willMove(toParent parent: UIViewController?) {}

    /// Called after the controller was added to or removed from a parent, as
    /// `didMove(toParent:)`.
    open func didMove(toParent parent: UIViewController?) {}

    /// The next responder: the view's superview, as in UIKit (the controller sits between
    /// its view and the view's superview).
    open override var next: UIResponder? { loadedView?.superview }

    // MARK: Overridable members of the topic extensions

    // Declared here rather than in UIViewController+Navigation, +TabBar, +Presentation,
    // +Appearance and +Traits: Swift cannot override a member declared in an extension, and
    // UIKit declares these `open`.

    /// The nearest navigation controller among the controller and its ancestors, as
    /// `navigationController` (the controller itself does not count, as in UIKit).
    open var navigationController: UINavigationController? {
        nearestAncestor(of: UINavigationController.self)
    }

    /// The nearest tab bar controller among the controller's ancestors, as
    /// `tabBarController` (the controller itself does not count, as in UIKit).
    open var tabBarController: UITabBarController? {
        nearestAncestor(of: UITabBarController.self)
    }

    /// The item that stands for the controller in a tab bar, as `tabBarItem`: made on first
    /// use with the controller's `title` and no image, as UIKit; setting it replaces it.
    open var tabBarItem: UITabBarItem! {
        get {
            if let storedTabBarItem { return storedTabBarItem }
            let item = UITabBarItem(title: title, image: nil, tag: 0)
            storedTabBarItem = item
            return item
        }
        set {
            storedTabBarItem = newValue
            (parent as? UITabBarController)?.tabBarItemsDidChange()
        }
    }

    /// The controller presented by this controller or its nearest ancestor that presents
    /// one, as `presentedViewController`.
    open var presentedViewController: UIViewController? {
        presentedStorage ?? parent?.presentedViewController
    }

    /// The controller that presented this controller or its nearest presented ancestor, as
    /// `presentingViewController`.
    open var presentingViewController: UIViewController? {
        presentingStorage ?? parent?.presentingViewController
    }

    /// Whether the controller is being presented, as `isBeingPresented`: true from its
    /// `viewWillAppear(_:)` through its `viewDidAppear(_:)` of the presentation.
    open var isBeingPresented: Bool { presentation?.phase == .presenting }

    /// Whether the controller is being dismissed, as `isBeingDismissed`: true from its
    /// `viewWillDisappear(_:)` through its `viewDidDisappear(_:)` of the dismissal.
    open var isBeingDismissed: Bool { presentation?.phase == .dismissing }

    /// Starts the appearance (`isAppearing`) or disappearance of the view, as
    /// `beginAppearanceTransition(_:animated:)`: calls `viewWillAppear(_:)` or
    /// `viewWillDisappear(_:)` with `animated`, then the same for the child controllers whose
    /// views are inside this one's, parents first (UIKit forwards to children). A call that
    /// does not change the state (appearing what is appearing or shown) does nothing.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        if isAppearing {
            guard appearanceState == .disappeared || appearanceState == .disappearing else { return }
            setAppearanceState(.appearing)
            isAppearingCallPending = true
            appearanceTransitionAnimated = animated
            viewIfLoaded?.setNeedsLayout()
            viewWillAppear(animated)
        } else {
            guard appearanceState == .appeared || appearanceState == .appearing else { return }
            setAppearanceState(.disappearing)
            viewWillDisappear(animated)
        }
        appearanceTransitionAnimated = animated
        for child in childrenInView { child.beginAppearanceTransition(isAppearing, animated: animated) }
    }

    /// Ends the transition `beginAppearanceTransition(_:animated:)` started, as
    /// `endAppearanceTransition()`: `viewDidAppear(_:)` or `viewDidDisappear(_:)`, then the
    /// children's. Without a transition under way it does nothing.
    open func endAppearanceTransition() {
        let animated = appearanceTransitionAnimated
        switch appearanceState {
        case .appearing:
            deliverViewIsAppearing()
            setAppearanceState(.appeared)
            viewDidAppear(animated)
        case .disappearing:
            setAppearanceState(.disappeared)
            viewDidDisappear(animated)
        case .appeared, .disappeared:
            return
        }
        for child in childrenInView { child.endAppearanceTransition() }
    }

    /// Gives `childViewController` traits over this controller's, as
    /// `setOverrideTraitCollection(_:forChild:)`: the traits `collection` specifies replace the
    /// inherited ones for the child and everything below it (nil removes the override). When
    /// the child's traits change, it and its descendants get `traitCollectionDidChange(_:)`.
    /// A controller that is not a child is logged and ignored.
    open func setOverrideTraitCollection(
        _ collection: UITraitCollection?, forChild childViewController: UIViewController
    ) {
        guard childViewController.parent === self else {
            kitLog.error("setOverrideTraitCollection: \(type(of: childViewController)) is not a child; ignored")
            return
        }
        let inherited = traitCollection
        let old = childViewController.traits(inheriting: inherited)
        childTraitOverrides[ObjectIdentifier(childViewController)] = collection
        let new = childViewController.traits(inheriting: inherited)
        childViewController.reportTraitChange(from: old, to: new, walksView: true)
    }

    /// The traits given to `childViewController` over this controller's, as
    /// `overrideTraitCollection(forChild:)`.
    open func overrideTraitCollection(forChild childViewController: UIViewController) -> UITraitCollection? {
        childTraitOverrides[ObjectIdentifier(childViewController)]
    }
}
