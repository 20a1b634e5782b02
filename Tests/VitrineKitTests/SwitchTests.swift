import Foundation
import Testing
import VitrineKit
import VitrineTestSupport

@MainActor @Suite struct SwitchTests {
    private static let green = RGB(52, 199, 89)
    private static let lightGrey = RGB(229, 229, 234)

    @Test func theSizeIsFixed() {
        let control = UISwitch(frame: CGRect(x: 10, y: 20, width: 200, height: 100))
        #expect(control.frame == CGRect(x: 10, y: 20, width: 51, height: 31))
        control.frame = CGRect(x: 5, y: 6, width: 7, height: 8)
        #expect(control.frame == CGRect(x: 5, y: 6, width: 51, height: 31))
        control.bounds.size = CGSize(width: 300, height: 300)
        #expect(control.bounds.size == CGSize(width: 51, height: 31))
        #expect(control.intrinsicContentSize == CGSize(width: 51, height: 31))
        control.sizeToFit()
        #expect(control.frame.size == CGSize(width: 51, height: 31))
    }

    @Test func aTapTogglesAndSendsValueChanged() {
        let scene = EventScene()
        let control = UISwitch(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
        scene.window.addSubview(control)
        let log = ControlEventLog(control)
        #expect(!control.isOn)
        scene.input.tap(at: CGPoint(x: 120, y: 115), time: 1)
        #expect(control.isOn)
        #expect(log.entries == ["down", "valueChanged", "primary", "upInside"])
        scene.input.tap(at: CGPoint(x: 120, y: 115), time: 2)
        #expect(!control.isOn)
        #expect(log.entries.count == 8)
        // In code: no event.
        control.setOn(true, animated: true)
        control.isOn = false
        #expect(log.entries.count == 8)
        // Lifted far away: no toggle.
        scene.input.down(at: CGPoint(x: 120, y: 115), time: 3)
        scene.input.move(to: CGPoint(x: 380, y: 280), time: 3.1)
        scene.input.up(time: 3.2)
        #expect(!control.isOn)
        #expect(log.entries.suffix(3) == ["down", "dragExit", "upOutside"])
    }

    @Test func aSidewaysDragSetsTheSideItEndsOn() {
        let scene = EventScene()
        let control = UISwitch(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
        scene.window.addSubview(control)
        let log = ControlEventLog(control)
        // Off, dragged further left: stays off and reports nothing.
        scene.input.down(at: CGPoint(x: 130, y: 115), time: 1)
        scene.input.move(to: CGPoint(x: 105, y: 115), time: 1.1)
        scene.input.up(time: 1.2)
        #expect(!control.isOn)
        #expect(!log.entries.contains("valueChanged"))
        // Dragged to the right: on.
        scene.input.down(at: CGPoint(x: 105, y: 115), time: 2)
        scene.input.move(to: CGPoint(x: 145, y: 115), time: 2.1)
        scene.input.up(time: 2.2)
        #expect(control.isOn)
        #expect(log.entries.filter { $0 == "valueChanged" }.count == 1)
    }

    @Test func disabledSwitchesDoNotToggle() {
        let scene = EventScene()
        let control = UISwitch(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
        scene.window.addSubview(control)
        let log = ControlEventLog(control)
        control.isEnabled = false
        scene.input.tap(at: CGPoint(x: 120, y: 115), time: 1)
        #expect(!control.isOn && log.entries.isEmpty)
    }

    @Test func theTrackAndThumbShowTheState() {
        let control = UISwitch(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
        // Off: the thumb (27 points, 2 from the edge) on the left, grey track on the right.
        var image = renderAlone(control, width: 71, height: 51)
        #expect(image.rgb(25, 25) == .white)
        #expect(image.rgb(52, 25).isClose(to: Self.lightGrey, tolerance: 2))
        #expect(image.rgb(5, 25) == .white)  // outside the switch
        control.isOn = true
        image = renderAlone(control, width: 71, height: 51)
        #expect(image.rgb(45, 25) == .white)
        #expect(image.rgb(20, 25).isClose(to: Self.green, tolerance: 2))
        control.onTintColor = .red
        image = renderAlone(control, width: 71, height: 51)
        #expect(image.rgb(20, 25) == .red)
        control.thumbTintColor = .blue
        image = renderAlone(control, width: 71, height: 51)
        #expect(image.rgb(45, 25) == .blue)
        // Touched, the thumb widens toward the middle by 7 points: x 28 is thumb now.
        #expect(image.rgb(28, 25) == .red)
        control.isHighlighted = true
        image = renderAlone(control, width: 71, height: 51)
        #expect(image.rgb(28, 25) == .blue)
        // Disabled: half opacity over white.
        control.isHighlighted = false
        control.isEnabled = false
        image = renderAlone(control, width: 71, height: 51)
        #expect(image.rgb(20, 25).isClose(to: RGB(255, 128, 128), tolerance: 2))
    }

    @Test func theScreenShowsTheTouchAndTheToggle() throws {
        let scene = EventScene()
        scene.window.backgroundColor = .white
        let control = UISwitch(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
        scene.window.addSubview(control)
        var image = try scene.screenshot()
        #expect(image.rgb(118, 115) == .white)  // the thumb, off
        #expect(image.rgb(132, 115).isClose(to: Self.lightGrey, tolerance: 2))  // just right of it
        scene.input.down(at: CGPoint(x: 110, y: 115), time: 1)
        scene.clock.advance(by: 1.0 / 60)
        image = try scene.screenshot()
        #expect(image.rgb(132, 115) == .white)  // pressed: the thumb widened
        scene.input.up(time: 1.1)
        scene.clock.advance(by: 1.0 / 60)
        image = try scene.screenshot()
        #expect(image.rgb(140, 115) == .white)  // on: the thumb at the right
        #expect(image.rgb(110, 115).isClose(to: Self.green, tolerance: 2))
    }

    @Test func snapshotOffAndOn() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 130, height: 50))
        root.backgroundColor = .white
        let off = UISwitch(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
        let on = UISwitch(frame: CGRect(x: 70, y: 10, width: 0, height: 0))
        on.isOn = true
        root.addSubview(off)
        root.addSubview(on)
        let buffer = PixelBuffer(width: 130, height: 50, format: .xrgb8888)
        root.layer.layoutAndDisplayIfNeeded()
        Compositor().render(root.layer, into: buffer, bufferAge: 0)
        try assertSnapshot(of: buffer, named: "switch-off-on")
    }
}
