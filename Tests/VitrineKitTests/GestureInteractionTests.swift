import Foundation
import Testing
import VitrineKit
import VitrinePlatform

/// How recognizers, views and delegates interact: the arena and touch delivery.
@MainActor @Suite struct GestureInteractionTests {
    @Test func delaysTouchesBeganKeepsTouchesFromTheViewUntilTheRecognizerFails() {
        let (scene, log, view) = gestureScene()
        let tap = log.watch(UITapGestureRecognizer(), as: "tap")
        tap.delaysTouchesBegan = true
        view.addGestureRecognizer(tap)
        // Recognized: the view never hears of the touch.
        scene.input.tap(at: CGPoint(x: 50, y: 50), time: 1)
        #expect(log.lines == ["tap ended"])
        #expect(TouchLogView.log.isEmpty)
        // Failed (moved too far): the view gets everything, in order, from the failure on.
        scene.input.down(at: CGPoint(x: 50, y: 50), time: 2)
        #expect(TouchLogView.log.isEmpty)
        scene.input.move(to: CGPoint(x: 55, y: 50), time: 2.05)
        #expect(TouchLogView.log.isEmpty)
        scene.input.move(to: CGPoint(x: 80, y: 50), time: 2.1)
        // The held began and first move, then the move that failed the tap.
        #expect(TouchLogView.log == ["view began 1", "view moved 1", "view moved 1"])
        scene.input.up(time: 2.2)
        #expect(TouchLogView.log == ["view began 1", "view moved 1", "view moved 1", "view ended 1"])
        #expect(log.lines == ["tap ended"])
    }

