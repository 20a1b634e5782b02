import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A unix datagram socket bound at a path or an abstract name (`@name`): what systemd listens
/// on for `NOTIFY_SOCKET`, so tests can read what a notifier sends.
public final class DatagramListener {
    public let name: String
    private let descriptor: Int32

    /// A new socket path in the temporary directory.
    public static func temporaryPath() -> String {
        NSTemporaryDirectory() + "vitrine-notify-\(UUID().uuidString.prefix(8)).sock"
    }

    /// Binds a datagram socket at `name`; throws when it cannot.
    public init(name: String) throws {
        self.name = name
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(name.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw POSIXError(.ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard status == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// The next datagram, or nil after two seconds without one.
    public func receive() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        return count > 0 ? String(decoding: buffer.prefix(count), as: UTF8.self) : nil
    }

    /// Receives datagrams until one contains `text`, for up to `timeout` seconds; returns it,
    /// or nil. Datagrams before it are dropped.
    public func receive(containing text: String, timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let message = receive(), message.contains(text) { return message }
        }
        return nil
    }

    deinit {
        close(descriptor)
        if !name.hasPrefix("@") { unlink(name) }
    }
}
