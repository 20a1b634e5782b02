import Foundation
import Testing

@testable import VitrineKit

/// `UIPress.type` and `force`, `pressesChanged(_:with:)`, and `UITouch.force` on panels
/// without pressure.
@MainActor @Suite struct EventPressForceTests {
    final class Recorder: UIView {
        var changed: [UIPress] = []
        override func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
            changed.append(contentsOf: presses)
        }
    }

    @Test func pressesHaveUIKitsTypesAndADigitalForce() {
        let up = UIPress(key: UIKey(keyCode: 103), phase: .began, timestamp: 1)
        #expect(up.type == .upArrow)
        #expect(up.force == 1)
        #expect(UIPress(key: UIKey(keyCode: 28), phase: .began, timestamp: 1).type == .select)
        #expect(UIPress(key: UIKey(keyCode: 1), phase: .began, timestamp: 1).type == .menu)
        #expect(UIPress(key: UIKey(keyCode: 109), phase: .began, timestamp: 1).type == .pageDown)
        let letter = UIPress(key: UIKey(keyCode: 30), phase: .began, timestamp: 1)
        #expect(![.upArrow, .select, .menu, .playPause].contains(letter.type))
        #expect(UIPress.PressType.pageUp.rawValue == 30)
        let ended = UIPress(key: UIKey(keyCode: 103), phase: .ended, timestamp: 2)
        #expect(ended.force == 0)
    }

    @Test func pressesChangedGoesUpTheResponderChain() {
        let recorder = Recorder(frame: .zero)
        let child = UIView(frame: .zero)
        recorder.addSubview(child)
        let press = UIPress(key: UIKey(keyCode: 103), phase: .changed, timestamp: 1)
        child.pressesChanged([press], with: nil)
        #expect(recorder.changed == [press])
    }

    final class ForceView: UIView {
        var forces: [CGFloat] = []
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            for touch in touches { forces += [touch.force, touch.maximumPossibleForce] }
        }
    }

    @Test func touchesReportNoForce() {
        let (scene, _, _) = gestureScene()
        let view = ForceView(frame: scene.window.bounds)
        scene.window.addSubview(view)
        scene.input.down(at: CGPoint(x: 10, y: 10), time: 1)
        scene.input.up(time: 1.05)
        // As iOS without 3D Touch: no pressure, and no maximum to divide by.
        #expect(view.forces == [0, 0])
    }
}
