import Foundation
import Testing
import VitrineKit
import VitrinePlatform

@MainActor @Suite struct GestureLongPressTests {
    @Test func beginsAfterHalfASecondChangesOnMovementEndsOnLift() {
        let (scene, log, view) = gestureScene()
        let press = log.watch(UILongPressGestureRecognizer(), as: "press")
        view.addGestureRecognizer(press)
        scene.clock.advance(to: 1)
        scene.input.down(at: CGPoint(x: 50, y: 50), time: 1)
        scene.clock.advance(to: 1.49)
        #expect(log.lines.isEmpty && press.state == .possible)
        scene.clock.advance(to: 1.5)
        #expect(log.lines == ["press began"])
        #expect(press.location(in: view) == CGPoint(x: 50, y: 50))
        // Beginning cancelled the view's touch.
        #expect(TouchLogView.log == ["view began 1", "view cancelled 1"])
        // Once begun, any movement is a change, however far.
        scene.input.move(to: CGPoint(x: 150, y: 50), time: 1.6)
        scene.input.up(time: 1.7)
        #expect(log.lines == ["press began", "press changed", "press ended"])
        #expect(TouchLogView.log.count == 2)
    }

    @Test func failsWhenLiftedEarlyOrMovedTooFar() {
        let (scene, log, view) = gestureScene()
        let press = log.watch(UILongPressGestureRecognizer(), as: "press")
        view.addGestureRecognizer(press)
        scene.input.down(at: CGPoint(x: 50, y: 50), time: 1)
        scene.input.up(time: 1.3)
        scene.clock.advance(to: 2)
        #expect(log.lines.isEmpty)
        #expect(TouchLogView.log == ["view began 1", "view ended 1"])

        scene.input.down(at: CGPoint(x: 50, y: 50), time: 3)
        scene.input.move(to: CGPoint(x: 59, y: 50), time: 3.1)  // within 10 points
        scene.input.move(to: CGPoint(x: 50, y: 62), time: 3.2)  // 12 points from the start
        scene.clock.advance(to: 4)
        #expect(log.lines.isEmpty && press.state == .failed)
        scene.input.up(time: 4.1)
        #expect(press.state == .possible)

        press.allowableMovement = 30
        scene.input.down(at: CGPoint(x: 50, y: 50), time: 5)
        scene.input.move(to: CGPoint(x: 50, y: 75), time: 5.1)
        scene.clock.advance(to: 5.6)
        #expect(log.lines == ["press began"])
        scene.input.up(time: 5.7)
    }

    @Test func twoFingersAndATapFirst() {
        let scene = EventScene()
        let log = GestureLog()
        let view = UIView(frame: scene.window.bounds)
        view.isMultipleTouchEnabled = true
        scene.window.addSubview(view)
        let press = log.watch(UILongPressGestureRecognizer(), as: "press")
        press.numberOfTouchesRequired = 2
        press.minimumPressDuration = 0.2
        view.addGestureRecognizer(press)
        // One finger is not enough, however long.
        scene.input.down(0, at: CGPoint(x: 50, y: 50), time: 1)
        scene.clock.advance(to: 2)
        #expect(log.lines.isEmpty)
        // The second finger starts the clock.
        scene.input.down(1, at: CGPoint(x: 90, y: 50), time: 2)
        scene.clock.advance(to: 2.19)
        #expect(log.lines.isEmpty)
        scene.clock.advance(to: 2.2)
        #expect(log.lines == ["press began"])
        scene.input.up(0, time: 2.3)
        scene.input.up(1, time: 2.3)
        #expect(log.lines == ["press began", "press ended"])

        let tapPress = log.watch(UILongPressGestureRecognizer(), as: "tap-press")
        tapPress.numberOfTapsRequired = 1
        view.removeGestureRecognizer(press)
        view.addGestureRecognizer(tapPress)
        log.lines = []
        // A press without a tap first does not begin (its lift only counts as the tap).
        scene.input.down(at: CGPoint(x: 50, y: 50), time: 3)
        scene.clock.advance(to: 4)
        scene.input.up(time: 4)
        scene.clock.advance(to: 4.5)  // the interval for a press after that tap runs out
        #expect(log.lines.isEmpty && tapPress.state == .possible)
        // Tap, then press.
        scene.input.tap(at: CGPoint(x: 50, y: 50), time: 5)
        scene.input.down(at: CGPoint(x: 50, y: 50), time: 5.2)
        scene.clock.advance(to: 5.69)
        #expect(log.lines.isEmpty)
        scene.clock.advance(to: 5.7)
        #expect(log.lines == ["tap-press began"])
        scene.input.up(time: 5.8)
    }
}
