import Foundation
import Testing
import VitrineKit
import VitrinePlatform

@MainActor @Suite struct GestureTapTests {
    @Test func aTapIsRecognizedAtTouchUpWithItsLocation() {
        let scene = EventScene()
        let view = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        scene.window.addSubview(view)
        var locations: [CGPoint] = []
        let tap = UITapGestureRecognizer { [weak view] in locations.append($0.location(in: view)) }
        view.addGestureRecognizer(tap)
        scene.input.down(at: CGPoint(x: 120, y: 130), time: 1)
        #expect(locations.isEmpty && tap.state == .possible)
        scene.input.up(time: 1.05)
        #expect(locations == [CGPoint(x: 20, y: 30)])
        #expect(tap.state == .possible)  // reset once its touches are over
    }

    @Test func aTapFailsWhenTheFingerMovesMoreThanTenPoints() {
        let scene = EventScene()
        let log = GestureLog()
        let view = UIView(frame: scene.window.bounds)
        scene.window.addSubview(view)
        view.addGestureRecognizer(log.watch(UITapGestureRecognizer(), as: "tap"))
        scene.input.down(at: CGPoint(x: 50, y: 50), time: 1)
        scene.input.move(to: CGPoint(x: 58, y: 50), time: 1.02)  // 8 points: still a tap
        scene.input.up(time: 1.05)
        #expect(log.lines == ["tap ended"])
        scene.input.down(at: CGPoint(x: 50, y: 50), time: 2)
        scene.input.move(to: CGPoint(x: 62, y: 50), time: 2.02)  // 12 points
        scene.input.move(to: CGPoint(x: 50, y: 50), time: 2.04)  // coming back does not help
        scene.input.up(time: 2.05)
        #expect(log.lines == ["tap ended"])
    }

    @Test func twoFingerTapNeedsExactlyTwoFingers() {
        let scene = EventScene()
        let log = GestureLog()
        let view = UIView(frame: scene.window.bounds)
        view.isMultipleTouchEnabled = true
        scene.window.addSubview(view)
        let tap = log.watch(UITapGestureRecognizer(), as: "tap")
        tap.numberOfTouchesRequired = 2
        view.addGestureRecognizer(tap)
        scene.input.tap(at: CGPoint(x: 50, y: 50), time: 1)
        #expect(log.lines.isEmpty)
        scene.input.batch(time: 2) {
            scene.input.down(0, at: CGPoint(x: 50, y: 50), time: 2)
            scene.input.down(1, at: CGPoint(x: 80, y: 50), time: 2)
        }
        scene.input.up(0, time: 2.05)
        #expect(log.lines.isEmpty)  // one finger still down
        scene.input.up(1, time: 2.06)
        #expect(log.lines == ["tap ended"])
        #expect(tap.numberOfTouches == 0)
    }

    @Test func aDoubleTapFailsWhenTheSecondTapIsLate() {
        let scene = EventScene()
        let log = GestureLog()
        let view = UIView(frame: scene.window.bounds)
        scene.window.addSubview(view)
        let double = log.watch(UITapGestureRecognizer(), as: "double")
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(double)
        scene.input.tap(at: CGPoint(x: 50, y: 50), time: 1)
        scene.clock.advance(to: 1.3)
        #expect(double.state == .possible)
        scene.input.tap(at: CGPoint(x: 50, y: 50), time: 1.3)
        #expect(log.lines == ["double ended"])
        // Late: the interval after the lift at 2.05 runs out at 2.4.
        scene.input.tap(at: CGPoint(x: 50, y: 50), time: 2)
        scene.clock.advance(to: 2.45)
        scene.input.tap(at: CGPoint(x: 50, y: 50), time: 2.45)
        scene.clock.advance(to: 3)
        #expect(log.lines == ["double ended"])
        // Far apart: the second tap lands 60 points away.
        scene.input.tap(at: CGPoint(x: 50, y: 50), time: 4)
        scene.input.tap(at: CGPoint(x: 110, y: 50), time: 4.2)
        #expect(log.lines == ["double ended"])
    }

    @Test func withoutARequirementADoubleTapFiresTheSingleTapThenTheDoubleTap() {
        let (scene, log, view) = gestureScene()
        let single = log.watch(UITapGestureRecognizer(), as: "single")
        let double = log.watch(UITapGestureRecognizer(), as: "double")
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)

        scene.input.tap(at: CGPoint(x: 50, y: 50), time: 1)
        #expect(log.lines == ["single ended"])
        scene.input.tap(at: CGPoint(x: 52, y: 50), time: 1.2)
        #expect(log.lines == ["single ended", "double ended"])
        scene.clock.advance(to: 3)
        #expect(log.lines == ["single ended", "double ended"])
        #expect(single.state == .possible && double.state == .possible)
    }

    @Test func singleTapWaitsForTheDoubleTapToFail() {
        let (scene, log, view) = gestureScene()
        let single = log.watch(UITapGestureRecognizer(), as: "single")
        let double = log.watch(UITapGestureRecognizer(), as: "double")
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)

        // A single tap: recognized only when the double tap times out (0.35 s after the lift).
        scene.input.tap(at: CGPoint(x: 50, y: 50), time: 1)
        #expect(log.lines.isEmpty)
        scene.clock.advance(to: 1.39)
        #expect(log.lines.isEmpty)
        scene.clock.advance(to: 1.41)
        #expect(log.lines == ["single ended"])
        // The view heard the touch begin; the recognized tap cancelled it (its end was held).
        #expect(TouchLogView.log == ["view began 1", "view cancelled 1"])

        // A double tap: the single tap never fires, not even after the timeout.
        log.lines = []
        scene.input.tap(at: CGPoint(x: 50, y: 50), time: 3)
        scene.input.tap(at: CGPoint(x: 52, y: 50), time: 3.2)
        #expect(log.lines == ["double ended"])
        scene.clock.advance(to: 5)
        #expect(log.lines == ["double ended"])
        #expect(single.state == .possible && double.state == .possible)

        // Both work again afterwards.
        scene.input.tap(at: CGPoint(x: 50, y: 50), time: 6)
        scene.clock.advance(to: 7)
        #expect(log.lines == ["double ended", "single ended"])
    }
}
