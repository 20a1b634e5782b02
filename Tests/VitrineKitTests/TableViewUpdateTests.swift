import Foundation
import Testing

@testable import VitrineKit

/// Updates: reloads, inserts, deletes, moves and batches, animated as UIView animations, and
/// the bad input UIKit raises for, logged and followed by a full reload.
@MainActor @Suite(.serialized) struct TableViewUpdateTests {
    private func scene(rows: Int = 10, sections: Int = 1) -> TableScene {
        TableScene(model: TableModel(rows: rows, sections: sections)) { $0.rowHeight = 40 }
    }

    /// Lets the row animations run to their end.
    private func finishAnimations(_ scene: TableScene) {
        for _ in 0..<30 { scene.rig.clock.advance(by: HeadlessRig.frame) }
    }

    private func texts(_ table: UITableView) -> [String] {
        table.visibleCells.map { $0.textLabel?.text ?? "?" }
    }

    @Test func insertingAndDeletingRowsMovesTheOthersAndKeepsCellsInStep() {
        let scene = scene()
        let table = scene.tableView
        let cellOfRow3 = try! #require(table.cellForRow(at: IndexPath(row: 3, section: 0)))
        scene.model.sections[0].insert("New", at: 1)
        table.insertRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
        #expect(table.numberOfRows(inSection: 0) == 11)
        #expect(table.contentSize.height == 440)
        // The cell that showed row 3 now shows row 4, sliding down 40 points.
        #expect(table.indexPath(for: cellOfRow3) == IndexPath(row: 4, section: 0))
        #expect(cellOfRow3.frame.minY == 160)
        #expect(cellOfRow3.layer.animationKeys()?.isEmpty == false)
        let inserted = try! #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        #expect(inserted.textLabel?.text == "New")
        // It fades in (explicitly: its layer was never drawn, so it has no implicit action).
        #expect(inserted.layer.animationKeys()?.contains { $0.hasSuffix("opacity") } == true)
        #expect(inserted.alpha == 1)
        finishAnimations(scene)
        #expect(texts(table).prefix(4) == ["Row 0.0", "New", "Row 0.1", "Row 0.2"])

        scene.model.sections[0].removeSubrange(0...1)
        table.deleteRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)], with: .left)
        #expect(table.numberOfRows(inSection: 0) == 9)
        finishAnimations(scene)
        #expect(texts(table).prefix(3) == ["Row 0.1", "Row 0.2", "Row 0.3"])
        #expect(table.indexPath(for: cellOfRow3) == IndexPath(row: 2, section: 0))
        #expect(cellOfRow3.frame.minY == 80)
        // Cells that animated out went back to the queue, whole.
        #expect(table.subviews.compactMap { $0 as? UITableViewCell }.count == table.visibleCells.count)
    }

    @Test func batchUpdatesReadDeletesAtOldPathsAndInsertsAtNewOnesAndCallTheCompletion() {
        let scene = scene(rows: 5)
        let table = scene.tableView
        table.selectRow(at: IndexPath(row: 4, section: 0), animated: false, scrollPosition: .none)
        var completed: Bool?
        table.performBatchUpdates(
            {
                // Delete row 0 and insert at the new row 2, then move old row 4 to the top.
                scene.model.sections[0] = ["Row 0.4", "Row 0.1", "Inserted", "Row 0.2", "Row 0.3"]
                table.insertRows(at: [IndexPath(row: 2, section: 0)], with: .top)
                table.moveRow(at: IndexPath(row: 4, section: 0), to: IndexPath(row: 0, section: 0))
                table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .bottom)
                #expect(table.hasUncommittedUpdates)
            }, completion: { completed = $0 })
        #expect(completed == nil)
        finishAnimations(scene)
        #expect(completed == true)
        #expect(texts(table) == ["Row 0.4", "Row 0.1", "Inserted", "Row 0.2", "Row 0.3"])
        // The selection followed its row.
        #expect(table.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.isSelected == true)
    }

    @Test func beginAndEndUpdatesNestAndSectionsChange() {
        let scene = scene(rows: 2, sections: 3)
        let table = scene.tableView
        table.beginUpdates()
        scene.model.sections.remove(at: 0)
        table.deleteSections([0], with: .fade)
        table.beginUpdates()
        scene.model.sections.append(["Extra"])
        table.insertSections([2], with: .right)
        table.endUpdates()
        #expect(table.numberOfSections == 3)
        table.endUpdates()
        #expect(table.numberOfSections == 3)
        finishAnimations(scene)
        #expect(texts(table) == ["Row 1.0", "Row 1.1", "Row 2.0", "Row 2.1", "Extra"])
        scene.model.sections.swapAt(0, 2)
        table.moveSection(0, toSection: 2)
        table.moveSection(2, toSection: 0)
        finishAnimations(scene)
        #expect(texts(table) == ["Extra", "Row 2.0", "Row 2.1", "Row 1.0", "Row 1.1"])
    }

    @Test func reloadAndReconfigure() {
        let scene = scene(rows: 4)
        let table = scene.tableView
        let old = try! #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        scene.model.sections[0][1] = "Reloaded"
        table.reloadRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
        let new = try! #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        #expect(new !== old)
        #expect(new.textLabel?.text == "Reloaded")
        finishAnimations(scene)
        let kept = try! #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        scene.model.sections[0][2] = "Reconfigured"
        table.reconfigureRows(at: [IndexPath(row: 2, section: 0)])
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0)) === kept)
        #expect(kept.textLabel?.text == "Reconfigured")
        // reloadData asks everything again and clears the selection.
        table.selectRow(at: IndexPath(row: 0, section: 0), animated: false, scrollPosition: .none)
        scene.model.sections[0] = ["Only"]
        table.reloadData()
        #expect(table.numberOfRows(inSection: 0) == 1)
        #expect(table.indexPathForSelectedRow == nil)
        #expect(texts(table) == ["Only"])
    }

    @Test func countsThatDoNotAddUpAreLoggedWithTheSectionAndCountsThenReloaded() {
        let scene = scene(rows: 3, sections: 2)
        let table = scene.tableView
        // The data source gains two rows but only one insertion is announced.
        scene.model.sections[1] += ["A", "B"]
        var reports: [String] = []
        var completed = false
        reports = tableReports {
            table.performBatchUpdates({ table.insertRows(at: [IndexPath(row: 3, section: 1)], with: .fade) }) { _ in
                completed = true
            }
        }
        #expect(reports.count == 1)
        let report = reports.first ?? ""
        #expect(report.contains("invalid number of rows in section 1"))
        #expect(report.contains("after the update (5)"))
        #expect(report.contains("before the update (3)"))
        #expect(report.contains("1 inserted, 0 deleted"))
        // A full reload followed: the table shows the data source's rows.
        #expect(table.numberOfRows(inSection: 1) == 5)
        finishAnimations(scene)
        #expect(completed)
        #expect(table.visibleCells.count == 6)

        // Sections that do not add up.
        scene.model.sections.append(["X"])
        reports = tableReports { table.deleteSections([0], with: .fade) }
        #expect(reports.first?.contains("invalid number of sections") == true)
        #expect(table.numberOfSections == 3)
    }

    @Test func indexPathsOutOfRangeAreLoggedNotFatal() {
        let scene = scene(rows: 3)
        let table = scene.tableView
        var reports = tableReports { table.deleteRows(at: [IndexPath(row: 7, section: 0)], with: .fade) }
        #expect(reports.first?.contains("attempt to delete row 7 from section 0 which only contains 3 rows") == true)
        reports = tableReports { table.insertRows(at: [IndexPath(row: 0, section: 4)], with: .fade) }
        #expect(reports.first?.contains("section") == true)
        reports = tableReports { table.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 9, section: 0)) }
        #expect(reports.count == 1)
        reports = tableReports {
            _ = table.rectForRow(at: IndexPath(row: 40, section: 0))
            table.scrollToRow(at: IndexPath(row: 40, section: 0), at: .top, animated: false)
            _ = table.rect(forSection: 9)
            _ = table.numberOfRows(inSection: 9)
        }
        #expect(reports.count == 4)
        #expect(table.cellForRow(at: IndexPath(row: 40, section: 0)) == nil)
        #expect(table.numberOfRows(inSection: 0) == 3)
    }

    @Test func everyRowAnimationKindRunsToItsEnd() {
        let kinds: [UITableView.RowAnimation] = [.fade, .right, .left, .top, .bottom, .none, .middle, .automatic]
        for kind in kinds {
            let scene = scene(rows: 4)
            let table = scene.tableView
            scene.model.sections[0].insert("In", at: 0)
            scene.model.sections[0].remove(at: 3)
            var finished = false
            table.performBatchUpdates({
                table.insertRows(at: [IndexPath(row: 0, section: 0)], with: kind)
                table.deleteRows(at: [IndexPath(row: 2, section: 0)], with: kind)
            }) { _ in finished = true }
            finishAnimations(scene)
            #expect(finished, "\(kind)")
            #expect(texts(table) == ["In", "Row 0.0", "Row 0.1", "Row 0.3"], "\(kind)")
            for cell in table.visibleCells {
                #expect(cell.alpha == 1, "\(kind)")
                #expect(cell.frame == table.rectForRow(at: table.indexPath(for: cell)!), "\(kind)")
            }
        }
    }
}
