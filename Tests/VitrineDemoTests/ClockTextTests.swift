import Foundation
import Testing
import VitrinePlatform

@testable import VitrineDemo

/// The showcase's clock text: in a given time zone, and in the system's through the C library.
@Suite struct ClockTextTests {
    /// 2025-06-03 23:30:05 UTC, a Tuesday.
    static let date = Date(timeIntervalSince1970: 1_748_993_405)

    @Test func aGivenTimeZoneShiftsTheTimeAndTheDay() {
        let utc = ClockText(timeZone: TimeZone(identifier: "UTC")!)
        #expect(utc.time(Self.date) == "23:30:05")
        #expect(utc.shortTime(Self.date) == "23:30")
        #expect(utc.day(Self.date) == "Tuesday 3 June 2025")
        #expect(utc.second(Self.date) == 5)
        let ahead = ClockText(timeZone: TimeZone(secondsFromGMT: 2 * 3600)!)
        #expect(ahead.time(Self.date) == "01:30:05")
        #expect(ahead.day(Self.date) == "Wednesday 4 June 2025")
        let behind = ClockText(timeZone: TimeZone(secondsFromGMT: -(9 * 3600 + 30 * 60))!)
        #expect(behind.shortTime(Self.date) == "14:00")
    }

    /// The system's time zone comes from the C library (no `Calendar`, so no ICU), read again
    /// at each call: with `TZ` naming Chatham (+12:45, +13:45 in its summer), it agrees with
    /// Foundation's rules for that zone through a year.
    @Test func theSystemTimeZoneFollowsTheCLibrary() throws {
        let zone = "Pacific/Chatham"
        let rules = try #require(TimeZone(identifier: zone))
        let saved = getenv("TZ").map { String(cString: $0) }
        setenv("TZ", zone, 1)
        defer {
            if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
            tzset()
        }
        let system = ClockText(timeZone: nil)
        let foundation = ClockText(timeZone: rules)
        #expect(system.time(Self.date) == "12:15:05")  // June: +12:45, the next day
        for day in stride(from: 0, to: 365, by: 5) {
            let date = Self.date.addingTimeInterval(Double(day) * 86_400 + Double(day * 3_613 % 86_400))
            #expect(system.time(date) == foundation.time(date))
            #expect(system.day(date) == foundation.day(date))
        }
    }
}

/// The ticker's wake-up keeps neither the ticker nor the clock: a clock nobody moves again
/// (a screen's, once its backend is replaced) goes with its last owner while a tick is due.
@MainActor @Suite struct WallClockTickerTests {
    @Test func aPendingTickKeepsNeitherTheClockNorTheTicker() {
        weak var weakClock: ManualClock?
        weak var weakTicker: WallClockTicker?
        var ticks = 0
        do {
            let clock = ManualClock()
            let ticker = WallClockTicker(wallClock: { Date(timeIntervalSince1970: 100.5) }) { _ in ticks += 1 }
            ticker.start(on: clock)
            #expect(ticker.isRunning)
            #expect(clock.pendingCount == 1)
            weakClock = clock
            weakTicker = ticker
        }
        #expect(ticks == 1)
        #expect(weakClock == nil, "the pending wake-up kept its clock")
        #expect(weakTicker == nil)
    }
}
