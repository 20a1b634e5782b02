import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// UIKit updates a list's rows and items inside the layout pass: after `layoutIfNeeded()` the
/// cells, the visible index paths, the rows' rectangles and the content size are those of the
/// new offset or heights, whatever moved the content.
@MainActor @Suite(.serialized) struct ListLayoutPassTests {
    private func tableScene() -> TableScene {
        TableScene(model: TableModel(rows: 100)) { $0.rowHeight = 40 }
    }

    private func rows(_ range: Range<Int>) -> [IndexPath] { range.map { IndexPath(row: $0, section: 0) } }

    @Test func aTableOffsetSetInCodeShowsItsRowsAfterLayoutIfNeeded() throws {
        let scene = tableScene()
        let table = scene.tableView
        table.contentOffset = CGPoint(x: 0, y: 800)
        table.layoutIfNeeded()
        #expect(table.indexPathsForVisibleRows == rows(20..<26))
        #expect(table.visibleCells.count == 6)
        let cell = try #require(table.cellForRow(at: IndexPath(row: 22, section: 0)))
        #expect(cell.frame == CGRect(x: 0, y: 880, width: 320, height: 40))
        #expect(cell.textLabel?.text == "Row 0.22")
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) == nil)
    }

    @Test func aTableAnimatedScrollToRowShowsItsRowsOnceFinished() throws {
        let scene = tableScene()
        let table = scene.tableView
        table.scrollToRow(at: IndexPath(row: 60, section: 0), at: .top, animated: true)
        for _ in 0..<60 { scene.rig.clock.advance(by: HeadlessRig.frame) }
        table.layoutIfNeeded()
        #expect(table.contentOffset.y == 2400)
        #expect(table.indexPathsForVisibleRows == rows(60..<66))
        #expect(table.cellForRow(at: IndexPath(row: 60, section: 0))?.frame.minY == 2400)
    }

    @Test func aTableRowHeightChangeThenReloadDataLaysOutTheNewHeights() throws {
        let scene = tableScene()
        let table = scene.tableView
        table.rowHeight = 60
        table.reloadData()
        table.layoutIfNeeded()
        #expect(table.rectForRow(at: IndexPath(row: 3, section: 0)) == CGRect(x: 0, y: 180, width: 320, height: 60))
        #expect(table.contentSize == CGSize(width: 320, height: 6000))
        #expect(table.visibleCells.count == 4)
        #expect(table.indexPathsForVisibleRows == rows(0..<4))
    }
}

/// The same sequences on a collection view in a window: one 40-point item per line.
@MainActor @Suite(.serialized) struct CollectionLayoutPassTests {
    private struct Scene {
        let rig: HeadlessRig
        let window: UIWindow
        let collectionView: UICollectionView
        let layout: UICollectionViewFlowLayout
        let source: GridSource
    }

    private func scene() -> Scene {
        let rig = HeadlessRig(width: 320, height: 240)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        window.isHidden = false
        let source = GridSource([100])
        let (collectionView, layout) = makeGrid(source, frame: window.bounds) { layout in
            layout.itemSize = CGSize(width: 320, height: 40)
            layout.minimumLineSpacing = 0
            layout.minimumInteritemSpacing = 0
        }
        window.addSubview(collectionView)
        collectionView.layoutIfNeeded()
        rig.clock.advance(by: 0.05)
        return Scene(rig: rig, window: window, collectionView: collectionView, layout: layout, source: source)
    }

    /// The items whose frames meet the visible area.
    private func visibleItems(_ collectionView: UICollectionView) -> [Int] {
        collectionView.indexPathsForVisibleItems.filter {
            collectionView.cellForItem(at: $0)?.frame.intersects(collectionView.bounds) ?? false
        }.map(\.item).sorted()
    }

    @Test func anOffsetSetInCodeShowsItsItemsAfterLayoutIfNeeded() throws {
        let s = scene()
        s.collectionView.contentOffset = CGPoint(x: 0, y: 800)
        s.collectionView.layoutIfNeeded()
        #expect(visibleItems(s.collectionView) == Array(20..<26))
        let cell = try #require(s.collectionView.cellForItem(at: IndexPath(item: 22, section: 0)))
        #expect(cell.frame.minY == 880)
        #expect(cell.tag == 22)
        #expect(s.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) == nil)
    }

    @Test func anAnimatedScrollToItemShowsItsItemsOnceFinished() throws {
        let s = scene()
        s.collectionView.scrollToItem(at: IndexPath(item: 60, section: 0), at: .top, animated: true)
        for _ in 0..<60 { s.rig.clock.advance(by: HeadlessRig.frame) }
        s.collectionView.layoutIfNeeded()
        #expect(s.collectionView.contentOffset.y == 2400)
        #expect(visibleItems(s.collectionView) == Array(60..<66))
        #expect(s.collectionView.cellForItem(at: IndexPath(item: 60, section: 0))?.frame.minY == 2400)
    }

    @Test func anItemSizeChangeThenReloadDataLaysOutTheNewSizes() throws {
        let s = scene()
        s.layout.itemSize = CGSize(width: 320, height: 60)
        s.collectionView.reloadData()
        s.collectionView.layoutIfNeeded()
        #expect(s.collectionView.contentSize == CGSize(width: 320, height: 6000))
        let attributes = try #require(s.collectionView.layoutAttributesForItem(at: IndexPath(item: 3, section: 0)))
        #expect(attributes.frame.minY == 180 && attributes.frame.height == 60)
        #expect(visibleItems(s.collectionView) == Array(0..<4))
        #expect(s.collectionView.cellForItem(at: IndexPath(item: 3, section: 0))?.frame.height == 60)
    }
}
