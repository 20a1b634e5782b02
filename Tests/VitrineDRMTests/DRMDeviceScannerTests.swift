import Testing
import VitrineDRM

@Suite("DRMDeviceScanner")
struct DRMDeviceScannerTests {
    @Test func listsOnlyPrimaryNodesWithoutCrashing() {
        // May be empty (no /dev/dri in a container); whatever is listed must be a card node.
        let devices = DRMDeviceScanner().devices()
        for device in devices {
            #expect(device.devnode.hasPrefix("/dev/dri/card"))
            #expect(device.cardIndex != nil)
            #expect(device.syspath.hasPrefix("/sys/"))
        }
        #expect(devices.map(\.cardIndex) == devices.map(\.cardIndex).sorted { ($0 ?? 0) < ($1 ?? 0) })
    }

    @Test func pickOnNothingIsNil() {
        #expect(DRMDeviceScanner.pick(from: []) == nil)
        #expect(DRMDeviceScanner.pick(from: [], configured: "card0") == nil)
    }

    @Test func picksConfiguredThenBootVGAThenFirst() {
        let card0 = DRMDevice(
            devnode: "/dev/dri/card0", syspath: "/sys/devices/platform/vkms/drm/card0", sysname: "card0")
        let card1 = DRMDevice(
            devnode: "/dev/dri/card1", syspath: "/sys/devices/pci0000:00/0000:00:02.0/drm/card1", sysname: "card1",
            driver: "i915", isBootVGA: true)
        let card2 = DRMDevice(devnode: "/dev/dri/card2", syspath: "/sys/devices/x/drm/card2", sysname: "card2")
        #expect(DRMDeviceScanner.pick(from: [card0, card1, card2]) == card1)
        #expect(DRMDeviceScanner.pick(from: [card0, card2]) == card0)
        #expect(DRMDeviceScanner.pick(from: [card0, card1, card2], configured: "card2") == card2)
        #expect(DRMDeviceScanner.pick(from: [card0, card1, card2], configured: "/dev/dri/card0") == card0)
        #expect(DRMDeviceScanner.pick(from: [card0, card1], configured: "card7") == nil)
    }

    @Test func recognisesPrimaryNodeNames() {
        #expect(DRMDevice.cardIndex(of: "card0") == 0)
        #expect(DRMDevice.cardIndex(of: "card12") == 12)
        #expect(DRMDevice.cardIndex(of: "card0-HDMI-A-1") == nil)
        #expect(DRMDevice.cardIndex(of: "renderD128") == nil)
        #expect(DRMDevice.cardIndex(of: "card") == nil)
    }
}
