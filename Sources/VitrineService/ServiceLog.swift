import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// Logging for a kiosk service: one line per message on standard error, which journald keeps
/// (adding the time, unit and PID itself). Under journald (`JOURNAL_STREAM` set) each line
/// starts with the syslog priority (`<3>` for errors, as `sd-daemon.h`'s `SD_ERR`), so
/// `journalctl -p err` filters. The level is one for the whole process and can change at run
/// time (the config is reloaded on SIGHUP).
public enum ServiceLog {
    private static let state = LevelState()

    /// Makes swift-log write through this handler, at `level`; only the first call installs
    /// the handler (swift-log allows one bootstrap per process), later ones set the level.
    public static func bootstrap(level: Logger.Level, environment: [String: String]) {
        state.level = level
        let prefixPriority = environment["JOURNAL_STREAM"] != nil
        if state.markBootstrapped() {
            LoggingSystem.bootstrap { label in
                ServiceLogHandler(label: label, state: state, prefixPriority: prefixPriority)
            }
        }
    }

    /// The level every logger writes at from now on.
    public static var level: Logger.Level {
        get { state.level }
        set { state.level = newValue }
    }

    /// The level named by `VITRINE_LOG_LEVEL`, if it is set to a valid name.
    public static func environmentLevel(_ environment: [String: String]) -> Logger.Level? {
        environment["VITRINE_LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0.lowercased()) }
    }

    /// The process-wide level, read by every handler on every message.
    final class LevelState: @unchecked Sendable {
        private let lock = NSLock()
        private var current: Logger.Level = .info
        private var bootstrapped = false

        var level: Logger.Level {
            get { lock.withLock { current } }
            set { lock.withLock { current = newValue } }
        }

        /// True the first time only.
        func markBootstrapped() -> Bool {
            lock.withLock {
                defer { bootstrapped = true }
                return !bootstrapped
            }
        }
    }
}

/// Writes `label: message key=value` lines to standard error, at the process-wide level.
struct ServiceLogHandler: LogHandler {
    let label: String
    let state: ServiceLog.LevelState
    let prefixPriority: Bool
    var metadata: Logger.Metadata = [:]

    var logLevel: Logger.Level {
        get { state.level }
        set { state.level = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var line = prefixPriority ? "<\(Self.syslogPriority(event.level))>" : ""
        if !prefixPriority { line += "\(event.level): " }
        line += "\(label): \(event.message)"
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) { line += " \(key)=\(value)" }
        line += "\n"
        // One write(2) per line, so lines from different threads never interleave.
        line.utf8CString.withUnsafeBufferPointer { buffer in
            _ = write(STDERR_FILENO, buffer.baseAddress, buffer.count - 1)
        }
    }

    /// syslog(3) priorities, as journald reads them from a `<N>` prefix.
    static func syslogPriority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }
}
