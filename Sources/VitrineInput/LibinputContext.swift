internal import CLibinput
internal import CUdev

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A libinput context on libinput's udev backend, bound to one seat, as a compositor creates
/// it (`libinput_udev_create_context()` then `libinput_udev_assign_seat()`).
///
/// libinput opens the seat's devices through the `open_restricted`/`close_restricted`
/// interface; here they call `open(2)` and `close(2)` directly, so the process needs read
/// access to `/dev/input/event*` (root or the `input` group). A libseat-backed opener comes
/// with the platform's device opener seam. Reading events (`libinput_dispatch()`) comes later;
/// this type owns the context and its file descriptor.
public final class LibinputContext {
    /// The seat the devices belong to (udev's `ID_SEAT`, "seat0" unless a rule says otherwise).
    public let seat: String
    private let context: OpaquePointer
    private let interface: UnsafeMutablePointer<libinput_interface>

    /// Creates a context and assigns it `seat`, which makes libinput enumerate and open the
    /// seat's devices at once. A seat with no devices is not an error (libinput adds devices as
    /// they are plugged in); an error is thrown when udev or libinput cannot be set up or the
    /// seat cannot be assigned (`libinput_udev_assign_seat()` failing).
    public init(seat: String = "seat0") throws(LibinputError) {
        guard let udev = udev_new() else { throw .udevUnavailable }
        // libinput takes its own reference to the udev context.
        defer { udev_unref(udev) }
        let interface = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
        interface.initialize(
            to: libinput_interface(
                open_restricted: { path, flags, _ in
                    guard let path else { return -EINVAL }
                    let fd = open(path, flags)
                    // libinput expects a negative errno on failure.
                    return fd >= 0 ? fd : -errno
                },
                close_restricted: { fd, _ in
                    _ = close(fd)
                }))
        guard let context = libinput_udev_create_context(interface, nil, udev) else {
            interface.deallocate()
            throw .contextCreationFailed
        }
        guard libinput_udev_assign_seat(context, seat) == 0 else {
            libinput_unref(context)
            interface.deallocate()
            throw .seatAssignmentFailed(seat: seat)
        }
        self.seat = seat
        self.context = context
        self.interface = interface
    }

    /// The file descriptor to watch for readability (`libinput_get_fd()`); when it is readable,
    /// the context has events to dispatch. It belongs to the context: do not close it.
    public var fileDescriptor: Int32 { libinput_get_fd(context) }

    deinit {
        // Closes every device through close_restricted, so the interface must outlive it.
        libinput_unref(context)
        interface.deallocate()
    }
}
