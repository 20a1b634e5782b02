internal import CUdev

/// Finds the DRM cards of this machine through libudev, as weston's and wlroots' DRM backends
/// do: it enumerates the `drm` subsystem and keeps the primary nodes (`cardN`).
///
/// It never fails: with no udev, no sysfs or no cards (a container, a headless CI machine) it
/// returns an empty list, and the caller falls back to the headless backend.
public struct DRMDeviceScanner: Sendable {
    /// A scanner; each `devices()` call asks udev afresh.
    public init() {}

    /// The primary nodes udev knows, ordered by card number. A card without a device node
    /// (its `/dev/dri` entry not created) is left out, since it cannot be opened.
    public func devices() -> [DRMDevice] {
        guard let udev = udev_new() else { return [] }
        defer { udev_unref(udev) }
        guard let enumerate = udev_enumerate_new(udev) else { return [] }
        defer { udev_enumerate_unref(enumerate) }
        guard udev_enumerate_add_match_subsystem(enumerate, "drm") >= 0,
            udev_enumerate_add_match_sysname(enumerate, "card[0-9]*") >= 0,
            udev_enumerate_scan_devices(enumerate) >= 0
        else { return [] }

        var found: [DRMDevice] = []
        var entry = udev_enumerate_get_list_entry(enumerate)
        while let current = entry {
            entry = udev_list_entry_get_next(current)
            guard let syspath = udev_list_entry_get_name(current),
                let device = udev_device_new_from_syspath(udev, syspath)
            else { continue }
            defer { udev_device_unref(device) }
            if let card = Self.card(from: device) { found.append(card) }
        }
        return found.sorted { ($0.cardIndex ?? Int.max, $0.sysname) < ($1.cardIndex ?? Int.max, $1.sysname) }
    }

    /// The card udev `device` describes, or `nil` if it is not an openable primary node.
    private static func card(from device: OpaquePointer) -> DRMDevice? {
        guard let sysname = string(udev_device_get_sysname(device)),
            DRMDevice.cardIndex(of: sysname) != nil,
            let devnode = string(udev_device_get_devnode(device)),
            let syspath = string(udev_device_get_syspath(device))
        else { return nil }
        // The card's own device has no driver: the PCI, platform or virtual parent holds it.
        // Parents belong to their child and are not unreferenced.
        var driver: String?
        var parent = udev_device_get_parent(device)
        while let current = parent, driver == nil {
            driver = string(udev_device_get_driver(current))
            parent = udev_device_get_parent(current)
        }
        var bootVGA = false
        if let pci = udev_device_get_parent_with_subsystem_devtype(device, "pci", nil) {
            bootVGA = string(udev_device_get_sysattr_value(pci, "boot_vga")) == "1"
        }
        return DRMDevice(devnode: devnode, syspath: syspath, sysname: sysname, driver: driver, isBootVGA: bootVGA)
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// The card to drive, chosen as weston and wlroots choose: the one `configured` names
    /// (a sysname such as `card1` or a path such as `/dev/dri/card1`; matched against the
    /// devnode, the sysname and the syspath), else the boot VGA card, else the first one.
    /// A configured name that matches nothing gives `nil` rather than another card, so a
    /// typo in the configuration is reported, not silently replaced. Empty `devices`: `nil`.
    public static func pick(from devices: [DRMDevice], configured: String? = nil) -> DRMDevice? {
        if let configured, !configured.isEmpty {
            return devices.first {
                $0.devnode == configured || $0.sysname == configured || $0.syspath == configured
            }
        }
        return devices.first(where: \.isBootVGA) ?? devices.first
    }
}
