import Foundation
import Testing

@testable import VitrineKit

/// A table view controller subclass overriding the data source and delegate methods.
@MainActor
final class FruitTableController: UITableViewController {
    let fruit = ["Apple", "Pear", "Plum"]
    var selected: [Int] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.rowHeight = 44
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "fruit")
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { fruit.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "fruit", for: indexPath)
        cell.textLabel?.text = fruit[indexPath.row]
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        selected.append(indexPath.row)
    }
}

@MainActor @Suite(.serialized) struct TableViewControllerTests {
    @Test func theControllersOverridesDriveItsTable() {
        let rig = HeadlessRig()
        let input = SyntheticInput().install()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        let controller = FruitTableController(style: .insetGrouped)
        window.rootViewController = controller
        window.isHidden = false
        controller.view.frame = window.bounds
        controller.tableView.layoutIfNeeded()
        #expect(controller.tableView.style == .insetGrouped)
        #expect(controller.tableView.dataSource === controller)
        #expect(controller.tableView.visibleCells.map { $0.textLabel?.text } == ["Apple", "Pear", "Plum"])
        let pear = controller.tableView.rectForRow(at: IndexPath(row: 1, section: 0))
        input.tap(at: CGPoint(x: pear.midX, y: pear.midY), time: 1)
        #expect(controller.selected == [1])
        #expect(controller.tableView.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        _ = rig
    }
}
