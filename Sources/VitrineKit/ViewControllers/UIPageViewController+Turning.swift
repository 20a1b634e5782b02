import Foundation

/// A page on its way in: the one a swipe moves towards, or the one an animated
/// `setViewControllers` slides in.
@MainActor
final class PendingPage {
    let controller: UIViewController
    /// Whether it lies after the shown page (right, or below).
    let forward: Bool
    /// A swipe (the delegate hears of it), not `setViewControllers`.
    let byGesture: Bool
    let completion: ((Bool) -> Void)?
    /// Whether the appearance callbacks began (the page view controller was shown).
    var appearing = false

    init(controller: UIViewController, forward: Bool, byGesture: Bool, completion: ((Bool) -> Void)?) {
        self.controller = controller
        self.forward = forward
        self.byGesture = byGesture
        self.completion = completion
    }
}

// Turning pages: the geometry of the paging scroll view, swipes, and setViewControllers.
extension UIPageViewController {
    // MARK: Geometry

    private var isHorizontal: Bool { navigationOrientation == .horizontal }

    /// One page and the spacing after it, along the axis.
    var pageLength: CGFloat {
        guard let pagingView else { return 0 }
        return isHorizontal ? pagingView.bounds.width : pagingView.bounds.height
    }

    /// Where the scroll view rests showing the current page (the middle of three slots).
    private var restingOffset: CGPoint {
        isHorizontal ? CGPoint(x: pageLength, y: 0) : CGPoint(x: 0, y: pageLength)
    }

    /// The frame of the page in `slot` (0 before, 1 shown, 2 after), in the scroll view.
    private func pageFrame(slot: Int) -> CGRect {
        guard let pagingView else { return .zero }
        let size = pagingView.bounds.size
        let origin = CGFloat(slot) * pageLength + interPageSpacing / 2
        return isHorizontal
            ? CGRect(x: origin, y: 0, width: max(0, size.width - interPageSpacing), height: size.height)
            : CGRect(x: 0, y: origin, width: size.width, height: max(0, size.height - interPageSpacing))
    }

    /// Lays the pages out: the indicator's strip at the bottom when shown, the scroll view
    /// over the rest (reaching half the spacing past each side), three slots of content with
    /// the missing neighbours' slots inset away, the shown page in the middle.
    func layoutPages() {
        guard let container = viewIfLoaded, let pagingView else { return }
        let strip = pageControl.isHidden ? 0 : UIPageControl.height
        let area = CGRect(
            x: 0, y: 0, width: container.bounds.width, height: max(0, container.bounds.height - strip))
        pageControl.frame = CGRect(x: 0, y: area.maxY, width: area.width, height: strip)
        let spacing = interPageSpacing
        repositioning = true
        defer { repositioning = false }
        let frame =
            isHorizontal
            ? CGRect(x: -spacing / 2, y: 0, width: area.width + spacing, height: area.height)
            : CGRect(x: 0, y: -spacing / 2, width: area.width, height: area.height + spacing)
        if pagingView.frame != frame { pagingView.frame = frame }
        let length = pageLength
        pagingView.contentSize =
            isHorizontal
            ? CGSize(width: 3 * length, height: area.height) : CGSize(width: area.width, height: 3 * length)
        updateInsets()
        let moving =
            pending != nil || pagingView.isTracking || pagingView.isDragging || pagingView.isDecelerating
            || pagingView.isScrollAnimating
        if !moving && pagingView.contentOffset != restingOffset { pagingView.contentOffset = restingOffset }
        currentPage?.viewIfLoaded?.frame = pageFrame(slot: 1)
        if let pending { pending.controller.viewIfLoaded?.frame = pageFrame(slot: pending.forward ? 2 : 0) }
    }

    /// Insets the missing neighbours' slots away, so the content stops (with a bounce) there.
    private func updateInsets() {
        guard let pagingView else { return }
        let length = pageLength
        let hasBefore = neighbours?.before != nil || pending.map { !$0.forward } == true
        let hasAfter = neighbours?.after != nil || pending.map { $0.forward } == true
        let leading = hasBefore ? 0 : -length
        let trailing = hasAfter ? 0 : -length
        let insets =
            isHorizontal
            ? UIEdgeInsets(top: 0, left: leading, bottom: 0, right: trailing)
            : UIEdgeInsets(top: leading, left: 0, bottom: trailing, right: 0)
        if pagingView.contentInset != insets { pagingView.contentInset = insets }
    }

    // MARK: Neighbours

