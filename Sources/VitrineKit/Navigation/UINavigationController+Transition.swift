import Foundation

/// One change of a navigation controller's stack on its way: who leaves, who arrives, and
/// the views of the slide.
@MainActor
final class NavigationTransition {
    let from: UIViewController?
    let to: UIViewController?
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

    init(
        from: UIViewController?, to: UIViewController?, added: [UIViewController], removed: [UIViewController],
        animated: Bool, visible: Bool
    ) {
        self.from = from
        self.to = to
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
        let to = newStack.last
        let container = viewIfLoaded
        let visible = container?.window != nil && showsChildren
        let transition = NavigationTransition(
            from: from, to: to, added: added, removed: removed,
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
        if transition.animated, let fromView = from?.viewIfLoaded, let toView = to?.viewIfLoaded {
            let isPush = !oldStack.contains { $0 === to }
            slide(from: fromView, to: toView, in: container, push: isPush, transition: transition)
        } else {
            complete(transition)
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

    /// Ends the running transition now, if there is one (its "did" callbacks run).
    func finishRunningTransition() {
        guard let transition = runningTransition else { return }
        complete(transition)
    }

    /// Ends `transition` (once): the old view leaves, the "did" callbacks and the containment
    /// ends run in UIKit's order, then the delegate's `didShow`.
    func complete(_ transition: NavigationTransition) {
        guard runningTransition === transition else { return }
        runningTransition = nil
        transition.startLink?.invalidate()
        transition.startLink = nil
        let fromView = transition.from?.viewIfLoaded
        let toView = transition.to?.viewIfLoaded
        for view in [fromView, toView, transition.dimmingView].compactMap({ $0 }) {
            view.layer.removeAllAnimations()
        }
        transition.dimmingView?.removeFromSuperview()
        UIViewController.withoutAutomaticAppearance {
            if transition.from !== transition.to, let fromView, fromView.superview === viewIfLoaded {
                fromView.removeFromSuperview()
                fromView.frame.origin.x = 0
            }
            if let toView, let container = viewIfLoaded, toView.superview === container {
                toView.frame = container.bounds
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

    /// Places the bar under the top of the safe area and gives the controllers' views the
    /// bar's height as a safe-area inset, as UIKit's navigation controller does.
    func layoutContainer() {
        guard let container = viewIfLoaded else { return }
        let safeTop = container.safeAreaInsets.top
        let height = UINavigationBar.height
        let barY = barHidden ? -height : safeTop
        navigationBar.frame = CGRect(x: 0, y: barY, width: container.bounds.width, height: height)
        let inset = barHidden ? 0 : navigationBar.frame.maxY
        for controller in stack {
            controller.containerSafeAreaInsets = UIEdgeInsets(top: inset, left: 0, bottom: 0, right: 0)
        }
        if runningTransition == nil, let topView = stack.last?.viewIfLoaded, topView.superview === container {
            topView.frame = container.bounds
        }
    }
}
