import Foundation

/// One change of a navigation controller's stack on its way: who leaves, who arrives, and
/// the views of the slide.
@MainActor
final class NavigationTransition {
    let from: UIViewController?
    let to: UIViewController?
    /// The stack before the change (put back when the transition is cancelled).
    let oldStack: [UIViewController]
    let added: [UIViewController]
    let removed: [UIViewController]
    let animated: Bool
    /// Whether the appearance callbacks run (the navigation controller is shown).
    let visible: Bool
    var dimmingView: UIView?
    /// Whether the delegate was told `willShow` (so it is told `didShow`).
    var announced = false
    /// Waits for the first frame that drew the views at their start positions.
    var startLink: CADisplayLink?
    /// When the slide's animation began (the time of the frame that first shows it moving).
    var slideBeginTime: Double?
    /// A delegate's animator's context, for a custom transition.
    var context: NavigationTransitionContext?
    /// The interaction controller of a custom transition, if any (held until the end).
    var interaction: UIViewControllerInteractiveTransitioning?
    /// The `.to` view's alpha while it is drawn transparent before a custom animation.
    var heldAlpha: CGFloat?
    /// The interactive pop the edge pan drives directly: its progress while the finger is
    /// down (0...1), nil otherwise.
    var edgeProgress: CGFloat?
    /// Where a directly driven pop is heading once the finger lifted (nil while dragging).
    var edgeOutcome: NavigationTransitionContext.Outcome?
    /// The percent-driven interaction the edge pan runs a delegate's pop animator with.
    var edgeInteraction: UIPercentDrivenInteractiveTransition?

    /// How the transition ends when it must end at once: cancelled while the user is still
    /// deciding or after deciding to cancel, else completed.
    var endsCancelled: Bool {
        if edgeProgress != nil || edgeOutcome == .cancel { return true }
        if let context { return context.outcome != .complete }
        return false
    }

    init(
        from: UIViewController?, to: UIViewController?, oldStack: [UIViewController], added: [UIViewController],
        removed: [UIViewController], animated: Bool, visible: Bool
    ) {
        self.from = from
        self.to = to
        self.oldStack = oldStack
        self.added = added
        self.removed = removed
        self.animated = animated
        self.visible = visible
    }
}

// The work of a stack change: containment, appearance, the slide and its end.
extension UINavigationController {
    /// Makes `newStack` the stack (already checked: no duplicates, no navigation controllers).
    func changeStack(to newStack: [UIViewController], animated: Bool) {
        finishRunningTransition()
        let oldStack = stack
        let from = oldStack.last
        let added = newStack.filter { controller in !oldStack.contains { $0 === controller } }
        let removed = oldStack.reversed().filter { controller in !newStack.contains { $0 === controller } }
        beginChildrenChange(adding: added, removing: removed)
        stack = newStack
        navigationBar.setItems(newStack.map(\.navigationItem), animated: animated)
        navigationToolbar.setItems(newStack.last?.toolbarItems, animated: animated)
        let to = newStack.last
        let container = viewIfLoaded
        let visible = container?.window != nil && showsChildren
        let transition = NavigationTransition(
            from: from, to: to, oldStack: oldStack, added: added, removed: removed,
            animated: animated && visible && appearanceState == .appeared && from != nil && to != nil && from !== to,
            visible: visible)
        runningTransition = transition
        guard let container, from !== to else {
            complete(transition)
            return
        }
        if let to, to.viewIfLoaded == nil { to.loadViewIfNeeded() }
        if visible {
            from?.beginAppearanceTransition(false, animated: transition.animated)
            to?.beginAppearanceTransition(true, animated: transition.animated)
        }
        if let to {
            UIViewController.withoutAutomaticAppearance { install(to.view, in: container) }
            layoutContainer()
            to.view.layoutIfNeeded()
            transition.announced = true
            delegate?.navigationController(self, willShow: to, animated: transition.animated)
        }
        // The delegate may have changed the stack: then that change finished this one.
        guard runningTransition === transition else { return }
        guard transition.animated, let from, let to, let fromView = from.viewIfLoaded, let toView = to.viewIfLoaded
        else {
            complete(transition)
            return
        }
        let isPush = !oldStack.contains { $0 === to }
        let edgeDriven = edgePopStarting && !isPush
        if let delegate,
            let animator = delegate.navigationController(
                self, animationControllerFor: isPush ? .push : .pop, from: from, to: to)
        {
            var interaction = delegate.navigationController(self, interactionControllerFor: animator)
            if interaction == nil && edgeDriven {
                let edgeInteraction = UIPercentDrivenInteractiveTransition()
                transition.edgeInteraction = edgeInteraction
                interaction = edgeInteraction
            }
            guard runningTransition === transition else { return }
            runCustom(animator, interaction: interaction, from: from, to: to, in: container, transition: transition)
        } else if edgeDriven {
            beginEdgeDrive(from: fromView, to: toView, in: container, transition: transition)
        } else {
            slide(from: fromView, to: toView, in: container, push: isPush, transition: transition)
        }
    }

