import VitrineUdev

/// Lists the evdev input devices through libudev, as libinput's udev backend finds them: the
/// `input` subsystem's `eventN` nodes, with their udev properties.
///
/// It never fails: with no udev, no sysfs or no devices it returns an empty list. Without
/// udev's database (`/run/udev/data`, no `systemd-udevd` running) the `ID_INPUT_*`
/// classification is missing and devices are listed with no capabilities.
public struct InputDeviceScanner: Sendable {
    /// A scanner; each `devices()` call asks udev afresh.
    public init() {}

    /// The event devices udev knows, ordered by event number; nodes without a devnode are left out.
    public func devices() -> [InputDevice] {
        UdevEnumerator.devices(subsystem: "input", sysname: "event[0-9]*").compactMap(Self.inputDevice(from:))
            .sorted { ($0.eventIndex ?? Int.max, $0.sysname) < ($1.eventIndex ?? Int.max, $1.sysname) }
    }

    private static func inputDevice(from device: UdevDevice) -> InputDevice? {
        guard let sysname = device.sysname, InputDevice.eventIndex(of: sysname) != nil,
            let devnode = device.devnode, let syspath = device.syspath
        else { return nil }
        var capabilities: InputDevice.Capabilities = []
        let flags: [(String, InputDevice.Capabilities)] = [
            ("ID_INPUT_TOUCHSCREEN", .touchscreen), ("ID_INPUT_TOUCHPAD", .touchpad),
            ("ID_INPUT_MOUSE", .mouse), ("ID_INPUT_KEYBOARD", .keyboard),
        ]
        for (key, capability) in flags where device.property(key) == "1" {
            capabilities.insert(capability)
        }
        // The name lives on the parent `inputN` device, as its `name` attribute and `NAME` property.
        var name = ""
        if let parent = device.parent {
            if let attribute = parent.attribute("name") {
                name = attribute
            } else if let quoted = parent.property("NAME") {
                name =
                    quoted.count >= 2 && quoted.hasPrefix("\"") && quoted.hasSuffix("\"")
                    ? String(quoted.dropFirst().dropLast()) : quoted
            }
        }
        while name.last?.isNewline == true { name.removeLast() }
        return InputDevice(
            devnode: devnode, syspath: syspath, sysname: sysname, name: name, capabilities: capabilities,
            calibrationMatrixProperty: device.property("LIBINPUT_CALIBRATION_MATRIX"),
            outputName: device.property("WL_OUTPUT"), properties: device.properties)
    }
}
