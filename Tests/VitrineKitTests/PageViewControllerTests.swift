import Foundation
import Testing
import VitrinePlatform
import VitrineTestSupport

@testable import VitrineKit

/// Pages from an array, logging what the page view controller asks and tells.
@MainActor
final class PageSource: UIPageViewControllerDataSource, UIPageViewControllerDelegate {
    var pages: [UIViewController]
    let log: NavigationLog
    var count = 0
    var index = 0
    /// Gives the shown page back as its own next page (bad input).
    var returnsSelfAfter = false

    init(pages: [UIViewController], log: NavigationLog) {
        self.pages = pages
        self.log = log
    }

    private func index(of controller: UIViewController) -> Int? { pages.firstIndex { $0 === controller } }

    func pageViewController(
        _ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController
    ) -> UIViewController? {
        guard let i = index(of: viewController), i > 0 else { return nil }
        return pages[i - 1]
    }

    func pageViewController(
        _ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController
    ) -> UIViewController? {
        if returnsSelfAfter { return viewController }
        guard let i = index(of: viewController), i + 1 < pages.count else { return nil }
        return pages[i + 1]
    }

    func presentationCount(for pageViewController: UIPageViewController) -> Int { count }
    func presentationIndex(for pageViewController: UIPageViewController) -> Int { index }

    func pageViewController(
        _ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController]
    ) {
        log.add("delegate.willTransitionTo(\(pendingViewControllers.map { $0.title ?? "?" }))")
    }

    func pageViewController(
        _ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
        previousViewControllers: [UIViewController], transitionCompleted completed: Bool
    ) {
        log.add(
            "delegate.didFinish(\(finished), \(previousViewControllers.map { $0.title ?? "?" }), \(completed))")
    }
}

/// A page view controller filling a 400x300 window, pages "A", "B", "C" from a `PageSource`,
/// shown (its first frame out) on "A", the log emptied.
@MainActor
struct PageScene: ContainerScene {
    let scene = EventScene()
    let log = NavigationLog()
    let pages: UIPageViewController
    let source: PageSource
    let a: NavigationLoggingController
    let b: NavigationLoggingController
    let c: NavigationLoggingController

    init(
        style: UIPageViewController.TransitionStyle = .scroll,
        orientation: UIPageViewController.NavigationOrientation = .horizontal,
        options: [UIPageViewController.OptionsKey: Any]? = nil, count: Int = 0
    ) {
        a = NavigationLoggingController("A", log: log)
        b = NavigationLoggingController("B", log: log)
        c = NavigationLoggingController("C", log: log)
        source = PageSource(pages: [a, b, c], log: log)
        source.count = count
        pages = UIPageViewController(transitionStyle: style, navigationOrientation: orientation, options: options)
        pages.dataSource = source
        pages.delegate = source
        pages.setViewControllers([a], direction: .forward, animated: false)
        scene.window.rootViewController = pages
        scene.clock.advance(by: 0.05)
        _ = log.take()
    }

    /// A swipe from `start` by `step` a frame, `count` frames, lifted `hold` seconds after the
    /// last move (0.3 s: no fling), then the page left to settle.
    func swipe(from start: CGPoint, by step: CGPoint, count: Int, hold: Double = 0.3) {
        var t = scene.clock.now
        scene.input.down(0, at: start, time: t)
        for index in 1...count {
            t += 1.0 / 60
            scene.clock.advance(to: t)
            scene.input.move(
                0, to: CGPoint(x: start.x + step.x * CGFloat(index), y: start.y + step.y * CGFloat(index)), time: t)
        }
        t += hold
        scene.clock.advance(to: t)
        scene.input.up(0, time: t)
        scene.clock.advance(by: 2)
    }

    /// Collects the errors page view controllers report while `body` runs.
    func errors(during body: () -> Void) -> [String] {
        var errors: [String] = []
        UIPageViewController.errorObserver = { errors.append($0) }
        defer { UIPageViewController.errorObserver = nil }
        body()
        return errors
    }
}