    /// Puts a controller's view in the container, below the bar, filling it.
    func install(_ view: UIView, in container: UIView) {
        view.frame = container.bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if view.superview !== container {
            container.insertSubview(view, belowSubview: navigationBar)
        }
    }

    /// The slide: the new view in from the right over the old one moving left (a push), or
    /// the old one out to the right over the new one coming back (a pop); see the class notes.
    private func slide(
        from fromView: UIView, to toView: UIView, in container: UIView, push: Bool, transition: NavigationTransition
    ) {
        let width = container.bounds.width
        let parallax = -(width * Self.parallaxFraction).rounded()
        let dimming = UIView(frame: container.bounds)
        dimming.backgroundColor = .black
        dimming.isUserInteractionEnabled = false
        transition.dimmingView = dimming
        UIView.performWithoutAnimation {
            if push {
                container.insertSubview(dimming, aboveSubview: fromView)
                container.insertSubview(toView, aboveSubview: dimming)
                dimming.alpha = 0
                toView.frame.origin.x = width
            } else {
                container.insertSubview(toView, belowSubview: fromView)
                container.insertSubview(dimming, aboveSubview: toView)
                dimming.alpha = Self.dimmingAlpha
                dimming.frame.origin.x = parallax
                toView.frame.origin.x = parallax
            }
        }
        // Core Animation animates only layers it has drawn: the slide starts at the frame after
        // the one that first draws the views in their start positions.
        guard let screen = container.window?.screen,
            let link = screen.startAfterFirstDraw(
                of: { [fromView.layer, toView.layer, dimming.layer] },
                while: { [weak self] in self?.runningTransition === transition },
                start: { [weak self] beginTime in
                    guard let self else { return }
                    transition.startLink = nil
                    transition.slideBeginTime = beginTime
                    self.animateSlide(from: fromView, to: toView, dimming: dimming, push: push, transition: transition)
                })
        else {
            complete(transition)
            return
        }
        transition.startLink = link
    }

    private func animateSlide(
        from fromView: UIView, to toView: UIView, dimming: UIView, push: Bool, transition: NavigationTransition
    ) {
        let width = viewIfLoaded?.bounds.width ?? toView.bounds.width
        let parallax = -(width * Self.parallaxFraction).rounded()
        UIView.animate(
            withDuration: Self.transitionDuration, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
            options: [],
            animations: {
                if push {
                    toView.frame.origin.x = 0
                    fromView.frame.origin.x = parallax
                    dimming.frame.origin.x = parallax
                    dimming.alpha = Self.dimmingAlpha
                } else {
                    fromView.frame.origin.x = width
                    toView.frame.origin.x = 0
                    dimming.frame.origin.x = 0
                    dimming.alpha = 0
                }
            },
            completion: { [weak self] _ in self?.complete(transition) })
    }

    /// Ends the running transition now, if there is one: completed (its "did" callbacks run),
    /// or cancelled when it is an interactive one the user has not finished (see
    /// `NavigationTransition.endsCancelled`).
    func finishRunningTransition() {
        guard let transition = runningTransition else { return }
        if transition.endsCancelled {
            cancel(transition)
        } else {
            complete(transition)
        }
    }

    /// Stops what drives `transition`: the start link, the animations of its views, a custom
    /// context and the container's frozen layer time; restores a held alpha.
    private func stopDriving(_ transition: NavigationTransition) {
        transition.startLink?.invalidate()
        transition.startLink = nil
        transition.context?.end()
        transition.edgeProgress = nil
        let fromView = transition.from?.viewIfLoaded
        let toView = transition.to?.viewIfLoaded
        for view in [fromView, toView, transition.dimmingView].compactMap({ $0 }) {
            view.layer.removeAllAnimations()
        }
        if let alpha = transition.heldAlpha, let toView {
            transition.heldAlpha = nil
            UIView.performWithoutAnimation { toView.alpha = alpha }
        }
        transition.dimmingView?.removeFromSuperview()
        if transition.context?.isInteractive == true, let layer = viewIfLoaded?.layer,
            layer.speed != 1 || layer.timeOffset != 0 || layer.beginTime != 0
        {
            layer.speed = 1
            layer.timeOffset = 0
            layer.beginTime = 0
        }
    }

