import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// Selection through synthetic touches (highlight on touch down, select on touch up, in
/// UIKit's order of delegate calls) and by program.
@MainActor @Suite struct CollectionViewSelectionTests {
    /// A 400 × 300 screen whose window holds a grid of 100 × 100 items, four to a line.
    private func makeScene(_ count: Int = 8) -> (EventScene, UICollectionView, GridSource) {
        let scene = EventScene()
        let source = GridSource([count])
        let (collectionView, _) = makeGrid(source, frame: scene.window.bounds) {
            $0.itemSize = CGSize(width: 100, height: 100)
            $0.minimumInteritemSpacing = 0
            $0.minimumLineSpacing = 0
        }
        let background = UIView()
        background.backgroundColor = .green
        collectionView.backgroundView = background
        scene.window.addSubview(collectionView)
        collectionView.layoutIfNeeded()
        return (scene, collectionView, source)
    }

    /// Touches `point` (screen points), holds it a fifth of a second, lifts.
    private func tap(_ scene: EventScene, _ point: CGPoint, whileDown: () -> Void = {}) {
        scene.input.down(at: point, time: scene.clock.now)
        scene.clock.advance(by: 0.2)
        whileDown()
        scene.input.up(time: scene.clock.now)
        scene.clock.advance(by: 0.05)
    }

    private func cell(_ collectionView: UICollectionView, _ item: Int) -> UICollectionViewCell? {
        collectionView.cellForItem(at: IndexPath(item: item, section: 0))
    }

    @Test func aTapHighlightsThenSelectsInUIKitsOrder() {
        let (scene, collectionView, source) = makeScene()
        let selected = UIView()
        cell(collectionView, 5)?.selectedBackgroundView = selected
        #expect(selected.isHidden)
        tap(scene, CGPoint(x: 150, y: 150)) {
            #expect(cell(collectionView, 5)?.isHighlighted == true)
            #expect(!selected.isHidden)
            #expect(source.log == ["shouldHighlight 5", "didHighlight 5"])
        }
        #expect(
            source.log == ["shouldHighlight 5", "didHighlight 5", "shouldSelect 5", "didUnhighlight 5", "didSelect 5"])
        #expect(cell(collectionView, 5)?.isSelected == true)
        #expect(cell(collectionView, 5)?.isHighlighted == false)
        #expect(!selected.isHidden)
        #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 5, section: 0)])

