import Foundation
import VitrineKit
import VitrinePlatform

/// Calls `tick` with the current whole second of wall-clock time at once and then at every
/// whole second, woken by a display backend's media clock.
///
/// A `Timer` would work too (`UIApplicationMain` runs the main run loop), but the media clock
/// is what frames run on, and a `ManualClock` steps it in tests. Each wake-up reads the
/// wall clock again and aims at its next whole second, so the ticks stay aligned when the
/// two clocks drift apart or the wall clock is set.
@MainActor
final class WallClockTicker {
    /// A wake-up up to this early still shows the second it was aimed at (timer slack).
    private static let earlyTolerance = 0.02

    private let wallClock: @MainActor () -> Date
    private let tick: @MainActor (Date) -> Void
    private var timer: ClockTimer?

    init(wallClock: @escaping @MainActor () -> Date, tick: @escaping @MainActor (Date) -> Void) {
        self.wallClock = wallClock
        self.tick = tick
    }

    /// Whether a tick is scheduled.
    var isRunning: Bool { timer?.isPending ?? false }

    /// Ticks now, then every second on `clock`. Restarts when already running.
    func start(on clock: any MediaClock) {
        stop()
        fire(on: clock)
    }

    /// No more ticks.
    func stop() {
        timer?.cancel()
        timer = nil
    }

    private func fire(on clock: any MediaClock) {
        let now = wallClock().timeIntervalSince1970
        let second = (now + Self.earlyTolerance).rounded(.down)
        tick(Date(timeIntervalSince1970: second))
        let delay = max(0.001, second + 1 - now)
        // Neither the ticker nor the clock is kept by the wake-up: the clock keeps the wake-up
        // until it fires, so a strong capture would keep a clock nobody moves for ever.
        timer = clock.schedule(at: clock.now + delay) { [weak self, weak clock] in
            guard let clock else { return }
            self?.fire(on: clock)
        }
    }
}

/// Clock and date text in English whatever the system locale (a kiosk shows the same words
/// in a test and on the panel), in a given time zone or the system's.
///
/// The system's time zone is the C library's (`TZ`, else `/etc/localtime`, which
/// `timedatectl set-timezone` writes), read again at every call, so a panel follows a time
/// zone change without a restart. It does not go through `Calendar`: making one looks up
/// `TimeZone.current` through ICU, whose code and data cost the daemon about 1 MB of memory.
struct ClockText {
    /// nil: the system's time zone.
    var timeZone: TimeZone?

    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// The broken-down local time of `date` (to the whole second).
    private func fields(_ date: Date) -> tm {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var result = tm()
        if let timeZone {
            seconds += time_t(timeZone.secondsFromGMT(for: date))
            gmtime_r(&seconds, &result)
        } else {
            tzset()
            localtime_r(&seconds, &result)
        }
        return result
    }

    /// `HH:mm:ss`, 24-hour.
    func time(_ date: Date) -> String {
        let parts = fields(date)
        return [parts.tm_hour, parts.tm_min, parts.tm_sec].map { two(Int($0)) }.joined(separator: ":")
    }

    /// `HH:mm`, 24-hour.
    func shortTime(_ date: Date) -> String {
        let parts = fields(date)
        return two(Int(parts.tm_hour)) + ":" + two(Int(parts.tm_min))
    }

    /// "Tuesday 3 June 2025".
    func day(_ date: Date) -> String {
        let parts = fields(date)
        let weekday = Self.weekdays[Int(parts.tm_wday) % 7]
        let month = Self.months[Int(parts.tm_mon) % 12]
        return "\(weekday) \(parts.tm_mday) \(month) \(Int(parts.tm_year) + 1900)"
    }

    /// The seconds of the minute, 0 ..< 60.
    func second(_ date: Date) -> Int {
        Int(fields(date).tm_sec)
    }

    private func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
