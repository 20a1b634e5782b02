import Foundation
import Testing

@testable import VitrineKit

/// A cell whose content is a box of a given size, 4 points inside the content view's edges,
/// placed by Auto Layout (the far edges at 999, so a cell held at another size breaks them
/// quietly).
@MainActor final class BoxCell: UICollectionViewCell {
    let box = UIView()
    private var width: NSLayoutConstraint!
    private var height: NSLayoutConstraint!

    override init(frame: CGRect) {
        super.init(frame: frame)
        box.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(box)
        width = box.widthAnchor.constraint(equalToConstant: 10)
        height = box.heightAnchor.constraint(equalToConstant: 10)
        let trailing = contentView.trailingAnchor.constraint(equalTo: box.trailingAnchor, constant: 4)
        let bottom = contentView.bottomAnchor.constraint(equalTo: box.bottomAnchor, constant: 4)
        trailing.priority = UILayoutPriority(999)
        bottom.priority = UILayoutPriority(999)
        NSLayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 4),
            box.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 4),
            trailing, bottom, width, height,
        ])
    }

    required init?(coder: NSCoder) { fatalError("no archives") }

    func setBox(_ size: CGSize) {
        width.constant = size.width
        height.constant = size.height
    }
}

/// Items whose boxes are 20 + 10 i wide and 30, 40 or 50 high.
@MainActor final class BoxSource: UICollectionViewDataSource {
    var count: Int
    var asked: [Int] = []

    init(count: Int) {
        self.count = count
    }

    static func boxSize(_ item: Int) -> CGSize {
        CGSize(width: 20 + 10 * CGFloat(item), height: 30 + 10 * CGFloat(item % 3))
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "box", for: indexPath)
        (cell as? BoxCell)?.setBox(Self.boxSize(indexPath.item))
        asked.append(indexPath.item)
        return cell
    }
}

/// Self-sizing cells: a flow layout with `estimatedItemSize` asks each cell for its Auto
/// Layout size and flows again.
@MainActor @Suite struct CollectionViewSelfSizingTests {
    private func makeSizing(_ count: Int, estimate: CGSize) -> (UICollectionView, UICollectionViewFlowLayout, BoxSource)
    {
        let layout = UICollectionViewFlowLayout()
        layout.estimatedItemSize = estimate
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        let collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        collectionView.register(BoxCell.self, forCellWithReuseIdentifier: "box")
        let source = BoxSource(count: count)
        collectionView.dataSource = source
        collectionView.layoutIfNeeded()
        return (collectionView, layout, source)
    }

    @Test func cellsTakeTheirAutoLayoutSizeAndTheLinesFlowAgain() {
        let (collectionView, layout, _) = makeSizing(6, estimate: CGSize(width: 50, height: 50))
        // Sizes: 28×38, 38×48, 48×58, 58×38, 68×48, 78×58 (the box and 4 on each side).
        let sizes = (0..<6).map { collectionView.cellFrame($0)?.size }
        #expect(
            sizes == (0..<6).map { BoxSource.boxSize($0) }.map { CGSize(width: $0.width + 8, height: $0.height + 8) })
        // All six fit one line: 28 + 38 + 48 + 58 + 68 + 78 = 318, too wide with five
        // spacings of 10, so five on the first line (justified), the sixth on the last.
        #expect(collectionView.cellFrame(0)?.origin == CGPoint(x: 0, y: 10))
        #expect(collectionView.cellFrame(4)?.maxX == 320)
        #expect(collectionView.cellFrame(5)?.origin == CGPoint(x: 0, y: 68))
        #expect(collectionView.contentSize == CGSize(width: 320, height: 126))
        #expect(
            layout.layoutAttributesForItem(at: IndexPath(item: 5, section: 0))?.size == CGSize(width: 78, height: 58))
    }

    @Test func automaticSizeEstimatesWithTheItemSize() {
        let (collectionView, _, source) = makeSizing(3, estimate: UICollectionViewFlowLayout.automaticSize)
        #expect(collectionView.cellFrame(2)?.size == CGSize(width: 48, height: 58))
        #expect(collectionView.cellFrame(1)?.origin.x == 38)
        // Each cell was asked for once: sizing does not dequeue again.
        #expect(source.asked == [0, 1, 2])
    }

    @Test func withoutAnEstimateCellsKeepTheItemSize() {
        let (collectionView, _, _) = makeSizing(3, estimate: .zero)
        #expect(collectionView.cellFrame(2)?.size == CGSize(width: 50, height: 50))
    }

    @Test func measuredSizesFollowTheirItemsThroughUpdates() {
        let (collectionView, _, source) = makeSizing(4, estimate: CGSize(width: 50, height: 50))
        #expect(collectionView.cellFrame(3)?.size == CGSize(width: 58, height: 38))
        source.count = 3
        UIView.performWithoutAnimation {
            collectionView.deleteItems(at: [IndexPath(item: 0, section: 0)])
        }
        collectionView.layoutIfNeeded()
        // The old item 3 (58 × 38) is item 2 now; its cell kept its box.
        #expect(collectionView.cellFrame(2)?.size == CGSize(width: 58, height: 38))
        #expect(collectionView.cellFrame(0)?.size == CGSize(width: 38, height: 48))
    }
}
