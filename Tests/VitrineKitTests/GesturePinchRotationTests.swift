import Foundation
import Testing
import VitrineKit
import VitrinePlatform

@MainActor @Suite struct GesturePinchRotationTests {
    /// Two fingers on a multi-touch view covering the window, 100 points apart on a line.
    private func twoFingersDown(_ scene: EventScene, time: Double) {
        scene.input.batch(time: time) {
            scene.input.down(0, at: CGPoint(x: 150, y: 150), time: time)
            scene.input.down(1, at: CGPoint(x: 250, y: 150), time: time)
        }
    }

    private func multiTouchView(_ scene: EventScene) -> UIView {
        let view = UIView(frame: scene.window.bounds)
        view.isMultipleTouchEnabled = true
        scene.window.addSubview(view)
        return view
    }

    @Test func pinchScaleAndVelocity() {
        let scene = EventScene()
        let log = GestureLog()
        let view = multiTouchView(scene)
        let pinch = log.watch(UIPinchGestureRecognizer(), as: "pinch")
        view.addGestureRecognizer(pinch)
        twoFingersDown(scene, time: 1)
        scene.input.move(1, to: CGPoint(x: 255, y: 150), time: 1.04)  // 5 points: not yet
        #expect(log.lines.isEmpty && abs(pinch.scale - 1.05) < 1e-9)
        scene.input.move(1, to: CGPoint(x: 270, y: 150), time: 1.08)
        #expect(log.lines == ["pinch began"])
        #expect(abs(pinch.scale - 1.2) < 1e-9)
        // 0.2 of scale in 0.08 s.
        #expect(abs(pinch.velocity - 2.5) < 1e-9)
        // Rebasing the scale, as apps do on each change.
        pinch.scale = 1
        scene.input.move(1, to: CGPoint(x: 330, y: 150), time: 1.15)
        #expect(log.lines == ["pinch began", "pinch changed"])
        #expect(abs(pinch.scale - 1.5) < 1e-9)
        // Fingers coming together: below 1.
        pinch.scale = 1
        scene.input.move(1, to: CGPoint(x: 210, y: 150), time: 1.2)
        #expect(abs(pinch.scale - 60.0 / 180.0) < 1e-9)
        #expect(pinch.velocity < 0)
        scene.input.up(1, time: 1.25)
        #expect(log.lines == ["pinch began", "pinch changed", "pinch changed", "pinch ended"])
        scene.input.up(0, time: 1.3)
        #expect(pinch.state == .possible && pinch.scale == 1)
    }

    @Test func pinchFailsWhenTheFingersLiftFirst() {
        let scene = EventScene()
        let log = GestureLog()
        let view = multiTouchView(scene)
        let pinch = log.watch(UIPinchGestureRecognizer(), as: "pinch")
        view.addGestureRecognizer(pinch)
        // One finger moving is no pinch; lifting fails it.
        scene.input.down(0, at: CGPoint(x: 150, y: 150), time: 1)
        scene.input.move(0, to: CGPoint(x: 250, y: 150), time: 1.1)
        scene.input.up(0, time: 1.2)
        twoFingersDown(scene, time: 2)
        scene.input.up(0, time: 2.1)
        scene.input.up(1, time: 2.1)
        #expect(log.lines.isEmpty)
    }

    @Test func rotationAngleAndVelocity() {
        let scene = EventScene()
        let log = GestureLog()
        let view = multiTouchView(scene)
        let rotation = log.watch(UIRotationGestureRecognizer(), as: "rotation")
        view.addGestureRecognizer(rotation)
        twoFingersDown(scene, time: 1)
        // Finger 1 goes round finger 0 by 5° (below the 0.1 rad threshold), then by 45° (clockwise on screen).
        let five = CGFloat.pi / 36
        scene.input.move(1, to: CGPoint(x: 150 + 100 * cos(five), y: 150 + 100 * sin(five)), time: 1.04)
        #expect(log.lines.isEmpty)
        scene.input.move(
            1, to: CGPoint(x: 150 + 100 * cos(CGFloat.pi / 4), y: 150 + 100 * sin(CGFloat.pi / 4)), time: 1.08)
        #expect(log.lines == ["rotation began"])
        #expect(abs(rotation.rotation - .pi / 4) < 1e-9)
        #expect(abs(rotation.velocity - (CGFloat.pi / 4) / 0.08) < 1e-6)
        // On past the half turn: the angle keeps counting.
        rotation.rotation = 0
        scene.input.move(1, to: CGPoint(x: 150 - 100, y: 150), time: 1.15)  // 180°
        scene.input.move(1, to: CGPoint(x: 150, y: 150 - 100), time: 1.2)  // 270°
        #expect(abs(rotation.rotation - 5 * .pi / 4) < 1e-9)
        scene.input.up(0, time: 1.3)
        #expect(log.lines == ["rotation began", "rotation changed", "rotation changed", "rotation ended"])
        scene.input.up(1, time: 1.3)
        #expect(rotation.state == .possible && rotation.rotation == 0)
    }

    /// Spreads and turns the two fingers in three steps; returns nothing.
    private func spreadAndTurn(_ scene: EventScene, from time: Double) {
        for step in 1...3 {
            let angle = CGFloat(step) * 0.2
            let radius = 50 + CGFloat(step) * 10
            let t = time + Double(step) * 0.05
            scene.input.batch(time: t) {
                scene.input.move(0, to: CGPoint(x: 200 - radius * cos(angle), y: 150 - radius * sin(angle)), time: t)
                scene.input.move(1, to: CGPoint(x: 200 + radius * cos(angle), y: 150 + radius * sin(angle)), time: t)
            }
        }
    }

    @Test func pinchAndRotationTogetherOnlyThroughTheDelegate() {
        let scene = EventScene()
        let log = GestureLog()
        let view = multiTouchView(scene)
        let pinch = log.watch(UIPinchGestureRecognizer(), as: "pinch")
        let rotation = log.watch(UIRotationGestureRecognizer(), as: "rotation")
        view.addGestureRecognizer(pinch)
        view.addGestureRecognizer(rotation)

        // Without a delegate, the first to begin wins and the other fails.
        twoFingersDown(scene, time: 1)
        spreadAndTurn(scene, from: 1)
        scene.input.up(0, time: 1.3)
        scene.input.up(1, time: 1.3)
        #expect(log.lines == ["pinch began", "pinch changed", "pinch changed", "pinch ended"])

        // With a delegate allowing it, both begin and change together.
        let delegate = GestureDelegate()
        delegate.simultaneous = true
        rotation.delegate = delegate
        log.lines = []
        var pairs: [(CGFloat, CGFloat)] = []
        pinch.addTarget { [unowned pinch, unowned rotation] recognizer in
            if recognizer.state == .changed { pairs.append((pinch.scale, rotation.rotation)) }
        }
        twoFingersDown(scene, time: 2)
        spreadAndTurn(scene, from: 2)
        #expect(
            log.lines == [
                "pinch began", "rotation began", "pinch changed", "rotation changed", "pinch changed",
                "rotation changed",
            ])
        #expect(pairs.count == 2)
        #expect(abs(pinch.scale - 1.6) < 1e-9 && abs(rotation.rotation - 0.6) < 1e-9)
        scene.input.up(0, time: 2.3)
        #expect(log.suffix(2) == ["pinch ended", "rotation ended"])
        scene.input.up(1, time: 2.3)
    }
}

extension GestureLog {
    func suffix(_ count: Int) -> [String] { Array(lines.suffix(count)) }
}
