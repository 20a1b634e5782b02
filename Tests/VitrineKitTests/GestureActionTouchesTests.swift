import Foundation
import Testing
import VitrineKit
import VitrinePlatform

/// UIKit keeps a recognized gesture's touches readable in its action, after they lifted:
/// `numberOfTouches` and each finger's `location(ofTouch:in:)`.
@MainActor @Suite struct GestureActionTouchesTests {
    /// What an action saw: the state, the number of touches and each touch's location.
    @MainActor private final class Seen {
        var lines: [String] = []

        func watch(_ recognizer: UIGestureRecognizer, in view: UIView) {
            // The view weakly: it keeps the recognizer, which keeps this action.
            recognizer.addTarget { [unowned self, weak view] recognizer in
                let locations = (0..<recognizer.numberOfTouches).map {
                    let point = recognizer.location(ofTouch: $0, in: view)
                    return "(\(Int(point.x.rounded())),\(Int(point.y.rounded())))"
                }
                self.lines.append(
                    "\(recognizer.state) \(recognizer.numberOfTouches) \(locations.joined(separator: " "))")
            }
        }
    }

    @Test func aTwoFingerTapReportsBothFingersInItsAction() {
        let (scene, _, view) = gestureScene()
        let tap = UITapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        let seen = Seen()
        seen.watch(tap, in: view)
        view.addGestureRecognizer(tap)
        scene.input.batch(time: 1) {
            scene.input.down(0, at: CGPoint(x: 50, y: 50), time: 1)
            scene.input.down(1, at: CGPoint(x: 80, y: 60), time: 1)
        }
        scene.input.batch(time: 1.05) {
            scene.input.up(0, time: 1.05)
            scene.input.up(1, time: 1.05)
        }
        #expect(seen.lines == ["ended 2 (50,50) (80,60)"])
        // Once reset, nothing is tracked.
        #expect(tap.numberOfTouches == 0)
    }

    @Test func fingersLiftedOneByOneStillCountInTheTapsAction() {
        let (scene, _, view) = gestureScene()
        let tap = UITapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        let seen = Seen()
        seen.watch(tap, in: view)
        view.addGestureRecognizer(tap)
        scene.input.batch(time: 1) {
            scene.input.down(0, at: CGPoint(x: 20, y: 30), time: 1)
            scene.input.down(1, at: CGPoint(x: 100, y: 30), time: 1)
        }
        scene.input.up(0, time: 1.05)
        scene.input.up(1, time: 1.06)
        #expect(seen.lines == ["ended 2 (20,30) (100,30)"])
        #expect(tap.numberOfTouches == 0)
    }

    @Test func aDoubleTapReportsTheSecondTapsFinger() {
        let (scene, _, view) = gestureScene()
        let tap = UITapGestureRecognizer()
        tap.numberOfTapsRequired = 2
        let seen = Seen()
        seen.watch(tap, in: view)
        view.addGestureRecognizer(tap)
        scene.input.tap(at: CGPoint(x: 40, y: 40), time: 1)
        scene.input.tap(at: CGPoint(x: 44, y: 42), time: 1.2)
        #expect(seen.lines == ["ended 1 (44,42)"])
    }

    @Test func aLongPressReportsItsFingerWhenItEnds() {
        let (scene, _, view) = gestureScene()
        let press = UILongPressGestureRecognizer()
        let seen = Seen()
        seen.watch(press, in: view)
        view.addGestureRecognizer(press)
        scene.clock.advance(to: 1)
        scene.input.down(at: CGPoint(x: 50, y: 70), time: 1)
        scene.clock.advance(to: 1.6)
        scene.input.up(time: 1.7)
        #expect(seen.lines == ["began 1 (50,70)", "ended 1 (50,70)"])
    }

    @Test func aSwipeReportsItsFinger() {
        let (scene, _, view) = gestureScene()
        let swipe = UISwipeGestureRecognizer()
        swipe.direction = .left
        let seen = Seen()
        seen.watch(swipe, in: view)
        view.addGestureRecognizer(swipe)
        scene.input.down(at: CGPoint(x: 300, y: 100), time: 1)
        scene.input.move(to: CGPoint(x: 270, y: 105), time: 1.05)
        scene.input.move(to: CGPoint(x: 240, y: 110), time: 1.1)
        scene.input.up(time: 1.12)
        #expect(seen.lines == ["ended 1 (240,110)"])
    }
}
