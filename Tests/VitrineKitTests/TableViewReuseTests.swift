import Foundation
import Testing

@testable import VitrineKit

/// Cells only for the rows in view, reused as they scroll away, as UIKit's table view does.
@MainActor @Suite(.serialized) struct TableViewReuseTests {
    @Test func onlyVisibleRowsHaveCellsAndTheyAreReusedWhileScrollingAThousandRows() {
        CountingTableCell.alive = 0
        CountingTableCell.made = 0
        let model = TableModel(rows: 1000)
        let scene = TableScene(model: model, cellClass: CountingTableCell.self) { $0.rowHeight = 44 }
        let table = scene.tableView
        #expect(table.numberOfRows(inSection: 0) == 1000)
        #expect(table.contentSize.height == 44_000)
        // 240 points show rows 0...5 (the sixth only partly).
        #expect(scene.visibleRows == ["0.0", "0.1", "0.2", "0.3", "0.4", "0.5"])
        #expect(table.visibleCells.count == 6)
        var mostAlive = 0
        var y: CGFloat = 0
        while y < 44_000 - 240 {
            y += 37
            scene.scroll(to: y)
            let visible = table.visibleCells.count
            #expect(
                CountingTableCell.alive <= visible + 4, "at \(y): \(CountingTableCell.alive) alive, \(visible) visible")
            mostAlive = max(mostAlive, CountingTableCell.alive)
        }
        #expect(mostAlive <= 11)
        #expect(CountingTableCell.made <= 11)
        #expect(scene.visibleRows.last == "0.999")
        // Every cell shows its own row's text.
        for cell in table.visibleCells {
            let indexPath = table.indexPath(for: cell)
            #expect(cell.textLabel?.text == indexPath.map { "Row 0.\($0.row)" })
            #expect(cell.frame == table.rectForRow(at: indexPath!))
        }
        let reused = table.visibleCells.compactMap { $0 as? CountingTableCell }.map(\.reuses).reduce(0, +)
        #expect(reused > 100)
    }

    @Test func jumpingFarAwayReusesCellsRatherThanMakingMore() {
        CountingTableCell.made = 0
        let model = TableModel(rows: 1000)
        let scene = TableScene(model: model, cellClass: CountingTableCell.self) { $0.rowHeight = 50 }
        let made = CountingTableCell.made
        scene.scroll(to: 25_000)
        #expect(scene.visibleRows.first == "0.500")
        #expect(CountingTableCell.made == made)
        scene.scroll(to: 0)
        #expect(scene.visibleRows.first == "0.0")
        #expect(CountingTableCell.made == made)
    }

    @Test func dequeueWithoutARegistrationGivesNilOrALoggedDefaultCell() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        #expect(table.dequeueReusableCell(withIdentifier: "none") == nil)
        var cell: UITableViewCell?
        let reports = tableReports {
            cell = table.dequeueReusableCell(withIdentifier: "none", for: IndexPath(row: 0, section: 0))
        }
        #expect(cell?.reuseIdentifier == "none")
        #expect(reports.count == 1)
        #expect(reports.first?.contains("none") == true)
    }

    @Test func registeredSubclassesAreMadeWithTheirOwnInitializer() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        table.register(CountingTableCell.self, forCellReuseIdentifier: "counting")
        let cell = table.dequeueReusableCell(withIdentifier: "counting")
        #expect(cell is CountingTableCell)
        #expect(cell?.reuseIdentifier == "counting")
        table.register(UITableViewHeaderFooterView.self, forHeaderFooterViewReuseIdentifier: "header")
        #expect(table.dequeueReusableHeaderFooterView(withIdentifier: "header")?.reuseIdentifier == "header")
        #expect(table.dequeueReusableHeaderFooterView(withIdentifier: "other") == nil)
    }

    @Test func willDisplayIsCalledForEachRowAsItComesIntoView() {
        let model = TableModel(rows: 20)
        let scene = TableScene(model: model) { $0.rowHeight = 60 }
        #expect(model.events == ["willDisplay 0.0", "willDisplay 0.1", "willDisplay 0.2", "willDisplay 0.3"])
        model.events = []
        scene.scroll(to: 60)
        #expect(model.events == ["willDisplay 0.4"])
    }
}
