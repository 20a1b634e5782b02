import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform

@testable import VitrineKit

/// UIView animation blocks: curves, springs, completions, interruption, timing options.
@Suite("UIView animations") @MainActor struct ViewAnimationTests {
    /// The presented centre x at frames 9, 18 and 27 of a 0.6 s (36-frame) move from 20 to 120.
    private func centresAlong(_ options: UIView.AnimationOptions) -> [Double] {
        let scene = ViewAnimationScene()
        scene.start()
        UIView.animate(withDuration: 0.6, delay: 0, options: options) { scene.view.center.x = 120 }
        #expect(scene.view.center.x == 120)  // the model changes at once
        var result: [Double] = []
        for k in [0, 9, 18, 27] {
            scene.frame(k)
            result.append(Double(scene.shown.position.x))
        }
        return result
    }

    @Test(arguments: [
        (UIView.AnimationOptions.curveEaseInOut, 0.42, 0.0, 0.58, 1.0),
        (.curveEaseIn, 0.42, 0.0, 1.0, 1.0),
        (.curveEaseOut, 0.0, 0.0, 0.58, 1.0),
        (.curveLinear, 0.0, 0.0, 1.0, 1.0),
    ])
    func eachCurveFollowsItsBezier(
        options: UIView.AnimationOptions, c1x: Double, c1y: Double, c2x: Double, c2y: Double
    ) {
        let values = centresAlong(options)
        #expect(abs(values[0] - 20) < 1e-6)
        for (index, fraction) in [0.25, 0.5, 0.75].enumerated() {
            let expected = 20 + 100 * referenceCurve(fraction, c1x, c1y, c2x, c2y)
            #expect(abs(values[index + 1] - expected) < 1e-4, "fraction \(fraction)")
        }
    }

    @Test func theDefaultCurveIsEaseInOut() {
        let values = centresAlong([])
        #expect(abs(values[2] - (20 + 100 * referenceCurve(0.5, 0.42, 0, 0.58, 1))) < 1e-4)
        #expect(abs(values[1] - (20 + 100 * referenceCurve(0.25, 0.42, 0, 0.58, 1))) < 1e-4)
    }

