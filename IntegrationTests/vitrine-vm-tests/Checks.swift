import Foundation

/// The running tally: one line per check, `PASS name` or `FAIL name: why`, and a summary.
@MainActor
final class Checks {
    private(set) var passed = 0
    private(set) var failed = 0

    /// Records `name` as passed when `condition` holds, else failed with `detail`.
    func expect(_ condition: Bool, _ name: String, _ detail: @autoclosure () -> String = "") {
        if condition {
            passed += 1
            print("PASS \(name)")
        } else {
            failed += 1
            print("FAIL \(name)\(detail().isEmpty ? "" : ": \(detail())")")
        }
        fflush(nil)
    }

    /// Prints `N passed, N failed`.
    func summary() {
        print("\(passed) passed, \(failed) failed")
        fflush(nil)
    }
}

/// Waits on the main actor (letting the main queue run Dispatch sources) until `condition`
/// holds or `timeout` seconds pass; returns whether it holds.
@MainActor
func waitUntil(timeout: Double, _ condition: @MainActor () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(nanoseconds: 10_000_000)
    }
    return true
}

/// Writes `text` to a sysfs file; returns whether it worked.
@discardableResult
func writeSysfs(_ path: String, _ text: String) -> Bool {
    guard let handle = FileHandle(forWritingAtPath: path) else { return false }
    defer { try? handle.close() }
    do {
        try handle.write(contentsOf: Data(text.utf8))
        return true
    } catch {
        return false
    }
}

/// Runs a shell command in the guest; returns its exit status. `posix_spawn` and `waitpid`
/// rather than Foundation's `Process`, whose run-loop plumbing fails in the guest.
@discardableResult
func shell(_ command: String) -> Int32 {
    var pid: pid_t = 0
    let arguments = ["/bin/sh", "-c", command]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    guard posix_spawn(&pid, "/bin/sh", nil, nil, &argv, environ) == 0 else { return -1 }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
        if errno != EINTR { return -1 }
    }
    return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
}

/// Ends the process with a failure line if the checks have not finished after `seconds`: a
/// hang (a commit the kernel never completes, say) fails CI instead of stalling it.
func startWatchdog(seconds: Double) {
    let thread = Thread {
        Thread.sleep(forTimeInterval: seconds)
        print("FAIL watchdog: the checks did not finish within \(Int(seconds)) s")
        print("0 passed, 1 failed")
        fflush(nil)
        exit(2)
    }
    thread.start()
}
