import Foundation
import Testing
import VitrinePlatform

@testable import VitrineInput

/// The libinput source's translation of libinput's events (real devices are exercised in the
/// VM integration tests; these feed translated events straight in).
@MainActor @Suite struct LibinputInputSourceTests {
    private func makeSource(
        mapping: @escaping (InputDeviceDescription) -> String? = { $0.outputName }
    ) throws -> (LibinputInputSource, [InputEvent]) {
        let context = try LibinputContext(devicePaths: [])
        return (LibinputInputSource(context: context, outputForDevice: mapping), [])
    }

    private let panel = InputDeviceDescription(
        sysname: "event5", name: "Vitrine test touchscreen", isTouchscreen: true, isPointer: false,
        isKeyboard: false, properties: ["WL_OUTPUT": "HDMI-A-1"])

    @Test func touchesCarryTheirDevicesOutputAndTimestamps() throws {
        var (source, received) = try makeSource()
        source.eventHandler = { received.append($0) }
        source.deliver(.deviceAdded(panel))
        source.deliver(.touchDown(device: "event5", slot: 0, x: 0.25, y: 0.5, time: 10))
        source.deliver(.touchFrame(device: "event5", time: 10))
        source.deliver(.touchUp(device: "event5", slot: 0, time: 10.1))
        #expect(
            received == [
                .touch(
                    .down(slot: 0, at: CGPoint(x: 0.25, y: 0.5), output: "HDMI-A-1", device: "event5", timestamp: 10)),
                .touch(.frame(output: "HDMI-A-1", device: "event5", timestamp: 10)),
                .touch(.up(slot: 0, output: "HDMI-A-1", device: "event5", timestamp: 10.1)),
            ])
    }

    @Test func aDeviceRemovedMidTouchCancelsItsTouches() throws {
        var (source, received) = try makeSource(mapping: { _ in "DSI-1" })
        source.eventHandler = { received.append($0) }
        source.deliver(.deviceAdded(panel))
        source.deliver(.touchDown(device: "event5", slot: 3, x: 0.1, y: 0.1, time: 1))
        source.deliver(.touchDown(device: "event5", slot: 1, x: 0.2, y: 0.2, time: 1))
        source.deliver(.touchUp(device: "event5", slot: 3, time: 1.1))
        received.removeAll()
        source.deliver(.deviceRemoved(panel))
        #expect(received.count == 2)
        guard case .touch(let cancel) = received.first, case .touch(let frame) = received.last else {
            Issue.record("expected touch events, got \(received)")
            return
        }
        #expect(cancel.phase == .cancel && cancel.slot == 1 && cancel.outputName == "DSI-1")
        #expect(frame.phase == .frame)
        // Removing it again, or a device without touches, sends nothing.
        received.removeAll()
        source.deliver(.deviceRemoved(panel))
        #expect(received.isEmpty)
    }

    @Test func keysAndPointersPassThrough() throws {
        var (source, received) = try makeSource()
        source.eventHandler = { received.append($0) }
        source.deliver(.key(device: "event2", code: 28, pressed: true, time: 3))
        source.deliver(.pointerButton(device: "event4", button: 0x110, pressed: true, time: 4))
        #expect(
            received == [
                .key(
                    KeyEvent(
                        keyCode: 28, isPressed: true, device: "event2", timestamp: 3, characters: "\r",
                        charactersIgnoringModifiers: "\r")),
                .pointer(PointerEvent(kind: .button(button: 0x110, isPressed: true), device: "event4", timestamp: 4)),
            ])
    }

    @Test func scrollingArrivesInPointsAWheelNotchALine() throws {
        var (source, received) = try makeSource()
        source.eventHandler = { received.append($0) }
        source.deliver(.pointerScroll(device: "event4", dx: 0, dy: 15, isWheel: true, time: 5))
        source.deliver(.pointerScroll(device: "event4", dx: -3, dy: 7, isWheel: false, time: 6))
        #expect(
            received == [
                .pointer(PointerEvent(kind: .scroll(dx: 0, dy: 40), device: "event4", timestamp: 5)),
                .pointer(PointerEvent(kind: .scroll(dx: -3, dy: 7), device: "event4", timestamp: 6)),
            ])
    }

    @Test func aPathContextWithoutDevicesReadsNothing() throws {
        let context = try LibinputContext(devicePaths: ["/nonexistent/event99"])
        #expect(context.failedPaths == ["/nonexistent/event99"])
        #expect(context.readEvents().isEmpty)
        #expect(context.currentDevices.isEmpty)
        #expect(!context.setCalibration(.identity, forDeviceNamed: "event99"))
    }
}

/// Device additions and removals reach `deviceChangeHandler`, with what kind of keyboard a
/// device is.
@MainActor @Suite struct LibinputDeviceReportingTests {
    @Test func additionsAndRemovalsAreReportedAfterTouchesAreCancelled() throws {
        let source = LibinputInputSource(context: try LibinputContext(devicePaths: []))
        var log: [String] = []
        source.eventHandler = { event in
            if case .touch(let touch) = event { log.append("touch \(touch.phase)") }
        }
        source.deviceChangeHandler = { change in log.append("\(change.kind) \(change.device.sysname)") }
        let keyboard = InputDeviceDescription(
            sysname: "event2", name: "USB Keyboard", isTouchscreen: false, isPointer: false, isKeyboard: true,
            isAlphanumericKeyboard: true)
        let panel = InputDeviceDescription(
            sysname: "event5", name: "Panel", isTouchscreen: true, isPointer: false, isKeyboard: false)
        source.deliver(.deviceAdded(keyboard))
        source.deliver(.deviceAdded(panel))
        source.deliver(.touchDown(device: "event5", slot: 0, x: 0.5, y: 0.5, time: 1))
        source.deliver(.deviceRemoved(panel))
        source.deliver(.deviceRemoved(keyboard))
        #expect(
            log == [
                "added event2", "added event5", "touch down", "touch cancel", "touch frame", "removed event5",
                "removed event2",
            ])
    }

    @Test func aDeviceWithAFewKeysIsNotATypingKeyboard() {
        let button = InputDeviceDescription(
            sysname: "event0", name: "Power Button", isTouchscreen: false, isPointer: false, isKeyboard: true,
            isAlphanumericKeyboard: false)
        #expect(button.isKeyboard && !button.isAlphanumericKeyboard)
        // Unless told, a keyboard is taken to be one to type on.
        let keyboard = InputDeviceDescription(
            sysname: "event1", name: "Keyboard", isTouchscreen: false, isPointer: false, isKeyboard: true)
        #expect(keyboard.isAlphanumericKeyboard)
    }
}
