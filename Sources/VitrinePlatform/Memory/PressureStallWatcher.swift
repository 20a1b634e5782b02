import Dispatch
import Foundation
import VitrineIO

#if canImport(Glibc)
    import Glibc
#endif

/// The kernel's memory pressure-stall information (PSI): the `some` and `full` lines of
/// `/proc/pressure/memory` (or a cgroup's `memory.pressure`), the share of time tasks waited for
/// memory over the last 10, 60 and 300 seconds and the total stall time.
public struct PressureStall: Hashable, Sendable {
    /// Per cent of the last 10 seconds some task stalled on memory.
    public var someAverage10: Double = 0
    /// Per cent of the last 10 seconds every task stalled on memory.
    public var fullAverage10: Double = 0
    /// Microseconds some task stalled in all.
    public var someTotal: UInt64 = 0

    /// Parses the file's text (`some avg10=0.12 avg60=... total=123` then `full ...`); missing
    /// fields stay zero.
    public init(parsing text: String) {
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: " ")
            guard let kind = fields.first else { continue }
            for field in fields.dropFirst() {
                let pair = field.split(separator: "=", maxSplits: 1)
                guard pair.count == 2 else { continue }
                switch (kind, pair[0]) {
                case ("some", "avg10"): someAverage10 = Double(pair[1]) ?? 0
                case ("full", "avg10"): fullAverage10 = Double(pair[1]) ?? 0
                case ("some", "total"): someTotal = UInt64(pair[1]) ?? 0
                default: continue
                }
            }
        }
    }
}

/// A pressure-stall trigger: the kernel wakes it when tasks stalled on memory for
/// `stallMicroseconds` within a `windowMicroseconds` window (written to the pressure file as
/// `some <stall> <window>`, then the descriptor polled for `POLLPRI`). The fallback of memory
/// warnings where there is no cgroup v2 `memory.events` (see `MemoryPressureWatcher`).
///
/// Creating a trigger needs write access to the file (root, `CAP_SYS_RESOURCE` before Linux
/// 6.5; since then anyone, with a window that is a multiple of 2 seconds), so `init` gives nil
/// when the kernel refuses. Dispatch's read sources do not watch `POLLPRI`, so a thread of its
/// own polls the trigger and a pipe that stops it; each wake-up calls `handler` on the main
/// queue. The kernel fires a trigger at most once per window.
public final class PressureStallWatcher: @unchecked Sendable {
    private let trigger: OwnedFileDescriptor
    private let stopRead: OwnedFileDescriptor
    private let stopWrite: OwnedFileDescriptor
    private let lock = NSLock()
    private var stopped = false

    /// A trigger on `file` (default `/proc/pressure/memory`) calling `handler` on the main queue;
    /// nil when the file cannot be opened for writing or the kernel refuses the trigger.
    public init?(
        file: String = "/proc/pressure/memory", stallMicroseconds: Int = 150_000,
        windowMicroseconds: Int = 2_000_000, handler: @escaping @MainActor () -> Void
    ) {
        let descriptor = open(file, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        let trigger = OwnedFileDescriptor(adopting: descriptor)
        let text = "some \(stallMicroseconds) \(windowMicroseconds)"
        let written = text.withCString { bytes in
            retryingOnInterrupt { write(descriptor, bytes, strlen(bytes) + 1) }
        }
        var ends: [Int32] = [-1, -1]
        guard written > 0, pipe(&ends) == 0 else {
            trigger.close()
            return nil
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        self.trigger = trigger
        stopRead = OwnedFileDescriptor(adopting: ends[0])
        stopWrite = OwnedFileDescriptor(adopting: ends[1])
        let thread = Thread { [self] in self.run(handler) }
        thread.name = "vitrine-memory-pressure"
        thread.start()
    }

    /// Stops the thread; it closes the descriptors as it ends.
    public func cancel() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = retryingOnInterrupt { write(stopWrite.rawValue, &byte, 1) }
    }

    private func run(_ handler: @escaping @MainActor () -> Void) {
        defer {
            trigger.close()
            stopRead.close()
            stopWrite.close()
        }
        var descriptors = [
            pollfd(fd: trigger.rawValue, events: Int16(POLLPRI), revents: 0),
            pollfd(fd: stopRead.rawValue, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&descriptors, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if descriptors[1].revents != 0 { return }
            let events = descriptors[0].revents
            if events & Int16(POLLERR | POLLNVAL) != 0 { return }
            if events & Int16(POLLPRI) != 0 {
                DispatchQueue.main.async { MainActor.assumeIsolated { handler() } }
            }
        }
    }
}
