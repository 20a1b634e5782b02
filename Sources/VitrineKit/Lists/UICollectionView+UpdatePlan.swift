import Foundation

/// The changes recorded inside `performBatchUpdates` (or one `insertItems` and the like).
struct CollectionRecordedUpdates {
    var insertedItems: [IndexPath] = []
    var deletedItems: [IndexPath] = []
    var reloadedItems: [IndexPath] = []
    var movedItems: [(from: IndexPath, to: IndexPath)] = []
    var insertedSections = IndexSet()
    var deletedSections = IndexSet()
    var reloadedSections = IndexSet()
    var movedSections: [(from: Int, to: Int)] = []
    /// Items configured again once the update is applied (index paths after it).
    var reconfiguredItems: [IndexPath] = []
}

/// What a batch update does to every section and item: where each old one goes (nil:
/// deleted), where each new one came from (nil: inserted), and which were reloaded. Made by
/// `plan(_:oldCounts:newCounts:)`, which checks the update as UIKit does.
struct CollectionViewUpdatePlan {
    var oldCounts: [Int]
    var newCounts: [Int]
    var sectionOldToNew: [Int?]
    var sectionNewToOld: [Int?]
    var reloadedOldSections: Set<Int> = []
    var reloadedNewSections: Set<Int> = []
    /// Per old section, each item's new index path (nil: deleted or in a deleted section).
    var itemOldToNew: [[IndexPath?]]
    /// Per new section, each item's old index path (nil: inserted).
    var itemNewToOld: [[IndexPath?]]
    var reloadedOldItems: Set<IndexPath> = []
    var reloadedNewItems: Set<IndexPath> = []
    /// The changes as UIKit's update items describe them, for the layout.
    var changes: [(action: UICollectionViewUpdateItem.Action, before: IndexPath?, after: IndexPath?)] = []

    func newIndexPath(forOld indexPath: IndexPath) -> IndexPath? {
        guard indexPath.count == 2, itemOldToNew.indices.contains(indexPath.section),
            itemOldToNew[indexPath.section].indices.contains(indexPath.item)
        else { return nil }
        return itemOldToNew[indexPath.section][indexPath.item]
    }

    func oldIndexPath(forNew indexPath: IndexPath) -> IndexPath? {
        guard indexPath.count == 2, itemNewToOld.indices.contains(indexPath.section),
            itemNewToOld[indexPath.section].indices.contains(indexPath.item)
        else { return nil }
        return itemNewToOld[indexPath.section][indexPath.item]
    }

    func isReloaded(old indexPath: IndexPath) -> Bool {
        reloadedOldItems.contains(indexPath) || reloadedOldSections.contains(indexPath.section)
    }

    func isReloaded(new indexPath: IndexPath) -> Bool {
        reloadedNewItems.contains(indexPath) || reloadedNewSections.contains(indexPath.section)
    }

    func newSection(forOld section: Int) -> Int? {
        sectionOldToNew.indices.contains(section) ? sectionOldToNew[section] : nil
    }

    func oldSection(forNew section: Int) -> Int? {
        sectionNewToOld.indices.contains(section) ? sectionNewToOld[section] : nil
    }

    func isSectionReloaded(old section: Int) -> Bool { reloadedOldSections.contains(section) }
    func isSectionReloaded(new section: Int) -> Bool { reloadedNewSections.contains(section) }

    /// The plan of `updates` from `oldCounts` to `newCounts` (the data source's after the
    /// block), or UIKit's message for what does not add up.
    static func plan(_ updates: CollectionRecordedUpdates, oldCounts: [Int], newCounts: [Int]) -> Result<
        Self, PlanError
    > {
        var planner = Planner(updates: updates, oldCounts: oldCounts, newCounts: newCounts)
        do {
            return .success(try planner.make())
        } catch {
            return .failure(error)
        }
    }

    struct PlanError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

/// The checks and the mapping behind `CollectionViewUpdatePlan.plan`.
private struct Planner {
    let updates: CollectionRecordedUpdates
    let oldCounts: [Int]
    let newCounts: [Int]
    typealias PlanError = CollectionViewUpdatePlan.PlanError

    init(updates: CollectionRecordedUpdates, oldCounts: [Int], newCounts: [Int]) {
        self.updates = updates
        self.oldCounts = oldCounts
        self.newCounts = newCounts
    }

    private enum Slot {
        case free
        case inserted
        case from(Int)
    }

    private func text(_ indexPath: IndexPath) -> String {
        indexPath.count == 2 ? "(section \(indexPath.section), item \(indexPath.item))" : "\(Array(indexPath))"
    }

