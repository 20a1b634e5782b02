import Foundation
import Testing
import VitrineKit
import VitrineTestSupport

@MainActor @Suite struct SliderTests {
    private static let blue = RGB(0, 122, 255)
    private static let grey = RGB(209, 209, 214)

    @Test func valuesStayInTheRange() {
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 200, height: 31))
        #expect(slider.value == 0 && slider.minimumValue == 0 && slider.maximumValue == 1)
        slider.value = 2
        #expect(slider.value == 1)
        slider.setValue(-3, animated: true)
        #expect(slider.value == 0)
        slider.maximumValue = 10
        slider.value = 7
        slider.maximumValue = 5
        #expect(slider.value == 5)
        slider.minimumValue = 6  // past the maximum: the maximum follows
        #expect(slider.minimumValue == 6 && slider.maximumValue == 6 && slider.value == 6)
        slider.maximumValue = -1  // past the minimum: the minimum follows
        #expect(slider.minimumValue == -1 && slider.value == -1)
        slider.value = .nan
        slider.minimumValue = .infinity
        slider.maximumValue = .nan
        #expect(slider.value == -1 && slider.minimumValue == -1 && slider.maximumValue == -1)
        #expect(slider.intrinsicContentSize.height == 31)
    }

    /// A slider 228 points wide at (50, 100): the 28-point thumb's center travels 200 points,
    /// from x 64 (value 0) to x 264 (value 1), over 0...100.
    private func setUp() -> (EventScene, UISlider, ControlEventLog) {
        let scene = EventScene()
        let slider = UISlider(frame: CGRect(x: 50, y: 100, width: 228, height: 31))
        slider.maximumValue = 100
        scene.window.addSubview(slider)
        return (scene, slider, ControlEventLog(slider))
    }

    @Test func draggingTheThumbMapsToValues() {
        let (scene, slider, log) = setUp()
        var seen: [Float] = []
        slider.addAction(UIAction { [unowned slider] _ in seen.append(slider.value) }, for: .valueChanged)
        // Grabbed 5 points right of its center: it keeps that offset.
        scene.input.down(at: CGPoint(x: 69, y: 115), time: 1)
        #expect(slider.isTracking)
        scene.input.move(to: CGPoint(x: 119, y: 118), time: 1.1)
        #expect(slider.value == 25)
        scene.input.move(to: CGPoint(x: 169, y: 250), time: 1.2)  // far below: still dragging
        #expect(slider.value == 50)
        scene.input.move(to: CGPoint(x: 169, y: 251), time: 1.3)  // no change, no event
        scene.input.move(to: CGPoint(x: 399, y: 115), time: 1.4)
        #expect(slider.value == 100)
        scene.input.up(time: 1.5)
        #expect(seen == [25, 50, 100])
        #expect(log.collapsed.first == "down" && log.entries.last == "upOutside")  // lifted beyond the slop
        // Back down from the other end.
        scene.input.down(at: CGPoint(x: 264, y: 115), time: 2)
        scene.input.move(to: CGPoint(x: 0, y: 115), time: 2.1)
        scene.input.up(time: 2.2)
        #expect(slider.value == 0 && seen.last == 0)
    }

    @Test func aNonContinuousSliderReportsOnceAtTheEnd() {
        let (scene, slider, log) = setUp()
        slider.isContinuous = false
        scene.input.down(at: CGPoint(x: 64, y: 115), time: 1)
        scene.input.move(to: CGPoint(x: 114, y: 115), time: 1.1)
        scene.input.move(to: CGPoint(x: 164, y: 115), time: 1.2)
        #expect(slider.value == 50 && !log.entries.contains("valueChanged"))
        scene.input.up(time: 1.3)
        #expect(log.entries.filter { $0 == "valueChanged" }.count == 1)
        #expect(log.entries.suffix(3) == ["valueChanged", "primary", "upInside"])
    }

    @Test func touchesAwayFromTheThumbDoNotMoveIt() {
        let (scene, slider, log) = setUp()
        scene.input.down(at: CGPoint(x: 200, y: 115), time: 1)
        #expect(!slider.isTracking)
        scene.input.move(to: CGPoint(x: 220, y: 115), time: 1.1)
        scene.input.up(time: 1.2)
        #expect(slider.value == 0)
        #expect(log.entries == ["down", "dragInside", "upInside"])
    }

    @Test func theTrackFillsUpToTheThumb() {
        let slider = UISlider(frame: CGRect(x: 10, y: 10, width: 228, height: 31))
        slider.value = 0.5
        var image = renderAlone(slider, width: 248, height: 51)
        // Thumb center at 10 + 14 + 100 = 124; the track is 4 points high about y 25.5.
        #expect(image.rgb(124, 25) == .white)
        #expect(image.rgb(60, 25).isClose(to: Self.blue, tolerance: 2))
        #expect(image.rgb(200, 25).isClose(to: Self.grey, tolerance: 2))
        #expect(image.rgb(60, 20) == .white)  // above the track
        slider.minimumTrackTintColor = .red
        slider.maximumTrackTintColor = .green
        slider.thumbTintColor = .blue
        slider.value = 0.25
        image = renderAlone(slider, width: 248, height: 51)
        #expect(image.rgb(74, 25) == .blue)  // the thumb moved to 10 + 14 + 50
        #expect(image.rgb(40, 25) == .red)
        #expect(image.rgb(124, 25) == .green)
        // The minimum track follows the tint colour when it has none of its own.
        slider.minimumTrackTintColor = nil
        slider.tintColor = .magenta
        image = renderAlone(slider, width: 248, height: 51)
        #expect(image.rgb(40, 25) == RGB(255, 0, 255))
    }

    @Test func snapshotAtAValue() throws {
        let slider = UISlider(frame: CGRect(x: 10, y: 10, width: 180, height: 31))
        slider.value = 0.3
        let image = renderAlone(slider, width: 200, height: 51)
        try assertSnapshot(of: image, named: "slider-0.3")
    }
}
