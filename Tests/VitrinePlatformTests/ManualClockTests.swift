import Testing
import VitrinePlatform

@MainActor
@Suite("ManualClock")
struct ManualClockTests {
    @Test func firesScheduledCallbacksInTimestampOrder() {
        let clock = ManualClock()
        var fired: [String] = []
        clock.schedule(at: 0.3) { fired.append("c@\(clock.now)") }
        clock.schedule(at: 0.1) { fired.append("a@\(clock.now)") }
        clock.schedule(at: 0.2) { fired.append("b1@\(clock.now)") }
        clock.schedule(at: 0.2) { fired.append("b2@\(clock.now)") }
        clock.advance(by: 0.15)
        #expect(fired == ["a@0.1"])
        #expect(clock.now == 0.15)
        clock.advance(to: 1)
        #expect(fired == ["a@0.1", "b1@0.2", "b2@0.2", "c@0.3"])
        #expect(clock.now == 1)
        #expect(clock.pendingCount == 0)
    }

    @Test func callbacksScheduledDuringAnAdvanceFireWithinIt() {
        let clock = ManualClock(now: 10)
        var ticks: [Double] = []
        func tick() {
            ticks.append(clock.now)
            if ticks.count < 5 { clock.schedule(at: clock.now + 0.25, tick) }
        }
        clock.schedule(at: 10.25, tick)
        clock.advance(by: 1)
        #expect(ticks == [10.25, 10.5, 10.75, 11])
        #expect(clock.pendingCount == 1)
        #expect(clock.nextDeadline == 11.25)
        #expect(clock.advanceToNextDeadline())
        #expect(ticks.count == 5)
        #expect(!clock.advanceToNextDeadline())
    }

    @Test func cancelledTimersDoNotFire() {
        let clock = ManualClock()
        var fired = 0
        let timer = clock.schedule(at: 1) { fired += 1 }
        clock.schedule(at: 2) { fired += 10 }
        timer.cancel()
        #expect(timer.isCancelled)
        clock.advance(by: 5)
        #expect(fired == 10)
        #expect(!timer.hasFired)
    }

    @Test func pastDeadlinesFireOnTheNextAdvanceNotSynchronously() {
        let clock = ManualClock(now: 5)
        var fired = false
        clock.schedule(at: 1) { fired = true }
        #expect(!fired)
        clock.advance(by: 0)
        #expect(fired)
        #expect(clock.now == 5)
    }
}

@MainActor
@Suite("MonotonicClock")
struct MonotonicClockTests {
    @Test func readsAnIncreasingMonotonicTime() {
        let clock = MonotonicClock()
        let first = clock.now
        let second = MonotonicTime.now()
        #expect(first > 0)
        #expect(second >= first)
    }

    @Test func firesADispatchTimerOnTheMainQueue() async {
        let clock = MonotonicClock()
        let deadline = clock.now + 0.005
        let firedAt: Double = await withCheckedContinuation { continuation in
            clock.schedule(at: deadline) { continuation.resume(returning: clock.now) }
        }
        #expect(firedAt >= deadline)
        #expect(clock.armedCount == 0)
    }

    @Test func cancellingDisarmsTheTimer() {
        let clock = MonotonicClock()
        let timer = clock.schedule(at: clock.now + 60) {}
        #expect(clock.armedCount == 1)
        timer.cancel()
        #expect(clock.armedCount == 0)
    }

    @Test func convertsKernelTimestamps() {
        #expect(MonotonicTime.seconds(seconds: 12, microseconds: 500_000) == 12.5)
        #expect(MonotonicTime.seconds(seconds: 3, nanoseconds: 250_000_000) == 3.25)
        #expect(MonotonicTime.seconds(microseconds: 1_500_000) == 1.5)
    }
}
