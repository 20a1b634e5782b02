import Dispatch

/// The real clock: `now` reads `CLOCK_MONOTONIC` (as `CACurrentMediaTime()`), and wake-ups
/// are one-shot `DispatchSourceTimer`s on the main queue, so nothing ticks unless something
/// is scheduled (an idle screen costs no wake-ups).
///
/// Each instance is independent; pass the one the application made to whoever needs time.
@MainActor
public final class MonotonicClock: MediaClock {
    /// Timers armed and not yet fired or cancelled, kept alive here until then.
    private var armed: [Int: DispatchSourceTimer] = [:]
    private var nextTimerID = 0

    /// Allowed lateness of a wake-up: small, since vblank wake-ups pace frames.
    private let leeway: DispatchTimeInterval

    /// A clock whose wake-ups may be up to `leeway` late (default 0.5 ms), letting the kernel
    /// coalesce timers.
    public init(leeway: DispatchTimeInterval = .microseconds(500)) {
        self.leeway = leeway
    }

    /// `CLOCK_MONOTONIC` now, in seconds.
    public var now: Double { MonotonicTime.now() }

    /// The number of timers armed and not yet fired or cancelled.
    public var armedCount: Int { armed.count }

    /// Arms a one-shot main-queue timer for `time`.
    @discardableResult
    public func schedule(at time: Double, _ action: @escaping @MainActor () -> Void) -> ClockTimer {
        let source = DispatchSource.makeTimerSource(queue: .main)
        let id = nextTimerID
        nextTimerID += 1
        let timer = ClockTimer(deadline: time) { [weak self] in
            source.cancel()
            self?.armed[id] = nil
        }
        armed[id] = source
        // The handler keeps the timer alive: a wake-up fires even if nobody holds its
        // ClockTimer. Firing or cancelling the source releases the handler and the cycle.
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                // Dispatch counts on its own clock; should it fire a hair before `time` on
                // CLOCK_MONOTONIC, re-arm for the rest so that `now >= time` inside `action`.
                let remaining = time - MonotonicTime.now()
                if remaining > 0 {
                    source.schedule(deadline: .now() + Self.dispatchInterval(remaining), leeway: .nanoseconds(0))
                    return
                }
                source.cancel()
                self?.armed[id] = nil
                if timer.markFired() {
                    action()
                }
            }
        }
        source.schedule(deadline: .now() + Self.dispatchInterval(time - now), leeway: leeway)
        source.activate()
        return timer
    }

    /// `seconds` (clamped to 0 ... one day) as whole nanoseconds, rounded up.
    private static func dispatchInterval(_ seconds: Double) -> DispatchTimeInterval {
        let clamped = min(max(0, seconds), 86_400)
        return .nanoseconds(Int((clamped * 1_000_000_000).rounded(.up)))
    }
}
