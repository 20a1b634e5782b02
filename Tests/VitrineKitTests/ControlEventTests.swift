import Foundation
import Testing
import VitrineKit

@MainActor @Suite struct ControlEventTests {
    /// A 100x50 control at (100, 100) in the window of a fresh scene.
    private func setUp() -> (EventScene, UIControl, ControlEventLog) {
        let scene = EventScene()
        let control = UIControl(frame: CGRect(x: 100, y: 100, width: 100, height: 50))
        scene.window.addSubview(control)
        return (scene, control, ControlEventLog(control))
    }

    @Test func dragOutBeyondTheSlopAndBackInThenUpInside() {
        let (scene, control, log) = setUp()
        var highlights: [Bool] = []
        scene.input.down(at: CGPoint(x: 150, y: 125), time: 1)
        highlights.append(control.isHighlighted)
        #expect(control.isTracking && control.isTouchInside)
        scene.input.move(to: CGPoint(x: 160, y: 125), time: 1.01)
        // 65 points right of the bounds: still inside the 70-point slop.
        scene.input.move(to: CGPoint(x: 265, y: 125), time: 1.02)
        highlights.append(control.isHighlighted)
        // 75 points right: outside.
        scene.input.move(to: CGPoint(x: 275, y: 125), time: 1.03)
        highlights.append(control.isHighlighted)
        #expect(!control.isTouchInside && control.isTracking)
        scene.input.move(to: CGPoint(x: 300, y: 290), time: 1.04)
        scene.input.move(to: CGPoint(x: 150, y: 260), time: 1.05)  // 110 below: outside
        scene.input.move(to: CGPoint(x: 150, y: 215), time: 1.06)  // 65 below: inside again
        highlights.append(control.isHighlighted)
        scene.input.move(to: CGPoint(x: 40, y: 140), time: 1.07)  // 60 left: inside
        scene.input.up(time: 1.08)
        highlights.append(control.isHighlighted)
        #expect(
            log.entries == [
                "down", "dragInside", "dragInside", "dragExit", "dragOutside", "dragOutside", "dragEnter",
                "dragInside", "upInside",
            ])
        #expect(highlights == [true, true, false, true, false])
        #expect(!control.isTracking && !control.isTouchInside)
    }

    @Test func liftingOutsideSendsTouchUpOutside() {
        let (scene, control, log) = setUp()
        scene.input.down(at: CGPoint(x: 110, y: 110), time: 1)
        scene.input.move(to: CGPoint(x: 20, y: 20), time: 1.1)  // 90 left, 90 up
        scene.input.up(time: 1.2)
        #expect(log.entries == ["down", "dragExit", "upOutside"])
        #expect(!control.isHighlighted)
    }

    @Test func liftingJustOutsideTheBoundsStillCountsAsInside() {
        let (scene, _, log) = setUp()
        scene.input.down(at: CGPoint(x: 110, y: 110), time: 1)
        scene.input.move(to: CGPoint(x: 110, y: 40), time: 1.1)  // 60 above
        scene.input.up(time: 1.2)
        #expect(log.entries == ["down", "dragInside", "upInside"])
    }

    @Test func removingTheControlMidTouchSendsTouchCancel() {
        let (scene, control, log) = setUp()
        scene.input.down(at: CGPoint(x: 150, y: 125), time: 1)
        control.removeFromSuperview()
        #expect(!control.isTracking && !control.isHighlighted)
        scene.input.move(to: CGPoint(x: 160, y: 125), time: 1.1)
        scene.input.up(time: 1.2)
        #expect(log.entries == ["down", "cancel"])
    }

    @Test func aDoubleTapSendsTouchDownRepeat() {
        let (scene, _, log) = setUp()
        scene.input.tap(at: CGPoint(x: 150, y: 125), time: 1)
        scene.input.tap(at: CGPoint(x: 152, y: 126), time: 1.2)
        scene.input.tap(at: CGPoint(x: 150, y: 125), time: 3)  // too late: a new first tap
        #expect(
            log.entries == [
                "down", "upInside", "down", "downRepeat", "upInside", "down", "upInside",
            ])
    }

    @Test func disabledControlsSendNothingAndPassTouchesUp() {
        let scene = EventScene()
        TouchLogView.log = []
        let container = TouchLogView("container", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let control = UIControl(frame: CGRect(x: 100, y: 100, width: 100, height: 50))
        container.addSubview(control)
        scene.window.addSubview(container)
        let log = ControlEventLog(control)
        control.isEnabled = false
        #expect(control.state == .disabled)
        scene.input.down(at: CGPoint(x: 150, y: 125), time: 1)
        #expect(!control.isHighlighted && !control.isTracking)
        // Enabling it mid-touch changes nothing for that touch.
        control.isEnabled = true
        scene.input.move(to: CGPoint(x: 155, y: 125), time: 1.1)
        scene.input.up(time: 1.2)
        #expect(log.entries.isEmpty)
        #expect(TouchLogView.log == ["container began 1", "container moved 1", "container ended 1"])
        // Enabled, the control keeps its touches.
        scene.input.tap(at: CGPoint(x: 150, y: 125), time: 2)
        #expect(log.entries == ["down", "upInside"])
        #expect(TouchLogView.log.count == 3)
    }

    @Test func disablingMidTouchStopsTrackingSilently() {
        let (scene, control, log) = setUp()
        scene.input.down(at: CGPoint(x: 150, y: 125), time: 1)
        control.isEnabled = false
        #expect(!control.isHighlighted && !control.isTracking)
        control.isEnabled = true
        scene.input.move(to: CGPoint(x: 155, y: 125), time: 1.1)
        scene.input.up(time: 1.2)
        #expect(log.entries == ["down"])
        #expect(!control.isHighlighted)
        // The next touch is tracked as usual.
        scene.input.tap(at: CGPoint(x: 150, y: 125), time: 2)
        #expect(log.entries == ["down", "down", "upInside"])
    }

    @Test func trackingCallsComeInOrderAndContinueTrackingCanStopThem() {
        let scene = EventScene()
        final class Tracker: UIControl {
            var calls: [String] = []
            var stopAfterMoves = Int.max
            override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
                calls.append("begin \(isHighlighted)")
                return true
            }
            override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
                calls.append("continue \(isTouchInside)")
                stopAfterMoves -= 1
                return stopAfterMoves > 0
            }
            override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
                calls.append("end \(isTouchInside)")
            }
            override func cancelTracking(with event: UIEvent?) { calls.append("cancel") }
        }
        let control = Tracker(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        scene.window.addSubview(control)
        let log = ControlEventLog(control)
        scene.input.down(at: CGPoint(x: 10, y: 10), time: 1)
        scene.input.move(to: CGPoint(x: 200, y: 10), time: 1.1)
        scene.input.up(time: 1.2)
        #expect(control.calls == ["begin false", "continue false", "end false"])
        control.calls = []
        control.stopAfterMoves = 1
        scene.input.down(at: CGPoint(x: 10, y: 10), time: 2)
        scene.input.move(to: CGPoint(x: 20, y: 10), time: 2.1)
        #expect(!control.isTracking && control.isHighlighted)
        scene.input.move(to: CGPoint(x: 30, y: 10), time: 2.2)
        scene.input.up(time: 2.3)
        // Tracking stopped after the first move; the touch events go on.
        #expect(control.calls == ["begin false", "continue true"])
        #expect(log.entries.suffix(4) == ["down", "dragInside", "dragInside", "upInside"])
        control.calls = []
        control.stopAfterMoves = .max
        scene.input.down(at: CGPoint(x: 10, y: 10), time: 3)
        scene.input.cancel(time: 3.1)
        #expect(control.calls == ["begin false", "cancel"])
        #expect(log.entries.last == "cancel")
    }

    @Test func aControlInAScaledRotatedSuperviewIsHitWhereItShows() {
        let scene = EventScene()
        let container = UIView(frame: CGRect(x: 120, y: 90, width: 160, height: 120))
        container.transform = CGAffineTransform(rotationAngle: .pi / 6).scaledBy(x: 1.5, y: 1.5)
        let control = UIControl(frame: CGRect(x: 10, y: 10, width: 60, height: 30))
        container.addSubview(control)
        scene.window.addSubview(container)
        let log = ControlEventLog(control)
        let center = scene.screenPoint(CGPoint(x: control.bounds.midX, y: control.bounds.midY), in: control)
        // Not where the untransformed frame would put it.
        #expect(abs(center.x - 160) > 10 && abs(center.y - 115) > 30)
        scene.input.tap(at: center, time: 1)
        #expect(log.entries == ["down", "upInside"])
        // Just inside a corner, and just outside an edge (4 points, 6 on screen).
        scene.input.tap(at: scene.screenPoint(CGPoint(x: 58, y: 28), in: control), time: 2)
        #expect(log.entries.count == 4)
        scene.input.tap(at: scene.screenPoint(CGPoint(x: 64, y: 15), in: control), time: 3)
        scene.input.tap(at: scene.screenPoint(CGPoint(x: 30, y: -4), in: control), time: 4)
        #expect(log.entries.count == 4)
    }

    @Test func stateCombinesTheFlags() {
        let control = UIControl(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(control.state == .normal && control.state.isEmpty)
        control.isSelected = true
        control.isHighlighted = true
        #expect(control.state == [.selected, .highlighted])
        control.isEnabled = false
        #expect(control.state == [.selected, .highlighted, .disabled])
        #expect(!control.state.contains(.focused))
        control.contentHorizontalAlignment = .trailing
        #expect(control.effectiveContentHorizontalAlignment == .right)
        control.contentVerticalAlignment = .fill
        #expect(control.contentVerticalAlignment == .fill)
    }
}
