import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// Delivers SIGTERM, SIGINT and SIGHUP on the main queue instead of their default action
/// (termination), so the service can stop cleanly (restore the display, tell systemd) or
/// reload its config. Signal handlers proper can do almost nothing safely; a Dispatch signal
/// source runs ordinary code on the main queue after the signal.
@MainActor
public final class SignalWatcher {
    private var sources: [any DispatchSourceSignal] = []

    /// Watches `signals`, calling `handler` with the signal number on the main queue.
    public init(signals: [Int32] = [SIGTERM, SIGINT, SIGHUP], handler: @escaping @MainActor (Int32) -> Void) {
        for number in signals {
            // The default action would kill the process before Dispatch sees the signal.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { MainActor.assumeIsolated { handler(number) } }
            source.resume()
            sources.append(source)
        }
    }

    /// Stops watching; the signals keep being ignored.
    public func cancel() {
        for source in sources { source.cancel() }
        sources.removeAll()
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
