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

/// The changes computed between two snapshots, checked by replaying them with the batch
/// update rules (deletions at old positions, insertions at new ones, moves from old to new).
@Suite struct TableViewSnapshotDiffTests {
    typealias Snapshot = NSDiffableDataSourceSnapshot<String, Int>

    private func snapshot(_ sections: [(String, [Int])]) -> Snapshot {
        var snapshot = Snapshot()
        for (section, items) in sections {
            snapshot.appendSections([section])
            snapshot.appendItems(items, toSection: section)
        }
        return snapshot
    }

    /// Replays `changes` on `old` as a table view's batch update would, taking inserted
    /// sections and rows from `new` (the data source's new answer), and returns the result.
    private func replay(_ changes: DiffableSnapshotChanges, old: Snapshot, new: Snapshot) -> [[Int]] {
        let oldSections = old.sectionIdentifiers.map { old.itemIdentifiers(inSection: $0) }
        let newSectionCount = new.numberOfSections
        var sectionSource = [Int?](repeating: nil, count: newSectionCount)
        let movedFrom = Set(changes.movedSections.map(\.from))
        for move in changes.movedSections { sectionSource[move.to] = move.from }
        var remaining = oldSections.indices.filter {
            !changes.deletedSections.contains($0) && !movedFrom.contains($0)
        }[...]
        for slot in 0..<newSectionCount where sectionSource[slot] == nil && !changes.insertedSections.contains(slot) {
            sectionSource[slot] = remaining.popFirst()
        }
        var result: [[Int]] = []
        for slot in 0..<newSectionCount {
            let newItems = new.itemIdentifiers(inSection: new.sectionIdentifiers[slot])
            guard let source = sectionSource[slot], !changes.reloadedSections.contains(source) else {
                result.append(newItems)
                continue
            }
            var rows = [Int?](repeating: nil, count: newItems.count)
            for move in changes.movedItems where move.to.section == slot {
                rows[move.to.item] = oldSections[move.from.section][move.from.item]
            }
            for inserted in changes.insertedItems where inserted.section == slot {
                rows[inserted.item] = newItems[inserted.item]
            }
            let leaving = Set(
                changes.deletedItems.filter { $0.section == source }.map(\.item)
                    + changes.movedItems.filter { $0.from.section == source }.map(\.from.item))
            var kept = oldSections[source].indices.filter { !leaving.contains($0) }.map { oldSections[source][$0] }[...]
            for row in rows.indices where rows[row] == nil { rows[row] = kept.popFirst() }
            #expect(kept.isEmpty, "rows left over in section \(slot)")
            result.append(rows.map { $0 ?? -1 })
        }
        return result
    }

    private func check(_ old: Snapshot, _ new: Snapshot, sourceLocation: SourceLocation = #_sourceLocation) {
        let changes = DiffableSnapshotChanges(from: old, to: new)
        let expected = new.sectionIdentifiers.map { new.itemIdentifiers(inSection: $0) }
        #expect(replay(changes, old: old, new: new) == expected, sourceLocation: sourceLocation)
    }

    @Test func insertsDeletesAndMovesAreTheFewest() {
        let old = snapshot([("a", [1, 2, 3, 4, 5])])
        let new = snapshot([("a", [1, 3, 9, 4, 2])])
        let changes = DiffableSnapshotChanges(from: old, to: new)
        #expect(changes.deletedItems == [IndexPath(item: 4, section: 0)])
        #expect(changes.insertedItems == [IndexPath(item: 2, section: 0)])
        #expect(changes.movedItems.count == 1)
        #expect(changes.movedItems.first?.from == IndexPath(item: 1, section: 0))
        #expect(changes.movedItems.first?.to == IndexPath(item: 4, section: 0))
        #expect(changes.deletedSections.isEmpty && changes.insertedSections.isEmpty)
        check(old, new)
    }

    @Test func sectionsAreInsertedDeletedAndMovedWithTheirItems() {
        let old = snapshot([("a", [1, 2]), ("b", [3, 4]), ("c", [5])])
        let new = snapshot([("c", [5]), ("d", [6]), ("a", [1, 2, 4])])
        let changes = DiffableSnapshotChanges(from: old, to: new)
        #expect(changes.deletedSections == IndexSet([1]))
        #expect(changes.insertedSections == IndexSet([1]))
        #expect(changes.movedSections.count == 1)
        // 4 leaves a deleted section: it is inserted in its new one.
        #expect(changes.insertedItems == [IndexPath(item: 2, section: 2)])
        check(old, new)
    }

    @Test func itemsMoveAcrossSections() {
        let old = snapshot([("a", [1, 2, 3]), ("b", [4, 5])])
        let new = snapshot([("a", [1, 3]), ("b", [4, 2, 5])])
        let changes = DiffableSnapshotChanges(from: old, to: new)
        #expect(changes.movedItems == [.init(from: IndexPath(item: 1, section: 0), to: IndexPath(item: 1, section: 1))])
        #expect(changes.deletedItems.isEmpty && changes.insertedItems.isEmpty)
        check(old, new)
    }

    @Test func reloadAndReconfigureMarksBecomeReloadsAtOldPathsAndReconfiguresAtNewOnes() {
        let old = snapshot([("a", [1, 2, 3])])
        var new = snapshot([("a", [0, 1, 2, 3])])
        new.reloadItems([2])
        new.reconfigureItems([3])
        let changes = DiffableSnapshotChanges(from: old, to: new)
        #expect(changes.reloadedItems == [IndexPath(item: 1, section: 0)])
        #expect(changes.reconfiguredItems == [IndexPath(item: 3, section: 0)])
        #expect(changes.insertedItems == [IndexPath(item: 0, section: 0)])
        var same = old
        same.reloadSections(["a"])
        #expect(DiffableSnapshotChanges(from: old, to: same).reloadedSections == IndexSet([0]))
        #expect(DiffableSnapshotChanges(from: old, to: old).isEmpty)
    }

    @Test func randomChangesReplayToTheNewSnapshot() {
        var generator = SplitMix(seed: 15)
        for _ in 0..<300 {
            let old = randomSnapshot(&generator)
            let new = randomSnapshot(&generator)
            check(old, new)
        }
    }

    private func randomSnapshot(_ generator: inout SplitMix) -> Snapshot {
        var snapshot = Snapshot()
        let sections = ["a", "b", "c", "d", "e"].filter { _ in generator.next() % 3 != 0 }.shuffled(using: &generator)
        var items = Array(0..<20).filter { _ in generator.next() % 3 != 0 }.shuffled(using: &generator)[...]
        for section in sections {
            snapshot.appendSections([section])
            let count = Int(generator.next() % 6)
            snapshot.appendItems(Array(items.prefix(count)), toSection: section)
            items = items.dropFirst(count)
        }
        return snapshot
    }
}

/// A small seeded generator, so random tests repeat.
private struct SplitMix: RandomNumberGenerator {
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
