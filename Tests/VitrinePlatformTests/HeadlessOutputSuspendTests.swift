import Testing
import VitrineGraphics
import VitrinePlatform

/// A headless output's suspension, as a DRM output's when its session is away.
@MainActor @Suite struct HeadlessOutputSuspendTests {
    @Test func aSuspendedOutputHandsOutNoBufferAndRefusesPresents() throws {
        let clock = ManualClock()
        let output = HeadlessOutput(width: 64, height: 48, clock: clock)
        let buffer = try #require(output.acquireBuffer())
        output.suspend()
        #expect(output.isSuspended)
        #expect(output.acquireBuffer() == nil)
        #expect(throws: DisplayOutputError.suspended(output: "HEADLESS-1")) {
            try output.present(buffer, damage: Region(buffer.pixels.bounds))
        }
        var resumed = 0
        output.resumeHandler = { resumed += 1 }
        output.resume()
        #expect(!output.isSuspended && resumed == 1)
        // The buffer acquired before is still the one to present.
        try output.present(buffer, damage: Region(buffer.pixels.bounds))
        #expect(output.presentCount == 1)
        output.resume()
        #expect(resumed == 1, "resuming an output that is not suspended does nothing")
    }

    @Test func aPresentInFlightCompletesWhileSuspended() throws {
        let clock = ManualClock()
        let output = HeadlessOutput(width: 64, height: 48, clock: clock)
        var events = 0
        output.presentCompletionHandler = { _ in events += 1 }
        let buffer = try #require(output.acquireBuffer())
        try output.present(buffer, damage: Region(buffer.pixels.bounds))
        output.suspend()
        clock.advance(by: 1.0 / 30)
        #expect(events == 1 && !output.isPresentPending)
    }

    @Test func poweringOnWhileSuspendedOnlyRecordsTheWish() throws {
        let output = HeadlessOutput(width: 64, height: 48, clock: ManualClock())
        var resumed = 0
        output.resumeHandler = { resumed += 1 }
        output.suspend()
        try output.setPowered(false)
        try output.setPowered(true)
        #expect(resumed == 0 && output.isPoweredOn)
        output.resume()
        #expect(resumed == 1)
    }

    @Test func buffersComeFromTheAllocator() throws {
        let output = HeadlessOutput(width: 64, height: 48, bufferCount: 3, clock: ManualClock())
        #expect(output.bufferAllocator.madeCount == 3)
        #expect(output.buffers.allSatisfy { $0.width == 64 && $0.height == 48 && $0.format == .xrgb8888 })
    }
}
