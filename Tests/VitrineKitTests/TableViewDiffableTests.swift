import Foundation
import Testing

@testable import VitrineKit

/// A table view that records the batch updates it is given.
@MainActor
final class RecordingTableView: UITableView {
    var calls: [String] = []

    override func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        calls.append("insert \(indexPaths.map { "\($0.section).\($0.row)" }.joined(separator: ","))")
        super.insertRows(at: indexPaths, with: animation)
    }
    override func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        calls.append("delete \(indexPaths.map { "\($0.section).\($0.row)" }.joined(separator: ","))")
        super.deleteRows(at: indexPaths, with: animation)
    }
    override func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        calls.append("move \(indexPath.section).\(indexPath.row)>\(newIndexPath.section).\(newIndexPath.row)")
        super.moveRow(at: indexPath, to: newIndexPath)
    }
    override func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        calls.append("reload \(indexPaths.map { "\($0.section).\($0.row)" }.joined(separator: ","))")
        super.reloadRows(at: indexPaths, with: animation)
    }
    override func insertSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
        calls.append("insertSections \(sections.map(String.init).joined(separator: ","))")
        super.insertSections(sections, with: animation)
    }
    override func deleteSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
        calls.append("deleteSections \(sections.map(String.init).joined(separator: ","))")
        super.deleteSections(sections, with: animation)
    }
    override func reloadData() {
        calls.append("reloadData")
        super.reloadData()
    }
}

/// UITableViewDiffableDataSource: the cell provider, snapshots, and apply computing and
/// animating the differences.
@MainActor @Suite(.serialized) struct TableViewDiffableTests {
    typealias Snapshot = NSDiffableDataSourceSnapshot<String, String>

    @MainActor private struct Scene {
        let rig = HeadlessRig()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        let table = RecordingTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 240), style: .plain)
        let dataSource: UITableViewDiffableDataSource<String, String>

        init() {
            table.rowHeight = 40
            table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
            dataSource = UITableViewDiffableDataSource(tableView: table) { table, indexPath, item in
                let cell = table.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
                cell.textLabel?.text = item
                return cell
            }
            window.isHidden = false
            window.addSubview(table)
        }

        func finish() {
            for _ in 0..<30 { rig.clock.advance(by: HeadlessRig.frame) }
        }

        var texts: [String] { table.visibleCells.map { $0.textLabel?.text ?? "?" } }
    }

    private func snapshot(_ sections: [(String, [String])]) -> Snapshot {
        var snapshot = Snapshot()
        for (section, items) in sections {
            snapshot.appendSections([section])
            snapshot.appendItems(items, toSection: section)
        }
        return snapshot
    }

    @Test func applyShowsTheSnapshotThroughTheCellProvider() {
        let scene = Scene()
        #expect(scene.table.dataSource === scene.dataSource)
        scene.dataSource.apply(
            snapshot([("fruit", ["apple", "pear"]), ("veg", ["leek"])]), animatingDifferences: false)
        scene.table.layoutIfNeeded()
        #expect(scene.table.numberOfSections == 2)
        #expect(scene.texts == ["apple", "pear", "leek"])
        #expect(scene.dataSource.itemIdentifier(for: IndexPath(row: 0, section: 1)) == "leek")
        #expect(scene.dataSource.itemIdentifier(for: IndexPath(row: 5, section: 1)) == nil)
        #expect(scene.dataSource.indexPath(for: "pear") == IndexPath(row: 1, section: 0))
        #expect(scene.dataSource.indexPath(for: "kiwi") == nil)
        #expect(scene.dataSource.snapshot().itemIdentifiers == ["apple", "pear", "leek"])
        #expect(scene.dataSource.sectionIdentifier(for: 1) == "veg")
        #expect(scene.dataSource.index(for: "veg") == 1)
    }

    @Test func applyAnimatesOnlyTheDifferences() {
        let scene = Scene()
        scene.dataSource.apply(snapshot([("a", ["1", "2", "3", "4"])]), animatingDifferences: false)
        scene.table.layoutIfNeeded()
        scene.finish()
        scene.table.calls = []
        let kept = try! #require(scene.table.cellForRow(at: IndexPath(row: 2, section: 0)))
        var completed = false
        scene.dataSource.apply(snapshot([("a", ["1", "3", "new", "4", "2"])])) { completed = true }
        // "new" is inserted and "2" moved; nothing else is touched.
        #expect(scene.table.calls == ["insert 0.2", "move 0.1>0.4"])
        // The cell that showed "3" slides to its new row.
        #expect(scene.table.indexPath(for: kept) == IndexPath(row: 1, section: 0))
        scene.finish()
        #expect(completed)
        #expect(scene.texts == ["1", "3", "new", "4", "2"])

        scene.table.calls = []
        var next = snapshot([("a", ["1", "3", "4"]), ("b", ["x"])])
        next.reloadItems(["4"])
        scene.dataSource.apply(next)
        #expect(scene.table.calls.contains("insertSections 1"))
        #expect(scene.table.calls.contains("delete 0.2,0.4"))
        #expect(scene.table.calls.contains("reload 0.3"))
        scene.finish()
        #expect(scene.texts == ["1", "3", "4", "x"])
        #expect(scene.dataSource.snapshot().reloadedItemIdentifiers.isEmpty)
    }

    @Test func applyingTheSameSnapshotChangesNothingAndReconfigureKeepsCells() {
        let scene = Scene()
        scene.dataSource.apply(snapshot([("a", ["1", "2"])]), animatingDifferences: false)
        scene.table.layoutIfNeeded()
        scene.table.calls = []
        let cell = try! #require(scene.table.cellForRow(at: IndexPath(row: 1, section: 0)))
        var same = scene.dataSource.snapshot()
        same.reconfigureItems(["2"])
        scene.dataSource.apply(same)
        #expect(scene.table.calls.isEmpty)
        #expect(scene.table.cellForRow(at: IndexPath(row: 1, section: 0)) === cell)
    }

    @Test func reloadDataApplyAndANilCellAreHandled() {
        let scene = Scene()
        scene.dataSource.applySnapshotUsingReloadData(snapshot([("a", ["1"])]))
        #expect(scene.table.calls == ["reloadData"])
        #expect(scene.table.numberOfRows(inSection: 0) == 1)
        let quiet = UITableViewDiffableDataSource<String, String>(tableView: scene.table) { _, _, _ in nil }
        quiet.apply(snapshot([("a", ["1"])]), animatingDifferences: false)
        let reports = tableReports { scene.table.layoutIfNeeded() }
        #expect(reports.contains { $0.contains("returned nil") })
        #expect(scene.table.visibleCells.count == 1)
    }
}

