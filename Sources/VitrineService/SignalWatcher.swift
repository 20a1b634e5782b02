import Dispatch
import VitrineIO

#if canImport(Glibc)
    import Glibc
#endif

/// Delivers SIGTERM, SIGINT and SIGHUP as ordinary calls on a queue (the main queue for the
/// service) instead of their default action, termination: so the service can stop cleanly
/// (restore the display, tell systemd) or reload its config.
///
/// A signal handler may do almost nothing safely, and a Dispatch signal source on Linux sees
/// a signal only if every thread blocks it (which a process with Dispatch's threads already
/// running cannot arrange). So the handler only writes the signal's number to a pipe (the
/// self-pipe trick), and a read source on the queue turns each byte into a call.
public final class SignalWatcher {
    private let readSource: any DispatchSourceRead
    private let signals: [Int32]

    /// Watches `signals`, calling `handler` with the signal number on the main queue.
    @MainActor
    public convenience init(
        signals: [Int32] = [SIGTERM, SIGINT, SIGHUP], handler: @escaping @MainActor (Int32) -> Void
    ) {
        self.init(signals: signals, queue: .main) { number in MainActor.assumeIsolated { handler(number) } }
    }

    /// Watches `signals`, calling `handler` with the signal number on `queue`.
    public init(signals: [Int32], queue: DispatchQueue, handler: @escaping @Sendable (Int32) -> Void) {
        let readEnd = SignalPipe.shared.readEnd
        self.signals = signals
        let source = DispatchSource.makeReadSource(fileDescriptor: readEnd.rawValue, queue: queue)
        source.setEventHandler {
            var bytes = [UInt8](repeating: 0, count: 64)
            while true {
                let count = retryingOnInterrupt { read(readEnd.rawValue, &bytes, bytes.count) }
                guard count > 0 else { break }
                for byte in bytes.prefix(count) where signals.contains(Int32(byte)) { handler(Int32(byte)) }
            }
        }
        source.resume()
        readSource = source
        for number in signals { signal(number, forwardSignalToPipe) }
        // A blocked signal mask is inherited across exec: a parent that starts the daemon from a
        // thread blocking them (a Dispatch worker, say) would leave SIGTERM pending for ever.
        // Unblocked on this thread (the main thread, which runs the main run loop), the signals
        // reach the handler there; Dispatch's own threads keep them blocked.
        var watched = sigset_t()
        sigemptyset(&watched)
        for number in signals { sigaddset(&watched, number) }
        pthread_sigmask(SIG_UNBLOCK, &watched, nil)
    }

    /// Stops watching; the signals are ignored from then on (a second SIGTERM during a
    /// shutdown must not kill the process half way).
    public func cancel() {
        for number in signals { signal(number, SIG_IGN) }
        readSource.cancel()
    }

    /// The signal's name, as `kill -l` prints it: `SIGTERM`.
    public static func name(of number: Int32) -> String {
        switch number {
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        case SIGHUP: "SIGHUP"
        default: "signal \(number)"
        }
    }
}

/// The pipe the signal handler writes to: made once, before any handler is installed, both
/// ends non-blocking (a full pipe drops a byte rather than blocking inside a handler) and
/// close-on-exec. It lives as long as the process: a handler may run at any time.
private final class SignalPipe: Sendable {
    static let shared = SignalPipe()
    let readEnd: OwnedFileDescriptor
    let writeEnd: OwnedFileDescriptor

    private init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        }
        readEnd = OwnedFileDescriptor(adopting: ends[0])
        writeEnd = OwnedFileDescriptor(adopting: ends[1])
        // The handler reads a plain number: it may not touch a Swift object.
        signalPipeWriteEnd = ends[1]
    }
}

/// Read by the handler: a plain global, set before any handler can run.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The signal handler: one async-signal-safe write(2); errno is kept for the interrupted code.
private func forwardSignalToPipe(_ number: Int32) {
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriteEnd, &byte, 1)
    errno = savedErrno
}
