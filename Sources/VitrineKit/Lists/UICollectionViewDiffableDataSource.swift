import Foundation

/// A collection view data source that shows snapshots and animates from one to the next, as
/// UIKit's `UICollectionViewDiffableDataSource`.
///
/// Made with a collection view (it becomes the view's `dataSource`, held weakly by it as in
/// UIKit: keep a reference) and a cell provider; `apply(_:animatingDifferences:completion:)`
/// turns the difference between the shown snapshot and the new one into one batch update —
/// sections and items deleted, inserted and moved (the fewest moves), reloaded ones given new
/// cells, reconfigured ones configured again in their cells — animated with the layout's
/// initial and final attributes unless `animatingDifferences` is false.
@preconcurrency @MainActor
open class UICollectionViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: UICollectionViewDataSource {
    /// Makes the cell of an item, as `CellProvider`: dequeue it from the collection view.
    public typealias CellProvider =
        @MainActor (UICollectionView, IndexPath, ItemIdentifierType) ->
        UICollectionViewCell?

    /// Makes a supplementary view, as `SupplementaryViewProvider`.
    public typealias SupplementaryViewProvider =
        @MainActor (UICollectionView, String, IndexPath) ->
        UICollectionReusableView?

    private weak var collectionView: UICollectionView?
    private let cellProvider: CellProvider
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()

    /// Makes supplementary views (headers, footers), as `supplementaryViewProvider`; nil for
    /// none.
    open var supplementaryViewProvider: SupplementaryViewProvider?

    /// A data source for `collectionView` whose cells `cellProvider` makes, as
    /// `init(collectionView:cellProvider:)`; it sets itself as the view's `dataSource` and
    /// starts with an empty snapshot.
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        collectionView.dataSource = self
    }

    // MARK: Snapshots

    /// A copy of the snapshot shown, as `snapshot()`.
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

    /// Shows `snapshot`, as `apply(_:animatingDifferences:completion:)`: the differences from
    /// the shown snapshot become one batch update of the collection view, animated unless
    /// `animatingDifferences` is false (as UIKit since iOS 15, not a reload). `completion`
    /// runs when the update's animations end. Before the collection view has shown anything,
    /// the snapshot is simply taken and shown at the next layout pass.
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
        let changes = DiffableSnapshotChanges(from: current, to: snapshot)
        var shown = snapshot
        shown.clearMarks()
        guard let collectionView, collectionView.dataSource === self, collectionView.itemCounts != nil,
            !collectionView.needsFullReload
        else {
            current = shown
            collectionView?.reloadData()
            Self.complete(completion)
            return
        }
        let update = {
            collectionView.performBatchUpdates({
                self.current = shown
                Self.record(changes, in: collectionView)
            }) { _ in completion?() }
        }
        if animatingDifferences { update() } else { UIView.performWithoutAnimation(update) }
    }

    /// Shows `snapshot` by reloading all the data, without animation, as
    /// `applySnapshotUsingReloadData(_:completion:)`.
    open func applySnapshotUsingReloadData(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        completion: (() -> Void)? = nil
    ) {
        var shown = snapshot
        shown.clearMarks()
        current = shown
        collectionView?.reloadData()
        Self.complete(completion)
    }

    private static func record(_ changes: DiffableSnapshotChanges, in collectionView: UICollectionView) {
        if !changes.deletedSections.isEmpty { collectionView.deleteSections(changes.deletedSections) }
        if !changes.insertedSections.isEmpty { collectionView.insertSections(changes.insertedSections) }
        for move in changes.movedSections { collectionView.moveSection(move.from, toSection: move.to) }
        if !changes.reloadedSections.isEmpty { collectionView.reloadSections(changes.reloadedSections) }
        if !changes.deletedItems.isEmpty { collectionView.deleteItems(at: changes.deletedItems) }
        if !changes.insertedItems.isEmpty { collectionView.insertItems(at: changes.insertedItems) }
        for move in changes.movedItems { collectionView.moveItem(at: move.from, to: move.to) }
        if !changes.reloadedItems.isEmpty { collectionView.reloadItems(at: changes.reloadedItems) }
        if !changes.reconfiguredItems.isEmpty { collectionView.reconfigureItems(at: changes.reconfiguredItems) }
    }

    /// Runs a completion at the clock's next turn, as UIKit calls it after the change.
    private static func complete(_ completion: (() -> Void)?) {
        guard let completion else { return }
        CollectionUpdateAnimation { _ in completion() }.close()
    }

    // MARK: Identifiers and index paths

    /// The item at `indexPath` in the shown snapshot, nil out of range, as
    /// `itemIdentifier(for:)`.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.count == 2, (0..<current.numberOfSections).contains(indexPath.section) else { return nil }
        let items = current.items(inSectionAt: indexPath.section)
        return items.indices.contains(indexPath.item) ? items[indexPath.item] : nil
    }

    /// Where an item is in the shown snapshot, as `indexPath(for:)`.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        current.location(of: itemIdentifier).map { IndexPath(item: $0.item, section: $0.section) }
    }

    /// The section at `index` in the shown snapshot, as `sectionIdentifier(for:)`.
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        let sections = current.sectionIdentifiers
        return sections.indices.contains(index) ? sections[index] : nil
    }

    /// The index of a section in the shown snapshot, as `index(for:)`.
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
        current.indexOfSection(sectionIdentifier)
    }

    // MARK: UICollectionViewDataSource

    /// The shown snapshot's number of sections, as `numberOfSections(in:)`.
    open func numberOfSections(in collectionView: UICollectionView) -> Int { current.numberOfSections }

    /// The number of items of a section of the shown snapshot, as
    /// `collectionView(_:numberOfItemsInSection:)`.
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        (0..<current.numberOfSections).contains(section) ? current.items(inSectionAt: section).count : 0
    }

    /// The cell from the cell provider, as `collectionView(_:cellForItemAt:)`. A provider
    /// that returns nil is a programming error (UIKit raises): logged, and an empty cell shown.
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        if let item = itemIdentifier(for: indexPath), let cell = cellProvider(collectionView, indexPath, item) {
            return cell
        }
        collectionView.reportError(
            "UICollectionViewDiffableDataSource: the cell provider returned no cell for \(Array(indexPath))")
        let cell = UICollectionViewCell(frame: .zero)
        cell.reuseIdentifier = Self.emptyCellIdentifier
        return cell
    }

    /// The supplementary view from `supplementaryViewProvider`, as
    /// `collectionView(_:viewForSupplementaryElementOfKind:at:)`; without a provider (or when
    /// it returns nil) the view is logged as missing and nothing is shown.
    open func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        supplementaryViewProvider?(collectionView, kind, indexPath) ?? CollectionMissingSupplementaryView(frame: .zero)
    }

    private static var emptyCellIdentifier: String { "UICollectionViewDiffableDataSource.empty" }
}
