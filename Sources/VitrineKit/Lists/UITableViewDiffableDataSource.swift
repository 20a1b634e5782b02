import Foundation

/// A table view's data source driven by snapshots, as UIKit's
/// `UITableViewDiffableDataSource`: it makes itself the table's `dataSource`, answers the
/// counts from its current snapshot, asks the cell provider for each row's cell, and
/// `apply(_:animatingDifferences:completion:)` turns the differences between the current
/// snapshot and a new one into a batch update (sections and rows deleted, inserted, moved and
/// reloaded, reconfigured rows configured again), animated with `defaultRowAnimation`.
///
/// As in UIKit, the table holds its data source weakly: keep the diffable data source alive.
/// UIKit raises when the cell provider returns nil; Vitrine logs it and shows an empty cell.
@preconcurrency @MainActor
open class UITableViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: UITableViewDataSource {
    /// Makes a row's cell, as `UITableViewDiffableDataSource.CellProvider`.
    public typealias CellProvider = @MainActor (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?

    private weak var tableView: UITableView?
    private let cellProvider: CellProvider
    private var currentSnapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()

    /// How rows animate when differences are applied, as `defaultRowAnimation` (default
    /// `.automatic`).
    open var defaultRowAnimation: UITableView.RowAnimation = .automatic

    /// A data source for `tableView`, which it becomes the data source of, as
    /// `init(tableView:cellProvider:)`.
    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        tableView.dataSource = self
    }

    // MARK: Snapshots

