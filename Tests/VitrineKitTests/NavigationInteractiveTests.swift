import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// A finger dragged on a navigation scene: down, moves one frame apart, a rest, the lift.
@MainActor
struct EdgeDrag {
    let s: NavigationScene
    private(set) var time: Double

    init(_ s: NavigationScene, at point: CGPoint) {
        self.s = s
        time = s.scene.clock.now + 1.0 / 60
        s.scene.clock.advance(to: time)
        s.scene.input.down(at: point, time: time)
    }

    /// Moves to `point` a frame later.
    mutating func move(to point: CGPoint) {
        time += 1.0 / 60
        s.scene.clock.advance(to: time)
        s.scene.input.move(to: point, time: time)
    }

    /// Lifts after `rest` seconds without moving (0: at once, with the drag's speed).
    mutating func lift(after rest: Double = 0.2) {
        time += rest > 0 ? rest : 0.005
        s.scene.clock.advance(to: time)
        s.scene.input.up(time: time)
    }
}

/// An animator that slides the pushed view in from the right, or the popped one out to the
/// right, linearly over `duration`, and logs what it is told.
@MainActor
final class LoggingSlideAnimator: UIViewControllerAnimatedTransitioning {
    let log: NavigationLog
    let duration: TimeInterval
    /// The contexts it was given, while their transitions keep them (weakly, as a context
    /// keeps its animator).
    var contexts: [UIViewControllerContextTransitioning] { contextReferences.compactMap(\.context) }
    private var contextReferences: [WeakContext] = []
    private struct WeakContext {
        weak var context: (any UIViewControllerContextTransitioning)?
    }

    init(log: NavigationLog, duration: TimeInterval) {
        self.log = log
        self.duration = duration
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        contextReferences.append(WeakContext(context: transitionContext))
        let container = transitionContext.containerView
        guard let fromView = transitionContext.view(forKey: .from), let toView = transitionContext.view(forKey: .to),
            let to = transitionContext.viewController(forKey: .to),
            let from = transitionContext.viewController(forKey: .from)
        else { return }
        log.add(
            "animator.animate(\(from.title ?? "?")→\(to.title ?? "?"), interactive \(transitionContext.isInteractive))")
        let width = container.bounds.width
        // A push leaves the old top on the stack; a pop has taken it off.
        let push = from.navigationController?.viewControllers.contains { $0 === from } ?? false
        if push {
            container.addSubview(toView)
            toView.frame = transitionContext.finalFrame(for: to).offsetBy(dx: width, dy: 0)
        } else {
            container.insertSubview(toView, belowSubview: fromView)
            toView.frame = transitionContext.finalFrame(for: to)
        }
        UIView.animate(
            withDuration: duration, delay: 0, options: .curveLinear,
            animations: {
                if push { toView.frame.origin.x = 0 } else { fromView.frame.origin.x = width }
            },
            completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
    }

    func animationEnded(_ transitionCompleted: Bool) { log.add("animator.animationEnded(\(transitionCompleted))") }
}

/// A delegate that logs `willShow`/`didShow` and hands out an animator and an interaction
/// controller.
@MainActor
final class CustomTransitionDelegate: UINavigationControllerDelegate {
    let log: NavigationLog
    var animator: UIViewControllerAnimatedTransitioning?
    var interaction: UIViewControllerInteractiveTransitioning?
    private(set) var operations: [UINavigationController.Operation] = []

    init(log: NavigationLog) { self.log = log }

    func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) {
        log.add("delegate.willShow(\(viewController.title ?? "?"), \(animated))")
    }

    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {
        log.add("delegate.didShow(\(viewController.title ?? "?"), \(animated))")
    }

    func navigationController(
        _ navigationController: UINavigationController,
        animationControllerFor operation: UINavigationController.Operation, from fromVC: UIViewController,
        to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        operations.append(operation)
        return animator
    }

    func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? { interaction }
}

