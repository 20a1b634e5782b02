import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// The push and pop slide: geometry sampled against an independently computed critically
/// damped spring, touches ignored only while it runs, and stack changes during a slide.
@Suite("UINavigationController transitions") @MainActor struct NavigationTransitionTests {
    /// The share of the way a critically damped spring has gone at `t` when it settles to
    /// 0.1% at `duration`: 1 − (1 + ωt)e^(−ωt), with ω found here by bisection on
    /// (1 + u)e^(−u) = 0.001.
    static func springProgress(_ t: Double, duration: Double = 0.35) -> Double {
        var low = 1.0
        var high = 30.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if (1 + mid) * exp(-mid) > 0.001 { low = mid } else { high = mid }
        }
        let omega = (low + high) / 2 / duration
        return 1 - (1 + omega * t) * exp(-omega * t)
    }

    /// The frames nearest to 25%, 50% and 75% of the 0.35 s slide at 60 Hz.
    static let sampleFrames = [0.25, 0.5, 0.75].map { Int(($0 * 0.35 * 60).rounded()) }

    /// Runs frames until the slide has begun (it starts at the frame after the one that
    /// first draws the views at their start positions) and returns when it began.
    private func slideBegin(_ s: NavigationScene) throws -> Double {
        let transition = try #require(s.navigation.runningTransition)
        for _ in 0..<4 where transition.slideBeginTime == nil { s.scene.clock.advance(by: 1.0 / 60) }
        return try #require(transition.slideBeginTime)
    }

    private func sample(_ s: NavigationScene, begin: Double, frame k: Int) {
        // The frame showing at begin + k periods is rendered at the vblank a period earlier.
        let target = begin + Double(k - 1) / 60 + 1e-7
        if target > s.scene.clock.now { s.scene.clock.advance(to: target) }
    }

    private func shownX(_ view: UIView) -> Double {
        Double((view.layer.presentation() ?? view.layer).position.x)
    }

    @Test func aPushSlidesTheNewViewInOverTheOldOneWithParallaxAndDimming() throws {
        let s = NavigationScene()
        let b = s.controller("B")
        let a = s.root
        s.navigation.pushViewController(b, animated: true)
        let dimming = try #require(s.navigation.runningTransition?.dimmingView)
        // Before the slide begins, the new view waits just off the right edge.
        #expect(b.view.frame.origin.x == 400)
        let begin = try slideBegin(s)
        #expect(begin - s.scene.clock.now < 1.0 / 60 + 1e-9)
        for k in Self.sampleFrames {
            sample(s, begin: begin, frame: k)
            let p = Self.springProgress(Double(k) / 60)
            #expect(abs(shownX(b.view) - (200 + 400 * (1 - p))) < 0.01, "frame \(k)")
            #expect(abs(shownX(a.view) - (200 - 120 * p)) < 0.01, "frame \(k)")
            let dim = Double((dimming.layer.presentation() ?? dimming.layer).opacity)
            #expect(abs(dim - 0.1 * p) < 1e-3, "frame \(k)")
        }
        s.finishTransition()
        #expect(b.view.frame.origin.x == 0 && a.view.frame.origin.x == 0)
        #expect(dimming.superview == nil && s.navigation.runningTransition == nil)
    }

    @Test func aPopIsTheMirror() throws {
        let s = NavigationScene()
        let b = s.controller("B")
        let a = s.root
        s.navigation.pushViewController(b, animated: false)
        s.scene.clock.advance(by: 0.05)
        s.navigation.popViewController(animated: true)
        // The view underneath comes back from the parallax offset, below the leaving one.
        #expect(
            s.navigation.view.subviews.firstIndex { $0 === a.view }! < s.navigation.view.subviews.firstIndex {
                $0 === b.view
            }!)
        let begin = try slideBegin(s)
        for k in Self.sampleFrames {
            sample(s, begin: begin, frame: k)
            let p = Self.springProgress(Double(k) / 60)
            #expect(abs(shownX(b.view) - (200 + 400 * p)) < 0.01, "frame \(k)")
            #expect(abs(shownX(a.view) - (200 - 120 * (1 - p))) < 0.01, "frame \(k)")
        }
        s.finishTransition()
        #expect(b.view.superview == nil && a.view.frame.origin.x == 0)
    }

    @Test func touchesAreIgnoredOnlyWhileTheSlideRuns() {
        let s = NavigationScene()
        let b = s.controller("B")
        var taps = 0
        b.navigationItem.rightBarButtonItem = UIBarButtonItem(
            title: "Go", style: .plain, target: nil, action: { _ in taps += 1 })
        s.navigation.pushViewController(b, animated: true)
        s.scene.clock.advance(by: 0.1)
        let bar = s.navigation.navigationBar
        let button = bar.rightButtons[0]
        s.tap(CGPoint(x: button.bounds.midX, y: button.bounds.midY), in: button)
        #expect(taps == 0)
        s.finishTransition()
        s.tap(CGPoint(x: button.bounds.midX, y: button.bounds.midY), in: button)
        #expect(taps == 1)
    }

    @Test func aPushDuringASlideFinishesTheRunningOneFirst() {
        let s = NavigationScene()
        let b = s.controller("B")
        let c = s.controller("C")
        s.navigation.pushViewController(b, animated: true)
        s.scene.clock.advance(by: 0.1)
        _ = s.log.take()
        s.navigation.pushViewController(c, animated: true)
        #expect(
            s.log.take() == [
                "A.viewDidDisappear(true)", "B.viewDidAppear(true) +moving", "B.didMove(nav)",
                "delegate.didShow(B, true)", "C.willMove(nav)", "C.viewDidLoad", "B.viewWillDisappear(true)",
                "C.viewWillAppear(true) +moving", "delegate.willShow(C, true)",
            ])
        #expect(s.root.view.superview == nil)
        s.finishTransition()
        #expect(s.log.take().count == 4)
        #expect(same(s.navigation.viewControllers, [s.root, b, c]))
        #expect(s.navigation.runningTransition == nil)
        #expect(c.view.frame.origin.x == 0)
    }

    @Test func removingTheNavigationViewMidSlideEndsTheSlide() {
        let s = NavigationScene()
        s.navigation.pushViewController(s.controller("B"), animated: true)
        s.scene.clock.advance(by: 0.1)
        s.navigation.view.removeFromSuperview()
        #expect(s.navigation.runningTransition == nil)
        #expect(s.navigation.navigationBar.topItem?.title == "B")
    }

    @Test func aPushFromTheDelegatesWillShowFinishesTheFirstAndSlidesTheSecond() {
        @MainActor final class PushingDelegate: UINavigationControllerDelegate {
            var next: UIViewController?
            var shown: [String] = []
            func navigationController(
                _ navigationController: UINavigationController, willShow viewController: UIViewController,
                animated: Bool
            ) {
                guard let next else { return }
                self.next = nil
                navigationController.pushViewController(next, animated: true)
            }
            func navigationController(
                _ navigationController: UINavigationController, didShow viewController: UIViewController,
                animated: Bool
            ) {
                shown.append(viewController.title ?? "?")
            }
        }
        let s = NavigationScene()
        let delegate = PushingDelegate()
        delegate.next = s.controller("C")
        s.navigation.delegate = delegate
        let b = s.controller("B")
        s.navigation.pushViewController(b, animated: true)
        #expect(delegate.shown == ["B"])
        s.finishTransition()
        #expect(delegate.shown == ["B", "C"])
        #expect(s.navigation.viewControllers.map(\.title) == ["A", "B", "C"])
        #expect(s.navigation.runningTransition == nil && b.view.superview == nil)
        #expect(s.navigation.topViewController?.view.frame.origin.x == 0)
    }
}
