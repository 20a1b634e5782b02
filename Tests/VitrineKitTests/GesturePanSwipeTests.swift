import Foundation
import Testing
import VitrineKit
import VitrinePlatform

@MainActor @Suite struct GesturePanSwipeTests {
    @Test func panBeginsAfterTenPointsAndCancelsTheViewsTouches() {
        let (scene, log, view) = gestureScene()
        var translations: [CGPoint] = []
        let pan = log.watch(UIPanGestureRecognizer(), as: "pan")
        pan.addTarget { [weak view] in translations.append(($0 as! UIPanGestureRecognizer).translation(in: view)) }
        view.addGestureRecognizer(pan)
        scene.input.down(at: CGPoint(x: 50, y: 50), time: 1)
        scene.input.move(to: CGPoint(x: 56, y: 50), time: 1.01)
        #expect(log.lines.isEmpty)
        scene.input.move(to: CGPoint(x: 62, y: 50), time: 1.02)
        scene.input.move(to: CGPoint(x: 70, y: 54), time: 1.03)
        scene.input.up(time: 1.04)
        #expect(log.lines == ["pan began", "pan changed", "pan ended"])
        #expect(translations == [CGPoint(x: 12, y: 0), CGPoint(x: 20, y: 4), CGPoint(x: 20, y: 4)])
        // The view heard the touch begin and move, then the pan took it: cancelled, never ended.
        #expect(TouchLogView.log == ["view began 1", "view moved 1", "view cancelled 1"])
    }

    @Test func panWithoutCancellingLetsTheViewFinish() {
        let scene = EventScene()
        TouchLogView.log = []
        let view = TouchLogView("view", frame: scene.window.bounds)
        scene.window.addSubview(view)
        let pan = UIPanGestureRecognizer()
        pan.cancelsTouchesInView = false
        view.addGestureRecognizer(pan)
        scene.input.down(at: CGPoint(x: 50, y: 50), time: 1)
        scene.input.move(to: CGPoint(x: 80, y: 50), time: 1.02)
        scene.input.up(time: 1.04)
        #expect(TouchLogView.log == ["view began 1", "view moved 1", "view ended 1"])
    }

    @Test func translationInARotatedViewAndSetTranslationAndVelocity() {
        let scene = EventScene()
        let view = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        scene.window.addSubview(view)
        let pan = UIPanGestureRecognizer()
        view.addGestureRecognizer(pan)
        var velocities: [CGPoint] = []
        pan.addTarget { velocities.append(($0 as! UIPanGestureRecognizer).velocity(in: nil)) }
        scene.input.down(at: CGPoint(x: 150, y: 150), time: 1)
        scene.input.move(to: CGPoint(x: 170, y: 150), time: 1.02)
        let inWindow = pan.translation(in: nil)
        let inView = pan.translation(in: view)
        #expect(inWindow == CGPoint(x: 20, y: 0))
        // The view is turned a quarter clockwise: the window's +x is its -y.
        #expect(abs(inView.x) < 1e-9 && abs(inView.y + 20) < 1e-9)
        pan.setTranslation(.zero, in: nil)
        scene.input.move(to: CGPoint(x: 180, y: 155), time: 1.04)
        let moved = pan.translation(in: nil)
        #expect(abs(moved.x - 10) < 1e-9 && abs(moved.y - 5) < 1e-9)
        // (30, 5) points in the 40 ms since the touch went down, unchanged by setTranslation.
        #expect(abs((velocities.last?.x ?? 0) - 750) < 1e-6)
        #expect(abs((velocities.last?.y ?? 0) - 125) < 1e-6)
        // A pause before lifting: no movement in the last 0.1 s, no velocity at the end.
        scene.input.up(time: 1.5)
        #expect(pan.state == .possible)
        #expect(velocities.count == 3 && velocities[2] == .zero)
    }

    @Test func panTouchCountLimits() {
        let scene = EventScene()
        let log = GestureLog()
        let view = UIView(frame: scene.window.bounds)
        view.isMultipleTouchEnabled = true
        scene.window.addSubview(view)
        let pan = log.watch(UIPanGestureRecognizer(), as: "pan")
        pan.minimumNumberOfTouches = 2
        pan.maximumNumberOfTouches = 2
        view.addGestureRecognizer(pan)
        // One finger does not pan.
        scene.input.down(0, at: CGPoint(x: 50, y: 50), time: 1)
        scene.input.move(0, to: CGPoint(x: 90, y: 50), time: 1.1)
        #expect(log.lines.isEmpty)
        // With a second, the centroid's movement counts from then; a third finger is ignored.
        scene.input.down(1, at: CGPoint(x: 90, y: 100), time: 1.2)
        scene.input.down(2, at: CGPoint(x: 200, y: 100), time: 1.25)
        scene.input.move(2, to: CGPoint(x: 300, y: 100), time: 1.27)
        #expect(log.lines.isEmpty)
        scene.input.batch(time: 1.3) {
            scene.input.move(0, to: CGPoint(x: 90, y: 70), time: 1.3)
            scene.input.move(1, to: CGPoint(x: 90, y: 120), time: 1.3)
        }
        #expect(log.lines == ["pan began"])
        #expect(pan.numberOfTouches == 2)
        #expect(pan.translation(in: nil) == CGPoint(x: 0, y: 20))
        // Below two fingers, it ends.
        scene.input.up(1, time: 1.4)
        #expect(log.lines == ["pan began", "pan ended"])
        scene.input.up(0, time: 1.5)
        scene.input.up(2, time: 1.5)
        #expect(pan.state == .possible)
    }

