import Foundation
import Testing

@testable import VitrineKit

/// Section headers and footers: titles and custom views, pinned in plain tables only.
@MainActor @Suite(.serialized) struct TableViewHeaderTests {
    private func model() -> TableModel {
        let model = TableModel(rows: 10, sections: 3)
        model.headerTitles = ["First", "Second", "Third"]
        return model
    }

    @Test func plainHeadersPinToTheTopWhileTheirSectionScrolls() {
        let scene = TableScene(model: model()) {
            $0.rowHeight = 40
            $0.sectionHeaderHeight = 30
        }
        let table = scene.tableView
        #expect(table.rect(forSection: 0) == CGRect(x: 0, y: 0, width: 320, height: 430))
        #expect(table.rectForHeader(inSection: 1) == CGRect(x: 0, y: 430, width: 320, height: 30))
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 1)).minY == 460)
        let first = try! #require(table.headerView(forSection: 0))
        #expect(first.frame.minY == 0)
        // Scrolled into section 0: its header stays at the top of the visible area.
        scene.scroll(to: 200)
        #expect(first.frame.minY == 200)
        #expect(table.headerView(forSection: 0) === first)
        // The end of section 0's rows pushes its header up.
        scene.scroll(to: 420)
        #expect(first.frame.maxY == 430)
        let second = try! #require(table.headerView(forSection: 1))
        #expect(second.frame.minY == 430)
        // Deep into section 1: its header is pinned, section 0's is gone.
        scene.scroll(to: 600)
        #expect(second.frame.minY == 600)
        #expect(table.headerView(forSection: 0) == nil)
        // The pinned header is above the rows it covers.
        let covered = try! #require(table.cellForRow(at: IndexPath(row: 3, section: 1)))
        #expect(table.subviews.firstIndex { $0 === second }! > table.subviews.firstIndex { $0 === covered }!)
    }

    @Test func groupedHeadersScrollWithTheirSection() {
        let scene = TableScene(model: model(), style: .grouped) {
            $0.rowHeight = 40
            $0.sectionHeaderHeight = 30
        }
        let table = scene.tableView
        let first = try! #require(table.headerView(forSection: 0))
        scene.scroll(to: 20)
        #expect(first.frame.minY == 0)
        scene.scroll(to: 100)
        #expect(table.headerView(forSection: 0) == nil)
        // Without titles a grouped table still separates its sections.
        let untitled = TableModel(rows: 2, sections: 2)
        let grouped = TableScene(model: untitled, style: .grouped) { $0.rowHeight = 40 }
        #expect(grouped.tableView.rectForHeader(inSection: 1).height > 0)
        let plain = TableScene(model: TableModel(rows: 2, sections: 2)) { $0.rowHeight = 40 }
        #expect(plain.tableView.rectForHeader(inSection: 1).height == 0)
        #expect(plain.tableView.headerView(forSection: 0) == nil)
    }

    @Test func titlesShowInStandardHeadersSizedByTheirText() {
        let model = model()
        model.footerTitles = ["Footnote", nil, nil]
        let scene = TableScene(model: model) { $0.rowHeight = 40 }
        let table = scene.tableView
        let header = try! #require(table.headerView(forSection: 0))
        let content = try! #require(header.configuredContentView as? UIListContentView)
        #expect(content.listContentConfiguration.text == "First")
        #expect(header.frame.height >= 20)
        #expect(table.rectForFooter(inSection: 0).height > 0)
        #expect(table.rectForFooter(inSection: 1).height == 0)
    }

    @Test func customHeaderViewsAndTheirHeights() {
        let model = model()
        let custom = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 64))
        custom.backgroundColor = .red
        model.headerViews[1] = custom
        let scene = TableScene(model: model) { $0.rowHeight = 40 }
        let table = scene.tableView
        #expect(table.rectForHeader(inSection: 1).height == 64)
        scene.scroll(to: table.rectForHeader(inSection: 1).minY)
        #expect(custom.superview === table)
        #expect(custom.frame == CGRect(x: 0, y: table.contentOffset.y, width: 320, height: 64))
    }
}
