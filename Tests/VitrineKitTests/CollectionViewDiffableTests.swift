import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// UICollectionViewDiffableDataSource: snapshots shown, differences animated as batch
/// updates, identifiers and index paths, cell and supplementary registrations.
@MainActor @Suite struct CollectionViewDiffableTests {
    typealias Snapshot = NSDiffableDataSourceSnapshot<String, Int>

    /// A 320 × 240 screen with a collection view of 100 × 100 items whose cells carry their
    /// item as their tag; `provided` counts the cell provider's calls.
    /// The items the cell provider was asked for.
    @MainActor final class ItemLog {
        var items: [Int] = []
    }

    @MainActor final class Scene {
        let rig = HeadlessRig(width: 320, height: 240)
        let window: UIWindow
        let collectionView: UICollectionView
        let dataSource: UICollectionViewDiffableDataSource<String, Int>
        let provided = ItemLog()

        init() {
            window = makeVisibleWindow(on: rig.screen, frame: rig.screen.bounds, color: .black)
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 100, height: 100)
            layout.headerReferenceSize = CGSize(width: 0, height: 20)
            collectionView = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
            window.addSubview(collectionView)
            let cells = UICollectionView.CellRegistration<TileCell, Int> { cell, _, item in cell.tag = item }
            let headers = UICollectionView.SupplementaryRegistration<TitleView>(
                elementKind: UICollectionView.elementKindSectionHeader
            ) { view, _, indexPath in view.tag = indexPath.section }
            let provided = self.provided
            dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) {
                collectionView, indexPath, item in
                provided.items.append(item)
                return collectionView.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: item)
            }
            dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
                collectionView.dequeueConfiguredReusableSupplementary(using: headers, for: indexPath)
            }
        }

        var providedItems: [Int] { provided.items }

        /// The items shown, section by section, read from the cells.
        var shownItems: [[Int]] {
            (0..<collectionView.numberOfSections).map { section in
                (0..<collectionView.numberOfItems(inSection: section)).map {
                    collectionView.shownView(.cell, "", $0, section)?.tag ?? -1
                }
            }
        }

        func cell(showing item: Int) -> UICollectionViewCell? {
            dataSource.indexPath(for: item).flatMap {
                collectionView.shownView(.cell, "", $0.item, $0.section) as? UICollectionViewCell
            }
        }
    }

    private func snapshot(_ sections: [(String, [Int])]) -> Snapshot {
        var snapshot = Snapshot()
        for (section, items) in sections {
            snapshot.appendSections([section])
            snapshot.appendItems(items, toSection: section)
        }
        return snapshot
    }

    @Test func aSnapshotIsShownAndAnswersForItsItems() {
        let scene = Scene()
        #expect(scene.collectionView.dataSource === scene.dataSource)
        scene.dataSource.apply(snapshot([("a", [1, 2, 3]), ("b", [4])]), animatingDifferences: false)
        scene.rig.settle()
        #expect(scene.shownItems == [[1, 2, 3], [4]])
        #expect(scene.dataSource.itemIdentifier(for: IndexPath(item: 2, section: 0)) == 3)
        #expect(scene.dataSource.itemIdentifier(for: IndexPath(item: 5, section: 0)) == nil)
        #expect(scene.dataSource.indexPath(for: 4) == IndexPath(item: 0, section: 1))
        #expect(scene.dataSource.indexPath(for: 9) == nil)
        #expect(scene.dataSource.sectionIdentifier(for: 1) == "b")
        #expect(scene.dataSource.index(for: "b") == 1)
        #expect(scene.dataSource.snapshot().itemIdentifiers == [1, 2, 3, 4])
        let header = scene.collectionView.shownView(.supplementaryView, UICollectionView.elementKindSectionHeader, 0, 1)
        #expect(header is TitleView && header?.tag == 1)
        #expect(scene.collectionView.visibleCells.allSatisfy { $0 is TileCell })
        scene.window.isHidden = true
    }

    @Test func applyAnimatesInsertsDeletesAndMoves() {
        let scene = Scene()
        scene.dataSource.apply(snapshot([("a", [1, 2, 3, 4, 5])]), animatingDifferences: false)
        scene.rig.settle()
        let cellOf5 = scene.cell(showing: 5)
        let cellOf1 = scene.cell(showing: 1)
        let cellOf2 = scene.cell(showing: 2)
        var completed = false
        scene.dataSource.apply(snapshot([("a", [5, 2, 3, 6])])) { completed = true }
        // The new order at once; moved items keep their cells, 6 has a new one.
        #expect(scene.shownItems == [[5, 2, 3, 6]])
        #expect(scene.cell(showing: 5) === cellOf5)
        #expect(scene.cell(showing: 2) === cellOf2)
        #expect(cellOf5?.frame.origin == .init(x: 0, y: 20))
        let cellOf6 = scene.cell(showing: 6)
        #expect(cellOf6 != nil && cellOf6 !== cellOf1)
        // 1 and 4 fade out, then leave.
        #expect(cellOf1?.superview === scene.collectionView)
        scene.rig.clock.advance(by: 0)
        scene.rig.clock.advance(by: 0.15)
        let shownX = cellOf5?.layer.presentation()?.position.x ?? 0
        #expect(shownX > 50 && shownX < 160)  // on its way from the second line's second place
        #expect(!completed)
        scene.rig.clock.advance(by: 0.4)
        #expect(completed)
        #expect(cellOf1?.superview == nil)
        #expect(scene.collectionView.visibleCells.count == 4)
        scene.window.isHidden = true
    }

    @Test func sectionsMoveWithTheirItemsAndItemsCrossSections() {
        let scene = Scene()
        scene.dataSource.apply(snapshot([("a", [1, 2]), ("b", [3, 4]), ("c", [5])]), animatingDifferences: false)
        scene.rig.settle()
        let cellOf3 = scene.cell(showing: 3)
        var next = snapshot([("c", [5, 2]), ("b", [3, 4]), ("d", [7])])
        next.appendItems([8], toSection: "d")
        scene.dataSource.apply(next, animatingDifferences: false)
        #expect(scene.shownItems == [[5, 2], [3, 4], [7, 8]])
        #expect(scene.cell(showing: 3) === cellOf3)
        #expect(scene.dataSource.snapshot().sectionIdentifiers == ["c", "b", "d"])
        scene.rig.settle()
        #expect(scene.collectionView.indexPathsForVisibleItems.count == 4)
        scene.window.isHidden = true
    }

    @Test func reloadGivesANewCellAndReconfigureKeepsIt() {
        let scene = Scene()
        scene.dataSource.apply(snapshot([("a", [1, 2, 3])]), animatingDifferences: false)
        scene.rig.settle()
        let cellOf1 = scene.cell(showing: 1) as? TileCell
        let cellOf2 = scene.cell(showing: 2) as? TileCell
        let reuses = cellOf2?.reuseCount
        var next = scene.dataSource.snapshot()
        next.reloadItems([1])
        next.reconfigureItems([2])
        let before = scene.providedItems.count
        scene.dataSource.apply(next, animatingDifferences: false)
        #expect(scene.providedItems.count == before + 2)
        #expect(scene.cell(showing: 1) !== cellOf1)
        #expect(scene.cell(showing: 2) === cellOf2)
        #expect(cellOf2?.reuseCount == reuses)  // kept, not prepared for reuse
        // The marks were for that application only.
        #expect(scene.dataSource.snapshot().reloadedItemIdentifiers.isEmpty)
        scene.window.isHidden = true
    }
}

