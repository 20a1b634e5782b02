import Foundation
import Testing

@testable import VitrineKit

/// A custom layout: item i is a 60-point square at (50 i, 50 i), each in front of the one
/// before; a decoration stripe behind item 0.
@MainActor final class DiagonalLayout: UICollectionViewLayout {
    var prepareCount = 0
    var queriedRects: [CGRect] = []
    var invalidatesOnBoundsChange = false
    var boundsAskedAbout: [CGRect] = []
    var boundsWhenAsked: [CGRect] = []
    private var items: [UICollectionViewLayoutAttributes] = []
    private var stripe: UICollectionViewLayoutAttributes?

    override init() {
        super.init()
        register(StripeView.self, forDecorationViewOfKind: "stripe")
    }

    required init?(coder: NSCoder) { fatalError("no archives") }

    override func prepare() {
        super.prepare()
        prepareCount += 1
        guard let collectionView, collectionView.numberOfSections > 0 else {
            items = []
            return
        }
        items = (0..<collectionView.numberOfItems(inSection: 0)).map { item in
            let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            attributes.frame = CGRect(x: CGFloat(item) * 50, y: CGFloat(item) * 50, width: 60, height: 60)
            attributes.zIndex = item
            attributes.alpha = 0.5
            return attributes
        }
        let stripe = UICollectionViewLayoutAttributes(
            forDecorationViewOfKind: "stripe", with: IndexPath(item: 0, section: 0))
        stripe.frame = CGRect(x: 0, y: 0, width: 200, height: 10)
        stripe.zIndex = -1
        self.stripe = stripe
    }

    override var collectionViewContentSize: CGSize {
        CGSize(width: CGFloat(items.count) * 50 + 10, height: CGFloat(items.count) * 50 + 10)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        queriedRects.append(rect)
        return ([stripe].compactMap { $0 } + items).filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        items.indices.contains(indexPath.item) ? items[indexPath.item] : nil
    }

    override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        elementKind == "stripe" ? stripe : nil
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        boundsAskedAbout.append(newBounds)
        boundsWhenAsked.append(collectionView?.bounds ?? .null)
        return invalidatesOnBoundsChange
    }
}

@MainActor final class StripeView: UICollectionReusableView {}

