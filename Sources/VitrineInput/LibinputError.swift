/// Why a libinput context could not be set up on a seat.
public enum LibinputError: Error, Hashable, Sendable {
    /// `udev_new()` failed: no udev library state could be created.
    case udevUnavailable
    /// `libinput_udev_create_context()` returned `NULL`.
    case contextCreationFailed
    /// `libinput_udev_assign_seat()` returned -1 for this seat: udev could not be enumerated or
    /// monitored (as in a container without sysfs or netlink), or a seat was assigned before.
    case seatAssignmentFailed(seat: String)
}