        // Single selection: a tap on another item deselects the first.
        source.log = []
        tap(scene, CGPoint(x: 50, y: 50))
        #expect(
            source.log == [
                "shouldHighlight 0", "didHighlight 0", "shouldSelect 0", "didUnhighlight 0", "didDeselect 5",
                "didSelect 0",
            ])
        #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
        #expect(cell(collectionView, 5)?.isSelected == false && selected.isHidden)
        scene.window.isHidden = true
    }

    @Test func multipleSelectionTogglesAndTheDelegateCanRefuse() {
        let (scene, collectionView, source) = makeScene()
        collectionView.allowsMultipleSelection = true
        tap(scene, CGPoint(x: 50, y: 50))
        tap(scene, CGPoint(x: 250, y: 50))
        #expect(collectionView.indexPathsForSelectedItems?.map(\.item) == [0, 2])
        source.log = []
        tap(scene, CGPoint(x: 50, y: 50))
        #expect(
            source.log == [
                "shouldHighlight 0", "didHighlight 0", "shouldDeselect 0", "didUnhighlight 0", "didDeselect 0",
            ])
        #expect(collectionView.indexPathsForSelectedItems?.map(\.item) == [2])
        // shouldDeselect false keeps it; shouldSelect false selects nothing.
        source.shouldDeselect = false
        tap(scene, CGPoint(x: 250, y: 50))
        #expect(collectionView.indexPathsForSelectedItems?.map(\.item) == [2])
        source.shouldSelect = false
        tap(scene, CGPoint(x: 350, y: 50))
        #expect(collectionView.indexPathsForSelectedItems?.map(\.item) == [2])
        #expect(cell(collectionView, 3)?.isHighlighted == false)
        // shouldHighlight false ends the interaction before selection is asked about.
        source.shouldSelect = true
        source.shouldHighlight = false
        source.log = []
        tap(scene, CGPoint(x: 150, y: 50))
        #expect(source.log == ["shouldHighlight 1"])
        #expect(collectionView.indexPathsForSelectedItems?.map(\.item) == [2])
        scene.window.isHidden = true
    }

    @Test func aFingerThatLeavesTheItemSelectsNothing() {
        let (scene, collectionView, source) = makeScene()
        scene.input.down(at: CGPoint(x: 50, y: 50), time: scene.clock.now)
        scene.clock.advance(by: 0.2)
        #expect(cell(collectionView, 0)?.isHighlighted == true)
        scene.input.move(to: CGPoint(x: 50, y: 150), time: scene.clock.now)
        #expect(cell(collectionView, 0)?.isHighlighted == false)
        scene.input.up(time: scene.clock.now + 0.1)
        #expect(collectionView.indexPathsForSelectedItems == [])
        #expect(source.log == ["shouldHighlight 0", "didHighlight 0", "didUnhighlight 0"])
        // A tap on the space between items, or on no item, selects nothing.
        tap(scene, CGPoint(x: 50, y: 250))
        #expect(collectionView.indexPathsForSelectedItems == [])
        scene.window.isHidden = true
    }

    @Test func aDragOnScrollableContentSelectsNothing() {
        let (scene, collectionView, source) = makeScene(40)
        scene.input.down(at: CGPoint(x: 50, y: 250), time: scene.clock.now)
        scene.clock.advance(by: 0.2)
        #expect(cell(collectionView, 8)?.isHighlighted == true)
        for step in 1...6 {
            scene.clock.advance(by: 0.02)
            scene.input.move(to: CGPoint(x: 50, y: 250 - CGFloat(step) * 20), time: scene.clock.now)
        }
        scene.input.up(time: scene.clock.now)
        scene.clock.advance(by: 2)
        #expect(collectionView.indexPathsForSelectedItems == [])
        #expect(cell(collectionView, 8)?.isHighlighted != true)
        #expect(source.log.contains("didUnhighlight 8"))
        #expect(!source.log.contains { $0.hasPrefix("didSelect") })
        scene.window.isHidden = true
    }

    @Test func noSelectionWhenNotAllowed() {
        let (scene, collectionView, source) = makeScene()
        collectionView.allowsSelection = false
        tap(scene, CGPoint(x: 50, y: 50))
        #expect(source.log.isEmpty)
        collectionView.selectItem(at: IndexPath(item: 1, section: 0), animated: false, scrollPosition: [])
        #expect(collectionView.indexPathsForSelectedItems == [])
        scene.window.isHidden = true
    }

    @Test func selectionByProgramTellsNoDelegateAndFollowsReuse() {
        let source = GridSource([100])
        let (collectionView, _) = makeGrid(source) {
            $0.itemSize = CGSize(width: 320, height: 100)
            $0.minimumLineSpacing = 0
        }
        collectionView.selectItem(at: IndexPath(item: 1, section: 0), animated: false, scrollPosition: [])
        collectionView.selectItem(at: IndexPath(item: 2, section: 0), animated: false, scrollPosition: [])
        #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
        #expect(collectionView.cellForItem(at: IndexPath(item: 1, section: 0))?.isSelected == false)
        #expect(collectionView.cellForItem(at: IndexPath(item: 2, section: 0))?.isSelected == true)
        #expect(source.log.isEmpty)
        // Selecting with a scroll position scrolls; a cell that comes into view for a selected
        // item is selected, the reused one it came from is not.
        collectionView.selectItem(at: IndexPath(item: 60, section: 0), animated: false, scrollPosition: .top)
        #expect(collectionView.contentOffset.y == 6_000)
        collectionView.layoutIfNeeded()
        #expect(collectionView.cellForItem(at: IndexPath(item: 60, section: 0))?.isSelected == true)
        #expect(collectionView.visibleCells.filter(\.isSelected).count == 1)
        collectionView.deselectItem(at: IndexPath(item: 60, section: 0), animated: false)
        #expect(collectionView.indexPathsForSelectedItems == [])
        #expect(collectionView.cellForItem(at: IndexPath(item: 60, section: 0))?.isSelected == false)
        // nil clears; out of range is logged.
        collectionView.allowsMultipleSelection = true
        collectionView.selectItem(at: IndexPath(item: 61, section: 0), animated: false, scrollPosition: [])
        collectionView.selectItem(at: IndexPath(item: 62, section: 0), animated: false, scrollPosition: [])
        #expect(collectionView.indexPathsForSelectedItems?.count == 2)
        var errors: [String] = []
        collectionView.errorObserver = { errors.append($0) }
        collectionView.selectItem(at: IndexPath(item: 100, section: 0), animated: false, scrollPosition: [])
        #expect(errors.count == 1)
        collectionView.selectItem(at: nil, animated: false, scrollPosition: [])
        #expect(collectionView.indexPathsForSelectedItems == [])
        // reloadData clears the selection.
        collectionView.selectItem(at: IndexPath(item: 61, section: 0), animated: false, scrollPosition: [])
        collectionView.reloadData()
        #expect(collectionView.indexPathsForSelectedItems == [])
    }
}
