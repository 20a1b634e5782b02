import Foundation
import Testing
import VitrineKit
import VitrinePlatform

/// A fresh app state for event tests: a headless backend on a manual clock with one
/// 400x300 screen, a synthetic input source, and a visible window covering the screen.
@MainActor
struct EventScene {
    let clock = ManualClock()
    let backend: HeadlessBackend
    let input: SyntheticInput
    let window: UIWindow

    init(width: Int = 400, height: Int = 300) {
        backend = HeadlessBackend(clock: clock)
        backend.addOutput(name: "PANEL-1", width: width, height: height)
        UIApplication.shared.setDisplayBackend(backend)
        input = SyntheticInput().install()
        window = UIWindow(frame: UIScreen.main.bounds)
        window.makeKeyAndVisible()
    }
}

/// A view that records the touch callbacks it gets.
@MainActor
final class TouchLogView: UIView {
    static var log: [String] = []
    var name = ""

    convenience init(_ name: String, frame: CGRect) {
        self.init(frame: frame)
        self.name = name
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        Self.log.append("\(name) began \(touches.count)")
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        Self.log.append("\(name) moved \(touches.count)")
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        Self.log.append("\(name) ended \(touches.count)")
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        Self.log.append("\(name) cancelled \(touches.count)")
    }
}
