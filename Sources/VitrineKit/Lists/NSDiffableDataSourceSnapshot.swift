import Foundation

/// The state of a list's data at one moment, as UIKit's `NSDiffableDataSourceSnapshot`: an
/// ordered list of sections, each with an ordered list of items, every section and item named
/// by a unique identifier. A diffable data source (`UITableViewDiffableDataSource`) applies a
/// snapshot and animates the differences from the one it showed before.
///
/// UIKit raises an exception for a call that breaks the snapshot's rules (a duplicate
/// identifier, an item added while there is no section, an identifier that is not in the
/// snapshot); Vitrine logs an error naming the call and leaves the snapshot as it was, or
/// skips the offending identifiers and applies the rest.
public struct NSDiffableDataSourceSnapshot<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable {
    /// The sections, in order.
    private var sections: [SectionIdentifierType] = []
    /// The items of each section, parallel to `sections`.
    private var itemsBySection: [[ItemIdentifierType]] = []
    /// Where each section is in `sections`, so lookups do not scan.
    private var sectionPositions: [SectionIdentifierType: Int] = [:]
    /// The section each item is in.
    private var itemSections: [ItemIdentifierType: SectionIdentifierType] = [:]
    private var reloadedSections: [SectionIdentifierType] = []
    private var reloadedItems: [ItemIdentifierType] = []
    private var reconfiguredItems: [ItemIdentifierType] = []

    /// An empty snapshot, as `init()`.
    public init() {}

    // MARK: Counts and identifiers

    /// The number of items in all sections, as `numberOfItems`.
    public var numberOfItems: Int { itemSections.count }

    /// The number of sections, as `numberOfSections`.
    public var numberOfSections: Int { sections.count }

    /// The sections' identifiers, in order, as `sectionIdentifiers`.
    public var sectionIdentifiers: [SectionIdentifierType] { sections }

    /// Every item's identifier, section after section, as `itemIdentifiers`.
    public var itemIdentifiers: [ItemIdentifierType] { itemsBySection.flatMap { $0 } }

    /// The sections marked for reload since the snapshot was made, as
    /// `reloadedSectionIdentifiers`.
    public var reloadedSectionIdentifiers: [SectionIdentifierType] { reloadedSections }

    /// The items marked for reload, as `reloadedItemIdentifiers`.
    public var reloadedItemIdentifiers: [ItemIdentifierType] { reloadedItems }

    /// The items marked for reconfiguration (their cells kept, configured again), as
    /// `reconfiguredItemIdentifiers`.
    public var reconfiguredItemIdentifiers: [ItemIdentifierType] { reconfiguredItems }