/// A subclass of UICollectionViewLayout drives the collection view: prepare, content size,
/// elements in a rectangle, invalidation, decoration views, a change of layouts.
@MainActor @Suite struct CollectionViewLayoutSubclassTests {
    private func makeDiagonal(_ count: Int) -> (UICollectionView, DiagonalLayout, GridSource) {
        let layout = DiagonalLayout()
        let collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 200, height: 200), collectionViewLayout: layout)
        collectionView.register(TileCell.self, forCellWithReuseIdentifier: "tile")
        let source = GridSource([count])
        collectionView.dataSource = source
        collectionView.delegate = source
        collectionView.layoutIfNeeded()
        return (collectionView, layout, source)
    }

    @Test func theLayoutPlacesTheCellsWithItsAttributes() {
        let (collectionView, layout, _) = makeDiagonal(100)
        #expect(layout.collectionView === collectionView)
        #expect(collectionView.collectionViewLayout === layout)
        #expect(layout.prepareCount == 1)
        #expect(collectionView.contentSize == CGSize(width: 5_010, height: 5_010))
        // The bounds and a quarter of them around.
        #expect(layout.queriedRects.last == CGRect(x: -50, y: -50, width: 300, height: 300))
        // Items 0...4 meet that rectangle (item 5 at 250 only touches it); 0...3 the bounds.
        #expect(collectionView.indexPathsForVisibleItems.map(\.item) == [0, 1, 2, 3])
        #expect(collectionView.shownViews.keys.filter { $0.category == .cell }.count == 5)
        let cell = collectionView.cellForItem(at: IndexPath(item: 2, section: 0)) as? TileCell
        #expect(cell?.frame == CGRect(x: 100, y: 100, width: 60, height: 60))
        #expect(cell?.alpha == 0.5)
        #expect(cell?.layer.zPosition == 2)
        #expect(cell?.appliedAttributes.last?.indexPath == IndexPath(item: 2, section: 0))
        // Overlapping items: the frontmost (highest z index) is hit.
        #expect(collectionView.indexPathForItem(at: CGPoint(x: 105, y: 105)) == IndexPath(item: 2, section: 0))
        #expect(collectionView.indexPathForItem(at: CGPoint(x: 155, y: 155)) == IndexPath(item: 3, section: 0))
        let subviewOrder = collectionView.subviews.compactMap { ($0 as? UICollectionViewCell)?.tag }
        #expect(subviewOrder == subviewOrder.sorted())
        // The decoration view, from the class the layout registered, behind the cells.
        let stripe = collectionView.subviews.first { $0 is StripeView }
        #expect(stripe?.frame == CGRect(x: 0, y: 0, width: 200, height: 10))
        #expect(collectionView.subviews.first === stripe)
    }

    @Test func scrollingAsksForTheNewRectangleAndBoundsChangesAreAskedAboutFirst() {
        let (collectionView, layout, source) = makeDiagonal(100)
        collectionView.contentOffset = CGPoint(x: 500, y: 500)
        // Asked before the change, with the old bounds still in place.
        #expect(layout.boundsAskedAbout.last == CGRect(x: 500, y: 500, width: 200, height: 200))
        #expect(layout.boundsWhenAsked.last == CGRect(x: 0, y: 0, width: 200, height: 200))
        collectionView.layoutIfNeeded()
        #expect(layout.prepareCount == 1)
        #expect(layout.queriedRects.last == CGRect(x: 450, y: 450, width: 300, height: 300))
        #expect(collectionView.indexPathsForVisibleItems.map(\.item) == [9, 10, 11, 12, 13])
        #expect(source.ended.map(\.item).sorted() == [0, 1, 2, 3, 4])
        // A layout that asks to be invalidated by bounds changes is prepared again.
        layout.invalidatesOnBoundsChange = true
        collectionView.contentOffset = CGPoint(x: 600, y: 600)
        collectionView.layoutIfNeeded()
        #expect(layout.prepareCount == 2)
        layout.invalidateLayout()
        #expect(layout.prepareCount == 2)
        collectionView.layoutIfNeeded()
        #expect(layout.prepareCount == 3)
        // And so is one whose data is reloaded.
        layout.invalidatesOnBoundsChange = false
        source.counts = [3]
        collectionView.reloadData()
        collectionView.layoutIfNeeded()
        #expect(layout.prepareCount == 4)
        #expect(collectionView.contentSize == CGSize(width: 160, height: 160))
        // The offset came back inside the smaller content.
        #expect(collectionView.contentOffset == .zero)
    }

    @Test func changingLayoutsMovesTheCellsAndTellsThem() {
        final class TransitionCell: UICollectionViewCell {
            var transitions: [String] = []
            override func willTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {
                transitions.append("will")
            }
            override func didTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {
                transitions.append("did")
            }
        }
        let rig = HeadlessRig(width: 320, height: 240)
        let window = makeVisibleWindow(on: rig.screen, frame: rig.screen.bounds, color: .black)
        let flow = UICollectionViewFlowLayout()
        flow.itemSize = CGSize(width: 100, height: 40)
        let collectionView = UICollectionView(frame: window.bounds, collectionViewLayout: flow)
        collectionView.register(TransitionCell.self, forCellWithReuseIdentifier: "tile")
        let source = GridSource([3])
        collectionView.dataSource = source
        window.addSubview(collectionView)
        collectionView.layoutIfNeeded()
        let cell = collectionView.cellForItem(at: IndexPath(item: 1, section: 0)) as? TransitionCell
        #expect(cell?.frame.origin == CGPoint(x: 110, y: 0))
        let diagonal = DiagonalLayout()
        var completed: Bool?
        collectionView.setCollectionViewLayout(diagonal, animated: false) { completed = $0 }
        #expect(flow.collectionView == nil && diagonal.collectionView === collectionView)
        #expect(collectionView.cellForItem(at: IndexPath(item: 1, section: 0)) === cell)
        #expect(cell?.frame == CGRect(x: 50, y: 50, width: 60, height: 60))
        #expect(cell?.transitions == ["will"])
        rig.settle()
        #expect(completed == true)
        #expect(cell?.transitions == ["will", "did"])
        window.isHidden = true
    }
}

/// An animated change of layouts moves the cells from their old attributes to the new ones.
@MainActor @Suite struct CollectionViewLayoutTransitionTests {
    @Test func anAnimatedChangeOfLayoutsMovesTheCells() {
        let rig = HeadlessRig(width: 320, height: 240)
        let window = makeVisibleWindow(on: rig.screen, frame: rig.screen.bounds, color: .black)
        let flow = UICollectionViewFlowLayout()
        flow.itemSize = CGSize(width: 60, height: 60)
        flow.minimumInteritemSpacing = 40
        let collectionView = UICollectionView(frame: window.bounds, collectionViewLayout: flow)
        collectionView.register(TileCell.self, forCellWithReuseIdentifier: "tile")
        let source = GridSource([3])
        collectionView.dataSource = source
        window.addSubview(collectionView)
        rig.settle()
        let cell = collectionView.cellForItem(at: IndexPath(item: 2, section: 0))
        #expect(cell?.frame.origin == CGPoint(x: 200, y: 0))
        let diagonal = DiagonalLayout()
        var completed: Bool?
        collectionView.setCollectionViewLayout(diagonal, animated: true) { completed = $0 }
        // The model is at the new place (100, 100), the screen still near the old one.
        #expect(cell?.frame.origin == CGPoint(x: 100, y: 100))
        rig.clock.advance(by: 0)
        rig.clock.advance(by: 0.15)
        let shown = cell?.layer.presentation()?.position ?? .zero
        #expect(shown.x > 130 && shown.x < 230 && shown.y > 30 && shown.y < 130)
        #expect(completed == nil)
        rig.clock.advance(by: 0.4)
        #expect(completed == true)
        #expect(cell?.layer.presentation()?.position == CGPoint(x: 130, y: 130))
        window.isHidden = true
    }

