public import SystemPackage
import Synchronization

/// An open file descriptor this process owns, closed exactly once: by `close()`, or when the
/// last reference goes. Device nodes (DRM cards, input devices), sockets, pipes and config
/// files are held in one of these, so a descriptor number is never closed twice (a second
/// `close(2)` could close an unrelated file that reused the number) and never leaked.
///
/// The descriptor itself is swift-system's `FileDescriptor`, whose calls (`read`, `write`,
/// `close`) already retry on `EINTR`. A descriptor that must be given back another way (a
/// seat manager's `libseat_close_device`) is closed through the `closer` it was made with.
/// Sendable: a Dispatch cancel handler may close it on another queue.
public final class OwnedFileDescriptor: Sendable, CustomStringConvertible {
    /// The descriptor; valid until `close()`.
    public let descriptor: FileDescriptor
    private let closer: Mutex<(@Sendable (FileDescriptor) -> Void)?>

    /// Takes ownership of `descriptor`; `closer` gives it back (default: `close(2)`).
    public init(_ descriptor: FileDescriptor, closer: (@Sendable (FileDescriptor) -> Void)? = nil) {
        self.descriptor = descriptor
        self.closer = Mutex(closer ?? { try? $0.close() })
    }

    /// Takes ownership of a raw descriptor a C library returned.
    public convenience init(adopting rawValue: CInt, closer: (@Sendable (FileDescriptor) -> Void)? = nil) {
        self.init(FileDescriptor(rawValue: rawValue), closer: closer)
    }

    /// Opens `path` (retrying on `EINTR`), always close-on-exec.
    public static func open(
        _ path: String, _ mode: FileDescriptor.AccessMode, options: FileDescriptor.OpenOptions = []
    ) throws(Errno) -> OwnedFileDescriptor {
        do {
            return OwnedFileDescriptor(
                try FileDescriptor.open(FilePath(path), mode, options: options.union(.closeOnExec)))
        } catch let error as Errno {
            throw error
        } catch {
            throw Errno.ioError
        }
    }

    /// The raw number, for C calls; valid until `close()`.
    public var rawValue: CInt { descriptor.rawValue }

    /// Whether `close()` has run.
    public var isClosed: Bool { closer.withLock { $0 == nil } }

    /// Closes the descriptor; later calls do nothing.
    public func close() {
        let close = closer.withLock { closer in
            defer { closer = nil }
            return closer
        }
        close?(descriptor)
    }

    public var description: String { "fd \(descriptor.rawValue)\(isClosed ? " (closed)" : "")" }

    deinit { close() }
}
