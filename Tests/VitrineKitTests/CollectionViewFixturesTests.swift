import Foundation
import Testing

@testable import VitrineKit

/// A cell counting how often it was made and reused.
@MainActor final class TileCell: UICollectionViewCell {
    var reuseCount = 0
    var appliedAttributes: [UICollectionViewLayoutAttributes] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .blue
    }

    required init?(coder: NSCoder) { fatalError("no archives") }

    override func prepareForReuse() {
        super.prepareForReuse()
        reuseCount += 1
    }

    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        appliedAttributes.append(layoutAttributes)
    }
}

/// A header or footer.
@MainActor final class TitleView: UICollectionReusableView {}

/// A data source (and flow delegate) over an array of section counts, recording its calls.
@MainActor final class GridSource: UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    var counts: [Int]
    var log: [String] = []
    var itemSizes: [IndexPath: CGSize] = [:]
    var sectionInsets: [Int: UIEdgeInsets] = [:]
    var headerHeights: [Int: CGFloat] = [:]
    var lineSpacings: [Int: CGFloat] = [:]
    var interitemSpacings: [Int: CGFloat] = [:]
    var cellsMade = Set<ObjectIdentifier>()
    var cellRequests = 0
    var displayed: [IndexPath] = []
    var ended: [IndexPath] = []
    var shouldHighlight = true
    var shouldSelect = true
    var shouldDeselect = true
    var colors: ((IndexPath) -> UIColor)?

    init(_ counts: [Int]) {
        self.counts = counts
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        counts[section]
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
        cellsMade.insert(ObjectIdentifier(cell))
        cellRequests += 1
        if let colors { cell.contentView.backgroundColor = colors(indexPath) }
        cell.tag = indexPath.section * 100_000 + indexPath.item
        return cell
    }

    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        let view = collectionView.dequeueReusableSupplementaryView(
            ofKind: kind, withReuseIdentifier: "title", for: indexPath)
        view.tag = indexPath.section
        return view
    }

    // MARK: Flow delegate

    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        itemSizes[indexPath] ?? (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
    }

    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        insetForSectionAt section: Int
    ) -> UIEdgeInsets {
        sectionInsets[section] ?? (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
    }

    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> CGSize {
        headerHeights[section].map { CGSize(width: 0, height: $0) }
            ?? (collectionViewLayout as? UICollectionViewFlowLayout)?.headerReferenceSize ?? .zero
    }

    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat {
        lineSpacings[section] ?? (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 0
    }

    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat {
        interitemSpacings[section] ?? (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing
            ?? 0
    }

    // MARK: Delegate

    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        log.append("shouldHighlight \(indexPath.item)")
        return shouldHighlight
    }
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {
        log.append("didHighlight \(indexPath.item)")
    }
    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {
        log.append("didUnhighlight \(indexPath.item)")
    }
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        log.append("shouldSelect \(indexPath.item)")
        return shouldSelect
    }
    func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
        log.append("shouldDeselect \(indexPath.item)")
        return shouldDeselect
    }
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        log.append("didSelect \(indexPath.item)")
    }
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
        log.append("didDeselect \(indexPath.item)")
    }
    func collectionView(
        _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
        displayed.append(indexPath)
    }
    func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {
        ended.append(indexPath)
    }
}

/// A collection view on a flow layout over `source`, with the tile cell and title views
/// registered, laid out once.
@MainActor
func makeGrid(
    _ source: GridSource, frame: CGRect = CGRect(x: 0, y: 0, width: 320, height: 480),
    configure: (UICollectionViewFlowLayout) -> Void = { _ in }
) -> (UICollectionView, UICollectionViewFlowLayout) {
    let layout = UICollectionViewFlowLayout()
    configure(layout)
    let collectionView = UICollectionView(frame: frame, collectionViewLayout: layout)
    collectionView.register(TileCell.self, forCellWithReuseIdentifier: "tile")
    collectionView.register(
        TitleView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
        withReuseIdentifier: "title")
    collectionView.register(
        TitleView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter,
        withReuseIdentifier: "title")
    collectionView.dataSource = source
    collectionView.delegate = source
    collectionView.layoutIfNeeded()
    return (collectionView, layout)
}

extension UICollectionView {
    /// The view shown (visible or in the margin around) for an element.
    func shownView(_ category: ElementCategory, _ kind: String, _ item: Int, _ section: Int)
        -> UICollectionReusableView?
    {
        shownViews[
            CollectionElementKey(category: category, kind: kind, indexPath: IndexPath(item: item, section: section))]
    }

