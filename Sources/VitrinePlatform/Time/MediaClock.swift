/// The source of media time for a screen's frame loop, animations and display links: seconds
/// on `CLOCK_MONOTONIC` (`now`), plus wake-ups at a given time (`schedule(at:_:)`).
///
/// This is what `CACurrentMediaTime()` reads and what `CADisplayLink` and vblank timers are
/// driven by, passed explicitly to whoever needs it (no global clock). `MonotonicClock` is the
/// real clock; `ManualClock` is stepped by tests so that frames advance deterministically.
///
/// Named `MediaClock` rather than `Clock` because the Swift standard library already has a
/// `Clock` protocol (for `Task.sleep`), and a second one would make `Clock` ambiguous in every
/// file that imports this module.
@MainActor
public protocol MediaClock: AnyObject {
    /// The current time in seconds, on the same time base as `MonotonicTime.now()`.
    var now: Double { get }

    /// Calls `action` on the main actor once `now` has reached `time`. A time already passed
    /// fires as soon as the clock can (the next main-queue turn, or the next advance of a
    /// manual clock); it never fires synchronously inside this call. Wake-ups fire in
    /// timestamp order, ties in the order they were scheduled.
    @discardableResult
    func schedule(at time: Double, _ action: @escaping @MainActor () -> Void) -> ClockTimer
}
