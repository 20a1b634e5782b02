import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform

@testable import VitrineKit

/// UIViewPropertyAnimator: running, pausing, scrubbing, reversing, stopping, finishing.
@Suite("UIViewPropertyAnimator") @MainActor struct PropertyAnimatorTests {
    private func shownX(_ scene: ViewAnimationScene) -> Double { Double(scene.shown.position.x) }

    @Test func runningToTheEndCompletesAtTheEnd() {
        let scene = ViewAnimationScene()
        var positions: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 0.5, curve: .easeIn) { scene.view.center.x = 120 }
        animator.addCompletion { positions.append($0) }
        #expect(animator.state == .inactive)
        let t0 = scene.rig.clock.now
        scene.start()
        animator.startAnimation()
        #expect(animator.state == .active)
        #expect(animator.isRunning)
        scene.frame(12)
        let f = (scene.time(12) - t0) / 0.5
        #expect(abs(shownX(scene) - (20 + 100 * referenceCurve(f, 0.42, 0, 1, 1))) < 1e-4)
        scene.run(0.5)
        #expect(positions == [.end])
        #expect(animator.state == .inactive)
        #expect(!animator.isRunning)
        #expect(scene.view.center.x == 120)
        #expect(scene.view.layer.animationKeys() == nil)
        #expect(scene.rig.clock.pendingCount == 0)
    }

    @Test func scrubbingWhilePausedThenReversingEndsAtTheStart() {
        let scene = ViewAnimationScene()
        var positions: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { scene.view.center.x = 120 }
        animator.addCompletion { positions.append($0) }
        animator.pauseAnimation()
        #expect(animator.state == .active)
        #expect(!animator.isRunning)
        #expect(scene.view.center.x == 120)
        scene.run(0.05)
        #expect(abs(shownX(scene) - 20) < 1e-9)
        for fraction in [0.25, 0.6, 0.1] {
            animator.fractionComplete = CGFloat(fraction)
            scene.run(1.0 / 30)
            #expect(abs(shownX(scene) - (20 + 100 * fraction)) < 1e-9)
            #expect(abs(Double(animator.fractionComplete) - fraction) < 1e-12)
        }
        animator.fractionComplete = .nan  // ignored
        #expect(abs(Double(animator.fractionComplete) - 0.1) < 1e-12)
        // Resume forwards from 0.5, reverse 0.2 s later: back at the start 0.7 s after that.
        animator.fractionComplete = 0.5
        let resumed = scene.rig.clock.now
        animator.startAnimation()
        scene.run(0.2)
        let forwardFraction = 0.5 + (scene.rig.output.nextVblank(after: scene.rig.clock.now - 1e-9) - resumed)
        #expect(abs(shownX(scene) - (20 + 100 * forwardFraction)) < 1e-6)
        #expect(abs(Double(animator.fractionComplete) - (0.5 + scene.rig.clock.now - resumed)) < 1e-9)
        animator.isReversed = true
        let reversedAt = scene.rig.clock.now
        let fractionAtReverse = 0.5 + reversedAt - resumed
        scene.run(0.3)
        #expect(abs(Double(animator.fractionComplete) - (fractionAtReverse - 0.3)) < 1e-9)
        #expect(positions.isEmpty)
        scene.run(0.5)
        #expect(positions == [.start])
        #expect(scene.view.center.x == 20)  // the start values are back in the model
        #expect(abs(shownX(scene) - 20) < 1e-9)
        #expect(animator.state == .inactive)
    }

    @Test func stoppingKeepsWhatShowsAndFinishingAtCurrentReportsIt() {
        let scene = ViewAnimationScene()
        var positions: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { scene.view.alpha = 0 }
        animator.addCompletion { positions.append($0) }
        animator.pauseAnimation()
        animator.fractionComplete = 0.4
        scene.run(0.05)
        animator.stopAnimation(false)
        #expect(animator.state == .stopped)
        #expect(abs(Double(scene.view.alpha) - 0.6) < 1e-6)
        #expect(scene.view.layer.animationKeys() == nil)
        animator.startAnimation()  // refused while stopped
        #expect(animator.state == .stopped)
        #expect(positions.isEmpty)
        animator.finishAnimation(at: .current)
        #expect(positions == [.current])
        #expect(animator.state == .inactive)
        #expect(abs(Double(scene.view.alpha) - 0.6) < 1e-6)
    }

    @Test func stoppingWithoutFinishingNeverCompletes() {
        let scene = ViewAnimationScene()
        var positions: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.8) { scene.view.center.y = 200 }
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        scene.run(0.3)
        animator.stopAnimation(true)
        #expect(animator.state == .inactive)
        let y = scene.view.center.y
        #expect(y > 110 && y < 200)
        scene.run(2)
        #expect(positions.isEmpty)
        #expect(scene.view.center.y == y)
        animator.finishAnimation(at: .end)  // not stopped: ignored
        #expect(positions.isEmpty)
    }

    @Test func finishingAtTheStartOrEndSetsThoseValues() {
        let scene = ViewAnimationScene()
        var positions: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(
            duration: 1, controlPoint1: CGPoint(x: 0.2, y: 0), controlPoint2: CGPoint(x: 0.8, y: 1)
        ) { scene.view.center.x = 120 }
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        scene.run(0.5)
        animator.stopAnimation(false)
        animator.finishAnimation(at: .start)
        #expect(positions == [.start])
        #expect(scene.view.center.x == 20)
    }

    @Test func pausesOnCompletionStaysActiveAtTheEnd() {
        let scene = ViewAnimationScene()
        var positions: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 0.3, curve: .linear) { scene.view.center.x = 120 }
        animator.pausesOnCompletion = true
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        scene.run(0.6)
        #expect(positions.isEmpty)
        #expect(animator.state == .active)
        #expect(!animator.isRunning)
        #expect(animator.fractionComplete == 1)
        #expect(shownX(scene) == 120)
        // Reversing from there plays back to the start.
        animator.isReversed = true
        animator.startAnimation()
        scene.run(0.4)
        #expect(animator.fractionComplete == 0)
        #expect(abs(shownX(scene) - 20) < 1e-9)
        animator.pausesOnCompletion = false
        animator.stopAnimation(false)
        animator.finishAnimation(at: .start)
        #expect(positions == [.start])
        #expect(scene.view.center.x == 20)
        #expect(scene.view.layer.animationKeys() == nil)
    }

    @Test func aRunningAnimatorStartsAtOnceAndCompletes() {
        let scene = ViewAnimationScene()
        var positions: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator.runningPropertyAnimator(
            withDuration: 0.3, delay: 0.2, options: .curveLinear, animations: { scene.view.alpha = 0.2 },
            completion: { positions.append($0) })
        #expect(animator.state == .active)
        #expect(animator.delay == 0.2)
        scene.run(0.15)
        #expect(scene.shown.opacity == 1)  // still in the delay
        scene.run(0.5)
        #expect(positions == [.end])
    }
}
