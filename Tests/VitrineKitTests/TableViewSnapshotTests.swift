import Foundation
import Testing

@testable import VitrineKit

/// `NSDiffableDataSourceSnapshot`: sections and items in order, unique identifiers, and
/// misuse that UIKit raises for logged and ignored.
@Suite struct TableViewSnapshotTests {
    typealias Snapshot = NSDiffableDataSourceSnapshot<String, Int>

    private func sample() -> Snapshot {
        var snapshot = Snapshot()
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems([1, 2, 3], toSection: "a")
        snapshot.appendItems([4, 5])  // the last section
        return snapshot
    }

    @Test func appendingBuildsSectionsAndItemsInOrder() {
        let snapshot = sample()
        #expect(snapshot.numberOfSections == 2)
        #expect(snapshot.numberOfItems == 5)
        #expect(snapshot.sectionIdentifiers == ["a", "b"])
        #expect(snapshot.itemIdentifiers == [1, 2, 3, 4, 5])
        #expect(snapshot.itemIdentifiers(inSection: "b") == [4, 5])
        #expect(snapshot.numberOfItems(inSection: "a") == 3)
        #expect(snapshot.sectionIdentifier(containingItem: 4) == "b")
        #expect(snapshot.sectionIdentifier(containingItem: 9) == nil)
        #expect(snapshot.indexOfItem(4) == 3)
        #expect(snapshot.indexOfItem(1) == 0)
        #expect(snapshot.indexOfItem(9) == nil)
        #expect(snapshot.indexOfSection("b") == 1)
        #expect(snapshot.indexOfSection("z") == nil)
    }

    @Test func insertingBeforeAndAfterItemsAndSections() {
        var snapshot = sample()
        snapshot.insertItems([10, 11], beforeItem: 1)
        snapshot.insertItems([12], afterItem: 5)
        snapshot.insertItems([13], afterItem: 2)
        #expect(snapshot.itemIdentifiers(inSection: "a") == [10, 11, 1, 2, 13, 3])
        #expect(snapshot.itemIdentifiers(inSection: "b") == [4, 5, 12])
        #expect(snapshot.sectionIdentifier(containingItem: 12) == "b")
        snapshot.insertSections(["first"], beforeSection: "a")
        snapshot.insertSections(["middle"], afterSection: "a")
        snapshot.appendSections(["last"])
        #expect(snapshot.sectionIdentifiers == ["first", "a", "middle", "b", "last"])
        #expect(snapshot.indexOfSection("b") == 3)
        #expect(snapshot.numberOfItems(inSection: "middle") == 0)
        snapshot.appendItems([20], toSection: "middle")
        #expect(snapshot.indexOfItem(20) == 6)
    }

    @Test func deletingItemsAndSections() {
        var snapshot = sample()
        snapshot.deleteItems([2, 5, 99])
        #expect(snapshot.itemIdentifiers == [1, 3, 4])
        #expect(snapshot.numberOfItems == 3)
        #expect(snapshot.sectionIdentifier(containingItem: 2) == nil)
        snapshot.deleteSections(["a", "nope"])
        #expect(snapshot.sectionIdentifiers == ["b"])
        #expect(snapshot.itemIdentifiers == [4])
        #expect(snapshot.sectionIdentifier(containingItem: 1) == nil)
        // A deleted item may come back.
        snapshot.appendItems([1])
        #expect(snapshot.itemIdentifiers == [4, 1])
        snapshot.deleteAllItems()
        #expect(snapshot.numberOfSections == 0)
        #expect(snapshot.numberOfItems == 0)
    }

    @Test func movingItemsWithinAndAcrossSections() {
        var snapshot = sample()
        snapshot.moveItem(1, afterItem: 3)
        #expect(snapshot.itemIdentifiers(inSection: "a") == [2, 3, 1])
        snapshot.moveItem(1, beforeItem: 2)
        #expect(snapshot.itemIdentifiers(inSection: "a") == [1, 2, 3])
        snapshot.moveItem(2, beforeItem: 5)
        #expect(snapshot.itemIdentifiers(inSection: "a") == [1, 3])
        #expect(snapshot.itemIdentifiers(inSection: "b") == [4, 2, 5])
        #expect(snapshot.sectionIdentifier(containingItem: 2) == "b")
        snapshot.moveItem(3, afterItem: 5)
        #expect(snapshot.itemIdentifiers(inSection: "b") == [4, 2, 5, 3])
        #expect(snapshot.indexOfItem(3) == 4)
    }