    /// Ends `transition` (once): the old view leaves, the "did" callbacks and the containment
    /// ends run in UIKit's order, then the delegate's `didShow`.
    func complete(_ transition: NavigationTransition) {
        guard runningTransition === transition else { return }
        runningTransition = nil
        stopDriving(transition)
        let fromView = transition.from?.viewIfLoaded
        let toView = transition.to?.viewIfLoaded
        UIViewController.withoutAutomaticAppearance {
            if transition.from !== transition.to, let fromView, fromView.superview != nil,
                fromView.superview === viewIfLoaded || transition.context != nil
            {
                fromView.removeFromSuperview()
                fromView.frame.origin.x = 0
            }
            if let toView, let container = viewIfLoaded, toView.superview === container || transition.context != nil {
                install(toView, in: container)
                container.bringSubviewToFront(navigationBar)
            }
        }
        if transition.visible && transition.from !== transition.to {
            transition.from?.endAppearanceTransition()
            if let to = transition.to { endAppearanceTransition(ofChild: to) }
        }
        for controller in transition.added {
            controller.didMove(toParent: self)
            controller.isMovingToParent = false
        }
        for controller in transition.removed {
            controller.removeFromParent()
            controller.isMovingFromParent = false
        }
        for controller in transition.removed { controller.containerSafeAreaInsets = .zero }
        if transition.announced, let to = transition.to {
            delegate?.navigationController(self, didShow: to, animated: transition.animated)
        }
    }

    /// Cancels `transition` (once): the stack, the bar's items and the views are put back;
    /// the arriving controller disappears again and the leaving one appears again, each with
    /// its "will" and "did" (UIKit's order for a cancelled interactive pop: the appearance
    /// transitions are turned round before they end); the leaving controllers stay children
    /// (`isMovingFromParent` false again), arriving ones leave again. The delegate is not told
    /// `didShow`.
    func cancel(_ transition: NavigationTransition) {
        guard runningTransition === transition else { return }
        runningTransition = nil
        stopDriving(transition)
        let container = viewIfLoaded
        UIViewController.withoutAutomaticAppearance {
            if transition.from !== transition.to, let toView = transition.to?.viewIfLoaded,
                toView.superview != nil, toView.superview === container || transition.context != nil
            {
                toView.removeFromSuperview()
                toView.frame.origin.x = 0
            }
            if let container, let fromView = transition.from?.viewIfLoaded {
                install(fromView, in: container)
                container.bringSubviewToFront(navigationBar)
            }
        }
        stack = transition.oldStack
        navigationBar.setItems(stack.map(\.navigationItem), animated: false)
        navigationToolbar.setItems(stack.last?.toolbarItems, animated: false)
        for controller in transition.removed { controller.isMovingFromParent = false }
        for controller in transition.added { controller.isMovingToParent = false }
        if transition.visible && transition.from !== transition.to {
            transition.to?.beginAppearanceTransition(false, animated: transition.animated)
            transition.to?.endAppearanceTransition()
            transition.from?.beginAppearanceTransition(true, animated: transition.animated)
            transition.from?.endAppearanceTransition()
        }
        for controller in transition.added {
            controller.willMove(toParent: nil)
            controller.removeFromParent()
            controller.containerSafeAreaInsets = .zero
        }
        layoutContainer()
    }

    // MARK: Custom animators

