import Testing
import VitrineInput
import VitrinePlatform

@Suite("InputDevice")
struct InputDeviceTests {
    @Test func scannerListsOnlyEventNodesWithoutCrashing() {
        // May be empty (no /dev/input here); whatever is listed must be an evdev node.
        let devices = InputDeviceScanner().devices()
        for device in devices {
            #expect(device.devnode.hasPrefix("/dev/input/event"))
            #expect(device.eventIndex != nil)
        }
    }

    @Test func recognisesEventNodeNames() {
        #expect(InputDevice.eventIndex(of: "event0") == 0)
        #expect(InputDevice.eventIndex(of: "event17") == 17)
        #expect(InputDevice.eventIndex(of: "input5") == nil)
        #expect(InputDevice.eventIndex(of: "event") == nil)
        #expect(InputDevice.eventIndex(of: "mouse0") == nil)
    }

    @Test func readsTheCalibrationProperty() throws {
        var device = InputDevice(
            devnode: "/dev/input/event3", syspath: "/sys/devices/virtual/input/input3/event3", sysname: "event3",
            name: "Vitrine Touch", capabilities: [.touchscreen], calibrationMatrixProperty: "-1 0 1 0 -1 1",
            outputName: "DSI-1")
        #expect(try device.calibrationMatrix() == CalibrationMatrix(rotation: .clockwise180))
        #expect(device.capabilities.contains(.touchscreen))
        #expect(!device.capabilities.contains(.mouse))
        device.calibrationMatrixProperty = "1 0"
        #expect(throws: CalibrationMatrixError.wrongValueCount(2)) { try device.calibrationMatrix() }
        device.calibrationMatrixProperty = nil
        #expect(try device.calibrationMatrix() == nil)
    }
}
