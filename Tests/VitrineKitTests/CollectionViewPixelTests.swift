import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform
import VitrineTestSupport

@testable import VitrineKit

/// A tile: a rounded square of colour 4 points inside the cell, so that the selected
/// background (white) frames a selected tile.
@MainActor final class SwatchCell: UICollectionViewCell {
    let tile = UIView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        tile.frame = contentView.bounds.insetBy(dx: 4, dy: 4)
        tile.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        tile.layer.cornerRadius = 6
        contentView.addSubview(tile)
        let selected = UIView()
        selected.backgroundColor = .white
        selectedBackgroundView = selected
    }

    required init?(coder: NSCoder) { fatalError("no archives") }
}

/// A section header: a coloured band.
@MainActor final class BandView: UICollectionReusableView {}

/// The colours of the grid.
@MainActor final class SwatchSource: UICollectionViewDataSource {
    static func color(_ indexPath: IndexPath) -> UIColor {
        let hue = CGFloat((indexPath.section * 5 + indexPath.item) % 12) / 12
        return UIColor(hue: hue, saturation: 0.8, brightness: 0.9, alpha: 1)
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int { 2 }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        section == 0 ? 7 : 5
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "swatch", for: indexPath)
        (cell as? SwatchCell)?.tile.backgroundColor = Self.color(indexPath)
        return cell
    }

    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        let view = collectionView.dequeueReusableSupplementaryView(
            ofKind: kind, withReuseIdentifier: "band", for: indexPath)
        view.backgroundColor = indexPath.section == 0 ? UIColor(white: 0.3, alpha: 1) : UIColor(white: 0.55, alpha: 1)
        return view
    }
}

/// A grid of tiles drawn on a headless screen and compared with a reference picture.
@MainActor @Suite struct CollectionViewPixelTests {
    @Test func aGridOfTilesWithAPinnedHeaderAndASelection() throws {
        let rig = HeadlessRig(width: 240, height: 180)
        let window = makeVisibleWindow(on: rig.screen, frame: rig.screen.bounds, color: .black)
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 64, height: 48)
        layout.minimumInteritemSpacing = 6
        layout.minimumLineSpacing = 6
        layout.sectionInset = UIEdgeInsets(top: 6, left: 8, bottom: 6, right: 8)
        layout.headerReferenceSize = CGSize(width: 0, height: 16)
        layout.sectionHeadersPinToVisibleBounds = true
        let collectionView = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        collectionView.backgroundColor = UIColor(white: 0.12, alpha: 1)
        collectionView.register(SwatchCell.self, forCellWithReuseIdentifier: "swatch")
        collectionView.register(
            BandView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
            withReuseIdentifier: "band")
        let source = SwatchSource()
        collectionView.dataSource = source
        window.addSubview(collectionView)
        collectionView.selectItem(at: IndexPath(item: 4, section: 0), animated: false, scrollPosition: [])
        // Scrolled 20 points: section 0's header stays at the top over its items.
        collectionView.contentOffset = CGPoint(x: 0, y: 20)
        rig.settle()
        let pixels = try #require(rig.output.screenshot())

        // Three 64-point tiles fit a 224-point line (204 with two spacings of 6): spread to
        // 16 apart, at x 8, 88, 168. Lines at y 22, 76, 130 less the offset of 20.
        #expect(collectionView.cellForItem(at: IndexPath(item: 1, section: 0))?.frame.origin == CGPoint(x: 88, y: 22))
        let tileColor = RGB(pixel: SwatchSource.color(IndexPath(item: 1, section: 0)).cgColor.argb32)
        #expect(pixels.rgb(88 + 32, 22 - 20 + 24).isClose(to: tileColor, tolerance: 2))
        // The pinned header covers the top 16 rows; the selected tile has a white frame.
        #expect(pixels.rgb(120, 8).isClose(to: RGB(77, 77, 77), tolerance: 2))
        let selected = try #require(collectionView.cellForItem(at: IndexPath(item: 4, section: 0))?.frame)
        #expect(pixels.rgb(Int(selected.minX) + 1, Int(selected.midY) - 20) == .white)
        try assertSnapshot(of: pixels, named: "collection-view-tiles", tolerance: 4, maxDifferingPixels: 20)
        window.isHidden = true
    }
}
