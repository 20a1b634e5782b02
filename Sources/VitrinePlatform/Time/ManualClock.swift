/// A clock that only moves when a test moves it, so that frames, animations and vblanks step
/// deterministically. Scheduled wake-ups fire during `advance(by:)` / `advance(to:)`, in
/// timestamp order (ties in scheduling order), each with `now` set to its own deadline, so an
/// action that schedules again (a display link presenting its next frame) sees the time it
/// would have seen on real hardware, and a single long advance steps through every frame.
///
/// Mirrors nothing in UIKit: it replaces `CACurrentMediaTime()` and vblank timing in tests.
@MainActor
public final class ManualClock: MediaClock {
    /// The current time in seconds. Starts at the value given to `init(now:)`.
    public private(set) var now: Double

    private struct Entry {
        let timer: ClockTimer
        let order: Int
        let action: @MainActor () -> Void
    }

    private var entries: [Entry] = []
    private var nextOrder = 0

    /// A clock reading `now` seconds (0 unless given).
    public init(now: Double = 0) {
        self.now = now
    }

    /// Schedules `action` for `time`; it runs during the advance that reaches `time` (a time
    /// already passed runs at the next advance, even `advance(by: 0)`).
    @discardableResult
    public func schedule(at time: Double, _ action: @escaping @MainActor () -> Void) -> ClockTimer {
        let timer = ClockTimer(deadline: time)
        entries.append(Entry(timer: timer, order: nextOrder, action: action))
        nextOrder += 1
        return timer
    }

    /// The number of wake-ups neither fired nor cancelled.
    public var pendingCount: Int { entries.lazy.filter { $0.timer.isPending }.count }

    /// The earliest deadline among pending wake-ups, if any.
    public var nextDeadline: Double? {
        entries.lazy.filter { $0.timer.isPending }.map(\.timer.deadline).min()
    }

    /// Moves time forward by `seconds` (not negative), firing every wake-up due on the way.
    public func advance(by seconds: Double) {
        precondition(seconds >= 0 && seconds.isFinite, "a monotonic clock only moves forward")
        advance(to: now + seconds)
    }

    /// Moves time forward to `time` (not before `now`), firing every wake-up due on the way,
    /// including wake-ups scheduled by the actions themselves that fall within the step.
    public func advance(to time: Double) {
        precondition(time >= now && time.isFinite, "a monotonic clock only moves forward")
        while let index = indexOfEarliestDue(before: time) {
            let entry = entries.remove(at: index)
            now = max(now, entry.timer.deadline)
            if entry.timer.markFired() {
                entry.action()
            }
        }
        now = time
        entries.removeAll { !$0.timer.isPending }
    }

    /// Advances to the next pending wake-up and fires it (and any others due at that same
    /// time). Returns false, leaving time unchanged, when nothing is scheduled.
    @discardableResult
    public func advanceToNextDeadline() -> Bool {
        guard let deadline = nextDeadline else { return false }
        advance(to: max(now, deadline))
        return true
    }

    private func indexOfEarliestDue(before limit: Double) -> Int? {
        var best: Int?
        for (index, entry) in entries.enumerated() where entry.timer.isPending && entry.timer.deadline <= limit {
            if let current = best {
                let other = entries[current]
                if (entry.timer.deadline, entry.order) < (other.timer.deadline, other.order) {
                    best = index
                }
            } else {
                best = index
            }
        }
        return best
    }
}