    /// The number of items in a section, as `numberOfItems(inSection:)`; UIKit raises for a
    /// section that is not in the snapshot, Vitrine logs and answers 0.
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        guard let position = sectionPositions[identifier] else {
            Self.report("numberOfItems(inSection:)", "section \(identifier) is not in the snapshot")
            return 0
        }
        return itemsBySection[position].count
    }

    /// A section's items, in order, as `itemIdentifiers(inSection:)`; UIKit raises for a
    /// section that is not in the snapshot, Vitrine logs and answers none.
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        guard let position = sectionPositions[identifier] else {
            Self.report("itemIdentifiers(inSection:)", "section \(identifier) is not in the snapshot")
            return []
        }
        return itemsBySection[position]
    }

    /// The section holding an item, or nil when the item is not in the snapshot, as
    /// `sectionIdentifier(containingItem:)`.
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        itemSections[identifier]
    }

    /// An item's position in `itemIdentifiers` (counted over all sections), or nil, as
    /// `indexOfItem(_:)`.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let location = location(of: identifier) else { return nil }
        return itemsBySection[..<location.section].reduce(0) { $0 + $1.count } + location.item
    }

    /// A section's position, or nil, as `indexOfSection(_:)`.
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
        sectionPositions[identifier]
    }

    // MARK: Sections

    /// Adds sections at the end, as `appendSections(_:)`.
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        insertSections(identifiers, at: sections.count, call: "appendSections(_:)")
    }

    /// Inserts sections just before another, as `insertSections(_:beforeSection:)`.
    public mutating func insertSections(
        _ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType
    ) {
        guard let position = sectionPositions[toIdentifier] else {
            Self.report("insertSections(_:beforeSection:)", "section \(toIdentifier) is not in the snapshot")
            return
        }
        insertSections(identifiers, at: position, call: "insertSections(_:beforeSection:)")
    }

    /// Inserts sections just after another, as `insertSections(_:afterSection:)`.
    public mutating func insertSections(
        _ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType
    ) {
        guard let position = sectionPositions[toIdentifier] else {
            Self.report("insertSections(_:afterSection:)", "section \(toIdentifier) is not in the snapshot")
            return
        }
        insertSections(identifiers, at: position + 1, call: "insertSections(_:afterSection:)")
    }

    /// Removes sections with their items, as `deleteSections(_:)`; identifiers not in the
    /// snapshot are ignored.
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        let doomed = Set(identifiers)
        guard doomed.contains(where: { sectionPositions[$0] != nil }) else { return }
        var keptSections: [SectionIdentifierType] = []
        var keptItems: [[ItemIdentifierType]] = []
        for (section, items) in zip(sections, itemsBySection) {
            if doomed.contains(section) {
                for item in items { itemSections[item] = nil }
            } else {
                keptSections.append(section)
                keptItems.append(items)
            }
        }
        sections = keptSections
        itemsBySection = keptItems
        reindexSections()
        reloadedSections.removeAll { doomed.contains($0) }
        forgetMarksOfRemovedItems()
    }

    /// Moves a section just before another, as `moveSection(_:beforeSection:)`.
    public mutating func moveSection(
        _ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType
    ) {
        moveSection(identifier, relativeTo: toIdentifier, after: false, call: "moveSection(_:beforeSection:)")
    }

    /// Moves a section just after another, as `moveSection(_:afterSection:)`.
    public mutating func moveSection(
        _ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType
    ) {
        moveSection(identifier, relativeTo: toIdentifier, after: true, call: "moveSection(_:afterSection:)")
    }

    /// Marks sections to be reloaded when the snapshot is applied, as `reloadSections(_:)`.
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers {
            guard sectionPositions[identifier] != nil else {
                Self.report("reloadSections(_:)", "section \(identifier) is not in the snapshot")
                continue
            }
            if !reloadedSections.contains(identifier) { reloadedSections.append(identifier) }
        }
    }

    // MARK: Items

    /// Adds items at the end of a section (the last one when nil), as
    /// `appendItems(_:toSection:)`.
    public mutating func appendItems(
        _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil
    ) {
        let call = "appendItems(_:toSection:)"
        let position: Int
        if let sectionIdentifier {
            guard let found = sectionPositions[sectionIdentifier] else {
                Self.report(call, "section \(sectionIdentifier) is not in the snapshot")
                return
            }
            position = found
        } else {
            guard !sections.isEmpty else {
                Self.report(call, "there are no sections in the snapshot; add a section first")
                return
            }
            position = sections.count - 1
        }
        insertItems(identifiers, section: position, at: itemsBySection[position].count, call: call)
    }

    /// Inserts items just before another, in its section, as `insertItems(_:beforeItem:)`.
    public mutating func insertItems(
        _ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType
    ) {
        guard let location = location(of: beforeIdentifier) else {
            Self.report("insertItems(_:beforeItem:)", "item \(beforeIdentifier) is not in the snapshot")
            return
        }
        insertItems(identifiers, section: location.section, at: location.item, call: "insertItems(_:beforeItem:)")
    }

    /// Inserts items just after another, in its section, as `insertItems(_:afterItem:)`.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType)
    {
        guard let location = location(of: afterIdentifier) else {
            Self.report("insertItems(_:afterItem:)", "item \(afterIdentifier) is not in the snapshot")
            return
        }
        insertItems(identifiers, section: location.section, at: location.item + 1, call: "insertItems(_:afterItem:)")
    }

    /// Removes items, as `deleteItems(_:)`; identifiers not in the snapshot are ignored.
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        var doomedBySection: [Int: Set<ItemIdentifierType>] = [:]
        for identifier in identifiers {
            guard let section = itemSections[identifier], let position = sectionPositions[section] else { continue }
            doomedBySection[position, default: []].insert(identifier)
            itemSections[identifier] = nil
        }
        guard !doomedBySection.isEmpty else { return }
        for (position, doomed) in doomedBySection {
            itemsBySection[position].removeAll { doomed.contains($0) }
        }
        forgetMarksOfRemovedItems()
    }

    /// Removes every section and item, as `deleteAllItems()`.
    public mutating func deleteAllItems() {
        self = Self()
    }

    /// Moves an item just before another (into that item's section), as
    /// `moveItem(_:beforeItem:)`.
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        moveItem(identifier, relativeTo: toIdentifier, after: false, call: "moveItem(_:beforeItem:)")
    }

    /// Moves an item just after another (into that item's section), as
    /// `moveItem(_:afterItem:)`.
    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        moveItem(identifier, relativeTo: toIdentifier, after: true, call: "moveItem(_:afterItem:)")
    }

    /// Marks items to be reloaded (their cells replaced) when the snapshot is applied, as
    /// `reloadItems(_:)`.
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        for identifier in identifiers {
            guard itemSections[identifier] != nil else {
                Self.report("reloadItems(_:)", "item \(identifier) is not in the snapshot")
                continue
            }
            if !reloadedItems.contains(identifier) { reloadedItems.append(identifier) }
        }
    }

    /// Marks items to be reconfigured (their existing cells configured again) when the
    /// snapshot is applied, as `reconfigureItems(_:)`.
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        for identifier in identifiers {
            guard itemSections[identifier] != nil else {
                Self.report("reconfigureItems(_:)", "item \(identifier) is not in the snapshot")
                continue
            }
            if !reconfiguredItems.contains(identifier) { reconfiguredItems.append(identifier) }
        }
    }

    // MARK: Internals

    /// Where an item is: its section's position and its position in that section.
    func location(of identifier: ItemIdentifierType) -> (section: Int, item: Int)? {
        guard let section = itemSections[identifier], let position = sectionPositions[section],
            let item = itemsBySection[position].firstIndex(of: identifier)
        else { return nil }
        return (position, item)
    }

    /// The items of the section at `position`.
    func items(inSectionAt position: Int) -> [ItemIdentifierType] {
        itemsBySection[position]
    }

    /// Drops the marks (reload, reconfigure) of a snapshot applied: they are changes for one
    /// application only.
    mutating func clearMarks() {
        reloadedSections = []
        reloadedItems = []
        reconfiguredItems = []
    }

    private mutating func insertSections(_ identifiers: [SectionIdentifierType], at position: Int, call: String) {
        var fresh: [SectionIdentifierType] = []
        var seen = Set<SectionIdentifierType>()
        for identifier in identifiers {
            if sectionPositions[identifier] != nil || !seen.insert(identifier).inserted {
                Self.report(call, "section identifiers must be unique; \(identifier) is already in the snapshot")
                continue
            }
            fresh.append(identifier)
        }
        guard !fresh.isEmpty else { return }
        sections.insert(contentsOf: fresh, at: position)
        itemsBySection.insert(contentsOf: Array(repeating: [], count: fresh.count), at: position)
        reindexSections()
    }

    private mutating func insertItems(
        _ identifiers: [ItemIdentifierType], section position: Int, at index: Int, call: String
    ) {
        var fresh: [ItemIdentifierType] = []
        let section = sections[position]
        for identifier in identifiers {
            guard itemSections[identifier] == nil else {
                Self.report(call, "item identifiers must be unique; \(identifier) is already in the snapshot")
                continue
            }
            itemSections[identifier] = section
            fresh.append(identifier)
        }
        itemsBySection[position].insert(contentsOf: fresh, at: index)
    }

    private mutating func moveItem(
        _ identifier: ItemIdentifierType, relativeTo target: ItemIdentifierType, after: Bool, call: String
    ) {
        guard identifier != target else {
            Self.report(call, "an item cannot be moved relative to itself (\(identifier))")
            return
        }
        guard let from = location(of: identifier) else {
            Self.report(call, "item \(identifier) is not in the snapshot")
            return
        }
        guard location(of: target) != nil else {
            Self.report(call, "item \(target) is not in the snapshot")
            return
        }
        itemsBySection[from.section].remove(at: from.item)
        // The target's place is looked up again: removing the moved item may have shifted it.
        guard let to = location(of: target) else { return }
        itemsBySection[to.section].insert(identifier, at: to.item + (after ? 1 : 0))
        itemSections[identifier] = sections[to.section]
    }

    private mutating func moveSection(
        _ identifier: SectionIdentifierType, relativeTo target: SectionIdentifierType, after: Bool, call: String
    ) {
        guard identifier != target else {
            Self.report(call, "a section cannot be moved relative to itself (\(identifier))")
            return
        }
        guard let from = sectionPositions[identifier] else {
            Self.report(call, "section \(identifier) is not in the snapshot")
            return
        }
        guard sectionPositions[target] != nil else {
            Self.report(call, "section \(target) is not in the snapshot")
            return
        }
        let items = itemsBySection.remove(at: from)
        sections.remove(at: from)
        guard let targetPosition = sections.firstIndex(of: target) else { return }
        let to = targetPosition + (after ? 1 : 0)
        sections.insert(identifier, at: to)
        itemsBySection.insert(items, at: to)
        reindexSections()
    }

    private mutating func reindexSections() {
        sectionPositions = Dictionary(uniqueKeysWithValues: sections.enumerated().map { ($0.element, $0.offset) })
    }

    private mutating func forgetMarksOfRemovedItems() {
        reloadedItems.removeAll { itemSections[$0] == nil }
        reconfiguredItems.removeAll { itemSections[$0] == nil }
    }

    /// UIKit raises here; a kiosk logs the misuse and carries on.
    private static func report(_ call: String, _ problem: String) {
        kitLog.error("NSDiffableDataSourceSnapshot.\(call): \(problem); ignored")
    }
}