/// The interactive pop (the left-edge swipe) and custom push and pop transitions, with
/// UIKit's callbacks, on the manual clock with synthetic touches.
@Suite("UINavigationController interactive transitions") @MainActor struct NavigationInteractiveTests {
    /// A scene with B pushed on A, settled, its log emptied.
    private func sceneWithB() -> (NavigationScene, NavigationLoggingController) {
        let s = NavigationScene()
        let b = s.controller("B")
        s.navigation.pushViewController(b, animated: false)
        s.scene.clock.advance(by: 0.05)
        _ = s.log.take()
        return (s, b)
    }

    private static let popStart = [
        "B.willMove(nil)", "B.viewWillDisappear(true) -moving", "A.viewWillAppear(true)", "delegate.willShow(A, true)",
    ]
    private static let popEnd = [
        "B.viewDidDisappear(true) -moving", "A.viewDidAppear(true)", "B.didMove(nil)", "delegate.didShow(A, true)",
    ]
    private static let cancelEnd = [
        "A.viewWillDisappear(true)", "A.viewDidDisappear(true)", "B.viewWillAppear(true)", "B.viewDidAppear(true)",
    ]

    @Test func theGestureIsALeftEdgePanOnTheNavigationView() throws {
        let (s, _) = sceneWithB()
        let recognizer = try #require(s.navigation.interactivePopGestureRecognizer as? UIScreenEdgePanGestureRecognizer)
        #expect(recognizer.edges == .left)
        #expect(recognizer.view === s.navigation.view)
    }

    @Test func aDragPastHalfwayPopsWithTheViewsFollowingTheFinger() throws {
        let (s, b) = sceneWithB()
        let a = s.root
        var drag = EdgeDrag(s, at: CGPoint(x: 4, y: 150))
        drag.move(to: CGPoint(x: 20, y: 151))
        #expect(s.log.take() == Self.popStart)
        #expect(same(s.navigation.viewControllers, [a]) && b.isMovingFromParent)
        let dimming = try #require(s.navigation.runningTransition?.dimmingView)
        // The views stand where the pop's geometry puts them for the finger's share of the
        // width: the top view moved by it, the one underneath from -30% of the width towards 0
        // under the dimming going from 10% to 0.
        for share in [0.25, 0.5, 0.75] {
            drag.move(to: CGPoint(x: 4 + 400 * share, y: 152))
            s.scene.clock.advance(by: 1.0 / 60)
            let shownB = Double((b.view.layer.presentation() ?? b.view.layer).position.x)
            let shownA = Double((a.view.layer.presentation() ?? a.view.layer).position.x)
            #expect(abs(shownB - (200 + 400 * share)) < 1e-6, "\(share)")
            #expect(abs(shownA - (200 - 120 * (1 - share))) < 1e-6, "\(share)")
            #expect(abs(Double(dimming.alpha) - 0.1 * (1 - share)) < 1e-6, "\(share)")
            #expect(abs(Double(dimming.frame.minX) + 120 * (1 - share)) < 1e-6, "\(share)")
        }
        #expect(s.log.take().isEmpty)
        // Released at rest at 75%: it runs on to the end over the rest of the duration.
        drag.lift()
        s.scene.clock.advance(by: 0.05)
        #expect(s.log.take().isEmpty && s.navigation.runningTransition != nil)
        s.finishTransition()
        #expect(s.log.take() == Self.popEnd)
        #expect(same(s.navigation.viewControllers, [a]) && b.parent == nil && !b.isMovingFromParent)
        #expect(b.view.superview == nil && dimming.superview == nil && a.view.frame == s.navigation.view.bounds)
        #expect(s.navigation.runningTransition == nil && s.navigation.navigationBar.topItem?.title == "A")
    }

