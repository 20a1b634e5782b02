import Dispatch
import Foundation
import VitrineIO

#if canImport(Glibc)
    import Glibc
#endif

/// Tells when the process's cgroup comes under memory pressure, for UIKit's memory warnings:
/// the cgroup v2 `memory.events` file of the service's group, whose `high` and `max` counters
/// the kernel raises when the group is throttled at `memory.high` or reaches `memory.max`
/// (systemd's `MemoryHigh=` / `MemoryMax=`), watched with inotify on the main queue.
///
/// Why this source: it works unprivileged. Any process may read its own group's
/// `memory.events`, and the kernel sends a file-modified event when a counter changes (so
/// nothing polls on a timer). The kernel's pressure-stall triggers (`/proc/pressure/memory`
/// or the group's `memory.pressure`, written with a threshold and then polled for `POLLPRI`)
/// need write access to those files, which a service that is not root usually lacks
/// (Linux before 6.5 allows triggers to root only), and Dispatch's read sources do not watch
/// `POLLPRI`; so they are not used. On a cgroup v1 system, or with no memory controller in
/// the group, there is no `memory.events` and the watcher does not start (`init` gives nil).
///
/// The descriptor is an inotify descriptor read by a Dispatch read source on the main queue,
/// as the other descriptors of the process (the DRM card, libinput, the control socket).
/// Warnings are coalesced: at most one per `minimumInterval`.
@MainActor
public final class MemoryPressureWatcher {
    /// The `memory.events` file watched.
    public let eventsFile: URL
    /// The counters as last read.
    public private(set) var lastEvents: MemoryEvents
    /// The shortest time between two calls of the handler, in seconds.
    public let minimumInterval: TimeInterval

    private let inotify: OwnedFileDescriptor
    private let source: any DispatchSourceRead
    private let handler: @MainActor (MemoryEvents) -> Void
    private var lastWarning: DispatchTime?

    /// Watches the `memory.events` file in `cgroupDirectory` (a cgroup v2 directory, or a test's
    /// fake one), calling `handler` on the main queue with the new counters each time `high`,
    /// `max` or `oom` rose (at most once per `minimumInterval` seconds). Nil when the file cannot
    /// be read or watched.
    public init?(
        cgroupDirectory: URL, minimumInterval: TimeInterval = 1,
        handler: @escaping @MainActor (MemoryEvents) -> Void
    ) {
        let file = cgroupDirectory.appendingPathComponent("memory.events")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let owned = OwnedFileDescriptor(adopting: descriptor)
        let watch = file.path.withCString { inotify_add_watch(descriptor, $0, UInt32(IN_MODIFY)) }
        guard watch >= 0 else {
            owned.close()
            return nil
        }
        eventsFile = file
        lastEvents = MemoryEvents(parsing: text)
        self.minimumInterval = minimumInterval
        self.handler = handler
        inotify = owned
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.descriptorIsReadable() }
        }
        source.setCancelHandler { owned.close() }
        source.resume()
    }

    /// Watches the memory cgroup of this process (`/proc/self/cgroup`'s unified `0::` line under
    /// `/sys/fs/cgroup`); nil on a cgroup v1 system or when the group has no `memory.events`.
    public convenience init?(
        minimumInterval: TimeInterval = 1, handler: @escaping @MainActor (MemoryEvents) -> Void
    ) {
        guard let directory = Self.ownCgroupDirectory() else { return nil }
        self.init(cgroupDirectory: directory, minimumInterval: minimumInterval, handler: handler)
    }

    /// This process's cgroup v2 directory: `/sys/fs/cgroup` plus the path of the `0::` line of
    /// `/proc/self/cgroup`.
    public static func ownCgroupDirectory(
        procSelfCgroup: URL = URL(fileURLWithPath: "/proc/self/cgroup"),
        cgroupRoot: URL = URL(fileURLWithPath: "/sys/fs/cgroup")
    ) -> URL? {
        guard let text = try? String(contentsOf: procSelfCgroup, encoding: .utf8) else { return nil }
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("0::") {
            let path = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
            return path == "/" ? cgroupRoot : cgroupRoot.appendingPathComponent(String(path.dropFirst()))
        }
        return nil
    }

    /// Stops watching and closes the inotify descriptor.
    public func cancel() { source.cancel() }

    /// Re-reads the file now (as the inotify event does) and calls the handler if the counters
    /// show new pressure.
    public func check() {
        guard let text = try? String(contentsOf: eventsFile, encoding: .utf8) else { return }
        let events = MemoryEvents(parsing: text)
        defer { lastEvents = events }
        guard events.showsPressure(since: lastEvents) else { return }
        let now = DispatchTime.now()
        if let lastWarning,
            Double(now.uptimeNanoseconds &- lastWarning.uptimeNanoseconds) / 1e9 < minimumInterval
        {
            return
        }
        lastWarning = now
        handler(events)
    }

    private func descriptorIsReadable() {
        // Drain the queued inotify events; their content does not matter (one file is watched).
        var buffer = [UInt8](repeating: 0, count: 4096)
        while retryingOnInterrupt({ read(inotify.rawValue, &buffer, buffer.count) }) > 0 {}
        check()
    }
}