/// The changes that turn one snapshot into another, as a batch update of a table or
/// collection view takes them: deletions and reloads at the old index paths, insertions at the
/// new ones, moves from old to new, as `performBatchUpdates(_:completion:)` reads them.
///
/// Sections present in both snapshots keep their place unless they are among the fewest
/// moves that put them in the new order (those outside a longest increasing run of their new
/// positions); items likewise within a section, and an item that changes sections is moved. An
/// item whose section is deleted or inserted goes with its section. An item both moved and
/// marked for reload is deleted and inserted, since a batch cannot reload and move one row.
struct DiffableSnapshotChanges: Equatable, Sendable {
    var deletedSections = IndexSet()
    var insertedSections = IndexSet()
    var movedSections: [Move<Int>] = []
    var reloadedSections = IndexSet()
    var deletedItems: [IndexPath] = []
    var insertedItems: [IndexPath] = []
    var movedItems: [Move<IndexPath>] = []
    /// Reloaded rows, at their old index paths.
    var reloadedItems: [IndexPath] = []
    /// Rows whose cells are configured again once the batch is over, at their new index paths.
    var reconfiguredItems: [IndexPath] = []

    struct Move<Position: Equatable & Sendable>: Equatable, Sendable {
        var from: Position
        var to: Position
    }