    /// Asks the data source for the pages beside the shown one (once per page), dropping
    /// what cannot be shown (see the class notes' bad input).
    func prepareNeighbours() {
        guard neighbours == nil, pending == nil, let current = currentPage else { return }
        var before = dataSource?.pageViewController(self, viewControllerBefore: current)
        var after = dataSource?.pageViewController(self, viewControllerAfter: current)
        let name = String(describing: type(of: current))
        if before === current {
            Self.reportError("the data source gave the page shown (\(name)) as the page before it; no page before")
            before = nil
        }
        if after === current {
            Self.reportError("the data source gave the page shown (\(name)) as the page after it; no page after")
            after = nil
        }
        if let page = before, page === after {
            Self.reportError(
                "the data source gave the same \(type(of: page)) as the page before and after \(name); not turning")
            before = nil
            after = nil
        }
        if let page = before, isSelfOrAncestor(page) {
            Self.reportError("the page before \(name) contains the page view controller; no page before")
            before = nil
        }
        if let page = after, isSelfOrAncestor(page) {
            Self.reportError("the page after \(name) contains the page view controller; no page after")
            after = nil
        }
        neighbours = (before, after)
        updateInsets()
    }

    private func isSelfOrAncestor(_ controller: UIViewController) -> Bool {
        var ancestor: UIViewController? = self
        while let current = ancestor {
            if current === controller { return true }
            ancestor = current.parent
        }
        return false
    }

    // MARK: Swipes

    /// The content moved: when a finger first moves it towards a neighbour, that page
    /// becomes the pending one (moving back past the middle drops it for the other side).
    func pagesDidScroll() {
        guard !repositioning, let pagingView, currentPage != nil else { return }
        if let pending, !pending.byGesture { return }
        let rest = isHorizontal ? restingOffset.x : restingOffset.y
        let offset = (isHorizontal ? pagingView.contentOffset.x : pagingView.contentOffset.y) - rest
        guard abs(offset) >= 0.5 else { return }
        let forward = offset > 0
        if let pending {
            if pending.forward == forward { return }
            cancel(pending)
        }
        guard pagingView.isDragging || pagingView.isDecelerating else { return }
        guard let target = forward ? neighbours?.after : neighbours?.before else { return }
        begin(PendingPage(controller: target, forward: forward, byGesture: true, completion: nil))
    }

    /// The content came to rest: on the pending page the turn completes; back on the shown
    /// page it is cancelled.
    func pagesCameToRest() {
        guard !repositioning, let pagingView else { return }
        guard let pending else {
            recentre()
            return
        }
        if pagingView.isTracking { return }
        let rest = isHorizontal ? restingOffset.x : restingOffset.y
        let offset = (isHorizontal ? pagingView.contentOffset.x : pagingView.contentOffset.y) - rest
        let goal = pending.forward ? pageLength : -pageLength
        if abs(offset - goal) < 0.5 {
            complete(pending)
        } else if abs(offset) < 0.5 {
            cancel(pending)
        }
    }

    /// Starts turning to `pending`: it becomes a child (`willMove(toParent:)`), its view goes
    /// in its slot, the delegate hears `willTransitionTo` (swipes), then the appearance calls.
    private func begin(_ pending: PendingPage) {
        guard let pagingView else { return }
        let page = pending.controller
        self.pending = pending
        beginChildrenChange(adding: [page], removing: [])
        let pageView: UIView = page.view
        UIViewController.withoutAutomaticAppearance {
            pageView.frame = pageFrame(slot: pending.forward ? 2 : 0)
            pagingView.addSubview(pageView)
        }
        updateInsets()
        if pending.byGesture { delegate?.pageViewController(self, willTransitionTo: [page]) }
        // The delegate may have set pages meanwhile.
        guard self.pending === pending else { return }
        if viewIfLoaded?.window != nil && showsChildren {
            pending.appearing = true
            currentPage?.beginAppearanceTransition(false, animated: true)
            page.beginAppearanceTransition(true, animated: true)
        }
    }

    /// The turn arrived: the old page leaves (its view, its appearance, then its
    /// containment), the new one is shown and told `didMove(toParent:)`.
    private func complete(_ pending: PendingPage) {
        guard self.pending === pending else { return }
        self.pending = nil
        let old = currentPage
        let page = pending.controller
        currentPage = page
        neighbours = nil
        UIViewController.withoutAutomaticAppearance { old?.viewIfLoaded?.removeFromSuperview() }
        recentre()
        if pending.appearing {
            old?.endAppearanceTransition()
            endAppearanceTransition(ofChild: page)
        }
        page.didMove(toParent: self)
        page.isMovingToParent = false
        if let old { removeChildPage(old) }
        if pending.byGesture {
            if pageControl.numberOfPages > 0 {
                let index = pageControl.currentPage + (pending.forward ? 1 : -1)
                pageControl.currentPage = min(max(0, index), pageControl.numberOfPages - 1)
            }
            delegate?.pageViewController(
                self, didFinishAnimating: true, previousViewControllers: old.map { [$0] } ?? [],
                transitionCompleted: true)
        }
        pending.completion?(true)
    }