    @Test func movingSections() {
        var snapshot = sample()
        snapshot.appendSections(["c"])
        snapshot.moveSection("a", afterSection: "c")
        #expect(snapshot.sectionIdentifiers == ["b", "c", "a"])
        #expect(snapshot.itemIdentifiers == [4, 5, 1, 2, 3])
        snapshot.moveSection("c", beforeSection: "b")
        #expect(snapshot.sectionIdentifiers == ["c", "b", "a"])
        #expect(snapshot.indexOfSection("a") == 2)
        #expect(snapshot.indexOfItem(1) == 2)
    }

    @Test func reloadAndReconfigureMarksFollowTheItems() {
        var snapshot = sample()
        snapshot.reloadItems([2, 4, 2, 77])
        snapshot.reconfigureItems([5, 3])
        snapshot.reloadSections(["b", "zz"])
        #expect(snapshot.reloadedItemIdentifiers == [2, 4])
        #expect(snapshot.reconfiguredItemIdentifiers == [5, 3])
        #expect(snapshot.reloadedSectionIdentifiers == ["b"])
        snapshot.deleteItems([4, 3])
        #expect(snapshot.reloadedItemIdentifiers == [2])
        #expect(snapshot.reconfiguredItemIdentifiers == [5])
        snapshot.deleteSections(["b"])
        #expect(snapshot.reloadedSectionIdentifiers.isEmpty)
        #expect(snapshot.reconfiguredItemIdentifiers.isEmpty)
    }

    @Test func misuseUIKitRaisesForIsIgnored() {
        var snapshot = Snapshot()
        // No section yet: nothing is added.
        snapshot.appendItems([1])
        #expect(snapshot.numberOfItems == 0)
        snapshot.appendSections(["a", "a"])
        #expect(snapshot.sectionIdentifiers == ["a"])
        snapshot.appendSections(["a"])
        #expect(snapshot.numberOfSections == 1)
        snapshot.appendItems([1, 2, 1])
        snapshot.appendItems([2, 3], toSection: "a")
        #expect(snapshot.itemIdentifiers == [1, 2, 3])
        snapshot.appendItems([4], toSection: "missing")
        snapshot.insertItems([5], beforeItem: 42)
        snapshot.insertItems([5], afterItem: 42)
        snapshot.moveItem(1, afterItem: 1)
        snapshot.moveItem(42, afterItem: 1)
        snapshot.moveItem(1, beforeItem: 42)
        snapshot.insertSections(["x"], beforeSection: "missing")
        snapshot.moveSection("a", afterSection: "missing")
        #expect(snapshot.itemIdentifiers == [1, 2, 3])
        #expect(snapshot.sectionIdentifiers == ["a"])
        #expect(snapshot.numberOfItems(inSection: "missing") == 0)
        #expect(snapshot.itemIdentifiers(inSection: "missing").isEmpty)
    }

    @Test func snapshotsAreValues() {
        let original = sample()
        var copy = original
        copy.deleteItems([1])
        copy.appendSections(["c"])
        #expect(original.itemIdentifiers == [1, 2, 3, 4, 5])
        #expect(original.numberOfSections == 2)
        #expect(copy.itemIdentifiers == [2, 3, 4, 5])
    }

    @Test func manyItemsStayConsistent() {
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections(Array(0..<10))
        for section in 0..<10 {
            snapshot.appendItems(Array((section * 100)..<(section * 100 + 100)), toSection: section)
        }
        #expect(snapshot.numberOfItems == 1000)
        #expect(snapshot.indexOfItem(555) == 555)
        snapshot.deleteSections([0])
        #expect(snapshot.indexOfItem(555) == 455)
        #expect(snapshot.sectionIdentifier(containingItem: 42) == nil)
        snapshot.moveItem(999, beforeItem: 100)
        #expect(snapshot.indexOfItem(999) == 0)
        #expect(snapshot.itemIdentifiers(inSection: 1).first == 999)
    }
}
