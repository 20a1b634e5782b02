import Foundation
import Testing

@testable import VitrineKit

/// Highlight on touch-down, selection on touch-up, by synthetic touches; selection by program.
@MainActor @Suite(.serialized) struct TableViewSelectionTests {
    private func scene(rows: Int = 20, configure: (UITableView) -> Void = { _ in }) -> TableScene {
        TableScene(model: TableModel(rows: rows)) {
            $0.rowHeight = 44
            configure($0)
        }
    }

    @Test func aTapHighlightsOnTouchDownAndSelectsOnTouchUp() {
        let scene = scene()
        let table = scene.tableView
        let cell = try! #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        scene.input.down(at: CGPoint(x: 100, y: 100), time: 1)
        #expect(cell.isHighlighted)
        #expect(!cell.isSelected)
        #expect(scene.model.touchEvents == ["highlight 0.2"])
        scene.input.up(time: 1.1)
        #expect(!cell.isHighlighted)
        #expect(cell.isSelected)
        #expect(scene.model.touchEvents == ["highlight 0.2", "unhighlight 0.2", "willSelect 0.2", "didSelect 0.2"])
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        // Single selection: tapping another row deselects the first.
        scene.model.events = []
        scene.input.tap(at: CGPoint(x: 100, y: 10), time: 2)
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0)])
        #expect(!cell.isSelected)
        #expect(scene.model.touchEvents.contains("didDeselect 0.2"))
        #expect(scene.model.touchEvents.last == "didSelect 0.0")
    }

    @Test func aDragThatScrollsCancelsTheHighlightAndSelectsNothing() {
        let scene = scene()
        let table = scene.tableView
        let cell = try! #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        scene.input.down(at: CGPoint(x: 100, y: 60), time: 1)
        #expect(cell.isHighlighted)
        scene.input.move(to: CGPoint(x: 100, y: 90), time: 1.05)
        #expect(!cell.isHighlighted)
        scene.input.up(time: 1.1)
        #expect(!cell.isSelected)
        #expect(table.indexPathForSelectedRow == nil)
        #expect(scene.model.touchEvents == ["highlight 0.1", "unhighlight 0.1"])
        // A cancelled touch also ends the highlight.
        scene.input.down(at: CGPoint(x: 100, y: 60), time: 2)
        #expect(cell.isHighlighted)
        scene.input.cancel(time: 2.1)
        #expect(!cell.isHighlighted)
        #expect(table.indexPathForSelectedRow == nil)
    }

    @Test func multipleSelectionTogglesRows() {
        let scene = scene { $0.allowsMultipleSelection = true }
        let table = scene.tableView
        scene.input.tap(at: CGPoint(x: 50, y: 10), time: 1)
        scene.input.tap(at: CGPoint(x: 50, y: 100), time: 2)
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0), IndexPath(row: 2, section: 0)])
        scene.input.tap(at: CGPoint(x: 50, y: 10), time: 3)
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
        #expect(scene.model.touchEvents.contains("didDeselect 0.0"))
    }

    @Test func selectionCanBeRefusedOrRedirected() {
        let noSelection = scene { $0.allowsSelection = false }
        noSelection.input.tap(at: CGPoint(x: 50, y: 10), time: 1)
        #expect(noSelection.tableView.indexPathForSelectedRow == nil)
        #expect(noSelection.model.touchEvents.isEmpty)

        let redirected = scene()
        redirected.model.willSelect = { IndexPath(row: $0.row + 1, section: 0) }
        redirected.input.tap(at: CGPoint(x: 50, y: 10), time: 1)
        #expect(redirected.tableView.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        #expect(redirected.model.touchEvents.last == "didSelect 0.1")

        let refused = scene()
        refused.model.willSelect = { _ in nil }
        refused.input.tap(at: CGPoint(x: 50, y: 10), time: 1)
        #expect(refused.tableView.indexPathForSelectedRow == nil)

        let noHighlight = scene()
        noHighlight.model.shouldHighlight = { $0.row != 0 }
        noHighlight.input.tap(at: CGPoint(x: 50, y: 10), time: 1)
        #expect(noHighlight.tableView.indexPathForSelectedRow == nil)
        #expect(noHighlight.model.touchEvents.isEmpty)
    }

    @Test func selectingByProgramDoesNotTellTheDelegateAndSurvivesReuse() {
        let scene = scene(rows: 100)
        let table = scene.tableView
        let target = IndexPath(row: 50, section: 0)
        table.selectRow(at: target, animated: false, scrollPosition: .none)
        #expect(table.contentOffset.y == 0)
        #expect(table.indexPathForSelectedRow == target)
        #expect(scene.model.touchEvents.allSatisfy { !$0.contains("Select") })
        table.selectRow(at: target, animated: false, scrollPosition: .top)
        table.layoutIfNeeded()
        #expect(table.contentOffset.y == CGFloat(50 * 44))
        #expect(table.cellForRow(at: target)?.isSelected == true)
        #expect(table.cellForRow(at: IndexPath(row: 51, section: 0))?.isSelected == false)
        table.deselectRow(at: target, animated: false)
        #expect(table.indexPathForSelectedRow == nil)
        #expect(table.cellForRow(at: target)?.isSelected == false)
        // Out of range: logged, nothing selected.
        let reports = tableReports {
            table.selectRow(at: IndexPath(row: 500, section: 0), animated: false, scrollPosition: .none)
        }
        #expect(reports.count == 1)
        #expect(table.indexPathForSelectedRow == nil)
    }

    @Test func theDetailButtonTellsTheDelegateInsteadOfSelecting() {
        let model = TableModel(rows: 5)
        model.configure = { cell, _ in cell.accessoryType = .detailButton }
        let scene = TableScene(model: model) { $0.rowHeight = 44 }
        scene.input.tap(at: CGPoint(x: 320 - 16 - 11, y: 22), time: 1)
        #expect(model.touchEvents.contains("accessory 0.0"))
        #expect(scene.tableView.indexPathForSelectedRow == nil)
        scene.input.tap(at: CGPoint(x: 60, y: 22), time: 2)
        #expect(scene.tableView.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
    }
}
