public import VitrineIO

/// Opens the device nodes a backend drives (`/dev/dri/card0`, `/dev/input/event3`): directly
/// with `open(2)` when the process may (root, or a `video`/`input` group member), or through a
/// seat manager such as libseat, which hands out descriptors and revokes them on a VT switch.
/// Backends never call `open(2)` on a device themselves.
///
/// A descriptor comes back owned: closing it (`OwnedFileDescriptor.close()`, or dropping the
/// last reference) gives it back to the opener that made it, exactly once, however often it is
/// closed. Sendable: a backend may close a descriptor from a Dispatch cancel handler, once
/// nothing watches it any more.
public protocol DeviceOpener: AnyObject, Sendable {
    /// Opens `path` for reading and writing, non-blocking and close-on-exec.
    func open(path: String) throws(DeviceOpenError) -> OwnedFileDescriptor
}