    @Test(arguments: [(0.5, 0.0), (0.3, 2.0), (1.0, 0.0), (2.0, -1.0)])
    func aSpringFollowsTheAnalyticDampedOscillator(ratio: Double, velocity: Double) {
        let scene = ViewAnimationScene()
        scene.start()
        let duration = 1.0
        UIView.animate(
            withDuration: duration, delay: 0, usingSpringWithDamping: CGFloat(ratio),
            initialSpringVelocity: CGFloat(velocity), options: []
        ) { scene.view.center.x = 120 }
        // The documented mapping: ω₀ = ln(1000) / (r · duration), mass 1.
        let rate =
            ratio == 1 ? log(1000) / 9.2334 : ratio < 1 ? ratio : ratio - (ratio * ratio - 1).squareRoot()
        let omega0 = log(1000) / (rate * duration)
        func displacement(_ t: Double) -> Double {
            if ratio == 1 { return exp(-omega0 * t) * (1 + (omega0 - velocity) * t) }
            if ratio < 1 {
                let omegaD = omega0 * (1 - ratio * ratio).squareRoot()
                return exp(-ratio * omega0 * t)
                    * (cos(omegaD * t) + (ratio * omega0 - velocity) / omegaD * sin(omegaD * t))
            }
            let root = (ratio * ratio - 1).squareRoot()
            let r1 = -omega0 * (ratio - root)
            let r2 = -omega0 * (ratio + root)
            let c2 = (-velocity - r1) / (r2 - r1)
            return (1 - c2) * exp(r1 * t) + c2 * exp(r2 * t)
        }
        var maximum = -Double.infinity
        for k in [0, 3, 6, 12, 24, 45] {
            scene.frame(k)
            let t = Double(k) * ViewAnimationScene.period
            let expected = 120 - 100 * displacement(t)
            let shown = Double(scene.shown.position.x)
            maximum = max(maximum, shown)
            #expect(abs(shown - expected) < 1e-3, "t \(t)")
        }
        if ratio < 0.6 { #expect(maximum > 120) }  // under-damped: it overshoots
        // It has about settled (within 0.25% of the distance) a frame before the end.
        scene.frame(59)
        #expect(abs(Double(scene.shown.position.x) - 120) < 0.25)
    }

    @Test func completionsRunInOrderWithFinishedTrueAtTheEnd() {
        let scene = ViewAnimationScene()
        let log = CompletionLog()
        scene.start()
        UIView.animate(withDuration: 0.5, animations: { scene.view.alpha = 0.5 }, completion: log.record("a"))
        UIView.animate(withDuration: 0.25, animations: { scene.view.center.y = 50 }, completion: log.record("b"))
        scene.frame(0)
        scene.frame(10)
        #expect(log.entries.isEmpty)
        scene.run(0.2)
        #expect(log.entries == ["b true"])
        scene.run(0.3)
        #expect(log.entries == ["b true", "a true"])
        #expect(scene.view.layer.animationKeys() == nil)
        #expect(scene.shown.opacity == 0.5)
    }

    @Test func aRemovedAnimationCompletesWithFinishedFalse() {
        let scene = ViewAnimationScene()
        let log = CompletionLog()
        scene.start()
        UIView.animate(withDuration: 1, animations: { scene.view.center.x = 200 }, completion: log.record("a"))
        scene.frame(0)
        scene.frame(5)
        scene.view.layer.removeAllAnimations()
        #expect(log.entries.isEmpty)  // delivered at the next frame
        scene.frame(6)
        #expect(log.entries == ["a false"])
        #expect(scene.shown.position.x == 200)
    }

    @Test func aViewLeavingItsWindowLosesItsAnimationsWithFinishedFalse() {
        let scene = ViewAnimationScene()
        let log = CompletionLog()
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        scene.view.addSubview(child)
        let plain = CALayer()
        child.layer.addSublayer(plain)
        scene.rig.settle()
        scene.start()
        UIView.animate(withDuration: 1, animations: { scene.view.center.x = 200 }, completion: log.record("a"))
        UIView.animate(withDuration: 1, animations: { child.alpha = 0.2 }, completion: log.record("b"))
        let spin = CABasicAnimation(keyPath: "opacity")
        spin.fromValue = 0.0
        spin.toValue = 1.0
        spin.duration = 2
        plain.add(spin, forKey: "fade")
        let kept = CABasicAnimation(keyPath: "opacity")
        kept.duration = 2
        kept.isRemovedOnCompletion = false
        child.layer.add(kept, forKey: "kept")
        scene.frame(0)
        scene.frame(5)
        scene.view.removeFromSuperview()
        // The whole subtree's animations go, but for the one that stays when removed.
        #expect(scene.view.layer.animationKeys() == nil)
        #expect(plain.animationKeys() == nil)
        #expect(child.layer.animationKeys() == ["kept"])
        #expect(log.entries.isEmpty)  // delivered at the window's next frame
        scene.frame(6)
        #expect(log.entries.sorted() == ["a false", "b false"])
        #expect(scene.view.center.x == 200)
    }

    @Test func aViewMovedWithinItsWindowKeepsItsAnimations() {
        let scene = ViewAnimationScene()
        let log = CompletionLog()
        let other = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scene.window.addSubview(other)
        scene.rig.settle()
        scene.start()
        UIView.animate(withDuration: 0.5, animations: { scene.view.center.x = 200 }, completion: log.record("a"))
        scene.frame(0)
        scene.frame(5)
        other.addSubview(scene.view)
        #expect(scene.view.layer.animationKeys()?.isEmpty == false)
        scene.run(0.6)
        #expect(log.entries == ["a true"])
    }

    @Test func aViewMovedOutOfItsWindowIntoADetachedTreeLosesItsAnimations() {
        let scene = ViewAnimationScene()
        let log = CompletionLog()
        let detached = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scene.start()
        UIView.animate(withDuration: 0.5, animations: { scene.view.center.x = 200 }, completion: log.record("a"))
        scene.frame(0)
        scene.frame(5)
        detached.addSubview(scene.view)
        #expect(scene.view.layer.animationKeys() == nil)
        scene.frame(6)
        #expect(log.entries == ["a false"])
    }

    @Test func beginFromCurrentStateStartsAtThePresentationAndInterruptsTheRunningAnimation() {
        let scene = ViewAnimationScene()
        let log = CompletionLog()
        scene.start()
        UIView.animate(
            withDuration: 1, delay: 0, options: .curveLinear, animations: { scene.view.center.x = 120 },
            completion: log.record("a"))
        scene.frame(0)
        scene.frame(30)
        let shownBefore = Double(scene.shown.position.x)
        #expect(abs(shownBefore - 70) < 1e-6)  // half way, linear
        UIView.animate(
            withDuration: 1, delay: 0, options: [.beginFromCurrentState, .curveLinear],
            animations: { scene.view.center.x = 220 }, completion: log.record("b"))
        let animation = scene.view.layer.animation(forKey: "position") as? CABasicAnimation
        #expect(animation?.isAdditive == false)
        #expect((animation?.fromValue as? CGPoint)?.x == 70)  // from what was on screen
        #expect(scene.view.layer.animationKeys() == ["position"])  // the first one was replaced
        // The next frame samples the new animation at its start.
        scene.frame(31)
        #expect(abs(Double(scene.shown.position.x) - 70) < 1e-6)
        #expect(log.entries == ["a false"])
        scene.frame(61)
        #expect(abs(Double(scene.shown.position.x) - 145) < 1e-6)
        scene.run(1)
        #expect(log.entries == ["a false", "b true"])
    }

    @Test func anInterruptingChangeIsAdditiveAndBothFinish() {
        let scene = ViewAnimationScene()
        let log = CompletionLog()
        scene.start()
        UIView.animate(
            withDuration: 1, delay: 0, options: .curveLinear, animations: { scene.view.center.x = 120 },
            completion: log.record("a"))
        scene.frame(0)
        scene.frame(30)
        UIView.animate(
            withDuration: 1, delay: 0, options: .curveLinear, animations: { scene.view.center.x = 200 },
            completion: log.record("b"))
        #expect(scene.view.layer.animationKeys() == ["position", "position-2"])
        let second = scene.view.layer.animation(forKey: "position-2") as? CABasicAnimation
        #expect(second?.isAdditive == true)
        #expect((second?.fromValue as? CGPoint)?.x == -80)
        // No jump: the first frame of the second animation shows where the first one is.
        scene.frame(31)
        #expect(abs(Double(scene.shown.position.x) - (20 + 100 * 31.0 / 60)) < 1e-6)
        // Both contribute: 200 − 100·(1 − f₁) − 80·(1 − f₂).
        scene.frame(45)
        let expected = 200 - 100 * (1 - 45.0 / 60) - 80 * (1 - 14.0 / 60)
        #expect(abs(Double(scene.shown.position.x) - expected) < 1e-6)
        scene.run(2)
        #expect(log.entries == ["a true", "b true"])
        #expect(scene.shown.position.x == 200)
    }

    @Test func completionsChainAnimations() {
        let scene = ViewAnimationScene()
        let log = CompletionLog()
        var secondStartShown: Double?
        scene.start()
        UIView.animate(
            withDuration: 0.5, delay: 0, options: .curveLinear, animations: { scene.view.center.x = 120 },
            completion: { finished in
                log.entries.append("a \(finished)")
                UIView.animate(
                    withDuration: 0.5, delay: 0, options: .curveLinear,
                    animations: { scene.view.center.y = 200 }, completion: log.record("b"))
            })
        scene.run(0.6)
        #expect(log.entries == ["a true"])
        #expect(scene.view.layer.animationKeys() == ["position"])
        scene.run(0.25)
        secondStartShown = Double(scene.shown.position.y)
        #expect(secondStartShown.map { $0 > 110 && $0 < 200 } == true)  // moving, drawn every frame
        scene.run(0.5)
        #expect(log.entries == ["a true", "b true"])
        #expect(scene.rig.clock.pendingCount == 0)
    }

    @Test func aDelayShowsTheOldValueUntilItEnds() {
        let scene = ViewAnimationScene()
        let log = CompletionLog()
        let t0 = scene.rig.clock.now
        scene.start()
        UIView.animate(
            withDuration: 0.5, delay: 0.5, options: .curveLinear, animations: { scene.view.alpha = 0 },
            completion: log.record("a"))
        scene.frame(0)
        #expect(scene.shown.opacity == 1)
        scene.frame(20)
        #expect(scene.shown.opacity == 1)
        scene.frame(45)
        let expected = 1 - (scene.time(45) - (t0 + 0.5)) / 0.5
        #expect(abs(Double(scene.shown.opacity) - expected) < 1e-5)
        scene.run(0.5)
        #expect(log.entries == ["a true"])
    }

    @Test func repeatAndAutoreverseGoBackAndForthForEver() {
        let scene = ViewAnimationScene()
        let log = CompletionLog()
        scene.start()
        UIView.animate(
            withDuration: 0.5, delay: 0, options: [.repeat, .autoreverse, .curveLinear],
            animations: { scene.view.center.x = 120 }, completion: log.record("a"))
        // t = 0.25 s: half way out; 0.75 s: half way back; 1.25 s: half way out again.
        let expectations: [(Int, Double)] = [(15, 70), (24, 100), (45, 70), (54, 40), (75, 70)]
        for (k, x) in expectations {
            scene.frame(k)
            #expect(abs(Double(scene.shown.position.x) - x) < 1e-6, "frame \(k)")
        }
        scene.run(5)
        #expect(log.entries.isEmpty)
        #expect(scene.view.layer.animationKeys() == ["position"])
        scene.view.layer.removeAllAnimations()
        scene.run(0.1)
        #expect(log.entries == ["a false"])
    }

    @Test func autoreverseWithoutRepeatEndsAtTheModelValue() {
        let scene = ViewAnimationScene()
        scene.start()
        UIView.animate(withDuration: 0.5, delay: 0, options: [.autoreverse, .curveLinear]) {
            scene.view.center.x = 120
        }
        scene.frame(45)
        #expect(abs(Double(scene.shown.position.x) - 70) < 1e-6)  // on the way back
        scene.run(1)
        #expect(scene.shown.position.x == 120)
    }

    @Test func nestedBlocksInheritDurationAndCurveUnlessOverridden() throws {
        let scene = ViewAnimationScene()
        var durations: [TimeInterval] = []
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
            durations.append(UIView.inheritedAnimationDuration)
            UIView.animate(withDuration: 0.2, delay: 0, options: .curveEaseIn) {
                durations.append(UIView.inheritedAnimationDuration)
                scene.view.center.x = 100
            }
            UIView.animate(withDuration: 0.2, delay: 0, options: [.overrideInheritedDuration, .curveEaseIn]) {
                durations.append(UIView.inheritedAnimationDuration)
                scene.view.alpha = 0.5
            }
            UIView.animate(
                withDuration: 0.3, delay: 0,
                options: [.overrideInheritedDuration, .overrideInheritedCurve, .curveEaseIn]
            ) {
                scene.view.center.y = 20
            }
        }
        #expect(durations == [1, 1, 0.2])
        #expect(UIView.inheritedAnimationDuration == 0)
        let inherited = try #require(scene.view.layer.animation(forKey: "position"))
        #expect(inherited.duration == 1)
        #expect(inherited.timingFunction?.controlPoint(at: 1).x == 0)  // linear, from outside
        let ownDuration = try #require(scene.view.layer.animation(forKey: "opacity"))
        #expect(ownDuration.duration == 0.2)
        #expect(ownDuration.timingFunction?.controlPoint(at: 2).x == 1)  // still linear (inherited curve)
        let ownCurve = try #require(scene.view.layer.animation(forKey: "position-2"))
        #expect(ownCurve.duration == 0.3)
        #expect(ownCurve.timingFunction?.controlPoint(at: 1).x == 0.42)  // ease in
        #expect(ownCurve.timingFunction?.controlPoint(at: 2).x == 1)
    }