    mutating func make() throws(PlanError) -> CollectionViewUpdatePlan {
        let (sectionNewToOld, sectionOldToNew) = try mapSections()
        var plan = CollectionViewUpdatePlan(
            oldCounts: oldCounts, newCounts: newCounts, sectionOldToNew: sectionOldToNew,
            sectionNewToOld: sectionNewToOld,
            itemOldToNew: oldCounts.map { Array(repeating: nil, count: $0) },
            itemNewToOld: newCounts.map { Array(repeating: nil, count: $0) })
        plan.reloadedOldSections = Set(updates.reloadedSections)
        plan.reloadedNewSections = Set(updates.reloadedSections.compactMap { sectionOldToNew[$0] })

        // Sections whose items are all new or all gone need no item bookkeeping.
        let deletedOrReloaded = updates.deletedSections.union(updates.reloadedSections)
        let insertedNew = updates.insertedSections.union(IndexSet(plan.reloadedNewSections))

        // Item changes, checked against the counts before (deletions, reloads, move sources)
        // and after (insertions, move destinations).
        var deleted = Set<IndexPath>()
        for indexPath in updates.deletedItems {
            try checkOld(indexPath, "delete")
            if !deletedOrReloaded.contains(indexPath.section) { deleted.insert(indexPath) }
        }
        var reloaded = Set<IndexPath>()
        for indexPath in updates.reloadedItems {
            try checkOld(indexPath, "reload")
            if deleted.contains(indexPath) {
                throw PlanError("attempt to delete and reload the same index path \(text(indexPath))")
            }
            if !deletedOrReloaded.contains(indexPath.section) { reloaded.insert(indexPath) }
        }
        var inserted = Set<IndexPath>()
        for indexPath in updates.insertedItems {
            try checkNew(indexPath, "insert")
            if !insertedNew.contains(indexPath.section) { inserted.insert(indexPath) }
        }
        var movedFrom = [IndexPath: IndexPath]()
        var movedTo = [IndexPath: IndexPath]()
        for (from, to) in updates.movedItems {
            try checkOld(from, "move")
            try checkNew(to, "move")
            if deletedOrReloaded.contains(from.section) || deleted.contains(from) || reloaded.contains(from) {
                throw PlanError("attempt to move index path \(text(from)) that is being deleted or reloaded")
            }
            if insertedNew.contains(to.section) {
                throw PlanError(
                    "attempt to move index path \(text(from)) into section \(to.section), which is being inserted")
            }
            if movedFrom[from] != nil { throw PlanError("attempt to move index path \(text(from)) twice") }
            if inserted.contains(to) || movedTo[to] != nil {
                throw PlanError("attempt to insert or move more than one item to index path \(text(to))")
            }
            movedFrom[from] = to
            movedTo[to] = from
        }

        // Each new section that was an old one: its inserted and moved-in items take their
        // places, the old section's remaining items fill the rest in order.
        for (newSection, oldSection) in sectionNewToOld.enumerated() {
            guard let oldSection, !plan.reloadedNewSections.contains(newSection) else { continue }
            var slots = Array(repeating: Slot.free, count: newCounts[newSection])
            var insertedCount = 0
            var movedIn = 0
            for indexPath in inserted where indexPath.section == newSection {
                slots[indexPath.item] = .inserted
                insertedCount += 1
            }
            for (to, _) in movedTo where to.section == newSection { movedIn += 1 }
            let survivors = (0..<oldCounts[oldSection]).filter { item in
                let indexPath = IndexPath(item: item, section: oldSection)
                return !deleted.contains(indexPath) && movedFrom[indexPath] == nil
            }
            let deletedCount = deleted.count { $0.section == oldSection }
            let movedOut = movedFrom.keys.count { $0.section == oldSection }
            let free = slots.count - insertedCount - movedIn
            guard free == survivors.count else {
                throw PlanError(
                    "Invalid update: invalid number of items in section \(newSection). The number of items contained in an existing section after the update (\(newCounts[newSection])) must be equal to the number of items contained in that section before the update (\(oldCounts[oldSection])), plus or minus the number of items inserted or deleted from that section (\(insertedCount) inserted, \(deletedCount) deleted) and plus or minus the number of items moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
                )
            }
            for (to, from) in movedTo where to.section == newSection { slots[to.item] = .from(from.item) }
            var next = survivors.makeIterator()
            for item in slots.indices {
                let newIndexPath = IndexPath(item: item, section: newSection)
                switch slots[item] {
                case .inserted: continue
                case .from: continue
                case .free:
                    guard let oldItem = next.next() else { continue }
                    let oldIndexPath = IndexPath(item: oldItem, section: oldSection)
                    plan.itemNewToOld[newSection][item] = oldIndexPath
                    plan.itemOldToNew[oldSection][oldItem] = newIndexPath
                }
            }
        }
        for (to, from) in movedTo {
            plan.itemNewToOld[to.section][to.item] = from
            plan.itemOldToNew[from.section][from.item] = to
        }
        plan.reloadedOldItems = reloaded
        plan.reloadedNewItems = Set(reloaded.compactMap { plan.newIndexPath(forOld: $0) })

        // The changes, as update items.
        func section(_ index: Int) -> IndexPath { IndexPath(item: NSNotFound, section: index) }
        for index in updates.deletedSections { plan.changes.append((.delete, section(index), nil)) }
        for index in updates.insertedSections { plan.changes.append((.insert, nil, section(index))) }
        for index in updates.reloadedSections {
            plan.changes.append((.reload, section(index), sectionOldToNew[index].map(section)))
        }
        for (from, to) in updates.movedSections { plan.changes.append((.move, section(from), section(to))) }
        for indexPath in deleted.sorted() { plan.changes.append((.delete, indexPath, nil)) }
        for indexPath in inserted.sorted() { plan.changes.append((.insert, nil, indexPath)) }
        for indexPath in reloaded.sorted() {
            plan.changes.append((.reload, indexPath, plan.newIndexPath(forOld: indexPath)))
        }
        for from in movedFrom.keys.sorted() { plan.changes.append((.move, from, movedFrom[from])) }
        return plan
    }

