import Foundation
import Testing
import VitrineGraphics
import VitrineLayers
import VitrineTestSupport

@testable import VitrineKit

/// Tables drawn: a plain table scrolled under a pinned header, with cell styles, accessories
/// and a selected row; a grouped and an inset grouped table. Compared with references.
@MainActor @Suite(.serialized) struct TableViewPixelTests {
    private static func render(_ root: UIView) -> PixelBuffer {
        root.layoutIfNeeded()
        root.layer.layoutAndDisplayIfNeeded()
        let pixels = PixelBuffer(width: Int(root.bounds.width), height: Int(root.bounds.height), format: .xrgb8888)
        Compositor(scale: 1).render(root.layer, into: pixels, bufferAge: 0)
        return pixels
    }

    /// Rows of every standard style and accessory.
    private static func model() -> TableModel {
        let model = TableModel(sections: [
            ["Wi-Fi", "Bluetooth", "Battery", "Display", "Sounds"],
            ["General", "Privacy", "About"],
        ])
        model.headerTitles = ["Connections", "System"]
        // Unowned: the model keeps this closure.
        model.configure = { [unowned model] cell, indexPath in
            cell.textLabel?.text = model.sections[indexPath.section][indexPath.row]
            switch (indexPath.section, indexPath.row) {
            case (0, 0):
                cell.accessoryType = .disclosureIndicator
            case (0, 1):
                cell.accessoryType = .checkmark
            case (0, 2):
                cell.accessoryType = .detailButton
            case (0, 3):
                cell.accessoryType = .detailDisclosureButton
            default:
                cell.accessoryType = .none
            }
        }
        return model
    }

    private static func table(style: UITableView.Style, model: TableModel) -> (UIView, UITableView) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 300))
        root.backgroundColor = .white
        let table = UITableView(frame: root.bounds, style: style)
        table.rowHeight = 44
        table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = model
        table.delegate = model
        root.addSubview(table)
        return (root, table)
    }

    @Test func plainTableWithAPinnedHeader() throws {
        let model = Self.model()
        let (root, table) = Self.table(style: .plain, model: model)
        table.layoutIfNeeded()
        table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
        // Scrolled 30 points: the first header is pinned over the top of the rows.
        table.contentOffset = CGPoint(x: 0, y: 30)
        let pixels = Self.render(root)
        let header = try #require(table.headerView(forSection: 0))
        #expect(header.frame.minY == 30)
        // The pinned header's grey, the selected row's grey, the white of a row.
        #expect(pixels.rgb(300, 3).isClose(to: RGB(242, 242, 247), tolerance: 2))
        let selected = table.rectForRow(at: IndexPath(row: 2, section: 0))
        #expect(pixels.rgb(250, Int(selected.midY - 30)).isClose(to: RGB(209, 209, 214), tolerance: 2))
        #expect(
            pixels.rgb(250, Int(table.rectForRow(at: IndexPath(row: 3, section: 0)).midY - 30)) == RGB(255, 255, 255))
        try assertSnapshot(of: pixels, named: "table-plain-pinned-header", tolerance: 8, maxDifferingPixels: 60)
    }

    @Test func groupedTable() throws {
        let model = Self.model()
        model.footerTitles = ["Wireless settings apply to every screen.", nil]
        let (root, table) = Self.table(style: .grouped, model: model)
        let pixels = Self.render(root)
        // The grouped background between sections, the rows white.
        #expect(pixels.rgb(5, 5).isClose(to: RGB(242, 242, 247), tolerance: 2))
        let firstRow = table.rectForRow(at: IndexPath(row: 0, section: 0))
        #expect(pixels.rgb(200, Int(firstRow.midY)) == RGB(255, 255, 255))
        try assertSnapshot(of: pixels, named: "table-grouped", tolerance: 8, maxDifferingPixels: 60)
    }

    @Test func insetGroupedTable() throws {
        let model = Self.model()
        let (root, table) = Self.table(style: .insetGrouped, model: model)
        let pixels = Self.render(root)
        let firstRow = table.rectForRow(at: IndexPath(row: 0, section: 0))
        #expect(firstRow.minX == 16)
        #expect(firstRow.width == 288)
        // Outside the inset rows: the grouped background.
        #expect(pixels.rgb(5, Int(firstRow.midY)).isClose(to: RGB(242, 242, 247), tolerance: 2))
        // The first row's top corner is rounded.
        #expect(pixels.rgb(Int(firstRow.minX), Int(firstRow.minY)).isClose(to: RGB(242, 242, 247), tolerance: 8))
        try assertSnapshot(of: pixels, named: "table-inset-grouped", tolerance: 8, maxDifferingPixels: 60)
    }

    @Test func subtitleAndValueCellsAndAListConfiguration() throws {
        let model = TableModel(sections: [["a", "b", "c", "d"]])
        model.configure = { _, _ in }
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        let table = UITableView(frame: root.bounds, style: .plain)
        final class Source: UITableViewDataSource {
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 4 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                switch indexPath.row {
                case 0:
                    let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
                    cell.textLabel?.text = "Subtitle"
                    cell.detailTextLabel?.text = "Smaller grey text below"
                    return cell
                case 1:
                    let cell = UITableViewCell(style: .value1, reuseIdentifier: nil)
                    cell.textLabel?.text = "Value 1"
                    cell.detailTextLabel?.text = "Detail"
                    return cell
                case 2:
                    let cell = UITableViewCell(style: .value2, reuseIdentifier: nil)
                    cell.textLabel?.text = "Value 2"
                    cell.detailTextLabel?.text = "Detail text"
                    return cell
                default:
                    let cell = UITableViewCell(style: .value1, reuseIdentifier: nil)
                    var content = UIListContentConfiguration.valueCell()
                    content.text = "Configured"
                    content.secondaryText = "On"
                    cell.contentConfiguration = content
                    return cell
                }
            }
        }
        let source = Source()
        table.dataSource = source
        root.addSubview(table)
        let pixels = Self.render(root)
        let subtitle = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(subtitle.detailTextLabel!.frame.minY > subtitle.textLabel!.frame.maxY)
        let value1 = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        #expect(value1.detailTextLabel!.frame.maxX == value1.contentView.bounds.width - 16)
        #expect(value1.detailTextLabel?.textAlignment == .right)
        try assertSnapshot(of: pixels, named: "table-cell-styles", tolerance: 8, maxDifferingPixels: 60)
        _ = model
    }
}
