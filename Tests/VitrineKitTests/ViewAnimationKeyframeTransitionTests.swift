import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform
import VitrineTestSupport

@testable import VitrineKit

/// Keyframe animations, the `.layoutSubviews` option and transitions.
@Suite("UIView keyframes and transitions") @MainActor struct ViewAnimationKeyframeTransitionTests {
    @Test func keyframesRunOneAfterAnotherOverTheirPartsOfTheDuration() {
        let scene = ViewAnimationScene()
        let log = CompletionLog()
        let t0 = scene.rig.clock.now
        scene.start()
        UIView.animateKeyframes(
            withDuration: 1, delay: 0, options: [],
            animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { scene.view.center.x = 120 }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { scene.view.center.x = 220 }
                UIView.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.5) { scene.view.alpha = 0 }
            }, completion: log.record("k"))
        #expect(scene.view.center.x == 220)
        for k in [0, 12, 27, 33, 48] {
            scene.frame(k)
            let t = scene.time(k) - t0
            let x = t < 0.5 ? 20 + 100 * t / 0.5 : 120 + 100 * (t - 0.5) / 0.5
            let alpha = t < 0.25 ? 1 : max(0, 1 - (t - 0.25) / 0.5)
            #expect(abs(Double(scene.shown.position.x) - x) < 1e-6, "t \(t)")
            #expect(abs(Double(scene.shown.opacity) - alpha) < 1e-5, "t \(t)")
        }
        #expect(log.entries.isEmpty)
        scene.run(0.5)
        #expect(log.entries == ["k true"])
        #expect(scene.shown.position.x == 220)
        #expect(scene.shown.opacity == 0)
    }

    @Test func repeatingAutoreversingKeyframesRepeatTheWhole() {
        let scene = ViewAnimationScene()
        let t0 = scene.rig.clock.now
        scene.start()
        UIView.animateKeyframes(withDuration: 0.5, delay: 0, options: [.repeat, .autoreverse]) {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { scene.view.center.x = 120 }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { scene.view.center.x = 220 }
        }
        // Whole-animation time w in 0...0.5 forwards, then back: x = 20 + 400·w.
        for k in [9, 21, 39, 51, 69] {
            scene.frame(k)
            let t = scene.time(k) - t0
            let inPeriod = t.truncatingRemainder(dividingBy: 1)
            let w = inPeriod <= 0.5 ? inPeriod : 1 - inPeriod
            #expect(abs(Double(scene.shown.position.x) - (20 + 400 * w)) < 1e-6, "t \(t)")
        }
    }

    @Test func addKeyframeOutsideAKeyframeAnimationAppliesAtOnce() {
        let scene = ViewAnimationScene()
        UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { scene.view.center.x = 90 }
        #expect(scene.view.center.x == 90)
        #expect(scene.view.layer.animationKeys() == nil)
    }

    /// A view that keeps a child 10 points from its right edge.
    private final class EdgeView: UIView {
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        override func layoutSubviews() {
            child.center = CGPoint(x: bounds.width - 10, y: 10)
        }
    }

    @Test(arguments: [true, false])
    func theLayoutSubviewsOptionAnimatesTheLayoutPass(withOption: Bool) {
        let scene = ViewAnimationScene()
        let parent = EdgeView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        parent.addSubview(parent.child)
        scene.window.addSubview(parent)
        scene.rig.settle()
        #expect(parent.child.center.x == 90)
        UIView.animate(withDuration: 1, delay: 0, options: withOption ? [.layoutSubviews, .curveLinear] : .curveLinear)
        {
            parent.bounds.size.width = 200
        }
        #expect(parent.child.center.x == (withOption ? 190 : 90))  // laid out inside the block
        #expect((parent.child.layer.animationKeys() != nil) == withOption)
        scene.run(0.05)
        #expect(parent.child.center.x == 190)  // laid out by the frame otherwise, at once
        #expect((parent.child.layer.animationKeys() != nil) == withOption)
    }

    @Test func layoutIfNeededInsideABlockAnimatesTheLayout() {
        let scene = ViewAnimationScene()
        let parent = EdgeView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        parent.addSubview(parent.child)
        scene.window.addSubview(parent)
        scene.rig.settle()
        parent.bounds.size.width = 300
        UIView.animate(withDuration: 1) { parent.layoutIfNeeded() }
        #expect(parent.child.layer.animationKeys() == ["position"])
    }

    @Test func aCrossDissolveFadesASnapshotOfTheOldContentOverTheNew() throws {
        let (scene, container, child) = transitionScene()
        let log = CompletionLog()
        scene.start()
        UIView.transition(
            with: container, duration: 1, options: [.transitionCrossDissolve, .curveLinear],
            animations: newTransitionContent(container, child), completion: log.record("t"))
        #expect(child.layer.animationKeys() == nil)  // the content changes at once
        scene.frame(0)
        let start = try #require(scene.rig.output.screenshot())
        #expect(start.rgb(100, 90) == .blue)
        #expect(start.rgb(230, 160) == .red)
        try assertSnapshot(of: start, named: "cross-dissolve-0")
        scene.frame(30)
        let middle = try #require(scene.rig.output.screenshot())
        #expect(middle.rgb(230, 160).isClose(to: RGB(128, 127, 0), tolerance: 2))  // red over green
        #expect(middle.rgb(100, 90).isClose(to: RGB(0, 127, 128), tolerance: 2))  // blue over green
        #expect(middle.rgb(200, 90).isClose(to: RGB(127, 0, 128), tolerance: 2))  // red over blue
        try assertSnapshot(of: middle, named: "cross-dissolve-50")
        #expect(log.entries.isEmpty)
        scene.frame(61)
        let end = try #require(scene.rig.output.screenshot())
        #expect(end.rgb(100, 90) == .green)
        #expect(end.rgb(200, 90) == .blue)
        try assertSnapshot(of: end, named: "cross-dissolve-100")
        #expect(log.entries == ["t true"])
        #expect(container.layer.sublayers?.count == 1)  // the snapshot left
        scene.run(0.1)
        #expect(scene.rig.clock.pendingCount == 0)
        #expect(scene.rig.output.screenshot()?.hasSamePixels(as: end) == true)
    }

    @Test func transitionFromToReplacesTheViewWithACrossDissolve() throws {
        let (scene, container, _) = transitionScene()
        let log = CompletionLog()
        let replacement = UIView(frame: container.frame)
        replacement.backgroundColor = .green
        scene.start()
        UIView.transition(
            from: container, to: replacement, duration: 0.5, options: [.transitionCrossDissolve, .curveLinear],
            completion: log.record("t"))
        #expect(replacement.superview === scene.window)
        #expect(scene.window.subviews.firstIndex(where: { $0 === replacement }) == 0)
        scene.frame(15)
        let middle = try #require(scene.rig.output.screenshot())
        #expect(middle.rgb(230, 160).isClose(to: RGB(128, 127, 0), tolerance: 2))
        scene.run(0.6)
        #expect(log.entries == ["t true"])
        #expect(container.superview == nil)
        #expect(scene.rig.output.screenshot()?.rgb(230, 160) == .green)
    }

    @Test func aTransitionWithoutATypeOrDurationAppliesAtOnce() {
        let (scene, container, _) = transitionScene()
        let log = CompletionLog()
        UIView.transition(
            with: container, duration: 0, options: .transitionCrossDissolve,
            animations: { container.backgroundColor = .green }, completion: log.record("a"))
        UIView.transition(
            with: container, duration: 1, options: [], animations: { container.alpha = 0.5 },
            completion: log.record("b"))
        #expect(container.layer.sublayers?.count == 1)
        #expect(container.layer.animationKeys() == nil)
        scene.run(0)
        #expect(log.entries == ["a true", "b true"])
    }
}
