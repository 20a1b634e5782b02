import Foundation
import Testing
import VitrineTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The main run loop as an app launched the way a user's app is sees it: `vitrine-runloop-app`
/// (IntegrationTests/) calls `UIApplicationMain` and reports, as `check: NAME VALUE` lines,
/// what its timers, run-loop blocks, main-queue notifications, main-actor tasks and display
/// link did. Then it is idle, and must not wake; stopped with SIGTERM (the kiosk service's),
/// it ends as UIKit ends an app. (The test runner starts it from a Dispatch thread, which
/// blocks signals, and a blocked mask is inherited: the SIGTERM also checks that the service
/// unblocks the signals it handles.)
@Suite(.serialized) struct MainRunLoopAppTests {
    private var buildFolder: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// The app, started with `arguments` on a 320x240 headless screen; nil with a recorded
    /// issue when it is not built.
    private func start(plainUIKit: Bool, arguments: [String]) throws -> (ChildProcess, String) {
        let path = buildFolder.appendingPathComponent("vitrine-runloop-app").path
        try #require(FileManager.default.isExecutableFile(atPath: path), "\(path) is built by swift build")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("runloop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: nil)
        var environment = ProcessInfo.processInfo.environment
        environment["VITRINE_CONTROL_SOCKET"] = folder.appendingPathComponent("control").path
        // The defaults, whatever /etc/vitrine holds on this machine.
        let config = folder.appendingPathComponent("vitrine.toml")
        try Data("# the defaults\n".utf8).write(to: config)
        environment["VITRINE_CONFIG"] = config.path
        environment.removeValue(forKey: "NOTIFY_SOCKET")
        environment.removeValue(forKey: "WATCHDOG_USEC")
        if plainUIKit { environment["VITRINE_CHECK_PLAIN_UIKIT"] = "1" }
        let log = folder.appendingPathComponent("app.log").path
        let child = try ChildProcess(path: path, arguments: arguments, environment: environment, logPath: log)
        return (child, log)
    }

    /// Waits (up to a minute: a debug build under load) for `check: done`, and returns the
    /// checks by name.
    private func checks(of child: ChildProcess) throws -> [String: String] {
        let deadline = Date().addingTimeInterval(60)
        while !child.output.contains("check: done") {
            try #require(!child.hasExited, "the app ended early: \(child.output)")
            try #require(Date() < deadline, "no `check: done` within a minute: \(child.output)")
            usleep(20_000)
        }
        var found: [String: String] = [:]
        for line in child.output.split(separator: "\n") where line.hasPrefix("check: ") {
            let words = line.dropFirst("check: ".count).split(separator: " ", maxSplits: 1)
            found[String(words[0])] = words.count > 1 ? String(words[1]) : ""
        }
        return found
    }

    /// How often the main thread went to sleep and was woken, so far.
    private func mainThreadWakeUps(_ pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
        return line.flatMap { Int($0.split(separator: "\t").last!.trimmingCharacters(in: .whitespaces)) }
    }

    /// The app's main thread is not woken over a second once it is idle.
    private func expectIdle(_ child: ChildProcess) throws {
        usleep(200_000)
        let before = try #require(mainThreadWakeUps(child.pid))
        usleep(1_000_000)
        let after = try #require(mainThreadWakeUps(child.pid))
        #expect(after - before == 0, "an idle app's main thread woke \(after - before) times in a second")
    }

    private func expectTheRunLoopRan(_ found: [String: String]) {
        #expect(found["didBecomeActive"] == "active")
        #expect(found["timer-fires"] == "3", "a repeating timer invalidated in its third fire fires 3 times")
        #expect(found["timer-on-main-thread"] == "true")
        #expect(found["common-timer-on-main-thread"] == "true", "a common-modes timer added from another thread")
        #expect(found["many-timers-fired"] == "10000")
        #expect(found["background-scheduled-timer-fired"] == "false", "its thread's run loop never ran, as in UIKit")
        #expect(found["perform-order"] == "1,2", "a run-loop block that schedules another")
        #expect(found["perform-on-main-thread"] == "true")
        #expect(found["notification-on-main-thread"] == "true", "queue: .main, posted from another thread")
        #expect(found["task-on-main-thread"] == "true")
        #expect(found["link-callbacks"] == "3")
        let linkTime = Double(found["link-first-timestamp"] ?? "") ?? 0
        let launchTime = Double(found["link-launch-time"] ?? "") ?? .infinity
        let linkNow = Double(found["link-first-now"] ?? "") ?? 0
        #expect(linkTime > 0 && linkTime >= launchTime && linkTime <= linkNow, "\(found)")
        let firstFrame = Double(found["first-frame-time"] ?? "") ?? -1
        #expect(firstFrame >= launchTime, "the first frame's flip time: \(found)")
        #expect(found["first-frame-notified-time"] == found["first-frame-time"])
    }

    @Test func aKioskAppsMainRunLoopRunsEverythingThenSleepsAndEndsAsUIKitDoes() throws {
        let (child, _) = try start(
            plainUIKit: false,
            arguments: ["--backend", "headless", "--headless-screen", "320x240", "--speed", "7", "-Mode", "demo"])
        let found = try checks(of: child)
        expectTheRunLoopRan(found)
        // The app's own options are left to it, in ProcessInfo.
        #expect(found["arguments"]?.hasSuffix("--speed 7 -Mode demo") == true, "\(found)")
        #expect(found["first-frame-screen"] == "HEADLESS-1")

        // Idle: nothing scheduled, nothing animating. The main thread sleeps.
        try expectIdle(child)

        child.send(SIGTERM)
        #expect(child.wait(timeout: 20) == 0)
        let ending = child.output.split(separator: "\n").filter { line in
            ["willResignActive", "didEnterBackground", "willTerminate"].contains { line.contains("check: \($0)") }
        }
        #expect(
            ending == [
                "check: willResignActive 1", "check: didEnterBackground 1", "check: willTerminate 1",
                "check: willTerminateNotification 1",
            ])
    }

    @Test func aVitrineKitAppsMainRunLoopRunsEverythingToo() throws {
        let (child, _) = try start(plainUIKit: true, arguments: [])
        let found = try checks(of: child)
        expectTheRunLoopRan(found)
        try expectIdle(child)
        child.send(SIGKILL)
        _ = child.wait(timeout: 10)
    }
}