    private func checkOld(_ indexPath: IndexPath, _ verb: String) throws(PlanError) {
        guard indexPath.count == 2, oldCounts.indices.contains(indexPath.section) else {
            throw PlanError(
                "attempt to \(verb) item \(indexPath.count == 2 ? indexPath.item : -1) from section \(indexPath.count == 2 ? indexPath.section : -1), but there are only \(oldCounts.count) sections before the update"
            )
        }
        guard (0..<oldCounts[indexPath.section]).contains(indexPath.item) else {
            throw PlanError(
                "attempt to \(verb) item \(indexPath.item) from section \(indexPath.section) which only contains \(oldCounts[indexPath.section]) items before the update"
            )
        }
    }

    private func checkNew(_ indexPath: IndexPath, _ verb: String) throws(PlanError) {
        guard indexPath.count == 2, newCounts.indices.contains(indexPath.section) else {
            throw PlanError(
                "attempt to \(verb) item \(indexPath.count == 2 ? indexPath.item : -1) into section \(indexPath.count == 2 ? indexPath.section : -1), but there are only \(newCounts.count) sections after the update"
            )
        }
        guard (0..<newCounts[indexPath.section]).contains(indexPath.item) else {
            throw PlanError(
                "attempt to \(verb) item \(indexPath.item) into section \(indexPath.section), but there are only \(newCounts[indexPath.section]) items in section \(indexPath.section) after the update"
            )
        }
    }

    /// Where each new section came from and each old one went.
    private func mapSections() throws(PlanError) -> (newToOld: [Int?], oldToNew: [Int?]) {
        let oldCount = oldCounts.count
        let newCount = newCounts.count
        for index in updates.deletedSections where index >= oldCount {
            throw PlanError(
                "attempt to delete section \(index), but there are only \(oldCount) sections before the update")
        }
        for index in updates.reloadedSections where index >= oldCount {
            throw PlanError(
                "attempt to reload section \(index), but there are only \(oldCount) sections before the update")
        }
        for index in updates.insertedSections where index >= newCount {
            throw PlanError(
                "attempt to insert section \(index) but there are only \(newCount) sections after the update")
        }
        if !updates.deletedSections.intersection(updates.reloadedSections).isEmpty {
            throw PlanError("attempt to delete and reload the same section")
        }
        let expected = oldCount - updates.deletedSections.count + updates.insertedSections.count
        guard newCount == expected else {
            throw PlanError(
                "Invalid update: invalid number of sections. The number of sections contained in the collection view after the update (\(newCount)) must be equal to the number of sections contained in the collection view before the update (\(oldCount)), plus or minus the number of sections inserted or deleted (\(updates.insertedSections.count) inserted, \(updates.deletedSections.count) deleted)."
            )
        }
        var slots = Array(repeating: Slot.free, count: newCount)
        for index in updates.insertedSections { slots[index] = .inserted }
        var movedFrom = Set<Int>()
        for (from, to) in updates.movedSections {
            guard from >= 0, from < oldCount, to >= 0, to < newCount else {
                throw PlanError(
                    "attempt to move section \(from) to \(to), out of range (\(oldCount) sections before, \(newCount) after the update)"
                )
            }
            guard !updates.deletedSections.contains(from), !updates.reloadedSections.contains(from),
                !movedFrom.contains(from)
            else { throw PlanError("attempt to move section \(from), which is being deleted, reloaded or moved") }
            guard case .free = slots[to] else {
                throw PlanError("attempt to move section \(from) to section \(to), where another section goes")
            }
            slots[to] = .from(from)
            movedFrom.insert(from)
        }
        var survivors = (0..<oldCount).filter { !updates.deletedSections.contains($0) && !movedFrom.contains($0) }
            .makeIterator()
        var newToOld = Array<Int?>(repeating: nil, count: newCount)
        var oldToNew = Array<Int?>(repeating: nil, count: oldCount)
        for index in slots.indices {
            let old: Int?
            switch slots[index] {
            case .inserted: old = nil
            case .from(let from): old = from
            case .free: old = survivors.next()
            }
            newToOld[index] = old
            if let old { oldToNew[old] = index }
        }
        return (newToOld, oldToNew)
    }
}
