import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file of its own for a descriptor test, and what identifies it (device and inode): a test
/// that checks whether a descriptor number still refers to *its* file stays right when tests
/// running in parallel open files under the numbers it closed, which checking `fcntl` on the
/// number alone does not.
public struct TemporaryFile {
    /// The file's path.
    public let path: String
    /// Its device and inode.
    public let identity: FileIdentity

    /// Creates an empty file in the temporary directory.
    public init() throws {
        path = NSTemporaryDirectory() + "vitrine-fd-\(UUID().uuidString)"
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let identity = FileIdentity(path: path)
        else { throw POSIXError(.EIO) }
        self.identity = identity
    }

    /// Whether `descriptor` is open on this file.
    public func isOpen(as descriptor: Int32) -> Bool { FileIdentity(descriptor: descriptor) == identity }

    /// Deletes the file.
    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// A file's device and inode.
public struct FileIdentity: Equatable, Sendable {
    public let device: UInt64
    public let inode: UInt64

    /// The identity of the file `descriptor` is open on; nil when it is not open.
    public init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }

    /// The identity of the file at `path`.
    public init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
