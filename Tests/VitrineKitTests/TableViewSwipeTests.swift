import Foundation
import Testing

@testable import VitrineKit

/// Swipe actions: a horizontal swipe on a row reveals its trailing actions, a tap runs one, a
/// full swipe runs the first.
@MainActor @Suite(.serialized) struct TableViewSwipeTests {
    private func finish(_ scene: TableScene) {
        for _ in 0..<30 { scene.rig.clock.advance(by: HeadlessRig.frame) }
    }

    /// A table whose rows offer Delete (destructive, deleting the row) and Flag.
    private func scene(log: SwipeLog, fullSwipe: Bool = true) -> TableScene {
        let model = TableModel(rows: 6)
        let scene = TableScene(model: model) { $0.rowHeight = 44 }
        let table = scene.tableView
        // Weakly: the model keeps this closure, and the table keeps the model's actions.
        model.trailingActions = { [weak model, weak table] indexPath in
            let delete = UIContextualAction(style: .destructive, title: "Delete") { action, view, done in
                log.entries.append("delete \(indexPath.row)")
                model?.sections[0].remove(at: indexPath.row)
                table?.deleteRows(at: [indexPath], with: .automatic)
                done(true)
            }
            let flag = UIContextualAction(style: .normal, title: "Flag") { _, _, done in
                log.entries.append("flag \(indexPath.row)")
                done(false)
            }
            let configuration = UISwipeActionsConfiguration(actions: [delete, flag])
            configuration.performsFirstActionWithFullSwipe = fullSwipe
            return configuration
        }
        scene.rig.settle()
        return scene
    }

    private func swipe(_ scene: TableScene, row: Int, from startX: CGFloat, to endX: CGFloat, time: Double) {
        let y = CGFloat(row) * 44 + 22
        scene.input.down(at: CGPoint(x: startX, y: y), time: time)
        var x = startX
        var t = time
        while x > endX {
            x = max(endX, x - 20)
            t += 0.016
            scene.input.move(to: CGPoint(x: x, y: y), time: t)
        }
        scene.input.up(time: t + 0.2)
    }

    @Test func aSwipeRevealsTheActionsAndATapRunsOne() {
        let log = SwipeLog()
        let scene = scene(log: log)
        let table = scene.tableView
        let cell = try! #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        swipe(scene, row: 1, from: 280, to: 150, time: 1)
        finish(scene)
        // Open: the row slid left by the buttons' width; the buttons sit in the gap.
        let open = cell.frame.minX
        #expect(open < -100)
        #expect(cell.showingDeleteConfirmation)
        #expect(table.indexPathForSelectedRow == nil)
        #expect(!cell.isHighlighted)
        #expect(scene.model.touchEvents.allSatisfy { !$0.hasPrefix("didSelect") })
        // Flag sits nearer the row, Delete at the edge.
        scene.input.tap(at: CGPoint(x: 320 + open + 10, y: 66), time: 3)
        #expect(log.entries == ["flag 1"])
        finish(scene)
        #expect(cell.frame.minX == 0)
        #expect(!cell.showingDeleteConfirmation)
        // Again, and Delete: the handler deletes the row.
        swipe(scene, row: 1, from: 280, to: 150, time: 5)
        finish(scene)
        scene.input.tap(at: CGPoint(x: 310, y: 66), time: 7)
        #expect(log.entries == ["flag 1", "delete 1"])
        finish(scene)
        #expect(table.numberOfRows(inSection: 0) == 5)
        #expect(
            table.visibleCells.map { $0.textLabel?.text ?? "" } == [
                "Row 0.0", "Row 0.2", "Row 0.3", "Row 0.4", "Row 0.5",
            ])
        #expect(table.visibleCells.allSatisfy { $0.frame.minX == 0 })
    }

    @Test func aTapElsewhereClosesTheActionsWithoutSelecting() {
        let log = SwipeLog()
        let scene = scene(log: log)
        let table = scene.tableView
        let cell = try! #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        swipe(scene, row: 2, from: 280, to: 150, time: 1)
        finish(scene)
        #expect(cell.frame.minX < 0)
        scene.input.tap(at: CGPoint(x: 100, y: 10), time: 3)
        finish(scene)
        #expect(cell.frame.minX == 0)
        #expect(table.indexPathForSelectedRow == nil)
        #expect(log.entries.isEmpty)
    }

    @Test func aFullSwipeRunsTheFirstActionUnlessTheConfigurationSaysNot() {
        let log = SwipeLog()
        let scene = scene(log: log)
        swipe(scene, row: 0, from: 310, to: 20, time: 1)
        finish(scene)
        #expect(log.entries == ["delete 0"])
        #expect(scene.tableView.numberOfRows(inSection: 0) == 5)

        let quietLog = SwipeLog()
        let quiet = self.scene(log: quietLog, fullSwipe: false)
        swipe(quiet, row: 0, from: 310, to: 20, time: 1)
        finish(quiet)
        #expect(quietLog.entries.isEmpty)
        #expect(quiet.tableView.cellForRow(at: IndexPath(row: 0, section: 0))?.showingDeleteConfirmation == true)
    }

    @Test func aShortOrVerticalDragRevealsNothing() {
        let log = SwipeLog()
        let scene = scene(log: log)
        let cell = try! #require(scene.tableView.cellForRow(at: IndexPath(row: 1, section: 0)))
        swipe(scene, row: 1, from: 280, to: 260, time: 1)
        finish(scene)
        #expect(cell.frame.minX == 0)
        scene.input.down(at: CGPoint(x: 200, y: 66), time: 3)
        scene.input.move(to: CGPoint(x: 195, y: 100), time: 3.02)
        scene.input.move(to: CGPoint(x: 150, y: 130), time: 3.04)
        scene.input.up(time: 3.1)
        finish(scene)
        #expect(cell.frame.minX == 0)
        #expect(log.entries.isEmpty)
    }

    @Test func actionsHaveUIKitsDefaults() {
        let destructive = UIContextualAction(style: .destructive, title: "Delete") { _, _, _ in }
        let normal = UIContextualAction(style: .normal, title: "More") { _, _, _ in }
        #expect(destructive.backgroundColor == .systemRed)
        #expect(normal.backgroundColor == .systemGray)
        let configuration = UISwipeActionsConfiguration(actions: [destructive, normal])
        #expect(configuration.performsFirstActionWithFullSwipe)
        #expect(configuration.actions.first === destructive)
    }
}

@MainActor final class SwipeLog {
    var entries: [String] = []
}

extension TableViewSwipeTests {
    @Test func swipingAnotherRowClosesTheOpenOneAndSwipingBackCloses() {
        let log = SwipeLog()
        let scene = scene(log: log)
        let table = scene.tableView
        let first = try! #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        let second = try! #require(table.cellForRow(at: IndexPath(row: 3, section: 0)))
        swipe(scene, row: 1, from: 280, to: 150, time: 1)
        finish(scene)
        #expect(first.frame.minX < 0)
        swipe(scene, row: 3, from: 280, to: 150, time: 3)
        finish(scene)
        #expect(first.frame.minX == 0)
        #expect(second.frame.minX < 0)
        // A drag to the right on the open row closes it.
        let y: CGFloat = 3 * 44 + 22
        scene.input.down(at: CGPoint(x: 100, y: y), time: 5)
        for step in 1...8 {
            scene.input.move(to: CGPoint(x: 100 + CGFloat(step) * 20, y: y), time: 5 + Double(step) * 0.016)
        }
        scene.input.up(time: 5.5)
        finish(scene)
        #expect(second.frame.minX == 0)
        #expect(log.entries.isEmpty)
    }
}
