import Dispatch
import Foundation
import Testing

@testable import VitrineService

#if canImport(Glibc)
    import Glibc
#endif

/// Signals arrive as ordinary calls on a queue instead of killing the process.
@Suite struct SignalWatcherTests {
    @Test func aSignalReachesTheHandlerInsteadOfKillingTheProcess() {
        let received = SignalLog()
        let queue = DispatchQueue(label: "signal-test")
        // SIGUSR2: its default action would end the test process.
        let watcher = SignalWatcher(signals: [SIGUSR2], queue: queue) { number in received.append(number) }
        defer { watcher.cancel() }
        kill(getpid(), SIGUSR2)
        #expect(received.waitForFirst() == SIGUSR2)
    }

    @Test func signalsHaveTheirNames() {
        #expect(SignalWatcher.name(of: SIGTERM) == "SIGTERM")
        #expect(SignalWatcher.name(of: SIGINT) == "SIGINT")
        #expect(SignalWatcher.name(of: SIGHUP) == "SIGHUP")
    }
}

private final class SignalLog: @unchecked Sendable {
    private let lock = NSLock()
    private var numbers: [Int32] = []
    private let arrived = DispatchSemaphore(value: 0)

    func append(_ number: Int32) {
        lock.withLock { numbers.append(number) }
        arrived.signal()
    }

    func waitForFirst() -> Int32? {
        guard arrived.wait(timeout: .now() + 5) == .success else { return nil }
        return lock.withLock { numbers.first }
    }
}