@MainActor @Suite(.serialized) struct PageViewControllerTests {
    @Test func stylesOptionsAndDefaults() {
        let scroll = UIPageViewController(
            transitionStyle: .scroll, navigationOrientation: .vertical, options: [.interPageSpacing: 12])
        #expect(scroll.transitionStyle == .scroll && scroll.navigationOrientation == .vertical)
        #expect(scroll.spineLocation == .none)
        #expect(scroll.gestureRecognizers.isEmpty)
        #expect(scroll.viewControllers?.isEmpty == true)
        let curl = UIPageViewController(transitionStyle: .pageCurl, navigationOrientation: .horizontal)
        #expect(curl.spineLocation == .min)
        #expect(!curl.isDoubleSided)
        #expect(curl.gestureRecognizers.count == 1)
        let atMax = UIPageViewController(
            transitionStyle: .pageCurl, navigationOrientation: .horizontal,
            options: [.spineLocation: UIPageViewController.SpineLocation.max.rawValue])
        #expect(atMax.spineLocation == .max)
        #expect(UIPageViewController.TransitionStyle.scroll.rawValue == 1)
        #expect(
            UIPageViewController.OptionsKey.interPageSpacing.rawValue == "UIPageViewControllerOptionInterPageSpacingKey"
        )
    }

    @Test func settingPagesRunsContainmentAndAppearanceInOrder() {
        let s = PageScene()
        #expect(same(s.pages.viewControllers, [s.a]))
        #expect(same(s.pages.children, [s.a]))
        #expect(s.a.view.window != nil)
        var done: Bool?
        s.pages.setViewControllers([s.b], direction: .forward, animated: false) { done = $0 }
        #expect(done == true)
        #expect(
            s.log.take() == [
                "B.willMove(nav)", "B.viewDidLoad", "A.viewWillDisappear(false)", "B.viewWillAppear(false) +moving",
                "A.viewDidDisappear(false)", "B.viewDidAppear(false) +moving", "B.didMove(nav)", "A.willMove(nil)",
                "A.didMove(nil)",
            ])
        #expect(same(s.pages.viewControllers, [s.b]))
        #expect(same(s.pages.children, [s.b]))
        #expect(s.a.viewIfLoaded?.superview == nil)
        #expect(s.b.view.frame.size == CGSize(width: 400, height: 300))
    }

    @Test func aSwipeTurnsToTheNextPageInUIKitsOrder() {
        let s = PageScene()
        // 300 points to the left: past half the page, a pause, then lifted.
        s.swipe(from: CGPoint(x: 350, y: 150), by: CGPoint(x: -30, y: 0), count: 10)
        #expect(same(s.pages.viewControllers, [s.b]))
        #expect(same(s.pages.children, [s.b]))
        #expect(
            s.log.take() == [
                "B.willMove(nav)", "B.viewDidLoad", "delegate.willTransitionTo([\"B\"])",
                "A.viewWillDisappear(true)", "B.viewWillAppear(true) +moving", "A.viewDidDisappear(true)",
                "B.viewDidAppear(true) +moving", "B.didMove(nav)", "A.willMove(nil)", "A.didMove(nil)",
                "delegate.didFinish(true, [\"A\"], true)",
            ])
        // The new page rests where the old one was.
        #expect(s.b.view.convert(CGPoint.zero, to: nil) == .zero)
        // And on to C, then back to B with a swipe the other way.
        s.swipe(from: CGPoint(x: 350, y: 150), by: CGPoint(x: -30, y: 0), count: 10)
        #expect(same(s.pages.viewControllers, [s.c]))
        _ = s.log.take()
        s.swipe(from: CGPoint(x: 50, y: 150), by: CGPoint(x: 30, y: 0), count: 10)
        #expect(same(s.pages.viewControllers, [s.b]))
        #expect(s.log.take().last == "delegate.didFinish(true, [\"C\"], true)")
    }

    @Test func aShortSwipeGoesBackAndIsReportedIncomplete() {
        let s = PageScene()
        s.swipe(from: CGPoint(x: 300, y: 150), by: CGPoint(x: -15, y: 0), count: 6)
        #expect(same(s.pages.viewControllers, [s.a]))
        #expect(same(s.pages.children, [s.a]))
        #expect(
            s.log.take() == [
                "B.willMove(nav)", "B.viewDidLoad", "delegate.willTransitionTo([\"B\"])",
                "A.viewWillDisappear(true)", "B.viewWillAppear(true) +moving", "B.viewWillDisappear(true)",
                "B.viewDidDisappear(true)", "A.viewWillAppear(true)", "A.viewDidAppear(true)", "B.willMove(nil)",
                "B.didMove(nil)", "delegate.didFinish(true, [\"A\"], false)",
            ])
        #expect(s.b.viewIfLoaded?.superview == nil)
        #expect(s.a.view.convert(CGPoint.zero, to: nil) == .zero)
    }

    @Test func noPageBeforeTheFirstStopsTheSwipe() {
        let s = PageScene()
        s.swipe(from: CGPoint(x: 50, y: 150), by: CGPoint(x: 30, y: 0), count: 10)
        #expect(same(s.pages.viewControllers, [s.a]))
        #expect(s.log.take().isEmpty)
        #expect(s.a.view.convert(CGPoint.zero, to: nil) == .zero)
    }

    @Test func aFlickTurnsEvenAShortSwipe() {
        let s = PageScene()
        // 20 points a frame (1200 points a second), lifted at once.
        s.swipe(from: CGPoint(x: 300, y: 150), by: CGPoint(x: -20, y: 0), count: 4, hold: 0.004)
        #expect(same(s.pages.viewControllers, [s.b]))
    }

    @Test func verticalPagesTurnWithAVerticalSwipe() {
        let s = PageScene(orientation: .vertical)
        s.swipe(from: CGPoint(x: 200, y: 280), by: CGPoint(x: 0, y: -25), count: 10)
        #expect(same(s.pages.viewControllers, [s.b]))
        // A sideways swipe does nothing.
        s.swipe(from: CGPoint(x: 350, y: 150), by: CGPoint(x: -30, y: 0), count: 10)
        #expect(same(s.pages.viewControllers, [s.b]))
    }

    @Test func interPageSpacingSeparatesThePages() throws {
        let s = PageScene(options: [.interPageSpacing: 20])
        let scrollView = try #require(s.pages.pagingView)
        #expect(scrollView.frame == CGRect(x: -10, y: 0, width: 420, height: 300))
        #expect(s.a.view.frame.width == 400)
        #expect(s.a.view.convert(CGPoint.zero, to: nil) == .zero)
        s.swipe(from: CGPoint(x: 350, y: 150), by: CGPoint(x: -30, y: 0), count: 10)
        #expect(same(s.pages.viewControllers, [s.b]))
        #expect(s.b.view.convert(CGPoint.zero, to: nil) == .zero)
    }

    @Test func animatedSettingSlidesWithoutTheDelegate() {
        let s = PageScene()
        var done: Bool?
        s.pages.setViewControllers([s.c], direction: .reverse, animated: true) { done = $0 }
        #expect(done == nil)
        s.scene.clock.advance(by: 0.1)
        // Coming from the left.
        #expect(s.c.view.convert(CGPoint.zero, to: nil).x < 0)
        s.finishTransition()
        #expect(done == true)
        #expect(same(s.pages.viewControllers, [s.c]))
        let entries = s.log.take()
        #expect(!entries.contains { $0.hasPrefix("delegate.") })
        #expect(entries.contains("C.viewDidAppear(true) +moving"))
        #expect(entries.suffix(3) == ["C.didMove(nav)", "A.willMove(nil)", "A.didMove(nil)"])
        #expect(s.c.view.convert(CGPoint.zero, to: nil) == .zero)
    }

    @Test func thePageIndicatorShowsTheDataSourcesCountAndFollowsSwipes() throws {
        let s = PageScene(count: 3)
        let indicator = s.pages.pageControl
        // Asked after setViewControllers: the source's count was set before it.
        #expect(!indicator.isHidden)
        #expect(indicator.numberOfPages == 3 && indicator.currentPage == 0)
        s.pages.view.layoutIfNeeded()
        #expect(indicator.frame == CGRect(x: 0, y: 274, width: 400, height: 26))
        #expect(s.a.view.frame.height == 274)
        s.swipe(from: CGPoint(x: 350, y: 150), by: CGPoint(x: -30, y: 0), count: 10)
        #expect(indicator.currentPage == 1)
        s.source.index = 2
        s.pages.setViewControllers([s.c], direction: .forward, animated: false)
        #expect(indicator.currentPage == 2)
        // No count: no indicator.
        let plain = PageScene()
        #expect(plain.pages.pageControl.isHidden)
    }

    @Test func aDataSourceGivingTheSamePageTwiceIsLoggedAndDoesNotMove() {
        let s = PageScene()
        s.source.returnsSelfAfter = true
        let errors = s.errors {
            s.swipe(from: CGPoint(x: 350, y: 150), by: CGPoint(x: -30, y: 0), count: 10)
        }
        #expect(
            errors == [
                "UIPageViewController: the data source gave the page shown (NavigationLoggingController) as the page after it; no page after"
            ])
        #expect(same(s.pages.viewControllers, [s.a]))
        #expect(s.log.take().isEmpty)
        #expect(s.a.view.convert(CGPoint.zero, to: nil) == .zero)
        // The same controller before and after.
        s.source.returnsSelfAfter = false
        s.pages.setViewControllers([s.b], direction: .forward, animated: false)
        s.source.pages = [s.a, s.b, s.a]
        let twice = s.errors {
            s.swipe(from: CGPoint(x: 350, y: 150), by: CGPoint(x: -30, y: 0), count: 10)
        }
        #expect(twice.count == 1 && twice[0].contains("as the page before and after"))
        #expect(same(s.pages.viewControllers, [s.b]))
    }

    @Test func badSetsAreLoggedAndIgnored() {
        let s = PageScene()
        var results: [Bool] = []
        let errors = s.errors {
            s.pages.setViewControllers([], direction: .forward, animated: false) { results.append($0) }
            s.pages.setViewControllers([s.b, s.c], direction: .forward, animated: true) { results.append($0) }
            s.pages.setViewControllers([s.pages], direction: .forward, animated: false) { results.append($0) }
        }
        #expect(errors.count == 3)
        #expect(results == [false, false, false])
        #expect(same(s.pages.viewControllers, [s.a]))
        // The page shown again: nothing moves, completion true.
        s.pages.setViewControllers([s.a], direction: .forward, animated: true) { results.append($0) }
        #expect(results.last == true)
        #expect(s.log.take().isEmpty)
    }

    @Test func pageCurlTurnsAsASlide() {
        let s = PageScene(style: .pageCurl)
        s.swipe(from: CGPoint(x: 350, y: 150), by: CGPoint(x: -30, y: 0), count: 10)
        #expect(same(s.pages.viewControllers, [s.b]))
        #expect(s.log.take().last == "delegate.didFinish(true, [\"A\"], true)")
    }

    @Test func pagesSetBeforeTheViewLoadsAreShownWithIt() {
        let scene = EventScene()
        let page = UIViewController()
        let pages = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
        pages.setViewControllers([page], direction: .forward, animated: true)
        #expect(!pages.isViewLoaded)
        #expect(same(pages.children, [page]))
        scene.window.rootViewController = pages
        scene.clock.advance(by: 0.05)
        #expect(page.view.window === scene.window)
        #expect(page.isVisible)
    }

    @Test func snapshotPagesMidSwipeWithIndicator() throws {
        let s = PageScene(options: [.interPageSpacing: 16], count: 3)
        s.pages.view.backgroundColor = .black
        s.a.view.backgroundColor = UIColor(red: 0.95, green: 0.55, blue: 0.2, alpha: 1)
        s.b.view.backgroundColor = UIColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        s.pages.pageControl.currentPageIndicatorTintColor = .white
        s.pages.pageControl.pageIndicatorTintColor = .gray
        var t = s.scene.clock.now
        s.scene.input.down(0, at: CGPoint(x: 300, y: 150), time: t)
        for index in 1...10 {
            t += 1.0 / 60
            s.scene.clock.advance(to: t)
            s.scene.input.move(0, to: CGPoint(x: 300 - 15 * CGFloat(index), y: 150), time: t)
        }
        try assertSnapshot(of: try s.scene.screenshot(), named: "page-view-controller-mid-swipe-indicator")
        s.scene.input.up(0, time: t + 0.3)
        s.scene.clock.advance(by: 2)
    }
}
