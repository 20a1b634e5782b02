import Dispatch
import SystemPackage
public import VitrineIO
import VitrinePlatform

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Opens devices through a `SeatSession` (`libseat_open_device`), for the DRM backend and
/// libinput alike: the seat manager opens the node with its own rights and passes the
/// descriptor over, DRM master included. Closing a descriptor it returned gives the device
/// back (`libseat_close_device` with the id libseat gave, then `close(2)`), once.
///
/// libseat belongs to the main queue: `open(path:)` must be called there (the backends do;
/// elsewhere it fails with `EINVAL`), and a descriptor closed on another queue is given back
/// on the main queue.
public final class SeatDeviceOpener: DeviceOpener, Sendable {
    /// The session devices are opened on.
    public let session: SeatSession

    /// An opener on `session`.
    public init(session: SeatSession) {
        self.session = session
    }

    /// `libseat_open_device`, waiting for the seat when it is not active (see
    /// `SeatSession.activationTimeout`).
    public func open(path: String) throws(DeviceOpenError) -> OwnedFileDescriptor {
        guard MainQueue.isCurrent else {
            throw DeviceOpenError(path: path, code: EINVAL, detail: "libseat devices are opened on the main queue")
        }
        let session = self.session
        let result = MainActor.assumeIsolated { () -> Result<FileDescriptor, DeviceOpenError> in
            Result { () throws(DeviceOpenError) in try session.openDevice(path: path) }
        }
        return OwnedFileDescriptor(try result.get()) { descriptor in
            if MainQueue.isCurrent {
                MainActor.assumeIsolated { session.closeDevice(descriptor) }
            } else {
                DispatchQueue.main.async { MainActor.assumeIsolated { session.closeDevice(descriptor) } }
            }
        }
    }
}

/// Whether code runs on the main queue (the main actor's executor). Not the main thread: in a
/// program that calls `dispatchMain()` itself (rather than `UIApplicationMain`, which runs the
/// main run loop) the main thread ends and the main queue is served by another one.
enum MainQueue {
    private static let key = DispatchSpecificKey<Bool>()

    /// Tags the main queue; called on it.
    static func mark() { DispatchQueue.main.setSpecific(key: key, value: true) }

    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}
