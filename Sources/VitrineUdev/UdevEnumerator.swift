internal import CUdev

/// Lists devices through libudev, as wlroots, weston and libinput find theirs: by subsystem
/// and a sysname pattern.
public enum UdevEnumerator {
    /// The devices of `subsystem` whose kernel name matches the glob `sysname` (as
    /// `card[0-9]*`). It never fails: with no udev, no sysfs or no match the list is empty.
    public static func devices(subsystem: String, sysname: String) -> [UdevDevice] {
        guard let udev = udev_new() else { return [] }
        defer { udev_unref(udev) }
        guard let enumerate = udev_enumerate_new(udev) else { return [] }
        defer { udev_enumerate_unref(enumerate) }
        guard udev_enumerate_add_match_subsystem(enumerate, subsystem) >= 0,
            udev_enumerate_add_match_sysname(enumerate, sysname) >= 0,
            udev_enumerate_scan_devices(enumerate) >= 0
        else { return [] }

        var found: [UdevDevice] = []
        var entry = udev_enumerate_get_list_entry(enumerate)
        while let current = entry {
            entry = udev_list_entry_get_next(current)
            // Each device keeps its own reference on the context (see UdevDevice).
            guard let syspath = udev_list_entry_get_name(current),
                let device = udev_device_new_from_syspath(udev, syspath)
            else { continue }
            found.append(UdevDevice(adopting: device))
        }
        return found
    }
}
