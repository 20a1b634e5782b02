import Foundation

/// The counters of a cgroup v2 `memory.events` file: how often the group hit its `memory.high`
/// throttle limit (`high`), its `memory.max` hard limit (`max`), and the out-of-memory killer
/// (`oom`, `oomKill`). The kernel only ever raises them.
public struct MemoryEvents: Hashable, Sendable {
    /// Times the group's usage went over `memory.high` (reclaim was forced).
    public var high: UInt64 = 0
    /// Times the group's usage was about to go over `memory.max`.
    public var max: UInt64 = 0
    /// Times the group hit its limit and the OOM killer was considered.
    public var oom: UInt64 = 0
    /// Processes of the group the OOM killer killed.
    public var oomKill: UInt64 = 0

    /// Counters with the given values.
    public init(high: UInt64 = 0, max: UInt64 = 0, oom: UInt64 = 0, oomKill: UInt64 = 0) {
        self.high = high
        self.max = max
        self.oom = oom
        self.oomKill = oomKill
    }

    /// Parses the file's text, lines of `key value` (`low 0`, `high 12`, `max 0`, `oom 0`,
    /// `oom_kill 0`, ...); unknown keys and malformed lines are skipped.
    public init(parsing text: String) {
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 2, let value = UInt64(fields[1]) else { continue }
            switch fields[0] {
            case "high": high = value
            case "max": max = value
            case "oom": oom = value
            case "oom_kill": oomKill = value
            default: continue
            }
        }
    }

    /// Whether these counters show memory pressure that `earlier` did not: `high`, `max` or
    /// `oom` went up.
    public func showsPressure(since earlier: MemoryEvents) -> Bool {
        high > earlier.high || max > earlier.max || oom > earlier.oom
    }
}
