import Foundation
import Testing

@testable import VitrineKit

/// A cell that counts how many of its kind are alive and records reuse.
@MainActor
final class CountingTableCell: UITableViewCell {
    static var alive = 0
    static var made = 0
    var reuses = 0

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        Self.alive += 1
        Self.made += 1
    }

    required init?(coder: NSCoder) {
        return nil
    }

    isolated deinit {
        Self.alive -= 1
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        reuses += 1
    }
}

/// A data source and delegate over arrays of row titles, recording what the table tells it.
@MainActor
final class TableModel: UITableViewDataSource, UITableViewDelegate {
    var sections: [[String]]
    var headerTitles: [String?] = []
    var footerTitles: [String?] = []
    var heights: [IndexPath: CGFloat] = [:]
    var identifier = "cell"
    var events: [String] = []
    var configure: ((UITableViewCell, IndexPath) -> Void)?
    var trailingActions: ((IndexPath) -> UISwipeActionsConfiguration?)?
    var shouldHighlight: (IndexPath) -> Bool = { _ in true }
    var willSelect: ((IndexPath) -> IndexPath?)?
    var headerViews: [Int: UIView] = [:]

    /// The events other than display.
    var touchEvents: [String] { events.filter { !$0.hasPrefix("willDisplay") } }

    init(sections: [[String]]) {
        self.sections = sections
    }

    convenience init(rows: Int, sections count: Int = 1) {
        self.init(sections: (0..<count).map { section in (0..<rows).map { "Row \(section).\($0)" } })
    }

    func numberOfSections(in tableView: UITableView) -> Int { sections.count }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        sections[section].count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
        if let configure {
            configure(cell, indexPath)
        } else {
            cell.textLabel?.text = sections[indexPath.section][indexPath.row]
        }
        return cell
    }

    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        headerTitles.indices.contains(section) ? headerTitles[section] : nil
    }

    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        footerTitles.indices.contains(section) ? footerTitles[section] : nil
    }

    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
        headerViews[section]
    }

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        heights[indexPath] ?? tableView.rowHeight
    }

    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
        shouldHighlight(indexPath)
    }

    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {
        events.append("highlight \(indexPath.section).\(indexPath.row)")
    }

    func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {
        events.append("unhighlight \(indexPath.section).\(indexPath.row)")
    }

    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        events.append("willSelect \(indexPath.section).\(indexPath.row)")
        return willSelect.map { $0(indexPath) } ?? indexPath
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        events.append("didSelect \(indexPath.section).\(indexPath.row)")
    }

    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
        events.append("didDeselect \(indexPath.section).\(indexPath.row)")
    }

    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        events.append("willDisplay \(indexPath.section).\(indexPath.row)")
    }

    func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {
        events.append("accessory \(indexPath.section).\(indexPath.row)")
    }

    func tableView(
        _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? {
        trailingActions?(indexPath)
    }
}

/// Collects what the table views report (UIKit's exceptions) while `body` runs.
@MainActor
func tableReports(_ body: () -> Void) -> [String] {
    var collected: [String] = []
    let previous = UITableView.reportHandler
    UITableView.reportHandler = { collected.append($0) }
    defer { UITableView.reportHandler = previous }
    body()
    return collected
}

/// A table of `frame` in a window on a fresh headless screen, showing `model`.
@MainActor
struct TableScene {
    let rig: HeadlessRig
    let input: SyntheticInput
    let window: UIWindow
    let tableView: UITableView
    let model: TableModel

    init(
        model: TableModel, style: UITableView.Style = .plain, width: Int = 320, height: Int = 240,
        cellClass: AnyClass = UITableViewCell.self, configure: (UITableView) -> Void = { _ in }
    ) {
        rig = HeadlessRig(width: width, height: height)
        input = SyntheticInput().install()
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: width, height: height))
        window.isHidden = false
        tableView = UITableView(frame: window.bounds, style: style)
        self.model = model
        tableView.register(cellClass, forCellReuseIdentifier: model.identifier)
        configure(tableView)
        tableView.dataSource = model
        tableView.delegate = model
        window.addSubview(tableView)
        tableView.layoutIfNeeded()
    }

    /// Scrolls to `y` and lays out.
    func scroll(to y: CGFloat) {
        tableView.contentOffset = CGPoint(x: 0, y: y)
        tableView.layoutIfNeeded()
    }

    /// The visible rows as "section.row" strings.
    var visibleRows: [String] {
        (tableView.indexPathsForVisibleRows ?? []).map { "\($0.section).\($0.row)" }
    }
}
