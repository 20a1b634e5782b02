#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Opens devices with `open(2)` itself: for a kiosk running as root or with the device's group,
/// where no seat manager is in the way.
public final class DirectDeviceOpener: DeviceOpener, Sendable {
    /// An opener using the process's own permissions.
    public init() {}

    /// `open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)`, retried on `EINTR`.
    public func open(path: String) throws(DeviceOpenError) -> Int32 {
        while true {
            #if canImport(Glibc)
                let descriptor = Glibc.open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
            #else
                let descriptor = Darwin.open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
            #endif
            if descriptor >= 0 { return descriptor }
            if errno != EINTR { throw DeviceOpenError(path: path, code: errno) }
        }
    }

    /// `close(2)`.
    public func close(_ descriptor: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(descriptor)
        #else
            _ = Darwin.close(descriptor)
        #endif
    }
}