extension TableViewDiffableTests {
    @Test func randomSnapshotsApplyWithoutErrorsAndShowTheirItems() {
        let rig = HeadlessRig(width: 320, height: 640)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 640))
        window.isHidden = false
        let table = UITableView(frame: window.bounds, style: .plain)
        table.rowHeight = 20
        table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        let dataSource = UITableViewDiffableDataSource<String, Int>(tableView: table) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
            cell.textLabel?.text = "\(item)"
            return cell
        }
        window.addSubview(table)
        var generator = TableSplitMix(seed: 7)
        var reports: [String] = []
        for round in 0..<120 {
            var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
            let sections = ["a", "b", "c", "d"].filter { _ in generator.next() % 4 != 0 }.shuffled(using: &generator)
            var items = Array(0..<30).filter { _ in generator.next() % 3 != 0 }.shuffled(using: &generator)[...]
            for section in sections {
                snapshot.appendSections([section])
                let count = Int(generator.next() % 7)
                snapshot.appendItems(Array(items.prefix(count)), toSection: section)
                items = items.dropFirst(count)
            }
            if let reloaded = snapshot.itemIdentifiers.first, generator.next() % 2 == 0 {
                snapshot.reloadItems([reloaded])
            }
            reports += tableReports {
                dataSource.apply(snapshot, animatingDifferences: round % 3 != 0)
                for _ in 0..<20 { rig.clock.advance(by: HeadlessRig.frame) }
                table.layoutIfNeeded()
            }
            let shown = table.visibleCells.map { $0.textLabel?.text ?? "?" }
            #expect(shown == snapshot.itemIdentifiers.map(String.init), "round \(round)")
            #expect(table.numberOfSections == snapshot.numberOfSections, "round \(round)")
            for cell in table.visibleCells {
                #expect(cell.frame == table.rectForRow(at: table.indexPath(for: cell)!), "round \(round)")
                #expect(cell.alpha == 1, "round \(round)")
            }
        }
        #expect(reports.isEmpty, "\(reports.first ?? "")")
    }
}

/// A small seeded generator, so random tests repeat.
struct TableSplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
