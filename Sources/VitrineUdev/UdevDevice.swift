internal import CUdev

/// One device as libudev describes it: names, device node, properties, sysfs attributes and
/// parents. Holds a reference to udev's device for as long as it lives.
public final class UdevDevice: @unchecked Sendable {
    let handle: OpaquePointer
    /// The udev context the device came from, kept alive as long as the device.
    private let context: OpaquePointer?

    /// Takes a reference of its own on `handle` (udev hands out parents without one).
    convenience init(retaining handle: OpaquePointer) {
        self.init(adopting: udev_device_ref(handle))
    }

    /// Adopts a reference the caller already owns.
    init(adopting handle: OpaquePointer) {
        self.handle = handle
        context = udev_ref(udev_device_get_udev(handle))
    }

    deinit {
        udev_device_unref(handle)
        udev_unref(context)
    }

    /// The kernel name (`card0`, `event3`).
    public var sysname: String? { Self.string(udev_device_get_sysname(handle)) }
    /// The `/dev` node, when there is one.
    public var devnode: String? { Self.string(udev_device_get_devnode(handle)) }
    /// The `/sys` path.
    public var syspath: String? { Self.string(udev_device_get_syspath(handle)) }
    /// The driver bound to this very device (often only a parent has one).
    public var driver: String? { Self.string(udev_device_get_driver(handle)) }

    /// A udev property (`ID_INPUT_TOUCHSCREEN`, `WL_OUTPUT`, ...).
    public func property(_ key: String) -> String? {
        Self.string(udev_device_get_property_value(handle, key))
    }

    /// Every udev property of the device, for matching by property (a config's
    /// `udev_property`).
    public var properties: [String: String] {
        Self.properties(of: handle)
    }

    /// The properties of a udev device handle (also used by libinput's wrapper, whose devices
    /// come from libinput, not from an enumeration).
    public static func properties(of handle: OpaquePointer) -> [String: String] {
        var result: [String: String] = [:]
        var entry = udev_device_get_properties_list_entry(handle)
        while let current = entry {
            if let name = string(udev_list_entry_get_name(current)) {
                result[name] = string(udev_list_entry_get_value(current)) ?? ""
            }
            entry = udev_list_entry_get_next(current)
        }
        return result
    }

    /// A sysfs attribute (`boot_vga`, `name`, ...).
    public func attribute(_ name: String) -> String? {
        Self.string(udev_device_get_sysattr_value(handle, name))
    }

    /// The parent device, if any.
    public var parent: UdevDevice? {
        udev_device_get_parent(handle).map { UdevDevice(retaining: $0) }
    }

    /// The nearest ancestor in `subsystem` (and of `devtype`, when given).
    public func parent(subsystem: String, devtype: String? = nil) -> UdevDevice? {
        udev_device_get_parent_with_subsystem_devtype(handle, subsystem, devtype).map {
            UdevDevice(retaining: $0)
        }
    }

    /// The driver of this device or of its nearest ancestor that has one (a DRM card's driver
    /// sits on its PCI, platform or virtual parent).
    public var nearestDriver: String? {
        var current: UdevDevice? = self
        while let device = current {
            if let driver = device.driver { return driver }
            current = device.parent
        }
        return nil
    }

    static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
