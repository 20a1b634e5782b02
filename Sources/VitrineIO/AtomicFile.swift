public import SystemPackage

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Writes a whole file the way system software does (screenshots, captures): into a new
/// temporary file in the target's folder, opened `O_CREAT | O_EXCL | O_NOFOLLOW`, written in
/// full and `fsync`ed, then `rename`d over the target.
///
/// So a symbolic link at the target is replaced, never followed (a link planted into `/etc` is
/// not written through, even as root), and a failure part way (a full disk) leaves the old file,
/// or nothing, never a truncated one.
public enum AtomicFile {
    /// Replaces the file at `path` with `bytes` (permissions `permissions`, less the umask).
    public static func write(
        _ bytes: some Collection<UInt8>, to path: String,
        permissions: FilePermissions = [.ownerReadWrite, .groupRead, .otherRead]
    ) throws(AtomicFileError) {
        let target = FilePath(path)
        let folder = target.removingLastComponent()
        guard let name = target.lastComponent else {
            throw AtomicFileError(path: path, step: "name", errno: .invalidArgument)
        }
        var temporary = FilePath()
        var descriptor: FileDescriptor?
        // A fresh name: O_EXCL fails on one that exists, which someone else may have made.
        for _ in 0..<16 {
            temporary = folder.appending(".\(name).\(UInt32.random(in: .min ... .max)).tmp")
            do {
                descriptor = try FileDescriptor.open(
                    temporary, .writeOnly, options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
                    permissions: permissions)
                break
            } catch let error as Errno where error == .fileExists {
                continue
            } catch {
                throw AtomicFileError(path: path, step: "create \(temporary)", errno: error as? Errno ?? .ioError)
            }
        }
        guard let descriptor else { throw AtomicFileError(path: path, step: "create \(temporary)", errno: .fileExists) }
        do throws(AtomicFileError) {
            try writeAll(bytes, to: descriptor, temporary: temporary, path: path)
            // The data reaches the disk before the name points at it.
            guard retryingOnInterrupt({ fsync(descriptor.rawValue) }) == 0 else {
                throw AtomicFileError(path: path, step: "fsync \(temporary)", errno: Errno(rawValue: errno))
            }
            try? descriptor.close()
            guard rename(temporary.string, path) == 0 else {
                throw AtomicFileError(path: path, step: "rename \(temporary)", errno: Errno(rawValue: errno))
            }
        } catch {
            try? descriptor.close()
            unlink(temporary.string)
            throw error
        }
        // The rename itself survives a crash once the folder is synced; a failure here changes
        // nothing the caller can act on.
        if let folderDescriptor = try? FileDescriptor.open(
            folder.isEmpty ? "." : folder, .readOnly, options: [.directory, .closeOnExec])
        {
            _ = retryingOnInterrupt { fsync(folderDescriptor.rawValue) }
            try? folderDescriptor.close()
        }
    }

    private static func writeAll(
        _ bytes: some Collection<UInt8>, to descriptor: FileDescriptor, temporary: FilePath, path: String
    ) throws(AtomicFileError) {
        func write(_ buffer: UnsafeRawBufferPointer) -> Errno? {
            do {
                _ = try descriptor.writeAll(buffer)
                return nil
            } catch {
                return error as? Errno ?? .ioError
            }
        }
        var failure: Errno?
        if bytes.withContiguousStorageIfAvailable({ failure = write(UnsafeRawBufferPointer($0)) }) == nil {
            failure = Array(bytes).withUnsafeBytes { write($0) }
        }
        if let failure { throw AtomicFileError(path: path, step: "write \(temporary)", errno: failure) }
    }
}

/// Why `AtomicFile.write` failed: the target, the step (with the temporary file's name) and
/// the system's error.
public struct AtomicFileError: Error, Equatable, CustomStringConvertible {
    /// The file that was to be written.
    public var path: String
    /// What failed: `create`, `write`, `fsync` or `rename`, and the file it was done to.
    public var step: String
    /// The system's error.
    public var errno: Errno

    public init(path: String, step: String, errno: Errno) {
        self.path = path
        self.step = step
        self.errno = errno
    }

    public var description: String { "cannot write \(path): \(step): \(errno) (errno \(errno.rawValue))" }
}
