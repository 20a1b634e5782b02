internal import CUdev

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
        guard let udev = udev_new() else { return [] }
        defer { udev_unref(udev) }
        guard let enumerate = udev_enumerate_new(udev) else { return [] }
        defer { udev_enumerate_unref(enumerate) }
        guard udev_enumerate_add_match_subsystem(enumerate, "input") >= 0,
            udev_enumerate_add_match_sysname(enumerate, "event[0-9]*") >= 0,
            udev_enumerate_scan_devices(enumerate) >= 0
        else { return [] }

        var found: [InputDevice] = []
        var entry = udev_enumerate_get_list_entry(enumerate)
        while let current = entry {
            entry = udev_list_entry_get_next(current)
            guard let syspath = udev_list_entry_get_name(current),
                let device = udev_device_new_from_syspath(udev, syspath)
            else { continue }
            defer { udev_device_unref(device) }
            if let input = Self.inputDevice(from: device) { found.append(input) }
        }
        return found.sorted {
            ($0.eventIndex ?? Int.max, $0.sysname) < ($1.eventIndex ?? Int.max, $1.sysname)
        }
    }

    private static func inputDevice(from device: OpaquePointer) -> InputDevice? {
        guard let sysname = string(udev_device_get_sysname(device)),
            InputDevice.eventIndex(of: sysname) != nil,
            let devnode = string(udev_device_get_devnode(device)),
            let syspath = string(udev_device_get_syspath(device))
        else { return nil }
        func property(_ key: String) -> String? { string(udev_device_get_property_value(device, key)) }

        var capabilities: InputDevice.Capabilities = []
        let flags: [(String, InputDevice.Capabilities)] = [
            ("ID_INPUT_TOUCHSCREEN", .touchscreen), ("ID_INPUT_TOUCHPAD", .touchpad),
            ("ID_INPUT_MOUSE", .mouse), ("ID_INPUT_KEYBOARD", .keyboard),
        ]
        for (key, capability) in flags where property(key) == "1" {
            capabilities.insert(capability)
        }
        // The name lives on the parent `inputN` device, as its `name` attribute and `NAME` property.
        var name = ""
        if let parent = udev_device_get_parent(device) {
            if let attribute = string(udev_device_get_sysattr_value(parent, "name")) {
                name = attribute
            } else if let quoted = string(udev_device_get_property_value(parent, "NAME")) {
                name =
                    quoted.count >= 2 && quoted.hasPrefix("\"") && quoted.hasSuffix("\"")
                    ? String(quoted.dropFirst().dropLast()) : quoted
            }
        }
        while name.last?.isNewline == true { name.removeLast() }
        return InputDevice(
            devnode: devnode, syspath: syspath, sysname: sysname, name: name, capabilities: capabilities,
            calibrationMatrixProperty: property("LIBINPUT_CALIBRATION_MATRIX"), outputName: property("WL_OUTPUT"))
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