    @Test func performWithoutAnimationAndDisabledAnimationsApplyAtOnce() {
        let scene = ViewAnimationScene()
        let log = CompletionLog()
        UIView.animate(
            withDuration: 1,
            animations: {
                UIView.performWithoutAnimation { scene.view.center.x = 150 }
                scene.view.alpha = 0.5
            }, completion: log.record("a"))
        #expect(scene.view.layer.animationKeys() == ["opacity"])
        #expect(UIView.areAnimationsEnabled)
        UIView.setAnimationsEnabled(false)
        UIView.animate(withDuration: 1, animations: { scene.view.center.y = 10 }, completion: log.record("b"))
        UIView.setAnimationsEnabled(true)
        #expect(scene.view.layer.animationKeys() == ["opacity"])
        #expect(scene.view.center == CGPoint(x: 150, y: 10))
        scene.run(0)
        #expect(log.entries == ["b true"])  // at the next clock turn
        scene.run(1.1)
        #expect(log.entries == ["b true", "a true"])
    }

    @Test(arguments: [0.0, -1.0, Double.nan, Double.infinity])
    func aBadDurationAppliesTheChangeAtOnceAndCompletes(duration: Double) {
        let scene = ViewAnimationScene()
        let log = CompletionLog()
        UIView.animate(
            withDuration: duration, delay: .nan, options: [], animations: { scene.view.center.x = 150 },
            completion: log.record("a"))
        #expect(scene.view.layer.animationKeys() == nil)
        #expect(scene.view.center.x == 150)
        #expect(log.entries.isEmpty)  // asynchronously, as UIKit
        scene.run(0)
        #expect(log.entries == ["a true"])
        scene.run(0.1)
        #expect(scene.shown.position.x == 150)
        #expect(scene.rig.clock.pendingCount == 0)
    }

