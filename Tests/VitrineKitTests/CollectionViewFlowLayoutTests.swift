import Foundation
import Testing

@testable import VitrineKit

/// UICollectionViewFlowLayout's geometry: lines, justification, spacings, insets, headers and
/// footers, both scroll directions, the delegate's overrides, pinned headers.
@MainActor @Suite struct CollectionViewFlowLayoutTests {
    private func frames(_ layout: UICollectionViewFlowLayout, section: Int = 0, count: Int) -> [CGRect] {
        (0..<count).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: section))?.frame ?? .null }
    }

    @Test func fullLinesAreJustifiedAndTheLastLineIsLeftAligned() {
        let source = GridSource([8])
        let (collectionView, layout) = makeGrid(source) {
            $0.itemSize = CGSize(width: 90, height: 40)
            $0.minimumInteritemSpacing = 10
            $0.minimumLineSpacing = 20
        }
        // Three fit in 320 (3 × 90 + 2 × 10 = 290; four would need 390): the 50 left over
        // spreads between them, 25 each; the last line keeps the minimum spacing.
        #expect(
            frames(layout, count: 8) == [
                CGRect(x: 0, y: 0, width: 90, height: 40), CGRect(x: 115, y: 0, width: 90, height: 40),
                CGRect(x: 230, y: 0, width: 90, height: 40),
                CGRect(x: 0, y: 60, width: 90, height: 40), CGRect(x: 115, y: 60, width: 90, height: 40),
                CGRect(x: 230, y: 60, width: 90, height: 40),
                CGRect(x: 0, y: 120, width: 90, height: 40), CGRect(x: 100, y: 120, width: 90, height: 40),
            ])
        #expect(layout.collectionViewContentSize == CGSize(width: 320, height: 160))
        #expect(collectionView.contentSize == CGSize(width: 320, height: 160))
        #expect(collectionView.cellFrame(7) == CGRect(x: 100, y: 120, width: 90, height: 40))
    }

    @Test func itemsOfALineAreCentredOnItsTallestAndALoneItemOnAFullLineIsCentred() {
        let source = GridSource([4])
        source.itemSizes = [
            IndexPath(item: 0, section: 0): CGSize(width: 100, height: 20),
            IndexPath(item: 1, section: 0): CGSize(width: 100, height: 40),
            IndexPath(item: 2, section: 0): CGSize(width: 250, height: 30),
            IndexPath(item: 3, section: 0): CGSize(width: 250, height: 30),
        ]
        let (_, layout) = makeGrid(source) {
            $0.minimumInteritemSpacing = 10
            $0.minimumLineSpacing = 10
        }
        #expect(
            frames(layout, count: 4) == [
                // A full line of two: 0 and 220 (the 120 left over between them); 20 high in
                // a 40-high line, 10 down.
                CGRect(x: 0, y: 10, width: 100, height: 20), CGRect(x: 220, y: 0, width: 100, height: 40),
                // Alone on a full line (the next item does not fit): centred.
                CGRect(x: 35, y: 50, width: 250, height: 30),
                // Alone on the last line: left-aligned.
                CGRect(x: 0, y: 90, width: 250, height: 30),
            ])
    }

    @Test func sectionInsetsHeadersAndFootersStackEachSection() {
        let source = GridSource([4, 0, 2])
        let (collectionView, layout) = makeGrid(source) {
            $0.itemSize = CGSize(width: 80, height: 50)
            $0.minimumInteritemSpacing = 10
            $0.minimumLineSpacing = 5
            $0.sectionInset = UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
            $0.headerReferenceSize = CGSize(width: 999, height: 44)
            $0.footerReferenceSize = CGSize(width: 1, height: 16)
        }
        let header = UICollectionView.elementKindSectionHeader
        let footer = UICollectionView.elementKindSectionFooter
        func supplementary(_ kind: String, _ section: Int) -> CGRect? {
            layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(item: 0, section: section))?.frame
        }
        // Headers and footers span the width (insets do not narrow them).
        #expect(supplementary(header, 0) == CGRect(x: 0, y: 0, width: 320, height: 44))
        // Lines get 320 − 20 − 40 = 260: three items of 80 (260 exactly).
        #expect(
            frames(layout, count: 4) == [
                CGRect(x: 20, y: 54, width: 80, height: 50), CGRect(x: 110, y: 54, width: 80, height: 50),
                CGRect(x: 200, y: 54, width: 80, height: 50), CGRect(x: 20, y: 109, width: 80, height: 50),
            ])
        #expect(supplementary(footer, 0) == CGRect(x: 0, y: 189, width: 320, height: 16))
        // An empty section keeps its header, insets and footer.
        #expect(supplementary(header, 1) == CGRect(x: 0, y: 205, width: 320, height: 44))
        #expect(supplementary(footer, 1) == CGRect(x: 0, y: 289, width: 320, height: 16))
        #expect(frames(layout, section: 2, count: 2)[0] == CGRect(x: 20, y: 359, width: 80, height: 50))
        #expect(layout.collectionViewContentSize == CGSize(width: 320, height: 455))
        // The views are there, from the data source.
        let headerView = collectionView.supplementaryView(forElementKind: header, at: IndexPath(item: 0, section: 1))
        #expect(headerView is TitleView && headerView?.tag == 1)
        #expect(headerView?.frame == CGRect(x: 0, y: 205, width: 320, height: 44))
        #expect(collectionView.indexPathsForVisibleSupplementaryElements(ofKind: footer).count == 3)
    }

    @Test func theDelegateOverridesSizesSpacingsInsetsAndHeadersPerSection() {
        let source = GridSource([3, 3])
        source.sectionInsets[1] = UIEdgeInsets(top: 0, left: 50, bottom: 0, right: 50)
        source.interitemSpacings[1] = 0
        source.headerHeights[1] = 30
        source.itemSizes[IndexPath(item: 2, section: 1)] = CGSize(width: 20, height: 20)
        let (_, layout) = makeGrid(source) {
            $0.itemSize = CGSize(width: 100, height: 100)
            $0.minimumInteritemSpacing = 10
            $0.minimumLineSpacing = 10
        }
        #expect(frames(layout, count: 3)[2] == CGRect(x: 220, y: 0, width: 100, height: 100))
        #expect(
            layout.layoutAttributesForSupplementaryView(
                ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))?.frame
                == CGRect(x: 0, y: 100, width: 320, height: 30))
        // 220 wide between the insets, no spacing: 100 + 100 + 20 fits exactly, the last line.
        #expect(
            frames(layout, section: 1, count: 3) == [
                CGRect(x: 50, y: 130, width: 100, height: 100), CGRect(x: 150, y: 130, width: 100, height: 100),
                CGRect(x: 250, y: 170, width: 20, height: 20),
            ])
    }

    @Test func horizontalScrollingFlowsColumnsLeftToRight() {
        let source = GridSource([5, 1])
        let (collectionView, layout) = makeGrid(source, frame: CGRect(x: 0, y: 0, width: 400, height: 200)) {
            $0.scrollDirection = .horizontal
            $0.itemSize = CGSize(width: 50, height: 45)
            $0.minimumInteritemSpacing = 10
            $0.minimumLineSpacing = 20
            $0.headerReferenceSize = CGSize(width: 30, height: 999)
            $0.sectionInset = UIEdgeInsets(top: 0, left: 5, bottom: 0, right: 5)
        }
        // Columns of 200: three items of 45 (135 + 2 × 10 ≤ 200), the 65 left spread 32.5
        // apart; the last column is top-aligned. Headers are 30 wide and the full height.
        #expect(
            layout.layoutAttributesForSupplementaryView(
                ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))?.frame
                == CGRect(x: 0, y: 0, width: 30, height: 200))
        #expect(
            frames(layout, count: 5) == [
                CGRect(x: 35, y: 0, width: 50, height: 45), CGRect(x: 35, y: 77.5, width: 50, height: 45),
                CGRect(x: 35, y: 155, width: 50, height: 45),
                CGRect(x: 105, y: 0, width: 50, height: 45), CGRect(x: 105, y: 55, width: 50, height: 45),
            ])
        #expect(frames(layout, section: 1, count: 1)[0] == CGRect(x: 195, y: 0, width: 50, height: 45))
        #expect(layout.collectionViewContentSize == CGSize(width: 250, height: 200))
        #expect(collectionView.contentSize == CGSize(width: 250, height: 200))
    }

    @Test func theContentInsetNarrowsTheLines() {
        let source = GridSource([4])
        let (collectionView, layout) = makeGrid(source) {
            $0.itemSize = CGSize(width: 100, height: 50)
            $0.minimumInteritemSpacing = 10
        }
        #expect(frames(layout, count: 4)[2] == CGRect(x: 220, y: 0, width: 100, height: 50))
        collectionView.contentInset = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
        collectionView.layoutIfNeeded()
        // 300 wide: only two fit, spread to the edges.
        #expect(frames(layout, count: 4)[1] == CGRect(x: 200, y: 0, width: 100, height: 50))
        #expect(frames(layout, count: 4)[2] == CGRect(x: 0, y: 60, width: 100, height: 50))
        #expect(layout.collectionViewContentSize.width == 300)
    }

    @Test func sectionInsetsCanBeMeasuredFromTheLayoutMargins() {
        let source = GridSource([2])
        let (collectionView, layout) = makeGrid(source) {
            $0.itemSize = CGSize(width: 100, height: 50)
            $0.sectionInset = UIEdgeInsets(top: 0, left: 5, bottom: 0, right: 5)
        }
        #expect(frames(layout, count: 2)[0].minX == 5)
        layout.sectionInsetReference = .fromLayoutMargins
        collectionView.layoutIfNeeded()
        #expect(frames(layout, count: 2)[0].minX == 13)  // the default margin of 8
        collectionView.layoutMargins = UIEdgeInsets(top: 0, left: 30, bottom: 0, right: 30)
        collectionView.layoutIfNeeded()
        #expect(frames(layout, count: 2)[0].minX == 35)
        // Out of range and malformed index paths answer nil.
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0)) == nil)
        #expect(layout.layoutAttributesForItem(at: IndexPath(index: 0)) == nil)
        #expect(
            layout.layoutAttributesForSupplementaryView(
                ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath()) == nil)
        #expect(collectionView.cellForItem(at: IndexPath(item: 7, section: 3)) == nil)
    }

    @Test func aWidthChangeReflowsAndAScrollDoesNot() {
        let source = GridSource([6])
        let (collectionView, layout) = makeGrid(source, frame: CGRect(x: 0, y: 0, width: 320, height: 100)) {
            $0.itemSize = CGSize(width: 100, height: 50)
        }
        #expect(layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 30, width: 320, height: 100)) == false)
        #expect(layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 0, width: 220, height: 100)))
        collectionView.frame.size.width = 220
        collectionView.layoutIfNeeded()
        #expect(frames(layout, count: 6)[1] == CGRect(x: 120, y: 0, width: 100, height: 50))
        #expect(collectionView.contentSize == CGSize(width: 220, height: 170))
    }

    @Test func elementsInARectAreOnlyThoseMeetingIt() {
        let source = GridSource([300])
        let (_, layout) = makeGrid(source) {
            $0.itemSize = CGSize(width: 100, height: 100)
            $0.minimumLineSpacing = 10
            $0.headerReferenceSize = CGSize(width: 0, height: 20)
        }
        let rect = CGRect(x: 0, y: 1_000, width: 320, height: 200)
        let attributes = layout.layoutAttributesForElements(in: rect) ?? []
        #expect(!attributes.isEmpty)
        #expect(attributes.allSatisfy { $0.frame.intersects(rect) })
        // Lines start at 20 + 110 n: lines 8 (900–1000, touching only), 9 and 10 meet it.
        #expect(attributes.map(\.indexPath.item) == Array(27..<33))
    }

    @Test func pinnedHeadersStayAtTheTopUntilTheirSectionPushesThemOff() {
        let source = GridSource([10, 10])
        let (collectionView, layout) = makeGrid(source, frame: CGRect(x: 0, y: 0, width: 100, height: 200)) {
            $0.itemSize = CGSize(width: 100, height: 50)
            $0.minimumLineSpacing = 0
            $0.headerReferenceSize = CGSize(width: 0, height: 40)
            $0.sectionHeadersPinToVisibleBounds = true
        }
        func header(_ section: Int) -> UICollectionReusableView? {
            collectionView.supplementaryView(
                forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: section))
        }
        // Section 0: header 0–40, items 40–540; section 1's header at 540.
        #expect(header(0)?.frame.minY == 0)
        #expect(layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 100, width: 100, height: 200)))
        collectionView.contentOffset.y = 100
        collectionView.layoutIfNeeded()
        #expect(header(0)?.frame.minY == 100)
        #expect(
            header(0)?.layer.zPosition ?? 0 > collectionView.cellForItem(at: IndexPath(item: 2, section: 0))?.layer
                .zPosition ?? 0)
        // 520: the section's end (540) pushes the header up to 500.
        collectionView.contentOffset.y = 520
        collectionView.layoutIfNeeded()
        #expect(header(0)?.frame.minY == 500)
        #expect(header(1)?.frame.minY == 540)
        collectionView.contentOffset.y = 600
        collectionView.layoutIfNeeded()
        #expect(header(1)?.frame.minY == 600)
        // The hit test finds the pinned header in front of the item under it.
        #expect(collectionView.hitTest(CGPoint(x: 50, y: 610), with: nil) === header(1))
    }

    @Test func automaticSizeIsAPlaceholderAndDefaultsAreUIKits() {
        let layout = UICollectionViewFlowLayout()
        #expect(UICollectionViewFlowLayout.automaticSize.width == .greatestFiniteMagnitude)
        #expect(layout.itemSize == CGSize(width: 50, height: 50))
        #expect(layout.minimumLineSpacing == 10 && layout.minimumInteritemSpacing == 10)
        #expect(layout.estimatedItemSize == .zero && layout.headerReferenceSize == .zero)
        #expect(layout.scrollDirection == .vertical && layout.sectionInset == .zero)
        #expect(!layout.sectionHeadersPinToVisibleBounds && layout.sectionInsetReference == .fromContentInset)
        #expect(UICollectionView.elementKindSectionFooter == "UICollectionElementKindSectionFooter")
    }
}
