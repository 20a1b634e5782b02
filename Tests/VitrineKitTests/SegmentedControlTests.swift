import Foundation
import Testing
import VitrineKit
import VitrineTestSupport

@MainActor @Suite struct SegmentedControlTests {
    @Test func itemsMakeSegments() {
        let image = testImage(10)
        let control = UISegmentedControl(items: ["One", image, "Three", 42])
        #expect(control.numberOfSegments == 3)  // 42 is neither a title nor an image
        #expect(control.titleForSegment(at: 0) == "One" && control.titleForSegment(at: 1) == nil)
        #expect(control.imageForSegment(at: 1) === image && control.imageForSegment(at: 0) == nil)
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment && UISegmentedControl.noSegment == -1)
        #expect(control.frame.size == control.intrinsicContentSize)
        #expect(control.intrinsicContentSize.height == 32)
        #expect(!control.isMomentary && !control.apportionsSegmentWidthsByContent)
        #expect(UISegmentedControl(items: nil).numberOfSegments == 0)
        #expect(UISegmentedControl(items: nil).intrinsicContentSize == CGSize(width: 0, height: 32))
    }

    @Test func insertingAndRemovingKeepsTheSelectionOnItsSegment() {
        let control = UISegmentedControl(items: ["A", "B", "C"])
        control.selectedSegmentIndex = 1
        control.insertSegment(withTitle: "Z", at: 0, animated: false)
        #expect(control.selectedSegmentIndex == 2 && control.titleForSegment(at: 2) == "B")
        control.insertSegment(withTitle: "End", at: 99, animated: true)  // past the end: appended
        #expect(control.numberOfSegments == 5 && control.titleForSegment(at: 4) == "End")
        control.insertSegment(withTitle: "Start", at: -3, animated: false)
        #expect(control.titleForSegment(at: 0) == "Start" && control.selectedSegmentIndex == 3)
        let image = testImage(8)
        control.insertSegment(with: image, at: 1, animated: false)
        #expect(control.imageForSegment(at: 1) === image && control.selectedSegmentIndex == 4)
        control.removeSegment(at: 0, animated: false)
        #expect(control.selectedSegmentIndex == 3 && control.titleForSegment(at: 3) == "B")
        control.removeSegment(at: 3, animated: false)  // the selected one
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment && control.numberOfSegments == 5)
        control.removeSegment(at: 17, animated: false)
        #expect(control.numberOfSegments == 5)
        control.selectedSegmentIndex = 2
        control.removeAllSegments()
        #expect(control.numberOfSegments == 0 && control.selectedSegmentIndex == -1)
    }

    @Test func titlesImagesWidthsAndEnabledFlags() {
        let control = UISegmentedControl(items: ["A", "B"])
        let image = testImage(8)
        control.setImage(image, forSegmentAt: 0)
        #expect(control.imageForSegment(at: 0) === image && control.titleForSegment(at: 0) == nil)
        control.setTitle("Again", forSegmentAt: 0)
        #expect(control.titleForSegment(at: 0) == "Again" && control.imageForSegment(at: 0) == nil)
        control.setTitle("X", forSegmentAt: 5)
        #expect(control.titleForSegment(at: 5) == nil && control.imageForSegment(at: -1) == nil)
        #expect(control.isEnabledForSegment(at: 1))
        control.setEnabled(false, forSegmentAt: 1)
        #expect(!control.isEnabledForSegment(at: 1) && !control.isEnabledForSegment(at: 9))
        // Equal automatic widths; a fixed width counts as given.
        let equal = control.intrinsicContentSize.width
        control.setWidth(100, forSegmentAt: 1)
        #expect(control.widthForSegment(at: 1) == 100)
        #expect(control.intrinsicContentSize.width == equal / 2 + 100)
        control.setWidth(0, forSegmentAt: 1)
        #expect(control.intrinsicContentSize.width == equal)
        // By content: a short title gets a narrower segment.
        let uneven = UISegmentedControl(items: ["A much longer title", "B"])
        let shared = uneven.intrinsicContentSize.width
        uneven.apportionsSegmentWidthsByContent = true
        #expect(uneven.intrinsicContentSize.width < shared)
        uneven.selectedSegmentIndex = 7  // out of range: ignored
        #expect(uneven.selectedSegmentIndex == -1)
        control.setTitleTextAttributes([.foregroundColor: UIColor.red], for: .normal)
        #expect(control.titleTextAttributes(for: .normal)?[.foregroundColor] as? UIColor == .red)
        #expect(control.titleTextAttributes(for: .selected) == nil)
    }

    /// Three segments, 100 points each, at (50, 100).
    private func setUp() -> (EventScene, UISegmentedControl, ControlEventLog) {
        let scene = EventScene()
        let control = UISegmentedControl(items: ["One", "Two", "Three"])
        control.frame = CGRect(x: 50, y: 100, width: 300, height: 32)
        scene.window.addSubview(control)
        return (scene, control, ControlEventLog(control))
    }

    @Test func aTapSelectsOnTouchUpAndSendsValueChanged() {
        let (scene, control, log) = setUp()
        scene.input.down(at: CGPoint(x: 200, y: 116), time: 1)
        #expect(control.selectedSegmentIndex == -1)  // not on touch-down
        scene.input.up(time: 1.1)
        #expect(control.selectedSegmentIndex == 1)
        #expect(log.entries == ["down", "valueChanged", "upInside"])
        // The selected segment again: no change, no event.
        scene.input.tap(at: CGPoint(x: 210, y: 116), time: 2)
        #expect(log.entries.filter { $0 == "valueChanged" }.count == 1)
        // Slid from the first segment to the third: the third.
        scene.input.down(at: CGPoint(x: 60, y: 116), time: 3)
        scene.input.move(to: CGPoint(x: 300, y: 118), time: 3.1)
        scene.input.up(time: 3.2)
        #expect(control.selectedSegmentIndex == 2)
        // Lifted outside: nothing.
        scene.input.down(at: CGPoint(x: 60, y: 116), time: 4)
        scene.input.move(to: CGPoint(x: 60, y: 280), time: 4.1)
        scene.input.up(time: 4.2)
        #expect(control.selectedSegmentIndex == 2)
        // A disabled segment cannot be chosen.
        control.setEnabled(false, forSegmentAt: 0)
        scene.input.tap(at: CGPoint(x: 100, y: 116), time: 5)
        #expect(control.selectedSegmentIndex == 2)
        #expect(log.entries.filter { $0 == "valueChanged" }.count == 2)
        // In code: no event.
        control.selectedSegmentIndex = 1
        #expect(log.entries.filter { $0 == "valueChanged" }.count == 2)
    }

    @Test func momentaryControlsSendEveryTap() {
        let (scene, control, log) = setUp()
        control.isMomentary = true
        scene.input.tap(at: CGPoint(x: 100, y: 116), time: 1)
        scene.input.tap(at: CGPoint(x: 100, y: 116), time: 2)
        #expect(log.entries.filter { $0 == "valueChanged" }.count == 2)
        #expect(control.selectedSegmentIndex == 0)
    }

    @Test func actionsRunForTheirSegment() {
        let scene = EventScene()
        var ran: [String] = []
        let control = UISegmentedControl(
            frame: .zero,
            actions: [
                UIAction(title: "Map") { _ in ran.append("map") },
                UIAction(title: "List", identifier: "list") { _ in ran.append("list") },
            ])
        #expect(control.numberOfSegments == 2 && control.titleForSegment(at: 1) == "List")
        #expect(control.segmentIndex(identifiedBy: "list") == 1)
        #expect(control.actionForSegment(at: 0)?.title == "Map")
        control.frame = CGRect(x: 100, y: 100, width: 200, height: 32)
        scene.window.addSubview(control)
        scene.input.tap(at: CGPoint(x: 250, y: 116), time: 1)
        #expect(ran == ["list"] && control.selectedSegmentIndex == 1)
    }

    @Test func thePillMarksTheSelection() {
        let control = UISegmentedControl(items: ["One", "Two"])
        control.frame = CGRect(x: 10, y: 10, width: 200, height: 32)
        var image = renderAlone(control, width: 220, height: 52)
        let track = image.rgb(20, 14)  // the grey track
        #expect(track.red < 245 && track.red > 220)
        control.selectedSegmentIndex = 0
        image = renderAlone(control, width: 220, height: 52)
        #expect(image.rgb(20, 14) == .white)  // the pill, 2 points in
        #expect(image.rgb(11, 26) == track)  // the 2-point track margin
        #expect(image.rgb(120, 14) == track)
        control.selectedSegmentTintColor = .red
        image = renderAlone(control, width: 220, height: 52)
        #expect(image.rgb(20, 14) == .red)
        // Titles in the attribute colour.
        control.setTitleTextAttributes([.foregroundColor: UIColor.blue], for: .normal)
        image = renderAlone(control, width: 220, height: 52)
        var blueFound = false
        for y in 14..<38 {
            for x in 112..<208 where image.rgb(x, y).blue > 200 && image.rgb(x, y).red < 60 { blueFound = true }
        }
        #expect(blueFound)
    }

    @Test func thePillSlidesToASegmentChosenByTouch() throws {
        let (scene, control, _) = setUp()
        scene.window.backgroundColor = .white
        control.selectedSegmentIndex = 0
        scene.clock.advance(by: 0.05)
        // The pill's top edge, 3 points down, at the middle segment's left part.
        var image = try scene.screenshot()
        #expect(image.rgb(160, 103) != .white)
        scene.input.tap(at: CGPoint(x: 300, y: 116), time: scene.clock.now)
        #expect(control.selectedSegmentIndex == 2)
        scene.clock.advance(by: 0.1)
        image = try scene.screenshot()
        #expect(image.rgb(160, 103) == .white)  // passing over the middle segment
        scene.clock.advance(by: 0.5)
        image = try scene.screenshot()
        #expect(image.rgb(160, 103) != .white && image.rgb(290, 103) == .white)
    }

    @Test func theSelectedPillFollowsADragThatStartsOnIt() throws {
        let (scene, control, log) = setUp()
        scene.window.backgroundColor = .white
        control.selectedSegmentIndex = 0
        scene.clock.advance(by: 0.05)
        scene.input.down(at: CGPoint(x: 100, y: 116), time: scene.clock.now)
        scene.input.move(to: CGPoint(x: 200, y: 116), time: scene.clock.now + 0.05)
        scene.clock.advance(by: 0.1)
        var image = try scene.screenshot()
        #expect(image.rgb(160, 103) == .white && image.rgb(60, 103) != .white)  // under the finger
        #expect(control.selectedSegmentIndex == 0 && !log.entries.contains("valueChanged"))
        scene.input.up(time: scene.clock.now)
        #expect(control.selectedSegmentIndex == 1 && log.entries.contains("valueChanged"))
        // Dragged out and lifted outside: the pill goes back.
        scene.input.down(at: CGPoint(x: 200, y: 116), time: scene.clock.now + 0.1)
        scene.input.move(to: CGPoint(x: 300, y: 116), time: scene.clock.now + 0.15)
        scene.input.move(to: CGPoint(x: 300, y: 290), time: scene.clock.now + 0.2)
        scene.input.up(time: scene.clock.now + 0.25)
        scene.clock.advance(by: 0.5)
        image = try scene.screenshot()
        #expect(control.selectedSegmentIndex == 1 && image.rgb(160, 103) == .white)
    }

    @Test func snapshotThreeSegments() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 260, height: 52))
        root.backgroundColor = .white
        let control = UISegmentedControl(items: ["First", "Second", "Third"])
        control.frame = CGRect(x: 10, y: 10, width: 240, height: 32)
        control.selectedSegmentIndex = 0
        root.addSubview(control)
        let buffer = PixelBuffer(width: 260, height: 52, format: .xrgb8888)
        root.layer.layoutAndDisplayIfNeeded()
        Compositor().render(root.layer, into: buffer, bufferAge: 0)
        try assertSnapshot(of: buffer, named: "segmented-control-three", tolerance: 8, maxDifferingPixels: 40)
    }
}

/// A square image `side` points wide.
@MainActor
private func testImage(_ side: Int) -> UIImage {
    UIGraphicsImageRenderer(size: CGSize(width: side, height: side)).image { _ in }
}