    @Test func aNonFiniteValueIsSetWithoutAnimation() {
        let scene = ViewAnimationScene()
        let log = CompletionLog()
        UIView.animate(
            withDuration: 1, animations: { scene.view.center = CGPoint(x: CGFloat.nan, y: 5) },
            completion: log.record("a"))
        #expect(scene.view.layer.animationKeys() == nil)
        scene.run(0.1)
        #expect(log.entries == ["a true"])
    }

    @Test func aViewNeverDrawnDoesNotAnimate() {
        let scene = ViewAnimationScene()
        let fresh = UIView(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        scene.window.addSubview(fresh)
        UIView.animate(withDuration: 1) { fresh.center.x = 100 }
        #expect(fresh.layer.animationKeys() == nil)
    }

    @Test func theScreenGoesIdleAfterTheLastAnimation() {
        let scene = ViewAnimationScene()
        UIView.animate(withDuration: 0.3) {
            scene.view.center.x = 200
            scene.view.backgroundColor = .blue
        }
        scene.run(0.1)
        #expect(scene.rig.clock.pendingCount > 0)
        scene.run(0.3)
        #expect(scene.view.layer.animationKeys() == nil)
        #expect(scene.rig.clock.pendingCount == 0)
        let presents = scene.rig.output.presentCount
        scene.run(2)
        #expect(scene.rig.output.presentCount == presents)
        #expect(scene.rig.clock.pendingCount == 0)
        // The last frame shows the final values.
        let shot = scene.rig.output.screenshot()
        #expect(shot?.rgb(200, 110) == .blue)
        #expect(shot?.rgb(20, 110) == .black)
    }
}