    @Test func aRecognizerOnASuperviewGetsTheSubviewsTouches() {
        let scene = EventScene()
        TouchLogView.log = []
        let log = GestureLog()
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let leaf = TouchLogView("leaf", frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        container.addSubview(leaf)
        scene.window.addSubview(container)
        var locations: [CGPoint] = []
        let tap = log.watch(UITapGestureRecognizer(), as: "tap")
        tap.addTarget { locations.append($0.location(in: leaf)) }
        container.addGestureRecognizer(tap)
        scene.input.tap(at: CGPoint(x: 110, y: 120), time: 1)
        #expect(log.lines == ["tap ended"])
        #expect(tap.view === container)
        #expect(locations.count == 1 && abs(locations[0].x - 10) < 1e-9 && abs(locations[0].y - 20) < 1e-9)
        // The leaf is the touch's view: it heard the touch begin, then the tap cancelled it.
        #expect(TouchLogView.log == ["leaf began 1", "leaf cancelled 1"])
        // A recognizer on a sibling subtree hears nothing.
        let other = UIView(frame: CGRect(x: 300, y: 0, width: 100, height: 100))
        let otherLog = GestureLog()
        other.addGestureRecognizer(otherLog.watch(UITapGestureRecognizer(), as: "other"))
        scene.window.addSubview(other)
        scene.input.tap(at: CGPoint(x: 110, y: 120), time: 2)
        #expect(otherLog.lines.isEmpty)
    }

    @Test func disablingARecognizerMidGestureCancelsIt() {
        let scene = EventScene()
        let log = GestureLog()
        let view = UIView(frame: scene.window.bounds)
        scene.window.addSubview(view)
        let pan = log.watch(UIPanGestureRecognizer(), as: "pan")
        view.addGestureRecognizer(pan)
        scene.input.down(at: CGPoint(x: 50, y: 50), time: 1)
        scene.input.move(to: CGPoint(x: 80, y: 50), time: 1.1)
        #expect(log.lines == ["pan began"])
        pan.isEnabled = false
        #expect(log.lines == ["pan began", "pan cancelled"])
        #expect(pan.state == .possible && pan.translation(in: nil) == .zero)
        scene.input.move(to: CGPoint(x: 120, y: 50), time: 1.2)
        scene.input.up(time: 1.3)
        #expect(log.lines == ["pan began", "pan cancelled"])
        // Disabled: new touches do not reach it; enabled again: it pans again.
        scene.input.down(at: CGPoint(x: 50, y: 50), time: 2)
        scene.input.move(to: CGPoint(x: 80, y: 50), time: 2.1)
        scene.input.up(time: 2.2)
        #expect(log.lines.count == 2)
        pan.isEnabled = true
        scene.input.down(at: CGPoint(x: 50, y: 50), time: 3)
        scene.input.move(to: CGPoint(x: 80, y: 50), time: 3.1)
        scene.input.up(time: 3.2)
        #expect(log.lines == ["pan began", "pan cancelled", "pan began", "pan ended"])
    }

    @Test func aViewLeavingItsWindowMidGestureResetsItsRecognizers() {
        let scene = EventScene()
        let log = GestureLog()
        let view = UIView(frame: scene.window.bounds)
        scene.window.addSubview(view)
        let pan = log.watch(UIPanGestureRecognizer(), as: "pan")
        let press = log.watch(UILongPressGestureRecognizer(), as: "press")
        press.delegate = {
            let delegate = GestureDelegate()
            delegate.simultaneous = true
            return delegate
        }()
        let keep = press.delegate
        view.addGestureRecognizer(pan)
        view.addGestureRecognizer(press)
        scene.input.down(at: CGPoint(x: 50, y: 50), time: 1)
        scene.input.move(to: CGPoint(x: 80, y: 50), time: 1.1)
        #expect(log.lines == ["pan began"])
        view.removeFromSuperview()
        #expect(log.lines == ["pan began", "pan cancelled"])
        #expect(pan.state == .possible && press.state == .possible)
        // The long press's timer was stopped with its reset.
        scene.clock.advance(to: 2)
        scene.input.move(to: CGPoint(x: 120, y: 50), time: 2.1)
        scene.input.up(time: 2.2)
        #expect(log.lines == ["pan began", "pan cancelled"])
        // Back in a window, it works again.
        scene.window.addSubview(view)
        scene.input.down(at: CGPoint(x: 50, y: 50), time: 3)
        scene.input.move(to: CGPoint(x: 80, y: 50), time: 3.1)
        scene.input.up(time: 3.2)
        #expect(log.lines == ["pan began", "pan cancelled", "pan began", "pan ended"])
        _ = keep
    }

    @Test func shouldBeginReturningFalseFailsTheRecognizer() {
        let (scene, log, view) = gestureScene()
        let delegate = GestureDelegate()
        delegate.shouldBegin = false
        let pan = log.watch(UIPanGestureRecognizer(), as: "pan")
        pan.delegate = delegate
        view.addGestureRecognizer(pan)
        scene.input.down(at: CGPoint(x: 50, y: 50), time: 1)
        scene.input.move(to: CGPoint(x: 80, y: 50), time: 1.1)
        #expect(pan.state == .failed)
        scene.input.move(to: CGPoint(x: 90, y: 50), time: 1.2)
        scene.input.up(time: 1.3)
        #expect(log.lines.isEmpty)
        // The view got the whole touch.
        #expect(TouchLogView.log == ["view began 1", "view moved 1", "view moved 1", "view ended 1"])
        delegate.shouldBegin = true
        scene.input.down(at: CGPoint(x: 50, y: 50), time: 2)
        scene.input.move(to: CGPoint(x: 80, y: 50), time: 2.1)
        #expect(log.lines == ["pan began"])
        scene.input.up(time: 2.2)
    }

    @Test func shouldReceiveReturningFalseKeepsTheTouchAway() {
        let (scene, log, view) = gestureScene()
        let delegate = GestureDelegate()
        delegate.receives = { $0.location(in: nil).x > 200 }  // only the right half
        let tap = log.watch(UITapGestureRecognizer(), as: "tap")
        tap.delegate = delegate
        view.addGestureRecognizer(tap)
        scene.input.tap(at: CGPoint(x: 50, y: 50), time: 1)
        #expect(log.lines.isEmpty)
        #expect(TouchLogView.log == ["view began 1", "view ended 1"])
        var recognizersSeen: [Int] = []
        final class Probe: UIView {
            var onBegan: ((UITouch) -> Void)?
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { onBegan?(touches.first!) }
        }
        let probe = Probe(frame: scene.window.bounds)
        probe.onBegan = { recognizersSeen.append($0.gestureRecognizers.count) }
        probe.addGestureRecognizer(tap)
        scene.window.addSubview(probe)
        scene.input.tap(at: CGPoint(x: 50, y: 50), time: 2)
        scene.input.tap(at: CGPoint(x: 300, y: 50), time: 3)
        #expect(recognizersSeen == [0, 1])
        #expect(log.lines == ["tap ended"])
    }

    @Test func aTouchARecognizerIgnoresIsNotCancelledInItsView() {
        let scene = EventScene()
        final class CountingView: UIView {
            var cancelled = 0
            var ended = 0
            override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { cancelled += touches.count }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { ended += touches.count }
        }
        let view = CountingView(frame: scene.window.bounds)
        view.isMultipleTouchEnabled = true
        scene.window.addSubview(view)
        let pinch = UIPinchGestureRecognizer()
        view.addGestureRecognizer(pinch)
        scene.input.down(0, at: CGPoint(x: 100, y: 100), time: 1)
        scene.input.down(1, at: CGPoint(x: 200, y: 100), time: 1.01)
        scene.input.down(2, at: CGPoint(x: 300, y: 250), time: 1.02)  // a third finger: ignored
        scene.input.move(1, to: CGPoint(x: 250, y: 100), time: 1.1)
        #expect(pinch.state == .began)
        // The pinch's two touches are cancelled in the view; the ignored one is not.
        #expect(view.cancelled == 2)
        scene.input.up(2, time: 1.2)
        #expect(view.ended == 1)
        scene.input.up(0, time: 1.3)
        scene.input.up(1, time: 1.3)
        #expect(view.cancelled == 2 && view.ended == 1)
    }

    @Test func aDoubleTapGoingAwayReleasesTheSingleTapWaitingForIt() {
        let scene = EventScene()
        let log = GestureLog()
        let view = UIView(frame: scene.window.bounds)
        scene.window.addSubview(view)
        let single = log.watch(UITapGestureRecognizer(), as: "single")
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        scene.input.tap(at: CGPoint(x: 50, y: 50), time: 1)
        #expect(log.lines.isEmpty)
        // Disabling the double tap fails it: the single tap goes ahead at once.
        double.isEnabled = false
        #expect(log.lines == ["single ended"])
    }
}