    @Test func swipeRecognizesAFastStraightMoveInAnAllowedDirection() {
        let scene = EventScene()
        let log = GestureLog()
        let view = UIView(frame: scene.window.bounds)
        scene.window.addSubview(view)
        let swipe = log.watch(UISwipeGestureRecognizer(), as: "swipe")
        swipe.direction = [.left, .down]
        view.addGestureRecognizer(swipe)
        // Left, 60 points in 0.1 s, a little off axis: recognized before the lift.
        scene.input.down(at: CGPoint(x: 300, y: 100), time: 1)
        scene.input.move(to: CGPoint(x: 270, y: 105), time: 1.05)
        #expect(log.lines.isEmpty)
        scene.input.move(to: CGPoint(x: 240, y: 110), time: 1.1)
        #expect(log.lines == ["swipe ended"])
        scene.input.up(time: 1.12)
        // Down works too.
        scene.input.down(at: CGPoint(x: 100, y: 50), time: 2)
        scene.input.move(to: CGPoint(x: 100, y: 120), time: 2.1)
        scene.input.up(time: 2.12)
        #expect(log.lines == ["swipe ended", "swipe ended"])
    }

    @Test func swipeFailures() {
        let scene = EventScene()
        let log = GestureLog()
        let view = UIView(frame: scene.window.bounds)
        scene.window.addSubview(view)
        let swipe = log.watch(UISwipeGestureRecognizer(), as: "swipe")
        view.addGestureRecognizer(swipe)
        // The wrong way.
        scene.input.down(at: CGPoint(x: 300, y: 100), time: 1)
        scene.input.move(to: CGPoint(x: 200, y: 100), time: 1.1)
        scene.input.up(time: 1.12)
        // Too crooked: 45° off.
        scene.input.down(at: CGPoint(x: 100, y: 100), time: 2)
        scene.input.move(to: CGPoint(x: 160, y: 160), time: 2.1)
        scene.input.up(time: 2.12)
        // Too slow: the timer fails it while the finger rests.
        scene.input.down(at: CGPoint(x: 100, y: 100), time: 3)
        scene.input.move(to: CGPoint(x: 130, y: 100), time: 3.1)
        scene.clock.advance(to: 3.6)
        #expect(swipe.state == .failed)
        scene.input.move(to: CGPoint(x: 200, y: 100), time: 3.7)
        scene.input.up(time: 3.72)
        // Too short: lifted first.
        scene.input.down(at: CGPoint(x: 100, y: 100), time: 4)
        scene.input.move(to: CGPoint(x: 140, y: 100), time: 4.1)
        scene.input.up(time: 4.12)
        #expect(log.lines.isEmpty)
        // And a good one still works.
        scene.input.down(at: CGPoint(x: 100, y: 100), time: 5)
        scene.input.move(to: CGPoint(x: 160, y: 100), time: 5.1)
        scene.input.up(time: 5.12)
        #expect(log.lines == ["swipe ended"])
    }

    @Test func twoFingerSwipe() {
        let scene = EventScene()
        let log = GestureLog()
        let view = UIView(frame: scene.window.bounds)
        view.isMultipleTouchEnabled = true
        scene.window.addSubview(view)
        let swipe = log.watch(UISwipeGestureRecognizer(), as: "swipe")
        swipe.direction = .up
        swipe.numberOfTouchesRequired = 2
        view.addGestureRecognizer(swipe)
        scene.input.down(at: CGPoint(x: 100, y: 200), time: 1)
        scene.input.move(to: CGPoint(x: 100, y: 100), time: 1.1)
        scene.input.up(time: 1.12)
        #expect(log.lines.isEmpty)
        scene.input.batch(time: 2) {
            scene.input.down(0, at: CGPoint(x: 100, y: 200), time: 2)
            scene.input.down(1, at: CGPoint(x: 150, y: 200), time: 2)
        }
        scene.input.batch(time: 2.1) {
            scene.input.move(0, to: CGPoint(x: 100, y: 140), time: 2.1)
            scene.input.move(1, to: CGPoint(x: 150, y: 140), time: 2.1)
        }
        #expect(log.lines == ["swipe ended"])
        scene.input.up(0, time: 2.2)
        scene.input.up(1, time: 2.2)
    }
}
