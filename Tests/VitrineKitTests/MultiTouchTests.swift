import Foundation
import Testing
import VitrineKit
import VitrinePlatform

@MainActor @Suite struct MultiTouchTests {
    @Test func twoFingersOnTwoWindows() {
        let scene = EventScene()
        TouchLogView.log = []
        let left = TouchLogView("left", frame: CGRect(x: 0, y: 0, width: 200, height: 300))
        scene.window.addSubview(left)
        let other = UIWindow(frame: CGRect(x: 200, y: 0, width: 200, height: 300))
        let right = TouchLogView("right", frame: other.bounds)
        other.addSubview(right)
        other.isHidden = false
        scene.input.batch(time: 1) {
            scene.input.down(0, at: CGPoint(x: 50, y: 50), time: 1)
            scene.input.down(1, at: CGPoint(x: 250, y: 50), time: 1)
        }
        scene.input.batch(time: 1.1) {
            scene.input.move(0, to: CGPoint(x: 60, y: 50), time: 1.1)
            scene.input.move(1, to: CGPoint(x: 260, y: 50), time: 1.1)
        }
        scene.input.up(1, time: 1.2)
        scene.input.up(0, time: 1.3)
        #expect(
            TouchLogView.log == [
                "left began 1", "right began 1", "left moved 1", "right moved 1", "right ended 1", "left ended 1",
            ])
    }

    @Test func oneViewGetsOneTouchUnlessMultipleTouchIsEnabled() {
        let scene = EventScene()
        TouchLogView.log = []
        let view = TouchLogView("view", frame: scene.window.bounds)
        scene.window.addSubview(view)
        scene.input.down(0, at: CGPoint(x: 10, y: 10), time: 1)
        scene.input.down(1, at: CGPoint(x: 100, y: 100), time: 1.1)
        scene.input.up(1, time: 1.2)
        scene.input.up(0, time: 1.3)
        #expect(TouchLogView.log == ["view began 1", "view ended 1"])
        TouchLogView.log = []
        view.isMultipleTouchEnabled = true
        scene.input.batch(time: 2) {
            scene.input.down(0, at: CGPoint(x: 10, y: 10), time: 2)
            scene.input.down(1, at: CGPoint(x: 100, y: 100), time: 2)
        }
        scene.input.batch(time: 2.1) {
            scene.input.up(0, time: 2.1)
            scene.input.up(1, time: 2.1)
        }
        #expect(TouchLogView.log == ["view began 2", "view ended 2"])
    }

    @Test func anExclusiveTouchViewTakesTouchesAlone() {
        let scene = EventScene()
        TouchLogView.log = []
        let exclusive = TouchLogView("exclusive", frame: CGRect(x: 0, y: 0, width: 200, height: 300))
        exclusive.isExclusiveTouch = true
        let plain = TouchLogView("plain", frame: CGRect(x: 200, y: 0, width: 200, height: 300))
        scene.window.addSubview(exclusive)
        scene.window.addSubview(plain)
        scene.input.down(0, at: CGPoint(x: 50, y: 50), time: 1)
        scene.input.down(1, at: CGPoint(x: 250, y: 50), time: 1.1)
        scene.input.up(1, time: 1.2)
        scene.input.up(0, time: 1.3)
        #expect(TouchLogView.log == ["exclusive began 1", "exclusive ended 1"])
    }

    @Test func touchesOnASecondScreenReachItsWindow() {
        let scene = EventScene()
        TouchLogView.log = []
        let second = scene.backend.addOutput(name: "HDMI-A-2", width: 800, height: 600)
        let screen = UIScreen.screens.first { $0.output === second }!
        let window = UIWindow(screen: screen)
        let view = TouchLogView("external", frame: CGRect(x: 400, y: 300, width: 100, height: 100))
        window.addSubview(view)
        window.isHidden = false
        var location = CGPoint.zero
        final class Locator: UIView {
            var found: ((CGPoint) -> Void)?
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                found?(touches.first!.location(in: self))
            }
        }
        let locator = Locator(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        locator.found = { location = $0 }
        window.addSubview(locator)
        scene.input.tap(at: CGPoint(x: 450, y: 350), on: screen, time: 1)
        scene.input.tap(at: CGPoint(x: 30, y: 40), on: screen, time: 2)
        #expect(TouchLogView.log == ["external began 1", "external ended 1"])
        #expect(location == CGPoint(x: 30, y: 40))
    }
}
