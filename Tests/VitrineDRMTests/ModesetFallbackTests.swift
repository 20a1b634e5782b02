import Testing
import VitrinePlatform

@testable import VitrineDRM

/// What an output falls back to when the kernel rejects a modeset.
@MainActor @Suite struct ModesetFallbackTests {
    let modes = [
        DisplayMode(width: 1920, height: 1080, refreshMillihertz: 60_000),
        DisplayMode(width: 1280, height: 720, refreshMillihertz: 60_000, isPreferred: true),
        DisplayMode(width: 800, height: 600, refreshMillihertz: 60_317),
    ]

    @Test func aRejectedModeFallsBackToThePreferredOne() {
        #expect(DRMOutput.fallbackMode(afterRejecting: modes[0], among: modes) == modes[1])
        #expect(DRMOutput.fallbackMode(afterRejecting: modes[2], among: modes) == modes[1])
    }

    @Test func aRejectedPreferredModeWaitsForTheNextProbe() {
        #expect(DRMOutput.fallbackMode(afterRejecting: modes[1], among: modes) == nil)
        // The same timing flagged differently is still the rejected one.
        let sameTiming = DisplayMode(width: 1280, height: 720, refreshMillihertz: 60_000)
        #expect(DRMOutput.fallbackMode(afterRejecting: sameTiming, among: modes) == nil)
    }

    @Test func withoutAPreferredModeTheFirstListedIsTried() {
        let unflagged = [modes[0], modes[2]]
        #expect(DRMOutput.fallbackMode(afterRejecting: modes[2], among: unflagged) == modes[0])
        #expect(DRMOutput.fallbackMode(afterRejecting: modes[0], among: []) == nil)
    }
}
