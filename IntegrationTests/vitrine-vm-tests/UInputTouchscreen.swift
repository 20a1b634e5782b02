import Foundation

/// A multitouch touchscreen made through uinput (type B protocol, `Documentation/input/
/// multi-touch-protocol.rst`): `INPUT_PROP_DIRECT`, `BTN_TOUCH`, `ABS_X`/`ABS_Y` and the
/// `ABS_MT_*` slot axes, all 0...4095 at 16 units per millimetre, so udev tags it
/// `ID_INPUT_TOUCHSCREEN` and libinput gives it the touch capability.
///
/// Changes are queued per slot (`down`, `move`, `up`) and sent together with `SYN_REPORT`
/// (`sync()`), which is what ends a libinput touch frame. The single-touch axes and
/// `BTN_TOUCH` follow the lowest active slot, as the kernel's pointer emulation does.
final class UInputTouchscreen {
    /// The largest coordinate on both axes; the range is 0...maximum.
    static let maximum: Int32 = 4095
    static let slotCount: Int32 = 10

    let device: UInputDevice
    var name: String { device.name }
    /// libinput's name for it (`event5`).
    var sysname: String { device.eventSysname }

    private var pending: [(type: UInt16, code: UInt16, value: Int32)] = []
    private var positions: [Int32: (x: Int32, y: Int32)] = [:]
    private var nextTrackingID: Int32 = 1
    private var touching = false

    init(name: String) throws(UInputError) {
        var capabilities = UInputDevice.Capabilities()
        capabilities.keys = [UInput.BTN_TOUCH]
        let range = (minimum: Int32(0), maximum: Self.maximum, resolution: Int32(16))
        for axis in [UInput.ABS_X, UInput.ABS_Y, UInput.ABS_MT_POSITION_X, UInput.ABS_MT_POSITION_Y] {
            capabilities.axes.append((axis, range.minimum, range.maximum, range.resolution))
        }
        capabilities.axes.append((UInput.ABS_MT_SLOT, 0, Self.slotCount - 1, 0))
        capabilities.axes.append((UInput.ABS_MT_TRACKING_ID, 0, 65535, 0))
        capabilities.properties = [UInput.INPUT_PROP_DIRECT]
        device = try UInputDevice(name: name, capabilities: capabilities)
    }

    /// The device coordinate of a normalised position (0...1, as libinput scales: value /
    /// (maximum + 1)).
    static func raw(_ normalised: Double) -> Int32 {
        min(maximum, max(0, Int32((normalised * Double(maximum + 1)).rounded())))
    }

    /// A finger touches in `slot` at device coordinates (`x`, `y`).
    func down(slot: Int32, x: Int32, y: Int32) {
        pending.append((UInput.EV_ABS, UInput.ABS_MT_SLOT, slot))
        pending.append((UInput.EV_ABS, UInput.ABS_MT_TRACKING_ID, nextTrackingID))
        nextTrackingID += 1
        pending.append((UInput.EV_ABS, UInput.ABS_MT_POSITION_X, x))
        pending.append((UInput.EV_ABS, UInput.ABS_MT_POSITION_Y, y))
        positions[slot] = (x, y)
    }

    /// The finger in `slot` moves to (`x`, `y`).
    func move(slot: Int32, x: Int32, y: Int32) {
        pending.append((UInput.EV_ABS, UInput.ABS_MT_SLOT, slot))
        pending.append((UInput.EV_ABS, UInput.ABS_MT_POSITION_X, x))
        pending.append((UInput.EV_ABS, UInput.ABS_MT_POSITION_Y, y))
        positions[slot] = (x, y)
    }

    /// The finger in `slot` lifts.
    func up(slot: Int32) {
        pending.append((UInput.EV_ABS, UInput.ABS_MT_SLOT, slot))
        pending.append((UInput.EV_ABS, UInput.ABS_MT_TRACKING_ID, -1))
        positions[slot] = nil
    }

    /// Sends the queued changes with the single-touch emulation and `SYN_REPORT`; returns
    /// whether the write worked.
    @discardableResult
    func sync() -> Bool {
        if let first = positions.keys.min(), let position = positions[first] {
            if !touching { pending.append((UInput.EV_KEY, UInput.BTN_TOUCH, 1)) }
            pending.append((UInput.EV_ABS, UInput.ABS_X, position.x))
            pending.append((UInput.EV_ABS, UInput.ABS_Y, position.y))
            touching = true
        } else if touching {
            pending.append((UInput.EV_KEY, UInput.BTN_TOUCH, 0))
            touching = false
        }
        pending.append((UInput.EV_SYN, UInput.SYN_REPORT, 0))
        defer { pending.removeAll() }
        return device.write(pending)
    }

    /// Removes the device.
    func destroy() { device.destroy() }
}
