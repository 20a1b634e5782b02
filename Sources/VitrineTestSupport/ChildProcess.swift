import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program run as a child process, for checks and benchmarks that drive the daemon from
/// outside as systemd would: started with `posix_spawn` (Foundation's `Process` needs a run
/// loop that the qemu guest's checks do not run), output to a file, signalled, waited for.
public final class ChildProcess {
    /// The child's process id.
    public let pid: pid_t
    /// Where its standard output and error go.
    public let logPath: String
    /// Its exit status once it ended (128 + N for a death by signal N).
    public private(set) var exitStatus: Int32?

    /// Starts `path` with `arguments` (not including the program name) and `environment`
    /// (nil: this process's own), its output appended to `logPath`.
    public init(
        path: String, arguments: [String], environment: [String: String]? = nil, logPath: String
    ) throws {
        self.logPath = logPath
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var environment = environment ?? ProcessInfo.processInfo.environment
        // Under scripts/sanitizers/run.sh an app started here gets LeakSanitizer options of its
        // own: it ends with its application's objects alive, as UIKit ends an app.
        if let options = environment["VITRINE_CHILD_LSAN_OPTIONS"] { environment["LSAN_OPTIONS"] = options }
        let variables = environment.map { "\($0.key)=\($0.value)" }
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, path, &actions, nil, argv, envp)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
        pid = child
    }

    /// Sends `signal`.
    public func send(_ signal: Int32) {
        if exitStatus == nil { kill(pid, signal) }
    }

    /// Whether it has ended (reaping it if so).
    public var hasExited: Bool {
        if exitStatus != nil { return true }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return false }
        exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return true
    }

    /// Waits up to `timeout` seconds for it to end; its exit status, or nil if it still runs.
    public func wait(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while !hasExited {
            if Date() > deadline { return nil }
            usleep(5_000)
        }
        return exitStatus
    }

    /// What it wrote so far.
    public var output: String {
        (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    /// Its resident set size now, in bytes (`VmRSS` in `/proc/PID/status`).
    public var residentBytes: Int? { memoryStatus?["VmRSS"] }

    /// The sizes in `/proc/PID/status` now, in bytes (`ProcessMemory.status(of:)`); nil when
    /// the process is gone.
    public var memoryStatus: [String: Int]? { ProcessMemory.status(of: String(pid)) }

    deinit {
        if !hasExited {
            kill(pid, SIGKILL)
            _ = wait(timeout: 2)
        }
    }
}
