import Foundation
import Testing
import VitrineKit

/// Records the states a recognizer's actions see, as "name state" lines.
@MainActor
final class GestureLog {
    var lines: [String] = []

    /// Adds an action to `recognizer` that logs its state under `name`.
    @discardableResult
    func watch<Recognizer: UIGestureRecognizer>(_ recognizer: Recognizer, as name: String) -> Recognizer {
        recognizer.addTarget { [unowned self] in self.lines.append("\(name) \($0.state)") }
        return recognizer
    }
}

/// A delegate whose answers tests set.
@MainActor
final class GestureDelegate: UIGestureRecognizerDelegate {
    var shouldBegin = true
    var simultaneous = false
    var receives: (UITouch) -> Bool = { _ in true }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { shouldBegin }
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { simultaneous }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        receives(touch)
    }
}

/// A fresh event scene with a gesture log and a logging view filling the window (the touch
/// log emptied): the common start of the gesture tests.
@MainActor
func gestureScene() -> (scene: EventScene, log: GestureLog, view: TouchLogView) {
    let scene = EventScene()
    TouchLogView.log = []
    let log = GestureLog()
    let view = TouchLogView("view", frame: scene.window.bounds)
    scene.window.addSubview(view)
    return (scene, log, view)
}
