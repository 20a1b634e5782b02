import Foundation
import Testing

@testable import VitrineSystemd
import VitrineTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The notify protocol against a real unix datagram socket, as systemd listens on one.
@Suite struct SystemdNotifierTests {
    private func temporaryPath() -> String { DatagramListener.temporaryPath() }

    @Test func readyWatchdogAndStoppingReachTheSocket() throws {
        let path = temporaryPath()
        let listener = try DatagramListener(name: path)
        let notifier = try #require(SystemdNotifier(environment: ["NOTIFY_SOCKET": path]))
        #expect(notifier.ready(status: "Showing 1 screen"))
        #expect(listener.receive() == "READY=1\nSTATUS=Showing 1 screen\n")
        #expect(notifier.watchdog())
        #expect(listener.receive() == "WATCHDOG=1\n")
        #expect(notifier.stopping(status: "Shutting down\non SIGTERM"))
        #expect(listener.receive() == "STOPPING=1\nSTATUS=Shutting down on SIGTERM\n")
    }

    @Test func abstractSocketsWork() throws {
        let name = "@vitrine-notify-\(UUID().uuidString.prefix(8))"
        let listener = try DatagramListener(name: name)
        let notifier = try #require(SystemdNotifier(environment: ["NOTIFY_SOCKET": name]))
        #expect(notifier.status("Idle"))
        #expect(listener.receive() == "STATUS=Idle\n")
    }

    @Test func withoutSystemdThereIsNoNotifier() {
        #expect(SystemdNotifier(environment: [:]) == nil)
        #expect(SystemdNotifier(environment: ["NOTIFY_SOCKET": ""]) == nil)
        #expect(SystemdNotifier(environment: ["NOTIFY_SOCKET": "relative/path"]) == nil)
    }

    @Test func aSocketNobodyListensOnIsAFailedSendNotACrash() throws {
        let notifier = try #require(SystemdNotifier(environment: ["NOTIFY_SOCKET": temporaryPath()]))
        #expect(!notifier.ready(status: "nobody listens"))
    }

    /// A listener that stopped reading fills its queue (10 datagrams by default); further
    /// messages are dropped, not waited for, so the main loop sending WATCHDOG=1 keeps running.
    @Test(.timeLimit(.minutes(1))) func aStalledListenerDropsMessagesInsteadOfBlocking() async throws {
        let path = temporaryPath()
        let listener = try DatagramListener(name: path)
        let notifier = try #require(SystemdNotifier(environment: ["NOTIFY_SOCKET": path]))
        let results = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: (0..<200).map { _ in notifier.watchdog() })
            }
        }
        #expect(results.first == true)
        #expect(results.contains(false))
        #expect(listener.receive() == "WATCHDOG=1\n")
    }

    @Test func theWatchdogIntervalIsForThisProcessOnly() throws {
        let mine = try #require(
            SystemdNotifier(
                environment: ["NOTIFY_SOCKET": "/run/x", "WATCHDOG_USEC": "2500000", "WATCHDOG_PID": "42"],
                processID: 42))
        #expect(mine.watchdogInterval == 2.5)
        let other = try #require(
            SystemdNotifier(
                environment: ["NOTIFY_SOCKET": "/run/x", "WATCHDOG_USEC": "2500000", "WATCHDOG_PID": "7"],
                processID: 42))
        #expect(other.watchdogInterval == nil)
        let unset = try #require(SystemdNotifier(environment: ["NOTIFY_SOCKET": "/run/x"]))
        #expect(unset.watchdogInterval == nil)
        let bad = try #require(SystemdNotifier(environment: ["NOTIFY_SOCKET": "/run/x", "WATCHDOG_USEC": "soon"]))
        #expect(bad.watchdogInterval == nil)
    }
}