    @Test func pinnedFootersStayAtTheBottomAndTheBackgroundDoesNotScroll() {
        let source = GridSource([10, 10])
        let (collectionView, _) = makeGrid(source, frame: CGRect(x: 0, y: 0, width: 100, height: 200)) {
            $0.itemSize = CGSize(width: 100, height: 50)
            $0.minimumLineSpacing = 0
            $0.footerReferenceSize = CGSize(width: 0, height: 30)
            $0.sectionFootersPinToVisibleBounds = true
        }
        let background = UIView()
        collectionView.backgroundView = background
        func footer(_ section: Int) -> UICollectionReusableView? {
            collectionView.supplementaryView(
                forElementKind: UICollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: section))
        }
        // Section 0: items 0–500, footer 500–530; pinned to the bottom of the bounds (170).
        #expect(footer(0)?.frame.minY == 170)
        collectionView.contentOffset.y = 200
        collectionView.layoutIfNeeded()
        #expect(footer(0)?.frame.minY == 370)
        #expect(background.frame == collectionView.bounds)
        // Past its section's end the footer stays where it belongs.
        collectionView.contentOffset.y = 400
        collectionView.layoutIfNeeded()
        #expect(footer(0)?.frame.minY == 500)
    }
}

/// Reuse while scrolling: only the elements in and around the visible area have views.
@MainActor @Suite struct CollectionViewReuseTests {
    @Test func tenThousandItemsScrollThroughABoundedSetOfCells() {
        let source = GridSource([10_000])
        let (collectionView, _) = makeGrid(source) {
            $0.itemSize = CGSize(width: 80, height: 80)
            $0.minimumInteritemSpacing = 0
            $0.minimumLineSpacing = 0
        }
        // Four to a line, 2,500 lines.
        #expect(collectionView.contentSize == CGSize(width: 320, height: 200_000))
        var mostShown = 0
        var offset: CGFloat = 0
        let end: CGFloat = 200_000 - 480
        while offset < end {
            offset = min(offset + 130, end)
            collectionView.contentOffset.y = offset
            collectionView.layoutIfNeeded()
            mostShown = max(mostShown, collectionView.subviews.count)
            let first = Int(offset / 80) * 4
            #expect(collectionView.indexPathsForVisibleItems.first?.item == first)
        }
        // 480 visible and 120 above and below: at most 10 lines of 4.
        #expect(mostShown <= 40)
        #expect(source.cellsMade.count <= 48)
        // Every item had its cell once, and all but the shown ones were given back.
        #expect(Set(source.displayed).count == 10_000)
        #expect(source.displayed.count - source.ended.count == collectionView.shownViews.count)
        #expect(collectionView.indexPathsForVisibleItems.map(\.item) == Array(9_976..<10_000))
        let cells = collectionView.visibleCells.compactMap { $0 as? TileCell }
        #expect(cells.allSatisfy { $0.reuseCount > 0 })
        // Scrolling back to the top shows the first items again, in reused cells.
        collectionView.contentOffset.y = 0
        collectionView.layoutIfNeeded()
        #expect(collectionView.indexPathsForVisibleItems.count == 24)
        #expect(collectionView.cellForItem(at: IndexPath(item: 0, section: 0))?.frame.origin == .zero)
        #expect(source.cellsMade.count <= 48)
    }

    @Test func scrollToItemPutsTheItemWhereAsked() {
        let source = GridSource([1_000])
        let (collectionView, _) = makeGrid(source) {
            $0.itemSize = CGSize(width: 320, height: 100)
            $0.minimumLineSpacing = 0
        }
        collectionView.scrollToItem(at: IndexPath(item: 50, section: 0), at: .top, animated: false)
        #expect(collectionView.contentOffset.y == 5_000)
        collectionView.scrollToItem(at: IndexPath(item: 50, section: 0), at: .centeredVertically, animated: false)
        #expect(collectionView.contentOffset.y == 4_810)  // 5,050 less half of 480
        collectionView.scrollToItem(at: IndexPath(item: 50, section: 0), at: .bottom, animated: false)
        #expect(collectionView.contentOffset.y == 4_620)  // 5,100 less 480
        // Within the content: the last item cannot come to the top.
        collectionView.scrollToItem(at: IndexPath(item: 999, section: 0), at: .top, animated: false)
        #expect(collectionView.contentOffset.y == 99_520)
        // Out of range: logged, nothing moves.
        var errors: [String] = []
        collectionView.errorObserver = { errors.append($0) }
        collectionView.scrollToItem(at: IndexPath(item: 5_000, section: 0), at: .top, animated: false)
        #expect(collectionView.contentOffset.y == 99_520)
        #expect(errors.count == 1)
        collectionView.layoutIfNeeded()
        #expect(collectionView.cellForItem(at: IndexPath(item: 999, section: 0)) != nil)
    }
}