    @Test func aShortDragCancelsAndPutsEverythingBack() {
        let (s, b) = sceneWithB()
        let a = s.root
        var taps = 0
        b.navigationItem.rightBarButtonItem = UIBarButtonItem(
            title: "Go", style: .plain, target: nil, action: { _ in taps += 1 })
        var drag = EdgeDrag(s, at: CGPoint(x: 4, y: 150))
        drag.move(to: CGPoint(x: 40, y: 150))
        drag.move(to: CGPoint(x: 124, y: 150))
        #expect(s.navigation.navigationBar.topItem?.title == "A")
        drag.lift()
        s.finishTransition()
        #expect(s.log.take() == Self.popStart + Self.cancelEnd)  // no didShow
        #expect(same(s.navigation.viewControllers, [a, b]) && b.parent === s.navigation)
        #expect(!b.isMovingFromParent && b.appearanceState == .appeared && a.appearanceState == .disappeared)
        #expect(s.navigation.navigationBar.topItem?.title == "B" && s.navigation.navigationBar.backItem?.title == "A")
        #expect(a.view.superview == nil && b.view.frame == s.navigation.view.bounds)
        #expect(s.navigation.runningTransition == nil)
        // Touches work again: the bar's button, then another swipe that pops.
        let button = s.navigation.navigationBar.rightButtons[0]
        s.tap(CGPoint(x: button.bounds.midX, y: button.bounds.midY), in: button)
        #expect(taps == 1)
        var again = EdgeDrag(s, at: CGPoint(x: 4, y: 150))
        again.move(to: CGPoint(x: 100, y: 150))
        again.move(to: CGPoint(x: 300, y: 150))
        again.lift()
        s.finishTransition()
        #expect(same(s.navigation.viewControllers, [a]))
    }

    @Test func aFlingRightCompletesFromAShortDrag() {
        let (s, b) = sceneWithB()
        var drag = EdgeDrag(s, at: CGPoint(x: 4, y: 150))
        drag.move(to: CGPoint(x: 30, y: 150))
        drag.move(to: CGPoint(x: 60, y: 150))
        drag.move(to: CGPoint(x: 90, y: 150))  // 30 points a frame: 1,800 points a second
        drag.lift(after: 0)
        s.finishTransition()
        #expect(same(s.navigation.viewControllers, [s.root]) && b.parent == nil)
        #expect(s.log.take() == Self.popStart + Self.popEnd)
    }

    @Test func aFlingLeftCancelsEvenPastHalfway() {
        let (s, b) = sceneWithB()
        var drag = EdgeDrag(s, at: CGPoint(x: 4, y: 150))
        drag.move(to: CGPoint(x: 100, y: 150))
        drag.move(to: CGPoint(x: 300, y: 150))
        for x in stride(from: 280, through: 212, by: -17) { drag.move(to: CGPoint(x: CGFloat(x), y: 150)) }
        #expect(s.navigation.runningTransition?.edgeProgress ?? 0 > 0.5)
        drag.lift(after: 0)
        s.finishTransition()
        #expect(same(s.navigation.viewControllers, [s.root, b]))
    }

    @Test func anEdgeSwipeWithOneControllerDoesNothing() {
        let s = NavigationScene()
        var drag = EdgeDrag(s, at: CGPoint(x: 4, y: 150))
        drag.move(to: CGPoint(x: 100, y: 150))
        drag.move(to: CGPoint(x: 300, y: 150))
        #expect(s.navigation.runningTransition == nil)
        drag.lift()
        s.finishTransition()
        #expect(s.log.take().isEmpty)
        #expect(same(s.navigation.viewControllers, [s.root]) && s.root.view.frame.origin.x == 0)
    }

