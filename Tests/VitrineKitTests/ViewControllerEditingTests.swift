import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// A controller that records `setEditing(_:animated:)` as UIKit apps override it.
@MainActor
private final class EditingLogController: UIViewController {
    var calls: [String] = []
    override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        calls.append("\(editing) \(animated)")
    }
}

@MainActor
private final class EditableRowsController: UITableViewController {
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
}

/// `UIViewController.isEditing`, `setEditing(_:animated:)` and `editButtonItem`, and
/// `UITableViewController` passing editing on to its table.
@MainActor @Suite(.serialized) struct ViewControllerEditingTests {
    @Test func isEditingStartsFalseAndSettingItCallsSetEditingUnanimated() {
        let controller = EditingLogController()
        #expect(!controller.isEditing)
        controller.isEditing = true
        #expect(controller.isEditing)
        #expect(controller.calls == ["true false"])
        controller.setEditing(false, animated: true)
        #expect(!controller.isEditing)
        #expect(controller.calls == ["true false", "false true"])
    }

    @Test func theEditButtonReadsEditOrDoneAndTogglesEditing() {
        let controller = EditingLogController()
        let button = controller.editButtonItem
        #expect(controller.editButtonItem === button, "made once")
        #expect(button.title == "Edit" && button.style == .plain)
        button.performTap()
        #expect(controller.isEditing)
        #expect(controller.calls == ["true true"], "a tap edits with animation")
        #expect(button.title == "Done" && button.style == .done)
        controller.setEditing(false, animated: false)
        #expect(button.title == "Edit" && button.style == .plain)
        button.performTap()
        button.performTap()
        #expect(!controller.isEditing && button.title == "Edit")
    }

    @Test func anEditButtonMadeWhileEditingReadsDone() {
        let controller = UIViewController()
        controller.isEditing = true
        #expect(controller.editButtonItem.title == "Done")
        #expect(controller.editButtonItem.style == .done)
    }

    @Test func aTableViewControllerPassesEditingToItsTable() {
        let controller = EditableRowsController(style: .plain)
        controller.setEditing(true, animated: false)
        #expect(!controller.isViewLoaded, "editing does not load the view")
        #expect(controller.isEditing)
        let table = controller.tableView!
        controller.setEditing(false, animated: false)
        controller.editButtonItem.performTap()
        #expect(controller.isEditing && table.isEditing)
        table.frame = CGRect(x: 0, y: 0, width: 320, height: 240)
        table.layoutIfNeeded()
        #expect(table.visibleCells.count == 3)
        #expect(table.visibleCells.allSatisfy { $0.isEditing })
        controller.isEditing = false
        #expect(!table.isEditing)
        #expect(table.visibleCells.allSatisfy { !$0.isEditing })
    }
}

/// A grid controller as iOS apps write one: a subclass that registers its cell, answers the
/// data source and sizes items through the flow layout delegate.
@MainActor
private final class TilesController: UICollectionViewController, UICollectionViewDelegateFlowLayout {
    var selected: [IndexPath] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "tile")
    }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 20 }

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
        cell.tag = indexPath.item
        return cell
    }

    override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        selected.append(indexPath)
    }

    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        CGSize(width: 100, height: 50)
    }
}

/// `UICollectionViewController`.
@MainActor @Suite(.serialized) struct CollectionViewControllerTests {
    @Test func itsCollectionViewUsesTheLayoutAndTheControllerAsDataSourceAndDelegate() throws {
        let layout = UICollectionViewFlowLayout()
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        let controller = TilesController(collectionViewLayout: layout)
        #expect(controller.collectionViewLayout === layout)
        #expect(!controller.isViewLoaded)
        #expect(controller.clearsSelectionOnViewWillAppear)
        #expect(controller.installsStandardGestureForInteractiveMovement)
        controller.installsStandardGestureForInteractiveMovement = false
        #expect(!controller.installsStandardGestureForInteractiveMovement)
        let collectionView = try #require(controller.collectionView)
        #expect(controller.view === collectionView)
        #expect(collectionView.collectionViewLayout === layout)
        #expect(collectionView.dataSource === controller)
        #expect(collectionView.delegate === controller)
        collectionView.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
        collectionView.layoutIfNeeded()
        // Three 100x50 items a line, four lines in view: the subclass's size is used.
        #expect(collectionView.indexPathsForVisibleItems.count == 12)
        #expect(
            collectionView.cellForItem(at: IndexPath(item: 4, section: 0))?.frame
                == CGRect(x: 100, y: 50, width: 100, height: 50))
        #expect(collectionView.contentSize.height == 350)
    }

    @Test func theSelectionIsClearedWhenTheViewAppears() {
        let rig = HeadlessRig(width: 320, height: 240)
        let controller = TilesController(collectionViewLayout: UICollectionViewFlowLayout())
        let collectionView = controller.collectionView!
        collectionView.selectItem(at: IndexPath(item: 2, section: 0), animated: false, scrollPosition: [])
        #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        rig.settle()
        #expect(collectionView.indexPathsForSelectedItems == [])

        let keeping = TilesController(collectionViewLayout: UICollectionViewFlowLayout())
        keeping.clearsSelectionOnViewWillAppear = false
        keeping.collectionView.selectItem(at: IndexPath(item: 1, section: 0), animated: false, scrollPosition: [])
        window.rootViewController = keeping
        rig.settle()
        #expect(keeping.collectionView.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
    }

    @Test func aControllerMadeWithoutALayoutGetsAFlowLayout() {
        let controller = UICollectionViewController(nibName: nil, bundle: nil)
        #expect(controller.collectionViewLayout is UICollectionViewFlowLayout)
        #expect(controller.collectionView.numberOfSections == 1)
        #expect(controller.collectionView.numberOfItems(inSection: 0) == 0)
    }
}
