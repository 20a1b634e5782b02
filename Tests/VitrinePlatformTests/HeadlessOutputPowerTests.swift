import Testing
import VitrineGraphics
import VitrinePlatform

/// `HeadlessOutput.setPowered(_:)`: a dark output hands out no buffer and refuses presents.
@MainActor
@Suite("HeadlessOutput power")
struct HeadlessOutputPowerTests {
    @Test func aPoweredOffOutputHoldsFramesUntilPoweredOn() throws {
        let clock = ManualClock()
        let output = HeadlessOutput(width: 64, height: 32, clock: clock)
        var resumes = 0
        output.resumeHandler = { resumes += 1 }
        #expect(output.isPoweredOn)
        let buffer = try #require(output.acquireBuffer())
        try output.setPowered(false)
        #expect(!output.isPoweredOn)
        #expect(output.acquireBuffer() == nil)
        #expect(throws: DisplayOutputError.poweredOff(output: "HEADLESS-1")) {
            try output.present(buffer, damage: Region(buffer.pixels.bounds))
        }
        #expect(output.presentCount == 0)
        #expect(clock.pendingCount == 0)
        try output.setPowered(false)  // no change
        #expect(resumes == 0)
        try output.setPowered(true)
        #expect(output.isPoweredOn && resumes == 1)
        try output.setPowered(true)  // no change: no second call
        #expect(resumes == 1)
        let again = try #require(output.acquireBuffer())
        try output.present(again, damage: Region(again.pixels.bounds))
        #expect(output.presentCount == 1)
    }

    @Test func aPresentInFlightStillCompletesWhenSwitchedOff() throws {
        let clock = ManualClock()
        let output = HeadlessOutput(width: 64, height: 32, clock: clock)
        var completions = 0
        output.presentCompletionHandler = { _ in completions += 1 }
        let buffer = try #require(output.acquireBuffer())
        try output.present(buffer, damage: Region(buffer.pixels.bounds))
        try output.setPowered(false)
        clock.advance(by: 1.0 / 60)
        #expect(completions == 1 && !output.isPresentPending)
        #expect(output.acquireBuffer() == nil)
        clock.advance(by: 1)
        #expect(completions == 1 && clock.pendingCount == 0)
    }

    @Test func unpluggedItRefusesAndReplugsLit() throws {
        let clock = ManualClock()
        let backend = HeadlessBackend(clock: clock)
        let output = backend.addOutput(width: 64, height: 32)
        try output.setPowered(false)
        backend.disconnect(output)
        #expect(throws: DisplayOutputError.disconnected(output: output.name)) { try output.setPowered(true) }
        backend.connect(output)
        #expect(output.isPoweredOn)
        #expect(output.acquireBuffer() != nil)
    }
}