    /// Runs a delegate's animator (through `interaction` when there is one). The arriving
    /// view is first drawn once transparent at its final frame (VitrineLayers animates only
    /// layers it has drawn), then the animator gets it back opaque.
    private func runCustom(
        _ animator: UIViewControllerAnimatedTransitioning, interaction: UIViewControllerInteractiveTransitioning?,
        from: UIViewController, to: UIViewController, in container: UIView, transition: NavigationTransition
    ) {
        let context = NavigationTransitionContext(
            container: container, animator: animator, interactive: interaction != nil, from: from, to: to,
            onComplete: { [weak self, weak transition] didComplete in
                guard let self, let transition, self.runningTransition === transition else { return }
                if didComplete {
                    self.complete(transition)
                } else {
                    self.cancel(transition)
                }
                animator.animationEnded(didComplete)
            })
        transition.context = context
        transition.interaction = interaction
        let toView: UIView = to.view
        transition.heldAlpha = toView.alpha
        UIView.performWithoutAnimation { toView.alpha = 0 }
        guard let screen = container.window?.screen,
            let link = screen.startAfterFirstDraw(
                of: { [toView.layer] }, while: { [weak self] in self?.runningTransition === transition },
                start: { [weak self] beginTime in
                    guard let self else { return }
                    transition.startLink = nil
                    transition.slideBeginTime = beginTime
                    if let alpha = transition.heldAlpha {
                        transition.heldAlpha = nil
                        UIView.performWithoutAnimation { toView.alpha = alpha }
                    }
                    UIViewController.withoutAutomaticAppearance {
                        if let interaction {
                            interaction.startInteractiveTransition(context)
                        } else {
                            animator.animateTransition(using: context)
                        }
                    }
                    if self.runningTransition === transition { container.bringSubviewToFront(self.navigationBar) }
                })
        else {
            complete(transition)
            return
        }
        transition.startLink = link
    }

    // MARK: The interactive pop

    /// How fast a release must move right to finish the pop whatever its progress, in
    /// points per second (Vitrine's value; UIKit does not document its own).
    static let popFlingVelocity: CGFloat = 500

    /// Whether the interactive pop gesture may begin: more than one controller, no
    /// transition under way, the controller shown.
    var interactivePopAllowed: Bool {
        stack.count > 1 && runningTransition == nil && viewIfLoaded?.window != nil && appearanceState == .appeared
    }

    /// The interactive pop gesture's action.
    func handleInteractivePop(_ pan: UIPanGestureRecognizer) {
        guard let container = viewIfLoaded else { return }
        let width = max(container.bounds.width, 1)
        let progress = min(1, max(0, pan.translation(in: container).x / width))
        switch pan.state {
        case .began:
            guard interactivePopAllowed else { return }
            edgePopStarting = true
            changeStack(to: Array(stack.dropLast()), animated: true)
            edgePopStarting = false
            guard let transition = runningTransition, transition.to === stack.last else { return }
            edgeTransition = transition
            updateInteractivePop(transition, progress: progress)
        case .changed:
            guard let transition = edgeTransition, runningTransition === transition else { return }
            updateInteractivePop(transition, progress: progress)
        case .ended, .cancelled:
            guard let transition = edgeTransition, runningTransition === transition else { return }
            edgeTransition = nil
            updateInteractivePop(transition, progress: progress)
            let velocity = pan.velocity(in: container).x
            let finishes =
                pan.state == .ended
                && (velocity > Self.popFlingVelocity || (progress > 0.5 && velocity >= -Self.popFlingVelocity))
            if let interaction = transition.edgeInteraction {
                if finishes { interaction.finish() } else { interaction.cancel() }
            } else if transition.edgeProgress != nil {
                releaseEdgeDrive(transition, finishing: finishes)
            }
        default:
            break
        }
    }

    private func updateInteractivePop(_ transition: NavigationTransition, progress: CGFloat) {
        if let interaction = transition.edgeInteraction {
            interaction.update(progress)
        } else if transition.edgeProgress != nil {
            transition.edgeProgress = progress
            placeEdgeDrive(transition, progress: progress)
        }
    }

    /// Sets up a pop the finger drives: the arriving view under the leaving one, at the
    /// parallax offset under the dimming, as the animated pop's start.
    private func beginEdgeDrive(
        from fromView: UIView, to toView: UIView, in container: UIView, transition: NavigationTransition
    ) {
        let dimming = UIView(frame: container.bounds)
        dimming.backgroundColor = .black
        dimming.isUserInteractionEnabled = false
        transition.dimmingView = dimming
        transition.edgeProgress = 0
        UIView.performWithoutAnimation {
            container.insertSubview(toView, belowSubview: fromView)
            container.insertSubview(dimming, aboveSubview: toView)
        }
        placeEdgeDrive(transition, progress: 0)
    }

    /// The views of a finger-driven pop at `progress`: the leaving view moved right by that
    /// share of the width, the arriving one and the dimming from the parallax offset towards
    /// 0, the dimming fading from 10% to 0.
    private func placeEdgeDrive(_ transition: NavigationTransition, progress: CGFloat) {
        guard let container = viewIfLoaded, let fromView = transition.from?.viewIfLoaded,
            let toView = transition.to?.viewIfLoaded, let dimming = transition.dimmingView
        else { return }
        let width = container.bounds.width
        let parallax = -(width * Self.parallaxFraction).rounded()
        UIView.performWithoutAnimation {
            fromView.frame.origin.x = width * progress
            toView.frame.origin.x = parallax * (1 - progress)
            dimming.frame.origin.x = parallax * (1 - progress)
            dimming.alpha = Self.dimmingAlpha * (1 - progress)
        }
    }

