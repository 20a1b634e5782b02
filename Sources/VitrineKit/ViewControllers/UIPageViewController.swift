import Foundation

/// A container that shows one page (a child view controller) at a time and turns to the
/// next or previous one with a swipe, as UIKit's `UIPageViewController`.
///
/// - **Pages** come from `dataSource` (`viewControllerBefore` / `viewControllerAfter`,
///   asked when a finger starts dragging and after each turn; nil: no page there, and the
///   pages stop with a bounce) or are set with
///   `setViewControllers(_:direction:animated:completion:)`.
/// - **`.scroll`**: the pages lie side by side (above one another for `.vertical`), with
///   `interPageSpacing` points between them (`OptionsKey.interPageSpacing`), in a paging
///   scroll view driven by the scroll view's own pan: the content follows the finger,
///   settles on the nearest page, and a flick turns to the next one.
/// - **`.pageCurl`** is drawn as the scroll style's slide, without spacing (Vitrine
///   difference: no curl); `spineLocation` is `.min` unless `OptionsKey.spineLocation` says
///   otherwise, and only single pages are shown (`.mid` needs two; refused, as below).
/// - **A swipe**: when the content first moves towards a neighbour, that page is added as a
///   child (`willMove(toParent:)`), the delegate hears
///   `pageViewController(_:willTransitionTo:)`, then the shown page gets
///   `viewWillDisappear(true)` and the pending one `viewWillAppear(true)`. When the content
///   comes to rest: on the new page, `viewDidDisappear(true)` / `viewDidAppear(true)`, the new
///   page's `didMove(toParent:)`, the old one's `willMove(toParent: nil)` and
///   `removeFromParent()`, then the delegate's
///   `didFinishAnimating(true, previousViewControllers: [old], transitionCompleted: true)`;
///   back on the old page, the appearance calls turn round (the pending page disappears,
///   the old one appears again), the pending page leaves, and the delegate hears
///   `transitionCompleted: false`. Appearance calls come only while the page view controller
///   is shown in a window, as for every container.
/// - **`setViewControllers`**: the same containment and appearance order without the
///   delegate; animated (when shown), the new page slides in from the `direction`'s side
///   over UIKit's scroll animation (0.3 s), else at once; `completion(true)` at the end.
/// - **The page indicator**: when the data source's `presentationCount(for:)` is above 0
///   (scroll style, horizontal), a `UIPageControl` strip (26 points) shows under the pages,
///   with `presentationIndex(for:)` as the current dot, both asked after
///   `setViewControllers`; a swipe moves the dot by one, as UIKit's.
/// - **Bad input** never raises (UIKit raises): a data source that gives the shown page as
///   its own neighbour, or the same controller both before and after it, is logged
///   (`UIPageViewController: ...`) and that neighbour treated as none, so the page does not
///   move; `setViewControllers` with the wrong number of pages (one, two for a `.mid`
///   spine) or a controller that is an ancestor is logged and ignored (`completion(false)`).
@preconcurrency @MainActor
open class UIPageViewController: UIViewController {
    /// How pages turn, as `UIPageViewController.TransitionStyle`.
    public enum TransitionStyle: Int, Sendable {
        case pageCurl = 0
        case scroll = 1
    }

    /// The axis pages turn along, as `UIPageViewController.NavigationOrientation`.
    public enum NavigationOrientation: Int, Sendable {
        case horizontal = 0
        case vertical = 1
    }

    /// Which way a turn goes, as `UIPageViewController.NavigationDirection`.
    public enum NavigationDirection: Int, Sendable {
        case forward = 0
        case reverse = 1
    }

    /// Where the spine of a page-curl book is, as `UIPageViewController.SpineLocation`.
    public enum SpineLocation: Int, Sendable {
        case none = 0
        case min = 1
        case mid = 2
        case max = 3
    }

