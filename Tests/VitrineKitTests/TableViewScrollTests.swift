import Foundation
import Testing

@testable import VitrineKit

/// scrollToRow(at:at:animated:) and the queries on rows and points.
@MainActor @Suite(.serialized) struct TableViewScrollTests {
    private func scene() -> TableScene {
        TableScene(model: TableModel(rows: 100)) { $0.rowHeight = 40 }
    }

    @Test func scrollPositionsPutTheRowAtTheTopMiddleOrBottom() {
        let scene = scene()
        let table = scene.tableView
        let row = IndexPath(row: 30, section: 0)
        table.scrollToRow(at: row, at: .top, animated: false)
        #expect(table.contentOffset.y == 1200)
        table.scrollToRow(at: row, at: .middle, animated: false)
        #expect(table.contentOffset.y == CGFloat(1200 + 20 - 120))
        table.scrollToRow(at: row, at: .bottom, animated: false)
        #expect(table.contentOffset.y == CGFloat(1240 - 240))
        // .none: already fully visible, no scroll; above, to the top; below, to the bottom.
        table.scrollToRow(at: IndexPath(row: 27, section: 0), at: .none, animated: false)
        #expect(table.contentOffset.y == 1000)
        table.scrollToRow(at: IndexPath(row: 10, section: 0), at: .none, animated: false)
        #expect(table.contentOffset.y == 400)
        table.scrollToRow(at: IndexPath(row: 20, section: 0), at: .none, animated: false)
        #expect(table.contentOffset.y == CGFloat(840 - 240))
        // Limits: the last row cannot reach the top.
        table.scrollToRow(at: IndexPath(row: 99, section: 0), at: .top, animated: false)
        #expect(table.contentOffset.y == CGFloat(4000 - 240))
        table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .bottom, animated: false)
        #expect(table.contentOffset.y == 0)
        table.layoutIfNeeded()
        #expect(table.indexPathsForVisibleRows?.first == IndexPath(row: 0, section: 0))
    }

    @Test func visibleRowsFollowTheOffset() {
        let scene = scene()
        let table = scene.tableView
        table.scrollToRow(at: IndexPath(row: 50, section: 0), at: .top, animated: false)
        table.layoutIfNeeded()
        #expect(table.indexPathsForVisibleRows == (50..<56).map { IndexPath(row: $0, section: 0) })
        #expect(table.visibleCells.count == 6)
        #expect(table.cellForRow(at: IndexPath(row: 49, section: 0)) == nil)
        let cell = try! #require(table.cellForRow(at: IndexPath(row: 52, section: 0)))
        #expect(table.indexPath(for: cell) == IndexPath(row: 52, section: 0))
        #expect(table.indexPathForRow(at: CGPoint(x: 5, y: 2085)) == IndexPath(row: 52, section: 0))
        #expect(
            table.indexPathsForRows(in: CGRect(x: 0, y: 2000, width: 10, height: 100)) ?? [] == [
                IndexPath(row: 50, section: 0), IndexPath(row: 51, section: 0), IndexPath(row: 52, section: 0),
            ])
    }

    @Test func anAnimatedScrollEndsAtTheSamePlace() {
        let scene = scene()
        let table = scene.tableView
        table.scrollToRow(at: IndexPath(row: 60, section: 0), at: .top, animated: true)
        for _ in 0..<60 { scene.rig.clock.advance(by: HeadlessRig.frame) }
        #expect(table.contentOffset.y == 2400)
    }
}