    /// The finger lifted: the views run to the end (or back to the start) over the rest of
    /// the slide's duration (`transitionDuration` × the share left), on an ease-out curve
    /// (it continues from the finger's movement and settles), then the pop completes or
    /// cancels.
    private func releaseEdgeDrive(_ transition: NavigationTransition, finishing: Bool) {
        guard let progress = transition.edgeProgress, let container = viewIfLoaded,
            let fromView = transition.from?.viewIfLoaded, let toView = transition.to?.viewIfLoaded,
            let dimming = transition.dimmingView
        else { return }
        transition.edgeProgress = nil
        transition.edgeOutcome = finishing ? .complete : .cancel
        let remaining = finishing ? 1 - progress : progress
        let width = container.bounds.width
        let parallax = -(width * Self.parallaxFraction).rounded()
        let end = { [weak self] in
            guard let self else { return }
            if finishing { self.complete(transition) } else { self.cancel(transition) }
        }
        guard let screen = container.window?.screen,
            let link = screen.startAfterFirstDraw(
                of: { [fromView.layer, toView.layer, dimming.layer] },
                while: { [weak self] in self?.runningTransition === transition },
                start: { beginTime in
                    transition.startLink = nil
                    transition.slideBeginTime = beginTime
                    UIView.animate(
                        withDuration: Self.transitionDuration * Double(remaining), delay: 0, options: .curveEaseOut,
                        animations: {
                            fromView.frame.origin.x = finishing ? width : 0
                            toView.frame.origin.x = finishing ? 0 : parallax
                            dimming.frame.origin.x = finishing ? 0 : parallax
                            dimming.alpha = finishing ? 0 : Self.dimmingAlpha
                        },
                        completion: { _ in end() })
                })
        else {
            end()
            return
        }
        transition.startLink = link
    }

    /// Places the bar under the top of the safe area and gives the controllers' views the
    /// bar's height as a safe-area inset, as UIKit's navigation controller does.
    func layoutContainer() {
        guard let container = viewIfLoaded else { return }
        let safeTop = container.safeAreaInsets.top
        let height = UINavigationBar.height
        let search = barHidden ? nil : stack.last?.navigationItem.searchController
        // An active search hides the navigation bar above its search bar, as UIKit's does.
        let hidesBar = barHidden || (search.map { $0.isActive && $0.hidesNavigationBarDuringPresentation } ?? false)
        let barY = hidesBar ? -height : safeTop
        navigationBar.frame = CGRect(x: 0, y: barY, width: container.bounds.width, height: height)
        var inset = barHidden ? 0 : navigationBar.frame.maxY
        if hidesBar { inset = barHidden ? 0 : safeTop }
        layoutSearchBar(of: search, in: container, top: &inset)
        let bottomInset = layoutToolbar(in: container)
        for controller in stack {
            controller.containerSafeAreaInsets = UIEdgeInsets(top: inset, left: 0, bottom: bottomInset, right: 0)
        }
        if runningTransition == nil, let topView = stack.last?.viewIfLoaded, topView.superview === container {
            topView.frame = container.bounds
        }
    }
}

extension UINavigationController {
    /// Puts the top item's search bar under the navigation bar (or at `top` while the
    /// navigation bar hides for an active search), moves `top` below it, and takes away the
    /// bars of items no longer on top.
    func layoutSearchBar(of search: UISearchController?, in container: UIView, top: inout CGFloat) {
        for case let bar as UISearchBar in container.subviews where bar !== search?.searchBar {
            if bar.searchController != nil { bar.removeFromSuperview() }
        }
        guard let search else { return }
        let bar = search.searchBar
        let subviews = container.subviews
        let barIndex = subviews.firstIndex { $0 === bar }
        let contentIndex = stack.last?.viewIfLoaded.flatMap { view in subviews.firstIndex { $0 === view } }
        // Above the top controller's view, below the navigation bar.
        if barIndex == nil || (contentIndex.map { $0 > barIndex! } ?? false) {
            container.insertSubview(bar, belowSubview: navigationBar)
        }
        bar.frame = CGRect(x: 0, y: top, width: container.bounds.width, height: UISearchBar.barHeight)
        top = bar.frame.maxY
        search.layoutOverlay()
    }
}
