import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// A flow layout that brings appearing items in from 500 points to the right and sends
/// deleted ones up, recording what it is asked.
@MainActor final class SlidingFlowLayout: UICollectionViewFlowLayout {
    var log: [String] = []

    override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        for item in updateItems {
            let before = item.indexPathBeforeUpdate.map { "\($0.item)" } ?? "-"
            let after = item.indexPathAfterUpdate.map { "\($0.item)" } ?? "-"
            log.append("update \(item.updateAction) \(before)>\(after)")
        }
    }

    override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        log.append("initial \(itemIndexPath.item)")
        guard let attributes = layoutAttributesForItem(at: itemIndexPath)?.copy() as? UICollectionViewLayoutAttributes
        else { return nil }
        attributes.center.x += 500
        return attributes
    }

    override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        log.append("final \(itemIndexPath.item)")
        return super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath)
    }

    override func finalizeCollectionViewUpdates() {
        super.finalizeCollectionViewUpdates()
        log.append("finalize")
    }
}

/// Batch updates: the model changes at once, the views animate with the layout's initial and
/// final attributes; bad input is logged and reloads everything.
@MainActor @Suite struct CollectionViewBatchUpdateTests {
    /// A 320 × 240 screen showing a grid of 100 × 100 items, three to a line, drawn once.
    private func makeScene(_ counts: [Int], layout: UICollectionViewFlowLayout = UICollectionViewFlowLayout())
        -> (HeadlessRig, UIWindow, UICollectionView, GridSource)
    {
        let rig = HeadlessRig(width: 320, height: 240)
        let window = makeVisibleWindow(on: rig.screen, frame: rig.screen.bounds, color: .black)
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        let collectionView = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        collectionView.register(TileCell.self, forCellWithReuseIdentifier: "tile")
        collectionView.register(
            TitleView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
            withReuseIdentifier: "title")
        let source = GridSource(counts)
        collectionView.dataSource = source
        window.addSubview(collectionView)
        rig.settle()
        return (rig, window, collectionView, source)
    }

    private func cell(_ collectionView: UICollectionView, _ item: Int, _ section: Int = 0) -> UICollectionViewCell? {
        collectionView.cellForItem(at: IndexPath(item: item, section: section))
    }

    @Test func insertAndDeleteAnimateAndCompleteTogether() {
        let (rig, window, collectionView, source) = makeScene([5])
        let first = cell(collectionView, 0)
        let second = cell(collectionView, 1)
        var completions: [Bool] = []
        source.counts = [5]
        collectionView.performBatchUpdates({
            collectionView.deleteItems(at: [IndexPath(item: 0, section: 0)])
            collectionView.insertItems(at: [IndexPath(item: 2, section: 0)])
        }) { completions.append($0) }
        // The model is the new one at once.
        #expect(cell(collectionView, 0) === second)
        #expect(second?.frame.origin == .zero)
        #expect(collectionView.indexPath(for: second!) == IndexPath(item: 0, section: 0))
        let inserted = cell(collectionView, 2)
        #expect(inserted != nil && inserted !== first)
        #expect(inserted?.alpha == 1)
        // The deleted cell stays until its fade ends.
        #expect(first?.superview === collectionView)
        #expect(first?.alpha == 0)
        #expect(!collectionView.visibleCells.contains { $0 === first })
        // Half way: the moving cell is between its places, the new one half faded in.
        rig.clock.advance(by: 0)
        rig.clock.advance(by: 0.15)
        let shownX = second?.layer.presentation()?.position.x ?? 0
        #expect(shownX > 50 && shownX < 160)
        let shownOpacity = inserted?.layer.presentation()?.opacity ?? 1
        #expect(shownOpacity > 0.1 && shownOpacity < 0.9)
        #expect(completions.isEmpty)
        rig.clock.advance(by: 0.3)
        #expect(completions == [true])
        #expect(first?.superview == nil)
        #expect(collectionView.visibleCells.count == 5)
        window.isHidden = true
    }