    /// Keys of the `options` dictionary, as `UIPageViewController.OptionsKey`.
    public struct OptionsKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A `SpineLocation` (or its raw value) for `.pageCurl`, as `.spineLocation`.
        public static let spineLocation = OptionsKey(rawValue: "UIPageViewControllerOptionSpineLocationKey")
        /// Points between pages for `.scroll` (a number), as `.interPageSpacing`.
        public static let interPageSpacing = OptionsKey(rawValue: "UIPageViewControllerOptionInterPageSpacingKey")
    }

    /// How pages turn, as `transitionStyle`.
    public let transitionStyle: TransitionStyle
    /// The axis pages turn along, as `navigationOrientation`.
    public let navigationOrientation: NavigationOrientation
    /// The spine's location, as `spineLocation`: `.none` for `.scroll`, `.min` by default
    /// for `.pageCurl`.
    open internal(set) var spineLocation: SpineLocation
    /// Whether pages have a back (page curl), as `isDoubleSided` (default false; kept for
    /// the API: the slide shows no backs).
    open var isDoubleSided = false
    /// The points between pages (`.scroll`).
    let interPageSpacing: CGFloat

    /// Where pages come from, as `dataSource` (weak).
    open weak var dataSource: UIPageViewControllerDataSource?
    /// Told of turns made by swipes, as `delegate` (weak).
    open weak var delegate: UIPageViewControllerDelegate?

    /// The page shown.
    var currentPage: UIViewController?
    /// The neighbours the data source gave for `currentPage` (nil: not asked yet).
    var neighbours: (before: UIViewController?, after: UIViewController?)?
    /// The page a swipe or an animated set is turning to, and on which side.
    var pending: PendingPage?
    /// The scroll view the pages lie in, made with the view.
    var pagingView: PageScrollView?
    /// The page indicator, shown when the data source gives a count.
    let pageControl = UIPageControl(frame: .zero)
    /// The scroll view's delegate (the page view controller itself is not one, as UIKit's).
    let scrollCoordinator = PageScrollCoordinator()
    /// Set while the scroll view is moved by the controller itself (not a finger).
    var repositioning = false

    /// A page view controller, as `init(transitionStyle:navigationOrientation:options:)`.
    public init(
        transitionStyle style: TransitionStyle, navigationOrientation: NavigationOrientation,
        options: [OptionsKey: Any]? = nil
    ) {
        transitionStyle = style
        self.navigationOrientation = navigationOrientation
        spineLocation = style == .pageCurl ? Self.spine(from: options?[.spineLocation]) ?? .min : .none
        interPageSpacing = style == .scroll ? Self.spacing(from: options?[.interPageSpacing]) : 0
        super.init(nibName: nil, bundle: nil)
        scrollCoordinator.controller = self
    }

    /// A page view controller a storyboard makes (page curl, horizontal), as
    /// `init?(coder:)`; fails for any coder but the storyboard's.
    public required init?(coder: NSCoder) {
        transitionStyle = .pageCurl
        navigationOrientation = .horizontal
        spineLocation = .min
        interPageSpacing = 0
        super.init(coder: coder)
        scrollCoordinator.controller = self
    }

    private static func spine(from value: Any?) -> SpineLocation? {
        if let spine = value as? SpineLocation { return spine }
        if let raw = value as? Int { return SpineLocation(rawValue: raw) }
        if let number = value as? NSNumber { return SpineLocation(rawValue: number.intValue) }
        return nil
    }

    private static func spacing(from value: Any?) -> CGFloat {
        var spacing: CGFloat = 0
        if let number = value as? CGFloat {
            spacing = number
        } else if let number = value as? Double {
            spacing = CGFloat(number)
        } else if let number = value as? Int {
            spacing = CGFloat(number)
        } else if let number = value as? NSNumber {
            spacing = CGFloat(number.doubleValue)
        }
        guard spacing.isFinite, spacing >= 0 else {
            reportError("interPageSpacing \(spacing) is not a finite number of points at least 0; using 0")
            return 0
        }
        return spacing
    }

    /// The pages shown, as `viewControllers`: one (none before any is set).
    open var viewControllers: [UIViewController]? { currentPage.map { [$0] } ?? [] }

    /// The recognizers that turn pages, as `gestureRecognizers`: for `.pageCurl`, the pan
    /// that drags the slide; empty for `.scroll` (UIKit's scroll style keeps its pan inside
    /// its scroll view).
    open var gestureRecognizers: [UIGestureRecognizer] {
        guard transitionStyle == .pageCurl else { return [] }
        loadViewIfNeeded()
        return pagingView.map { [$0.panGestureRecognizer] } ?? []
    }

    /// Shows `viewControllers`, as `setViewControllers(_:direction:animated:completion:)`
    /// (see the class notes).
    open func setViewControllers(
        _ viewControllers: [UIViewController]?, direction: NavigationDirection, animated: Bool,
        completion: ((Bool) -> Void)? = nil
    ) {
        setPages(viewControllers ?? [], direction: direction, animated: animated, completion: completion)
    }

    // MARK: The view

    /// Makes the view: the paging scroll view and the page indicator.
    open override func loadView() {
        let container = PageContainerView(frame: UIScreen.main.bounds)
        container.controller = self
        container.clipsToBounds = true
        let scrollView = PageScrollView(frame: container.bounds)
        scrollView.controller = self
        scrollView.isPagingEnabled = true
        scrollView.showsHorizontalScrollIndicator = false
        scrollView.showsVerticalScrollIndicator = false
        scrollView.contentInsetAdjustmentBehavior = .never
        scrollView.scrollsToTop = false
        if navigationOrientation == .horizontal {
            scrollView.alwaysBounceHorizontal = true
        } else {
            scrollView.alwaysBounceVertical = true
        }
        scrollView.delegate = scrollCoordinator
        container.addSubview(scrollView)
        pageControl.isUserInteractionEnabled = false
        pageControl.isHidden = pageControl.numberOfPages <= 0
        container.addSubview(pageControl)
        pagingView = scrollView
        view = container
        if let currentPage {
            UIViewController.withoutAutomaticAppearance { scrollView.addSubview(currentPage.view) }
        }
        updatePageIndicator(asking: false)
    }

    /// Watches the errors page view controllers log (for tests).
    static var errorObserver: ((String) -> Void)?

    /// Logs a refused request (UIKit raises there) and tells `errorObserver`.
    static func reportError(_ message: String) {
        kitLog.error("UIPageViewController: \(message)")
        errorObserver?("UIPageViewController: \(message)")
    }
}

/// The page view controller's view: lays the pages out.
@MainActor
final class PageContainerView: UIView {
    weak var controller: UIPageViewController?

    override func layoutSubviews() {
        super.layoutSubviews()
        controller?.layoutPages()
    }
}

/// The scroll view the pages lie in: it asks for the neighbours before its pan decides to
/// begin, so the ends are known when the finger first moves.
@MainActor
final class PageScrollView: UIScrollView {
    weak var controller: UIPageViewController?

    override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer === panGestureRecognizer { controller?.prepareNeighbours() }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
}

/// The scroll view's delegate for its page view controller.
@MainActor
final class PageScrollCoordinator: UIScrollViewDelegate {
    weak var controller: UIPageViewController?

    func scrollViewDidScroll(_ scrollView: UIScrollView) { controller?.pagesDidScroll() }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        if !decelerate { controller?.pagesCameToRest() }
    }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { controller?.pagesCameToRest() }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { controller?.pagesCameToRest() }
}
