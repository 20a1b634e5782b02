import VitrineIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Tells systemd how the service is doing, over the `NOTIFY_SOCKET` datagram socket of
/// `Type=notify` units (`sd_notify(3)`'s protocol, written out: newline-separated `KEY=value`
/// assignments in one datagram): `READY=1` once the first frame is on screen, `STATUS=` lines,
/// `WATCHDOG=1` from the main loop, `STOPPING=1` on shutdown.
///
/// A process not started by systemd has no `NOTIFY_SOCKET`: `init(environment:)` returns nil
/// and there is nothing to tell.
public final class SystemdNotifier: Sendable {
    /// The socket's address: a path, or an abstract name (written with a leading `@`).
    public let socketPath: String
    /// How often systemd expects `WATCHDOG=1`, in seconds (`WATCHDOG_USEC`), when the unit has
    /// `WatchdogSec=` and the watchdog is meant for this process (`WATCHDOG_PID`, if set).
    public let watchdogInterval: Double?

    /// The notifier systemd set up for this process, or nil when there is none.
    public init?(environment: [String: String], processID: Int32 = getpid()) {
        guard let path = environment["NOTIFY_SOCKET"], !path.isEmpty,
            path.hasPrefix("/") || path.hasPrefix("@")
        else { return nil }
        socketPath = path
        var interval: Double?
        if let text = environment["WATCHDOG_USEC"], let microseconds = UInt64(text), microseconds > 0 {
            let pid = environment["WATCHDOG_PID"].flatMap { Int32($0) }
            if pid == nil || pid == processID { interval = Double(microseconds) / 1_000_000 }
        }
        watchdogInterval = interval
    }

    /// Sends `assignments` (`["READY": "1", "STATUS": "Showing 1 screen"]`, in that order) as
    /// one datagram; false when it could not be sent (systemd gone, or its queue full because
    /// it is not reading: not worth more than that, and never worth waiting for).
    @discardableResult
    public func notify(_ assignments: KeyValuePairs<String, String>) -> Bool {
        let message = assignments.map { "\($0.key)=\($0.value.replacingNewlines)" }.joined(separator: "\n") + "\n"
        return send(message)
    }

    /// `READY=1`, with a status line.
    @discardableResult
    public func ready(status: String) -> Bool { notify(["READY": "1", "STATUS": status]) }

    /// `WATCHDOG=1`: the main loop is alive.
    @discardableResult
    public func watchdog() -> Bool { notify(["WATCHDOG": "1"]) }

    /// `STOPPING=1`, with a status line.
    @discardableResult
    public func stopping(status: String) -> Bool { notify(["STOPPING": "1", "STATUS": status]) }

    /// `STATUS=`: a line `systemctl status` shows.
    @discardableResult
    public func status(_ text: String) -> Bool { notify(["STATUS": text]) }

    private func send(_ message: String) -> Bool {
        let socketNumber = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socketNumber >= 0 else { return false }
        let descriptor = OwnedFileDescriptor(adopting: socketNumber)
        defer { descriptor.close() }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        // An abstract socket's name starts with a NUL byte where the `@` stands.
        var pathBytes = Array(socketPath.utf8)
        if pathBytes.first == UInt8(ascii: "@") { pathBytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard pathBytes.count < capacity else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: pathBytes)
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + pathBytes.count)
        let bytes = Array(message.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                // Never waits: a unix datagram socket queues few messages (net.unix.max_dgram_qlen,
                // 10 by default), and a blocking send to a reader that stalled would stall the
                // main loop that sends WATCHDOG=1. A message that does not fit is dropped.
                retryingOnInterrupt {
                    sendto(
                        descriptor.rawValue, bytes, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT),
                        socketAddress, length)
                }
            }
        }
        return sent == bytes.count
    }
}

extension String {
    /// One line: systemd's assignments are newline-separated.
    fileprivate var replacingNewlines: String {
        split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
