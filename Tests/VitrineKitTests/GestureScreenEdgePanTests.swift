import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// UIScreenEdgePanGestureRecognizer: only from its edges, only moving away from them.
@Suite("UIScreenEdgePanGestureRecognizer") @MainActor struct ScreenEdgePanTests {
    private func recognizer(_ edges: UIRectEdge) -> (EventScene, GestureLog, UIScreenEdgePanGestureRecognizer) {
        let scene = EventScene()
        let log = GestureLog()
        let view = UIView(frame: scene.window.bounds)
        scene.window.addSubview(view)
        let edgePan = log.watch(UIScreenEdgePanGestureRecognizer(), as: "edge")
        edgePan.edges = edges
        view.addGestureRecognizer(edgePan)
        return (scene, log, edgePan)
    }

    private func drag(_ scene: EventScene, from start: CGPoint, by delta: CGPoint, time: Double) {
        scene.input.down(at: start, time: time)
        for step in 1...4 {
            let t = CGFloat(step) / 4
            scene.input.move(
                to: CGPoint(x: start.x + delta.x * t, y: start.y + delta.y * t), time: time + Double(step) * 0.016)
        }
        scene.input.up(time: time + 0.1)
    }

    @Test func recognizesOnlyATouchStartingAtItsEdgeAndMovingAway() {
        let (scene, log, edgePan) = recognizer(.left)
        #expect(UIScreenEdgePanGestureRecognizer.edgeMargin == 20)
        // From 5 points off the left edge, moving right: a pan.
        drag(scene, from: CGPoint(x: 5, y: 150), by: CGPoint(x: 80, y: 10), time: 1)
        #expect(log.lines.first == "edge began" && log.lines.last == "edge ended")
        log.lines = []
        // From the middle: nothing.
        drag(scene, from: CGPoint(x: 100, y: 150), by: CGPoint(x: 80, y: 0), time: 2)
        // From the edge but along it, or towards it: nothing.
        drag(scene, from: CGPoint(x: 10, y: 100), by: CGPoint(x: 5, y: 80), time: 3)
        drag(scene, from: CGPoint(x: 19, y: 100), by: CGPoint(x: -15, y: 0), time: 4)
        // From the right edge (not one of its edges): nothing.
        drag(scene, from: CGPoint(x: 395, y: 150), by: CGPoint(x: -80, y: 0), time: 5)
        #expect(log.lines.isEmpty)
        #expect(edgePan.state == .possible)
    }

    @Test func otherEdgesAndNone() {
        let (scene, log, edgePan) = recognizer([.right, .bottom])
        drag(scene, from: CGPoint(x: 390, y: 150), by: CGPoint(x: -60, y: 5), time: 1)
        drag(scene, from: CGPoint(x: 200, y: 295), by: CGPoint(x: 0, y: -60), time: 2)
        #expect(log.lines.filter { $0 == "edge began" }.count == 2)
        log.lines = []
        // No edges (the default): never.
        edgePan.edges = []
        drag(scene, from: CGPoint(x: 390, y: 150), by: CGPoint(x: -60, y: 5), time: 3)
        #expect(log.lines.isEmpty)
        #expect(UIRectEdge.all == [.top, .left, .bottom, .right] && UIRectEdge.all.rawValue == 15)
    }
}