/// A configuration showing a colour, brighter when selected.
@MainActor struct SwatchConfiguration: UIContentConfiguration {
    var color: UIColor = .blue
    var isSelected = false

    func makeContentView() -> any UIView & UIContentView { SwatchView(configuration: self) }

    func updated(for state: any UIConfigurationState) -> SwatchConfiguration {
        var updated = self
        updated.isSelected = (state as? UICellConfigurationState)?.isSelected ?? false
        return updated
    }
}

@MainActor final class SwatchView: UIView, UIContentView {
    var configuration: any UIContentConfiguration {
        didSet { apply() }
    }

    init(configuration: SwatchConfiguration) {
        self.configuration = configuration
        super.init(frame: .zero)
        apply()
    }

    required init?(coder: NSCoder) { fatalError("no archives") }

    private func apply() {
        guard let swatch = configuration as? SwatchConfiguration else { return }
        backgroundColor = swatch.isSelected ? .white : swatch.color
    }
}

/// A cell's content configuration: its view fills the content view and follows the state.
@MainActor @Suite struct CollectionViewCellConfigurationTests {
    @Test func theConfigurationsViewFillsTheContentAndFollowsSelection() {
        let cell = UICollectionViewCell(frame: CGRect(x: 0, y: 0, width: 80, height: 60))
        cell.contentConfiguration = SwatchConfiguration(color: .red)
        let view = cell.contentView.subviews.first as? SwatchView
        #expect(view != nil)
        cell.layoutIfNeeded()
        #expect(view?.frame == CGRect(x: 0, y: 0, width: 80, height: 60))
        #expect(view?.backgroundColor == .red)
        cell.isSelected = true
        #expect(cell.configurationState.isSelected)
        #expect(view?.backgroundColor == .white)
        // A configuration of the same kind updates the view; nil removes it.
        cell.contentConfiguration = SwatchConfiguration(color: .green)
        #expect(cell.contentView.subviews.first === view)
        #expect(view?.backgroundColor == .white)
        cell.isSelected = false
        #expect(view?.backgroundColor == .green)
        cell.contentConfiguration = nil
        #expect(view?.superview == nil)
    }
}
