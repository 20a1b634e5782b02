import Foundation
import VitrineKit
import VitrinePlatform

/// Calls `tick` with the current whole second of wall-clock time at once and then at every
/// whole second, woken by a display backend's media clock.
///
/// Vitrine's main loop is `dispatchMain()`, so run-loop `Timer`s are not a given; the media
/// clock is what frames run on, and a `ManualClock` steps it in tests. Each wake-up reads the
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
        timer = clock.schedule(at: clock.now + delay) { [weak self] in self?.fire(on: clock) }
    }
}

/// Clock and date text in a given time zone, in English whatever the system locale (a kiosk
/// shows the same words in a test and on the panel).
struct ClockText {
    var timeZone: TimeZone

    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// `HH:mm:ss`, 24-hour.
    func time(_ date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        return [parts.hour, parts.minute, parts.second].map { two($0 ?? 0) }.joined(separator: ":")
    }

    /// `HH:mm`, 24-hour.
    func shortTime(_ date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return two(parts.hour ?? 0) + ":" + two(parts.minute ?? 0)
    }

    /// "Tuesday 3 June 2025".
    func day(_ date: Date) -> String {
        let parts = calendar.dateComponents([.weekday, .day, .month, .year], from: date)
        let weekday = Self.weekdays[((parts.weekday ?? 1) - 1) % 7]
        let month = Self.months[((parts.month ?? 1) - 1) % 12]
        return "\(weekday) \(parts.day ?? 1) \(month) \(parts.year ?? 1970)"
    }

    /// The seconds of the minute, 0 ..< 60.
    func second(_ date: Date) -> Int {
        calendar.component(.second, from: date)
    }

    private func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