    @Test func aPushDuringTheDragCancelsThePopAndLeavesNothingStuck() {
        let (s, b) = sceneWithB()
        let c = s.controller("C")
        var drag = EdgeDrag(s, at: CGPoint(x: 4, y: 150))
        drag.move(to: CGPoint(x: 100, y: 150))
        drag.move(to: CGPoint(x: 250, y: 150))
        _ = s.log.take()
        s.navigation.pushViewController(c, animated: true)
        #expect(
            Array(s.log.take().prefix(4)) == Self.cancelEnd)
        // The finger goes on and lifts: nothing more happens to the stack.
        drag.move(to: CGPoint(x: 300, y: 150))
        drag.lift()
        s.finishTransition()
        #expect(same(s.navigation.viewControllers, [s.root, b, c]))
        #expect(s.navigation.runningTransition == nil && c.view.frame == s.navigation.view.bounds)
        #expect(b.view.superview == nil && s.root.view.superview == nil)
        // And the next swipe pops C.
        var again = EdgeDrag(s, at: CGPoint(x: 4, y: 150))
        again.move(to: CGPoint(x: 100, y: 150))
        again.move(to: CGPoint(x: 300, y: 150))
        again.lift()
        s.finishTransition()
        #expect(same(s.navigation.viewControllers, [s.root, b]))
    }

    @Test func aCustomPushAnimatorRunsAndItsCompletionEndsThePush() throws {
        let s = NavigationScene()
        let delegate = CustomTransitionDelegate(log: s.log)
        let animator = LoggingSlideAnimator(log: s.log, duration: 0.3)
        delegate.animator = animator
        s.navigation.delegate = delegate
        let b = s.controller("B")
        s.navigation.pushViewController(b, animated: true)
        #expect(
            s.log.take() == [
                "B.willMove(nav)", "B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true) +moving",
                "delegate.willShow(B, true)",
            ])
        #expect(delegate.operations == [.push])
        s.scene.clock.advance(by: 0.05)
        #expect(s.log.take() == ["animator.animate(A→B, interactive false)"])
        let context = try #require(animator.contexts.first)
        #expect(context.containerView === s.navigation.view && context.isAnimated && !context.isInteractive)
        #expect(context.viewController(forKey: .from) === s.root && context.viewController(forKey: .to) === b)
        #expect(context.finalFrame(for: b) == s.navigation.view.bounds)
        // The bar stays above what the animator added.
        #expect(s.navigation.view.subviews.last === s.navigation.navigationBar)
        s.scene.clock.advance(by: 0.15)
        let shown = Double((b.view.layer.presentation() ?? b.view.layer).position.x)
        #expect(shown > 200 && shown < 600)
        s.finishTransition()
        #expect(
            s.log.take() == [
                "A.viewDidDisappear(true)", "B.viewDidAppear(true) +moving", "B.didMove(nav)",
                "delegate.didShow(B, true)", "animator.animationEnded(true)",
            ])
        #expect(same(s.navigation.viewControllers, [s.root, b]) && s.root.view.superview == nil)
        #expect(b.view.frame == s.navigation.view.bounds && s.navigation.runningTransition == nil)
    }

    /// A pop through a delegate's animator and a percent-driven interaction controller.
    private func percentDrivenPop() -> (
        NavigationScene, NavigationLoggingController, UIPercentDrivenInteractiveTransition, CustomTransitionDelegate
    ) {
        let (s, b) = sceneWithB()
        let delegate = CustomTransitionDelegate(log: s.log)
        delegate.animator = LoggingSlideAnimator(log: s.log, duration: 1)
        let interaction = UIPercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        s.navigation.delegate = delegate
        s.navigation.popViewController(animated: true)
        s.scene.clock.advance(by: 0.05)
        return (s, b, interaction, delegate)
    }

    @Test func aPercentDrivenPopFollowsUpdatesAndFinishes() {
        let (s, b, interaction, delegate) = percentDrivenPop()
        #expect(s.log.take() == Self.popStart + ["animator.animate(B→A, interactive true)"])
        #expect(interaction.duration == 1)
        for share in [0.25, 0.5, 0.75] {
            interaction.update(CGFloat(share))
            s.scene.clock.advance(by: 1.0 / 60)
            let shown = Double((b.view.layer.presentation() ?? b.view.layer).position.x)
            #expect(abs(shown - (200 + 400 * share)) < 0.5, "\(share)")
            #expect(interaction.percentComplete == CGFloat(share))
        }
        s.scene.clock.advance(by: 1)
        #expect(s.log.take().isEmpty)  // nothing moves without an update
        interaction.finish()
        s.scene.clock.advance(by: 0.1)
        let shown = Double((b.view.layer.presentation() ?? b.view.layer).position.x)
        #expect(shown > 500)
        s.scene.clock.advance(by: 0.5)
        #expect(s.log.take() == Self.popEnd + ["animator.animationEnded(true)"])
        #expect(same(s.navigation.viewControllers, [s.root]) && b.view.superview == nil)
        #expect(s.navigation.view.layer.speed == 1 && s.navigation.view.layer.timeOffset == 0)
        #expect(s.navigation.runningTransition == nil)
        withExtendedLifetime(delegate) {}
    }

    @Test func aPercentDrivenPopCancelsBackToTheStart() {
        let (s, b, interaction, delegate) = percentDrivenPop()
        _ = s.log.take()
        interaction.update(0.5)
        s.scene.clock.advance(by: 1.0 / 60)
        interaction.cancel()
        s.scene.clock.advance(by: 0.25)
        let shown = Double((b.view.layer.presentation() ?? b.view.layer).position.x)
        #expect(shown > 250 && shown < 400)  // on its way back
        #expect(s.navigation.runningTransition != nil)
        s.scene.clock.advance(by: 0.5)
        #expect(s.log.take() == Self.cancelEnd + ["animator.animationEnded(false)"])
        #expect(same(s.navigation.viewControllers, [s.root, b]) && b.parent === s.navigation)
        #expect(b.view.frame == s.navigation.view.bounds && s.root.view.superview == nil)
        #expect(s.navigation.view.layer.speed == 1 && s.navigation.runningTransition == nil)
        #expect(s.navigation.navigationBar.topItem?.title == "B")
        withExtendedLifetime(delegate) {}
    }

    @Test func completeTransitionFalseCancelsACustomPush() {
        @MainActor final class RefusingAnimator: UIViewControllerAnimatedTransitioning {
            func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
                0.1
            }
            func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
                transitionContext.completeTransition(false)
            }
        }
        let s = NavigationScene()
        let delegate = CustomTransitionDelegate(log: s.log)
        delegate.animator = RefusingAnimator()
        s.navigation.delegate = delegate
        let b = s.controller("B")
        s.navigation.pushViewController(b, animated: true)
        s.finishTransition()
        #expect(
            s.log.take().suffix(6) == [
                "B.viewWillDisappear(true)", "B.viewDidDisappear(true)", "A.viewWillAppear(true)",
                "A.viewDidAppear(true)", "B.willMove(nil)", "B.didMove(nil)",
            ])
        #expect(same(s.navigation.viewControllers, [s.root]) && b.parent == nil && !b.isMovingToParent)
        #expect(b.view.superview == nil && s.root.view.frame == s.navigation.view.bounds)
        #expect(s.navigation.navigationBar.topItem?.title == "A")
    }

    @Test func anEdgeSwipeDrivesTheDelegatesPopAnimator() throws {
        let (s, b) = sceneWithB()
        let delegate = CustomTransitionDelegate(log: s.log)
        let animator = LoggingSlideAnimator(log: s.log, duration: 0.4)
        delegate.animator = animator
        s.navigation.delegate = delegate
        var drag = EdgeDrag(s, at: CGPoint(x: 4, y: 150))
        drag.move(to: CGPoint(x: 40, y: 150))
        drag.move(to: CGPoint(x: 204, y: 150))
        s.scene.clock.advance(by: 1.0 / 60)
        // The animator runs interactively: B follows the finger (half the width: half way).
        #expect(delegate.operations == [.pop])
        #expect(s.log.entries.contains("animator.animate(B→A, interactive true)"))
        let shown = b.view.layer.presentation() ?? b.view.layer
        // Half the width dragged: B's centre half way from 200 to 600.
        #expect(abs(Double(shown.position.x) - 400) < 1, "B's centre at \(shown.position.x)")
        drag.move(to: CGPoint(x: 304, y: 150))
        drag.lift()
        s.finishTransition()
        #expect(same(s.navigation.viewControllers, [s.root]))
        #expect(s.log.take().suffix(5) == Self.popEnd + ["animator.animationEnded(true)"])
    }
}