    /// The turn went back: the appearance calls turn round, the pending page leaves.
    private func cancel(_ pending: PendingPage) {
        guard self.pending === pending else { return }
        self.pending = nil
        let page = pending.controller
        page.isMovingToParent = false
        if pending.appearing {
            page.beginAppearanceTransition(false, animated: true)
            page.endAppearanceTransition()
            currentPage?.beginAppearanceTransition(true, animated: true)
            currentPage?.endAppearanceTransition()
        }
        UIViewController.withoutAutomaticAppearance { page.viewIfLoaded?.removeFromSuperview() }
        page.willMove(toParent: nil)
        page.removeFromParent()
        updateInsets()
        if pending.byGesture {
            delegate?.pageViewController(
                self, didFinishAnimating: true, previousViewControllers: currentPage.map { [$0] } ?? [],
                transitionCompleted: false)
        }
        pending.completion?(false)
    }

    private func removeChildPage(_ page: UIViewController) {
        page.isMovingFromParent = true
        page.willMove(toParent: nil)
        page.removeFromParent()
        page.isMovingFromParent = false
    }

    /// Puts the shown page in the middle slot and the content at rest on it.
    private func recentre() {
        guard let pagingView else { return }
        repositioning = true
        defer { repositioning = false }
        updateInsets()
        currentPage?.viewIfLoaded?.frame = pageFrame(slot: 1)
        if pagingView.contentOffset != restingOffset { pagingView.contentOffset = restingOffset }
    }

    /// Ends a turn under way at once: a swipe goes back, an animated set arrives.
    private func finishPending() {
        guard let pending, let pagingView else { return }
        pagingView.stopMotion()
        if pending.byGesture {
            cancel(pending)
        } else {
            complete(pending)
        }
        recentre()
    }

    // MARK: Setting pages

    /// `setViewControllers(_:direction:animated:completion:)`'s work (see the class notes).
    func setPages(
        _ pages: [UIViewController], direction: NavigationDirection, animated: Bool,
        completion: ((Bool) -> Void)?
    ) {
        if spineLocation == .mid {
            Self.reportError("setViewControllers: a .mid spine (two pages side by side) is not supported; ignored")
            completion?(false)
            return
        }
        guard pages.count == 1, let page = pages.first else {
            Self.reportError(
                "setViewControllers: \(pages.count) view controllers given where the transition needs 1; ignored")
            completion?(false)
            return
        }
        if isSelfOrAncestor(page) {
            Self.reportError("setViewControllers: \(type(of: page)) contains the page view controller; ignored")
            completion?(false)
            return
        }
        finishPending()
        neighbours = nil
        if page === currentPage {
            updatePageIndicator(asking: true)
            completion?(true)
            return
        }
        guard animated, currentPage != nil, let container = viewIfLoaded, container.window != nil, showsChildren,
            let pagingView
        else {
            swap(to: page)
            updatePageIndicator(asking: true)
            completion?(true)
            return
        }
        let pending = PendingPage(
            controller: page, forward: direction == .forward, byGesture: false, completion: completion)
        begin(pending)
        updatePageIndicator(asking: true)
        guard self.pending === pending else { return }
        let length = pending.forward ? pageLength : -pageLength
        let target =
            isHorizontal
            ? CGPoint(x: restingOffset.x + length, y: 0) : CGPoint(x: 0, y: restingOffset.y + length)
        pagingView.setContentOffset(target, animated: true)
    }

    /// Shows `page` at once in place of the shown one, in UIKit's containment order.
    private func swap(to page: UIViewController) {
        let old = currentPage
        let visible = viewIfLoaded?.window != nil && showsChildren
        beginChildrenChange(adding: [page], removing: [])
        if pagingView != nil { page.loadViewIfNeeded() }
        if visible {
            old?.beginAppearanceTransition(false, animated: false)
            page.beginAppearanceTransition(true, animated: false)
        }
        currentPage = page
        if let pagingView {
            let pageView: UIView = page.view
            UIViewController.withoutAutomaticAppearance {
                old?.viewIfLoaded?.removeFromSuperview()
                pagingView.addSubview(pageView)
            }
            recentre()
        }
        if visible {
            old?.endAppearanceTransition()
            endAppearanceTransition(ofChild: page)
        }
        page.didMove(toParent: self)
        page.isMovingToParent = false
        if let old { removeChildPage(old) }
    }

    // MARK: The page indicator

    /// Shows the page indicator when the data source gives a count (scroll style,
    /// horizontal); `asking` asks it for the count and index again.
    func updatePageIndicator(asking: Bool) {
        if asking {
            if transitionStyle == .scroll, navigationOrientation == .horizontal, let dataSource, currentPage != nil {
                let count = max(0, dataSource.presentationCount(for: self))
                pageControl.numberOfPages = count
                if count > 0 {
                    pageControl.currentPage = min(max(0, dataSource.presentationIndex(for: self)), count - 1)
                }
            } else {
                pageControl.numberOfPages = 0
            }
        }
        let hidden = pageControl.numberOfPages <= 0
        if pageControl.isHidden != hidden {
            pageControl.isHidden = hidden
            viewIfLoaded?.setNeedsLayout()
        }
    }
}