    /// Whether nothing changes.
    var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty && reloadedSections.isEmpty
            && deletedItems.isEmpty && insertedItems.isEmpty && movedItems.isEmpty && reloadedItems.isEmpty
            && reconfiguredItems.isEmpty
    }

    init() {}

    /// The changes from `old` to `new` (whose reload and reconfigure marks apply).
    init<Section, Item>(
        from old: NSDiffableDataSourceSnapshot<Section, Item>, to new: NSDiffableDataSourceSnapshot<Section, Item>
    ) {
        let oldSections = old.sectionIdentifiers
        let newSections = new.sectionIdentifiers
        let reloadedSectionSet = Set(new.reloadedSectionIdentifiers)
        // Sections: a reloaded one is redrawn whole, so its items are not compared.
        var survivingOldPositions: [Int] = []
        var survivingNewPositions: [Int] = []
        for (oldPosition, section) in oldSections.enumerated() {
            guard let newPosition = new.indexOfSection(section) else {
                deletedSections.insert(oldPosition)
                continue
            }
            survivingOldPositions.append(oldPosition)
            survivingNewPositions.append(newPosition)
            if reloadedSectionSet.contains(section) { reloadedSections.insert(oldPosition) }
        }
        for (newPosition, section) in newSections.enumerated() where old.indexOfSection(section) == nil {
            insertedSections.insert(newPosition)
        }
        let keptSections = Self.longestIncreasingRun(survivingNewPositions)
        for (index, oldPosition) in survivingOldPositions.enumerated() where !keptSections.contains(index) {
            movedSections.append(Move(from: oldPosition, to: survivingNewPositions[index]))
        }

        // Items of sections in both snapshots (and not reloaded).
        let reloadedItemSet = Set(new.reloadedItemIdentifiers)
        for (index, oldSectionPosition) in survivingOldPositions.enumerated() {
            let section = oldSections[oldSectionPosition]
            guard !reloadedSectionSet.contains(section) else { continue }
            let newSectionPosition = survivingNewPositions[index]
            let oldItems = old.items(inSectionAt: oldSectionPosition)
            let newItems = new.items(inSectionAt: newSectionPosition)
            // Items that stay in this section: the fewest moves keep the rest in place.
            var stayingOld: [Int] = []
            var stayingNew: [Int] = []
            for (oldRow, item) in oldItems.enumerated() {
                let from = IndexPath(item: oldRow, section: oldSectionPosition)
                guard let location = new.location(of: item) else {
                    deletedItems.append(from)
                    continue
                }
                let to = IndexPath(item: location.item, section: location.section)
                let destination = newSections[location.section]
                if destination == section {
                    stayingOld.append(oldRow)
                    stayingNew.append(location.item)
                } else if old.indexOfSection(destination) == nil || reloadedSectionSet.contains(destination) {
                    // Into a section that is inserted or redrawn: it leaves this one.
                    deletedItems.append(from)
                } else if reloadedItemSet.contains(item) {
                    deletedItems.append(from)
                    insertedItems.append(to)
                } else {
                    movedItems.append(Move(from: from, to: to))
                }
            }
            let keptItems = Self.longestIncreasingRun(stayingNew)
            for (position, oldRow) in stayingOld.enumerated() {
                let from = IndexPath(item: oldRow, section: oldSectionPosition)
                let to = IndexPath(item: stayingNew[position], section: newSectionPosition)
                let item = oldItems[oldRow]
                if keptItems.contains(position) {
                    if reloadedItemSet.contains(item) { reloadedItems.append(from) }
                } else if reloadedItemSet.contains(item) {
                    deletedItems.append(from)
                    insertedItems.append(to)
                } else {
                    movedItems.append(Move(from: from, to: to))
                }
            }
            for (newRow, item) in newItems.enumerated() {
                // New here: not in the old snapshot, or from a section deleted or redrawn.
                guard let source = old.sectionIdentifier(containingItem: item) else {
                    insertedItems.append(IndexPath(item: newRow, section: newSectionPosition))
                    continue
                }
                if new.indexOfSection(source) == nil || reloadedSectionSet.contains(source) {
                    insertedItems.append(IndexPath(item: newRow, section: newSectionPosition))
                }
            }
        }
        let reconfigured = new.reconfiguredItemIdentifiers.filter { !reloadedItemSet.contains($0) }
        for item in reconfigured {
            guard let location = new.location(of: item), old.location(of: item) != nil else { continue }
            let section = newSections[location.section]
            guard old.indexOfSection(section) != nil, !reloadedSectionSet.contains(section) else { continue }
            reconfiguredItems.append(IndexPath(item: location.item, section: location.section))
        }
        deletedItems.sort()
        insertedItems.sort()
        reloadedItems.sort()
    }

    /// The positions in `values` of a longest strictly increasing subsequence (patience
    /// sorting, O(n log n)).
    static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
        guard !values.isEmpty else { return [] }
        // tails[k]: the position of the smallest value ending a run of length k + 1.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var run = Set<Int>()
        var position = tails[tails.count - 1]
        while position >= 0 {
            run.insert(position)
            position = previous[position]
        }
        return run
    }
}