    /// The frame of the shown cell of an item.
    func cellFrame(_ item: Int, _ section: Int = 0) -> CGRect? {
        shownViews[CollectionElementKey(category: .cell, kind: "", indexPath: IndexPath(item: item, section: section))]?
            .frame
    }
}

/// Registration, dequeuing and the basic queries.
@MainActor @Suite struct CollectionViewFixturesTests {
    @Test func indexPathsHaveItemAndSection() {
        let indexPath = IndexPath(item: 3, section: 2)
        #expect(indexPath.item == 3 && indexPath.section == 2)
        #expect(Array(indexPath) == [2, 3])
    }

    @Test func cellsComeFromTheRegisteredClassAtTheLayoutsFrames() {
        let source = GridSource([5])
        let (collectionView, _) = makeGrid(source) { $0.itemSize = CGSize(width: 100, height: 50) }
        #expect(collectionView.numberOfSections == 1)
        #expect(collectionView.numberOfItems(inSection: 0) == 5)
        #expect(collectionView.visibleCells.count == 5)
        #expect(collectionView.visibleCells.allSatisfy { $0 is TileCell && $0.reuseIdentifier == "tile" })
        let cell = collectionView.cellForItem(at: IndexPath(item: 4, section: 0))
        #expect(cell?.frame == CGRect(x: 110, y: 60, width: 100, height: 50))
        #expect(cell.flatMap { collectionView.indexPath(for: $0) } == IndexPath(item: 4, section: 0))
        #expect(cell?.superview === collectionView)
        #expect(collectionView.indexPathsForVisibleItems == (0..<5).map { IndexPath(item: $0, section: 0) })
        #expect(collectionView.indexPathForItem(at: CGPoint(x: 150, y: 80)) == IndexPath(item: 4, section: 0))
        #expect(collectionView.indexPathForItem(at: CGPoint(x: 105, y: 20)) == nil)  // the spacing
        #expect(collectionView.contentSize == CGSize(width: 320, height: 110))
        #expect(source.displayed.count == 5)
    }

    @Test func anUnregisteredIdentifierGivesAPlainCellAndAnError() {
        let source = GridSource([1])
        let layout = UICollectionViewFlowLayout()
        let collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: layout)
        var errors: [String] = []
        collectionView.errorObserver = { errors.append($0) }
        collectionView.dataSource = source
        collectionView.layoutIfNeeded()
        #expect(collectionView.visibleCells.count == 1)
        #expect(!(collectionView.visibleCells.first is TileCell))
        #expect(errors.contains { $0.contains("could not dequeue") && $0.contains("tile") })
    }

    @Test func aReusedCellIsPreparedAndLosesItsState() {
        let source = GridSource([1])
        let (collectionView, _) = makeGrid(source)
        let cell = collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) as? TileCell
        cell?.isHighlighted = true
        source.counts = [0]
        collectionView.reloadData()
        collectionView.layoutIfNeeded()
        #expect(collectionView.visibleCells.isEmpty)
        #expect(cell?.superview == nil)
        source.counts = [1]
        collectionView.reloadData()
        collectionView.layoutIfNeeded()
        #expect(collectionView.visibleCells.first === cell)
        #expect(cell?.reuseCount == 1)
        #expect(cell?.isHighlighted == false)
    }

    @Test func layoutAttributesCopyAndCompareByValue() {
        let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 1, section: 2))
        attributes.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        #expect(attributes.center == CGPoint(x: 25, y: 40))
        #expect(attributes.size == CGSize(width: 30, height: 40))
        attributes.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(attributes.frame == CGRect(x: 10, y: 20, width: 30, height: 40))  // untransformed
        #expect(CATransform3DEqualToTransform(attributes.transform3D, CATransform3DMakeScale(2, 2, 1)))
        let copy = attributes.copy() as? UICollectionViewLayoutAttributes
        #expect(copy?.isEqual(attributes) == true)
        copy?.alpha = 0.5
        #expect(copy?.isEqual(attributes) == false)
        #expect(attributes.representedElementCategory == .cell && attributes.representedElementKind == nil)
        let header = UICollectionViewLayoutAttributes(
            forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, with: IndexPath(item: 0, section: 1))
        #expect(header.representedElementCategory == .supplementaryView)
        #expect(header.representedElementKind == "UICollectionElementKindSectionHeader")
    }
}