    /// A copy of the data shown, as `snapshot()`.
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        currentSnapshot
    }

    /// Shows `snapshot`, as `apply(_:animatingDifferences:completion:)`: the differences from
    /// the current one are applied to the table as one batch update, animated or not, then
    /// `completion` runs. The first snapshot of a table that shows nothing yet is loaded.
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
        var next = snapshot
        next.clearMarks()
        guard let tableView else {
            currentSnapshot = next
            completion?()
            return
        }
        let changes = DiffableSnapshotChanges(from: currentSnapshot, to: snapshot)
        var structural = changes
        structural.reconfiguredItems = []
        if structural.isEmpty {
            // Nothing moves: only reconfigured rows are configured again.
            currentSnapshot = next
            if !changes.reconfiguredItems.isEmpty { tableView.reconfigureRows(at: changes.reconfiguredItems) }
            scheduleCompletion(completion)
            return
        }
        if !tableView.hasLoadedData {
            // Nothing shown yet: the table loads the snapshot.
            currentSnapshot = next
            tableView.reloadData()
            scheduleCompletion(completion)
            return
        }
        let update = {
            let animation = self.defaultRowAnimation
            tableView.performBatchUpdates(
                {
                    self.currentSnapshot = next
                    if !changes.deletedSections.isEmpty {
                        tableView.deleteSections(changes.deletedSections, with: animation)
                    }
                    if !changes.insertedSections.isEmpty {
                        tableView.insertSections(changes.insertedSections, with: animation)
                    }
                    for move in changes.movedSections { tableView.moveSection(move.from, toSection: move.to) }
                    if !changes.reloadedSections.isEmpty {
                        tableView.reloadSections(changes.reloadedSections, with: animation)
                    }
                    if !changes.deletedItems.isEmpty { tableView.deleteRows(at: changes.deletedItems, with: animation) }
                    if !changes.insertedItems.isEmpty {
                        tableView.insertRows(at: changes.insertedItems, with: animation)
                    }
                    for move in changes.movedItems { tableView.moveRow(at: move.from, to: move.to) }
                    if !changes.reloadedItems.isEmpty {
                        tableView.reloadRows(at: changes.reloadedItems, with: animation)
                    }
                },
                completion: { _ in
                    if !changes.reconfiguredItems.isEmpty { tableView.reconfigureRows(at: changes.reconfiguredItems) }
                    completion?()
                })
        }
        if animatingDifferences { update() } else { UIView.performWithoutAnimation(update) }
    }

    /// Shows `snapshot` by reloading the table, without working out differences, as
    /// `applySnapshotUsingReloadData(_:completion:)`.
    open func applySnapshotUsingReloadData(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        completion: (() -> Void)? = nil
    ) {
        currentSnapshot = snapshot
        currentSnapshot.clearMarks()
        tableView?.reloadData()
        scheduleCompletion(completion)
    }

    private func scheduleCompletion(_ completion: (() -> Void)?) {
        guard let completion else { return }
        UIView.performWithoutAnimation {
            UIView.animate(withDuration: 0, animations: {}, completion: { _ in completion() })
        }
    }

    // MARK: Identifiers and index paths

    /// The item shown at a row, nil out of range, as `itemIdentifier(for:)`.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.count == 2, currentSnapshot.sectionIdentifiers.indices.contains(indexPath.section) else {
            return nil
        }
        let items = currentSnapshot.items(inSectionAt: indexPath.section)
        return items.indices.contains(indexPath.row) ? items[indexPath.row] : nil
    }

    /// The row showing an item, nil when it is not in the snapshot, as `indexPath(for:)`.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        currentSnapshot.location(of: itemIdentifier).map { IndexPath(row: $0.item, section: $0.section) }
    }

    /// The section at an index, as `sectionIdentifier(for:)`.
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        currentSnapshot.sectionIdentifiers.indices.contains(index) ? currentSnapshot.sectionIdentifiers[index] : nil
    }

    /// The index of a section, as `index(for:)`.
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
        currentSnapshot.indexOfSection(sectionIdentifier)
    }

    // MARK: UITableViewDataSource

    /// The number of sections in the snapshot, as `numberOfSections(in:)`.
    open func numberOfSections(in tableView: UITableView) -> Int {
        currentSnapshot.numberOfSections
    }

    /// The number of items in a section of the snapshot, as
    /// `tableView(_:numberOfRowsInSection:)`.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        currentSnapshot.sectionIdentifiers.indices.contains(section)
            ? currentSnapshot.items(inSectionAt: section).count : 0
    }

    /// The cell provider's cell for the row's item, as `tableView(_:cellForRowAt:)`.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        guard let item = itemIdentifier(for: indexPath) else {
            tableView.report("UITableViewDiffableDataSource: no item at \(tableView.describe(indexPath))")
            return UITableViewCell(style: .default, reuseIdentifier: nil)
        }
        guard let cell = cellProvider(tableView, indexPath, item) else {
            tableView.report(
                "UITableViewDiffableDataSource: the cell provider returned nil for \(tableView.describe(indexPath))")
            return UITableViewCell(style: .default, reuseIdentifier: nil)
        }
        return cell
    }

    /// A section's header title, as `tableView(_:titleForHeaderInSection:)` (default nil;
    /// subclasses override it, as in UIKit).
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }

    /// A section's footer title, as `tableView(_:titleForFooterInSection:)` (default nil).
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }

    /// Whether a row can be edited, as `tableView(_:canEditRowAt:)` (default false, as
    /// UIKit's diffable data source: a subclass returns true to allow swipe actions).
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }

    /// Whether a row can be moved, as `tableView(_:canMoveRowAt:)` (default false).
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }

    /// A row was committed for deletion or insertion, as `tableView(_:commit:forRowAt:)`.
    open func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {}

    /// A row was moved by the user: the snapshot follows, as `tableView(_:moveRowAt:to:)`.
    open func tableView(
        _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
        guard let item = itemIdentifier(for: sourceIndexPath) else { return }
        var snapshot = currentSnapshot
        snapshot.deleteItems([item])
        let sectionIndex = destinationIndexPath.section
        guard let section = sectionIdentifier(for: sectionIndex) else { return }
        let items = snapshot.itemIdentifiers(inSection: section)
        if destinationIndexPath.row < items.count {
            snapshot.insertItems([item], beforeItem: items[destinationIndexPath.row])
        } else {
            snapshot.appendItems([item], toSection: section)
        }
        currentSnapshot = snapshot
    }
}
