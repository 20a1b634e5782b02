import Foundation
import Synchronization
import Testing
import VitrineIO

@testable import VitrineService

#if canImport(Glibc)
    import Glibc
#endif

/// The control socket's helpers keep going when a signal interrupts them: a handler installed
/// without `SA_RESTART` makes a blocked `recv(2)` or `send(2)` fail with `EINTR`, which they
/// retry. Serialized: the handler is process-wide.
@Suite(.serialized) struct UnixSocketInterruptTests {
    @Test func readsRetryWhenASignalInterruptsThem() throws {
        let (reader, writer) = try socketPair()
        let interrupter = Interrupter()
        defer { interrupter.restore() }
        let outcome = Mutex<(line: String?, rest: Data?)?>(nil)
        let thread = interrupter.start {
            let line = UnixSocket.readLine(reader, limit: 100)
            let rest = UnixSocket.readExactly(reader, count: 3)
            outcome.withLock { $0 = (line, rest) }
        }
        // The reader blocks in recv(2) with nothing to read; each signal interrupts it.
        interrupter.interrupt(thread, times: 3)
        #expect(UnixSocket.writeAll(writer, Data("hello\nabc".utf8)))
        interrupter.wait()
        let result = outcome.withLock { $0 }
        #expect(result?.line == "hello")
        #expect(result?.rest == Data("abc".utf8))
        #expect(interrupter.handled >= 3)
    }

    @Test func writesRetryWhenASignalInterruptsThem() throws {
        let (reader, writer) = try socketPair()
        let interrupter = Interrupter()
        defer { interrupter.restore() }
        // More than the socket buffers hold: the writer blocks in send(2) until it is read.
        let payload = Data((0..<4_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let written = Mutex<Bool?>(nil)
        let thread = interrupter.start {
            let complete = UnixSocket.writeAll(writer, payload)
            written.withLock { $0 = complete }
        }
        interrupter.interrupt(thread, times: 3)
        let received = UnixSocket.readExactly(reader, count: payload.count)
        interrupter.wait()
        #expect(written.withLock { $0 } == true)
        #expect(received == payload)
        #expect(interrupter.handled >= 3)
    }

    private func socketPair() throws -> (OwnedFileDescriptor, OwnedFileDescriptor) {
        var ends: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0)
        let pair = (OwnedFileDescriptor(adopting: ends[0]), OwnedFileDescriptor(adopting: ends[1]))
        // A failure must not hang the test: an end left waiting gives up after a few seconds.
        UnixSocket.setTimeouts(pair.0, seconds: 5)
        UnixSocket.setTimeouts(pair.1, seconds: 5)
        return pair
    }
}

/// Signals handled while a test's interrupter is installed (the handler may only touch this).
private let handledSignals = Atomic<Int>(0)

/// SIGUSR1 handled without `SA_RESTART`, sent to a thread of the test's: blocking calls in that
/// thread return `EINTR` each time it arrives.
private final class Interrupter: Sendable {
    private let previous: sigaction
    private let finished = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)

    init() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in handledSignals.add(1, ordering: .relaxed) }
        action.sa_flags = 0  // no SA_RESTART
        sigemptyset(&action.sa_mask)
        var old = sigaction()
        sigaction(SIGUSR1, &action, &old)
        previous = old
        handledSignals.store(0, ordering: .relaxed)
    }

    var handled: Int { handledSignals.load(ordering: .relaxed) }

    /// Runs `body` on a thread of its own; returns the thread to interrupt.
    func start(_ body: @escaping @Sendable () -> Void) -> pthread_t {
        let started = DispatchSemaphore(value: 0)
        let identity = Mutex<pthread_t?>(nil)
        let thread = Thread { [finished, released] in
            // Threads made from Dispatch's workers inherit their mask, which blocks signals.
            var mask = sigset_t()
            sigemptyset(&mask)
            sigaddset(&mask, SIGUSR1)
            pthread_sigmask(SIG_UNBLOCK, &mask, nil)
            identity.withLock { $0 = pthread_self() }
            started.signal()
            body()
            finished.signal()
            // Alive until the test is done with it, so that a late signal never targets a
            // thread that is gone.
            released.wait()
        }
        thread.start()
        started.wait()
        return identity.withLock { $0 }!
    }

    /// Sends the signal `times` times, a little apart so that the thread is blocked in its
    /// call each time, and waits (up to a second) until each was handled.
    func interrupt(_ thread: pthread_t, times: Int) {
        for count in 1...times {
            usleep(20_000)
            pthread_kill(thread, SIGUSR1)
            for _ in 0..<1000 where handled < count { usleep(1_000) }
        }
    }

    /// Waits for the thread's body to return, then lets the thread end.
    func wait() {
        finished.wait()
        released.signal()
    }

    /// Puts the previous disposition of SIGUSR1 back.
    func restore() {
        var old = previous
        sigaction(SIGUSR1, &old, nil)
    }
}
