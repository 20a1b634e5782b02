import Foundation
import VitrineIO

#if canImport(Glibc)
    import Glibc
#endif

/// A unix stream socket address, and the calls both ends of the control socket share.
enum UnixSocket {
    /// A new stream socket, close-on-exec.
    static func makeStreamSocket() throws(ControlSocketError) -> OwnedFileDescriptor {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .system("socket", errno: errno) }
        return OwnedFileDescriptor(adopting: descriptor)
    }

    /// Runs `body` with `path` as a `sockaddr_un`; paths too long for one are an error.
    static func withAddress<Result>(
        _ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
    ) throws(ControlSocketError) -> Result {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw .pathTooLong(path)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + 1)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }

    /// Sets send and receive timeouts, so a stuck peer cannot hang the other end.
    static func setTimeouts(_ descriptor: OwnedFileDescriptor, seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        let size = socklen_t(MemoryLayout<timeval>.size)
        setsockopt(descriptor.rawValue, SOL_SOCKET, SO_RCVTIMEO, &timeout, size)
        setsockopt(descriptor.rawValue, SOL_SOCKET, SO_SNDTIMEO, &timeout, size)
    }

    /// Writes all of `data`; false when the peer went away or timed out.
    static func writeAll(_ descriptor: OwnedFileDescriptor, _ data: Data) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                // send(2) rather than write(2): MSG_NOSIGNAL, so a peer gone is false, not SIGPIPE.
                let written = retryingOnInterrupt {
                    send(descriptor.rawValue, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    /// Reads up to a newline (not included), at most `limit` bytes; nil on end of file first.
    static func readLine(_ descriptor: OwnedFileDescriptor, limit: Int) -> String? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count < limit {
            let count = retryingOnInterrupt { recv(descriptor.rawValue, &byte, 1, 0) }
            guard count == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        return nil
    }

    /// Reads exactly `count` bytes; nil if the stream ends first.
    static func readExactly(_ descriptor: OwnedFileDescriptor, count: Int) -> Data? {
        var data = Data(count: count)
        var offset = 0
        let complete = data.withUnsafeMutableBytes { buffer -> Bool in
            while offset < count {
                let received = retryingOnInterrupt {
                    recv(descriptor.rawValue, buffer.baseAddress! + offset, count - offset, 0)
                }
                guard received > 0 else { return false }
                offset += received
            }
            return true
        }
        return complete ? data : nil
    }
}

/// Why the control socket could not be served or reached.
public enum ControlSocketError: Error, Equatable, CustomStringConvertible {
    /// A system call failed.
    case system(String, errno: Int32)
    /// The path does not fit in a unix socket address (107 bytes).
    case pathTooLong(String)
    /// Another process is serving the socket already.
    case inUse(String)
    /// Nothing listens there: no daemon is running, or it uses another socket.
    case noDaemon(String)
    /// The daemon answered with an error.
    case refused(String)
    /// The daemon's answer was cut short or malformed.
    case badReply(String)
    /// The socket's folder could have been made, or be written, by someone else.
    case unsafeFolder(String, String)
    /// Something other than a socket is where the socket should be: left alone.
    case notASocket(String)

    public var description: String {
        switch self {
        case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        case .pathTooLong(let path): "socket path too long: \(path)"
        case .inUse(let path): "another daemon is serving \(path)"
        case .noDaemon(let path): "no daemon answers on \(path) (is vitrine running? --control-socket names another)"
        case .refused(let message): message
        case .badReply(let message): "bad reply from the daemon: \(message)"
        case .unsafeFolder(let folder, let reason): "refusing \(folder) for the control socket: \(reason)"
        case .notASocket(let path): "\(path) is not a socket: left alone (remove it, or name another --control-socket)"
        }
    }
}
