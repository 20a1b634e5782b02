/// A wake-up scheduled on a `MediaClock`, which can be cancelled before it fires (as a
/// `DispatchSourceTimer` or `CADisplayLink.invalidate()` can be). Holding it is optional: a
/// scheduled wake-up fires whether or not its `ClockTimer` is kept.
@MainActor
public final class ClockTimer {
    /// The clock time at which the action runs.
    public let deadline: Double

    /// Whether `cancel()` was called before the action ran.
    public private(set) var isCancelled = false

    /// Whether the action has run.
    public private(set) var hasFired = false

    private var cancelHandler: (@MainActor () -> Void)?

    /// A timer for `deadline`; `cancelHandler` runs once if the timer is cancelled before it
    /// fires (a clock uses it to release its underlying resource, as a dispatch source).
    public init(deadline: Double, cancelHandler: (@MainActor () -> Void)? = nil) {
        self.deadline = deadline
        self.cancelHandler = cancelHandler
    }

    /// Whether the action is still due: neither fired nor cancelled.
    public var isPending: Bool { !isCancelled && !hasFired }

    /// Stops the action from running. Does nothing once it has fired or been cancelled.
    public func cancel() {
        guard isPending else { return }
        isCancelled = true
        let handler = cancelHandler
        cancelHandler = nil
        handler?()
    }

    /// Marks the timer fired; a clock calls this right before running the action. Returns
    /// false (and the clock must not run the action) if the timer was cancelled.
    public func markFired() -> Bool {
        guard isPending else { return false }
        hasFired = true
        cancelHandler = nil
        return true
    }
}
