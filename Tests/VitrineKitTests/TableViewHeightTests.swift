import Foundation
import Testing

@testable import VitrineKit

/// A cell sized by its constraints: a multi-line label pinned 10 points inside the content view.
@MainActor
final class SelfSizingTableCell: UITableViewCell {
    let label = UILabel(frame: .zero)

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        label.numberOfLines = 0
        label.font = .systemFont(ofSize: 17)
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 10),
            label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -10),
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
        ])
    }

    required init?(coder: NSCoder) {
        return nil
    }
}

/// Row heights: fixed, from the delegate, and self-sized through Auto Layout with estimates.
@MainActor @Suite(.serialized) struct TableViewHeightTests {
    @Test func fixedRowHeightAndTheDelegatesHeights() {
        let model = TableModel(rows: 10, sections: 2)
        model.heights[IndexPath(row: 3, section: 0)] = 100
        let scene = TableScene(model: model) { $0.rowHeight = 30 }
        let table = scene.tableView
        #expect(table.rowHeight == 30)
        #expect(table.contentSize.height == CGFloat(30 * 19 + 100))
        #expect(table.rectForRow(at: IndexPath(row: 3, section: 0)) == CGRect(x: 0, y: 90, width: 320, height: 100))
        #expect(table.rectForRow(at: IndexPath(row: 4, section: 0)).minY == 190)
        #expect(table.rect(forSection: 1) == CGRect(x: 0, y: 370, width: 320, height: 300))
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: 189)) == IndexPath(row: 3, section: 0))
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: 371)) == IndexPath(row: 0, section: 1))
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: 10_000)) == nil)
    }

    @Test func defaultsAreUIKits() {
        let table = UITableView(frame: .zero)
        #expect(UITableView.automaticDimension == -1)
        #expect(table.rowHeight == UITableView.automaticDimension)
        #expect(table.estimatedRowHeight == UITableView.automaticDimension)
        #expect(table.sectionHeaderHeight == UITableView.automaticDimension)
        #expect(table.style == .plain)
        #expect(table.separatorStyle == .singleLine)
        #expect(table.allowsSelection)
        #expect(!table.allowsMultipleSelection)
        #expect(UITableView(frame: .zero, style: .insetGrouped).style == .insetGrouped)
        #expect(UITableView.RowAnimation.automatic.rawValue == 100)
        #expect(UITableView.RowAnimation.middle.rawValue == 6)
    }

    @Test func selfSizingCellsTakeTheHeightOfTheirWrappedLabels() {
        let short = "One line"
        let long = String(repeating: "A longer text that wraps over several lines. ", count: 4)
        let model = TableModel(sections: [[short, long, short]])
        model.configure = { [unowned model] cell, indexPath in
            (cell as? SelfSizingTableCell)?.label.text = model.sections[indexPath.section][indexPath.row]
        }
        let scene = TableScene(model: model, height: 480, cellClass: SelfSizingTableCell.self)
        let table = scene.tableView
        let first = table.rectForRow(at: IndexPath(row: 0, section: 0))
        let second = table.rectForRow(at: IndexPath(row: 1, section: 0))
        let probe = UILabel(frame: .zero)
        probe.font = .systemFont(ofSize: 17)
        probe.numberOfLines = 0
        probe.text = short
        let oneLine = probe.sizeThatFits(CGSize(width: 288, height: CGFloat.greatestFiniteMagnitude)).height
        probe.text = long
        let wrapped = probe.sizeThatFits(CGSize(width: 288, height: CGFloat.greatestFiniteMagnitude)).height
        #expect(wrapped > oneLine * 3)
        #expect(first.height == (oneLine + 20).rounded(.up))
        #expect(second.height == (wrapped + 20).rounded(.up))
        #expect(second.minY == first.maxY)
        #expect(table.contentSize.height == first.height * 2 + second.height)
        // The label is laid out in the cell it measured.
        let cell = table.cellForRow(at: IndexPath(row: 1, section: 0)) as? SelfSizingTableCell
        cell?.layoutIfNeeded()
        #expect(cell?.label.frame.height == wrapped)
    }

    @Test func estimatesAreCorrectedAsRowsAreMeasuredWithoutMovingWhatIsInView() {
        let text = String(repeating: "Wrapped text for a tall row. ", count: 3)
        let model = TableModel(sections: [Array(repeating: text, count: 200)])
        model.configure = { [unowned model] cell, indexPath in
            (cell as? SelfSizingTableCell)?.label.text = model.sections[indexPath.section][indexPath.row]
        }
        let scene = TableScene(model: model, cellClass: SelfSizingTableCell.self) { $0.estimatedRowHeight = 40 }
        let table = scene.tableView
        let measured = table.rectForRow(at: IndexPath(row: 0, section: 0)).height
        #expect(measured > 40)
        // Rows not yet shown count at their estimate.
        #expect(table.rectForRow(at: IndexPath(row: 150, section: 0)).height == 40)
        let estimatedTotal = table.contentSize.height
        // Jump into the middle (estimated), then scroll up a little: rows above are measured
        // and the rows in view stay where they were on screen.
        scene.scroll(to: 4000)
        let firstVisible = try! #require(table.indexPathsForVisibleRows?.first)
        let cell = try! #require(table.cellForRow(at: firstVisible))
        let onScreen = cell.frame.minY - table.contentOffset.y
        scene.scroll(to: table.contentOffset.y - 30)
        #expect(abs((cell.frame.minY - table.contentOffset.y) - (onScreen + 30)) < 0.5)
        #expect(table.rectForRow(at: IndexPath(row: firstVisible.row - 1, section: 0)).height == measured)
        #expect(table.contentSize.height > estimatedTotal)
        // A jump up shows the rows at the offset asked for: nothing in view was shown before.
        scene.scroll(to: 1000)
        #expect(table.contentOffset.y == 1000)
        let shown = try! #require(table.indexPathsForVisibleRows?.first)
        let span = table.rectForRow(at: shown)
        #expect(span.minY <= 1000 && span.maxY > 1000)
    }

    @Test func heightsFollowTheTableWidth() {
        let text = String(repeating: "Words that wrap differently at different widths. ", count: 3)
        let model = TableModel(sections: [[text]])
        model.configure = { cell, _ in (cell as? SelfSizingTableCell)?.label.text = text }
        let scene = TableScene(model: model, width: 400, cellClass: SelfSizingTableCell.self)
        let wide = scene.tableView.rectForRow(at: IndexPath(row: 0, section: 0)).height
        scene.tableView.frame.size.width = 200
        scene.tableView.layoutIfNeeded()
        let narrow = scene.tableView.rectForRow(at: IndexPath(row: 0, section: 0)).height
        #expect(narrow > wide)
    }

    @Test func standardCellsAreAtLeastFortyFourPointsAndListConfigurationsSizeThemselves() {
        let model = TableModel(sections: [["One", "Two"]])
        model.configure = { cell, indexPath in
            var content = cell.defaultContentConfiguration()
            content.text = indexPath.row == 0 ? "Short" : String(repeating: "Configured text wraps. ", count: 8)
            if indexPath.row == 1 { content.secondaryText = "Secondary" }
            cell.contentConfiguration = content
        }
        let scene = TableScene(model: model, height: 400)
        let table = scene.tableView
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).height == 44)
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)).height > 80)
    }
}