    @Test func theLayoutIsAskedForInitialAndFinalAttributes() {
        let layout = SlidingFlowLayout()
        let (rig, window, collectionView, source) = makeScene([4], layout: layout)
        layout.log = []
        source.counts = [4]
        collectionView.performBatchUpdates {
            collectionView.deleteItems(at: [IndexPath(item: 3, section: 0)])
            collectionView.insertItems(at: [IndexPath(item: 0, section: 0)])
        }
        #expect(layout.log.first == "update delete 3>-")
        #expect(layout.log.contains("update insert ->0"))
        #expect(layout.log.contains("final 3"))
        #expect(layout.log.contains("initial 0"))
        #expect(layout.log.last == "finalize")
        // The new item 0 slides in from 500 points to the right of its place.
        rig.clock.advance(by: 0)
        rig.clock.advance(by: HeadlessRig.frame)
        let inserted = cell(collectionView, 0)
        let shownX = inserted?.layer.presentation()?.position.x ?? 0
        #expect(shownX > 450 && shownX <= 550)
        #expect(inserted?.center.x == 50)
        rig.clock.advance(by: 0.5)
        #expect(inserted?.layer.presentation()?.position.x == 50)
        window.isHidden = true
    }

    @Test func movesKeepTheirCellsAndReloadsGetNewOnes() {
        let (rig, window, collectionView, source) = makeScene([4])
        let zero = cell(collectionView, 0)
        let three = cell(collectionView, 3)
        collectionView.selectItem(at: IndexPath(item: 3, section: 0), animated: false, scrollPosition: [])
        collectionView.selectItem(at: IndexPath(item: 1, section: 0), animated: false, scrollPosition: [])
        collectionView.allowsMultipleSelection = true
        collectionView.selectItem(at: IndexPath(item: 3, section: 0), animated: false, scrollPosition: [])
        let requests = source.cellRequests
        UIView.performWithoutAnimation {
            collectionView.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 3, section: 0))
        }
        // Old [0 1 2 3] is now [1 2 3 0]: the selection follows its items.
        #expect(cell(collectionView, 3) === zero)
        #expect(cell(collectionView, 2) === three)
        #expect(collectionView.indexPathsForSelectedItems?.map(\.item) == [0, 2])
        #expect(source.cellRequests == requests)
        UIView.performWithoutAnimation {
            collectionView.reloadItems(at: [IndexPath(item: 2, section: 0)])
        }
        #expect(source.cellRequests == requests + 1)
        #expect(cell(collectionView, 2) !== three)
        #expect(collectionView.indexPathsForSelectedItems?.map(\.item) == [0])
        // Without animation the old cell is gone at once; the completion still comes later.
        #expect(three?.superview == nil || three === cell(collectionView, 2))
        rig.settle()
        window.isHidden = true
    }

    @Test func sectionsAreInsertedDeletedAndCarryTheirViews() {
        let layout = UICollectionViewFlowLayout()
        layout.headerReferenceSize = CGSize(width: 0, height: 20)
        let (_, window, collectionView, source) = makeScene([1, 2, 3], layout: layout)
        // Section 2 is in the margin below the bounds: shown, not visible.
        let lastHeader = collectionView.shownView(.supplementaryView, UICollectionView.elementKindSectionHeader, 0, 2)
        let lastCell = collectionView.shownView(.cell, "", 0, 2)
        source.counts = [2, 3, 4]
        UIView.performWithoutAnimation {
            collectionView.performBatchUpdates {
                collectionView.deleteSections([0])
                collectionView.insertSections([2])
            }
        }
        #expect(collectionView.numberOfSections == 3)
        #expect(
            collectionView.shownView(.supplementaryView, UICollectionView.elementKindSectionHeader, 0, 1) === lastHeader
        )
        #expect(cell(collectionView, 0, 1) === lastCell)
        #expect(lastHeader is TitleView)
        // Section 0: header 0–20, a line 20–120; section 1: header 120–140, its first line.
        #expect(lastCell?.frame.minY == 140)
        window.isHidden = true
    }

    @Test func countsThatDoNotAddUpAreLoggedAndReloadEverything() {
        let (rig, window, collectionView, source) = makeScene([3])
        var errors: [String] = []
        collectionView.errorObserver = { errors.append($0) }
        var completed: Bool?
        source.counts = [5]
        collectionView.performBatchUpdates({
            collectionView.insertItems(at: [IndexPath(item: 0, section: 0)])
        }) { completed = $0 }
        #expect(errors.count == 1)
        let message = errors.first ?? ""
        #expect(message.contains("invalid number of items in section 0"))
        #expect(message.contains("after the update (5)"))
        #expect(message.contains("before the update (3)"))
        #expect(message.contains("(1 inserted, 0 deleted)"))
        rig.settle()
        #expect(completed != nil)
        #expect(collectionView.numberOfItems(inSection: 0) == 5)
        #expect(collectionView.visibleCells.count == 5)
        window.isHidden = true
    }

    @Test func indexPathsOutOfRangeAreLoggedNeverACrash() {
        let (rig, window, collectionView, source) = makeScene([3])
        var errors: [String] = []
        collectionView.errorObserver = { errors.append($0) }
        source.counts = [2]
        collectionView.deleteItems(at: [IndexPath(item: 10, section: 0)])
        #expect(errors.last?.contains("attempt to delete item 10 from section 0 which only contains 3 items") == true)
        collectionView.layoutIfNeeded()
        #expect(collectionView.visibleCells.count == 2)
        source.counts = [3]
        collectionView.insertItems(at: [IndexPath(item: 7, section: 4)])
        #expect(errors.last?.contains("only 1 sections after the update") == true)
        collectionView.layoutIfNeeded()
        collectionView.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 9, section: 0))
        #expect(errors.count == 3)
        collectionView.layoutIfNeeded()
        source.counts = [3, 1]
        collectionView.insertSections([5])
        #expect(errors.last?.contains("attempt to insert section 5") == true)
        rig.settle()
        #expect(collectionView.numberOfSections == 2)
        #expect(collectionView.visibleCells.count == 4)
        window.isHidden = true
    }

    @Test func thePlanMapsEveryItem() throws {
        var updates = CollectionRecordedUpdates()
        updates.deletedItems = [IndexPath(item: 1, section: 0)]
        updates.insertedItems = [IndexPath(item: 0, section: 1)]
        updates.movedItems = [(IndexPath(item: 0, section: 0), IndexPath(item: 2, section: 1))]
        updates.deletedSections = [2]
        let plan = try CollectionViewUpdatePlan.plan(updates, oldCounts: [3, 2, 4], newCounts: [1, 4]).get()
        // Section 0 [a b c] → [c]; section 1 [d e] → [new d a e]; section 2 deleted.
        #expect(plan.newIndexPath(forOld: IndexPath(item: 2, section: 0)) == IndexPath(item: 0, section: 0))
        #expect(plan.newIndexPath(forOld: IndexPath(item: 0, section: 0)) == IndexPath(item: 2, section: 1))
        #expect(plan.newIndexPath(forOld: IndexPath(item: 1, section: 0)) == nil)
        #expect(plan.newIndexPath(forOld: IndexPath(item: 0, section: 1)) == IndexPath(item: 1, section: 1))
        #expect(plan.newIndexPath(forOld: IndexPath(item: 1, section: 1)) == IndexPath(item: 3, section: 1))
        #expect(plan.newIndexPath(forOld: IndexPath(item: 3, section: 2)) == nil)
        #expect(plan.oldIndexPath(forNew: IndexPath(item: 0, section: 1)) == nil)
        #expect(plan.newSection(forOld: 2) == nil && plan.newSection(forOld: 1) == 1)
        // A move out of a section being deleted is refused.
        updates.movedItems = [(IndexPath(item: 0, section: 2), IndexPath(item: 2, section: 1))]
        updates.deletedItems = [IndexPath(item: 1, section: 0), IndexPath(item: 0, section: 0)]
        let refused = CollectionViewUpdatePlan.plan(updates, oldCounts: [3, 2, 4], newCounts: [1, 4])
        #expect(throws: CollectionViewUpdatePlan.PlanError.self) { try refused.get() }
    }
}
