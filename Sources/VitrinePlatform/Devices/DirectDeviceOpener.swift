public import VitrineIO

/// Opens devices with `open(2)` itself: for a kiosk running as root or with the device's group,
/// where no seat manager is in the way.
public final class DirectDeviceOpener: DeviceOpener, Sendable {
    /// An opener using the process's own permissions.
    public init() {}

    /// `open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)`, retried on `EINTR`; closing the
    /// descriptor is `close(2)`.
    public func open(path: String) throws(DeviceOpenError) -> OwnedFileDescriptor {
        do {
            return try OwnedFileDescriptor.open(path, .readWrite, options: .nonBlocking)
        } catch {
            throw DeviceOpenError(path: path, code: error.rawValue)
        }
    }
}
