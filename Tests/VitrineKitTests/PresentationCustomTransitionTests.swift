import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// A transitioning delegate whose animators slide the presented view in from the left
/// (linear, 0.3 s) and fade it out, logging what the context gives them.
@MainActor
final class SlideInDelegate: UIViewControllerTransitioningDelegate {
    final class Animator: UIViewControllerAnimatedTransitioning {
        let presenting: Bool
        let log: NavigationLog
        init(presenting: Bool, log: NavigationLog) {
            self.presenting = presenting
            self.log = log
        }

        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }

        func animateTransition(using context: UIViewControllerContextTransitioning) {
            log.add("animateTransition(\(presenting ? "present" : "dismiss"))")
            if presenting {
                guard let toView = context.view(forKey: .to), let to = context.viewController(forKey: .to) else {
                    return
                }
                let final = context.finalFrame(for: to)
                context.containerView.addSubview(toView)
                toView.frame = final.offsetBy(dx: -final.width, dy: 0)
                UIView.animate(
                    withDuration: 0.3, delay: 0, options: .curveLinear, animations: { toView.frame = final },
                    completion: { _ in context.completeTransition(true) })
            } else {
                guard let fromView = context.view(forKey: .from) else { return }
                UIView.animate(
                    withDuration: 0.3, animations: { fromView.alpha = 0 },
                    completion: { _ in context.completeTransition(true) })
            }
        }

        func animationEnded(_ transitionCompleted: Bool) { log.add("animationEnded(\(transitionCompleted))") }
    }

    let log: NavigationLog
    init(log: NavigationLog) { self.log = log }

    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? { Animator(presenting: true, log: log) }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        Animator(presenting: false, log: log)
    }
}

@Suite("Custom presentation transitions") @MainActor struct PresentationCustomTransitionTests {
    @Test func aTransitioningDelegatesAnimatorsRunTheTransitions() throws {
        let s = PresentationScene()
        let delegate = SlideInDelegate(log: s.log)
        let b = s.controller("B", style: .custom)
        b.transitioningDelegate = delegate
        s.root.present(b, animated: true) { s.log.add("completion") }
        #expect(s.log.take() == ["B.viewWillAppear(true) +presented"])
        let presentation = try #require(b.presentation)
        for _ in 0..<4 where presentation.animationBeginTime == nil { s.scene.clock.advance(by: 1.0 / 60) }
        let begin = try #require(presentation.animationBeginTime)
        #expect(s.log.take() == ["animateTransition(present)"])
        #expect(b.view.superview === s.containers.first && b.view.alpha == 1)
        // Linear: at frame 9 of 18 the view is half way in from the left.
        s.scene.clock.advance(to: begin + 8.0 / 60 + 1e-7)
        let x = Double((b.view.layer.presentation() ?? b.view.layer).position.x)
        #expect(abs(x - (200 - 400 * (1 - 9.0 / 18))) < 0.01, "\(x)")
        s.finishTransition()
        #expect(
            s.log.take() == ["B.viewDidAppear(true) +presented", "completion", "animationEnded(true)"])
        #expect(b.view.frame == s.scene.window.bounds && !b.isBeingPresented)

        b.dismiss(animated: true) { s.log.add("completion") }
        #expect(s.log.take() == ["B.viewWillDisappear(true) -dismissed", "animateTransition(dismiss)"])
        s.finishTransition()
        #expect(
            s.log.take() == ["B.viewDidDisappear(true) -dismissed", "completion", "animationEnded(true)"])
        #expect(s.containers.isEmpty && s.root.presentedViewController == nil)
    }
}
