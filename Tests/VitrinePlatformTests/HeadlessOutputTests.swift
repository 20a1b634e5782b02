import Testing
import VitrineGraphics
import VitrinePlatform

/// Renders and presents one frame, then lets the vblank complete it; returns the buffer's age.
@MainActor
private func presentFrame(on output: HeadlessOutput, clock: ManualClock) throws -> (age: Int, slot: Int) {
    let buffer = try #require(output.acquireBuffer())
    try output.present(buffer, damage: Region(buffer.pixels.bounds))
    clock.advanceToNextDeadline()
    return (buffer.age, buffer.slot)
}

@MainActor
@Suite("HeadlessOutput swapchain and vblank")
struct HeadlessOutputTests {
    @Test func doubleBufferAgesAreZeroThenTwo() throws {
        let clock = ManualClock()
        let output = HeadlessOutput(bufferCount: 2, clock: clock)
        var ages: [Int] = []
        var slots: [Int] = []
        for _ in 0..<6 {
            let frame = try presentFrame(on: output, clock: clock)
            ages.append(frame.age)
            slots.append(frame.slot)
        }
        #expect(ages == [0, 0, 2, 2, 2, 2])
        #expect(slots == [0, 1, 0, 1, 0, 1])
    }

    @Test func tripleBufferAgesAreZeroThenThree() throws {
        let clock = ManualClock()
        let output = HeadlessOutput(width: 64, height: 32, bufferCount: 3, clock: clock)
        var ages: [Int] = []
        for _ in 0..<7 { ages.append(try presentFrame(on: output, clock: clock).age) }
        #expect(ages == [0, 0, 0, 3, 3, 3, 3])
    }

    /// Nothing scans a single-buffered output: its buffer comes back after each vblank holding
    /// the frame just presented (age 1), and not while that present waits.
    @Test func singleBufferIsDrawnOverInPlaceAfterEachVblank() throws {
        let clock = ManualClock()
        let output = HeadlessOutput(width: 4, height: 4, bufferCount: 1, clock: clock)
        #expect(output.buffers.count == 1)
        var ages: [Int] = []
        for frame in 1...4 {
            let buffer = try #require(output.acquireBuffer())
            ages.append(buffer.age)
            if buffer.age == 1 { #expect(buffer.pixels.pixel(x: 0, y: 0) == 0xff00_0000 | UInt32(frame - 1)) }
            buffer.pixels.setPixel(x: 0, y: 0, UInt32(frame))
            try output.present(buffer, damage: Region(PixelRect(x: 0, y: 0, width: 1, height: 1)))
            #expect(output.acquireBuffer() == nil)  // the one buffer waits for its vblank
            clock.advanceToNextDeadline()
            #expect(output.frontBuffer?.pixel(x: 0, y: 0) == 0xff00_0000 | UInt32(frame))
        }
        #expect(ages == [0, 1, 1, 1])
    }

    @Test func bufferContentsSurviveAsTheAgeSays() throws {
        let clock = ManualClock()
        let output = HeadlessOutput(width: 4, height: 4, bufferCount: 2, clock: clock)
        for frame in 1...4 {
            let buffer = try #require(output.acquireBuffer())
            if buffer.age == 2 {
                // Holds the frame before the previous one.
                #expect(buffer.pixels.pixel(x: 0, y: 0) == 0xff00_0000 | UInt32(frame - 2))
            }
            buffer.pixels.setPixel(x: 0, y: 0, UInt32(frame))
            try output.present(buffer, damage: Region(PixelRect(x: 0, y: 0, width: 1, height: 1)))
            #expect(output.frontBuffer?.pixel(x: 0, y: 0) == 0xff00_0000 | UInt32(frame))
            clock.advanceToNextDeadline()
        }
        #expect(output.lastDamage == Region(PixelRect(x: 0, y: 0, width: 1, height: 1)))
    }

    @Test func acquireReturnsNilWhileBothDoubleBuffersAreBusy() throws {
        let clock = ManualClock()
        let output = HeadlessOutput(width: 8, height: 8, bufferCount: 2, clock: clock)
        _ = try presentFrame(on: output, clock: clock)
        let second = try #require(output.acquireBuffer())
        #expect(output.acquireBuffer()?.slot == second.slot)  // same back buffer until presented
        try output.present(second, damage: Region())
        #expect(output.acquireBuffer() == nil)  // one on screen, one waiting for vblank
        clock.advanceToNextDeadline()
        #expect(output.acquireBuffer() != nil)
    }

    @Test func presentCompletesAtTheNextVblankWithIncreasingSequence() throws {
        let clock = ManualClock(now: 100)
        let output = HeadlessOutput(width: 16, height: 16, refreshMillihertz: 50_000, clock: clock)
        var events: [PresentEvent] = []
        output.presentCompletionHandler = { events.append($0) }

        clock.advance(by: 0.03)  // 1.5 frames into the vblank grid that started at 100
        let buffer = try #require(output.acquireBuffer())
        try output.present(buffer, damage: Region(buffer.pixels.bounds))
        #expect(output.isPresentPending)
        clock.advance(by: 0.009)  // 100.039: still before the vblank at 100.04
        #expect(events.isEmpty)
        clock.advance(by: 0.002)
        try #require(events.count == 1)
        #expect(abs(events[0].timestamp - 100.04) < 1e-9)
        #expect(events[0].sequence == 2)
        #expect(events[0].refreshPeriod == 0.02)
        #expect(abs(events[0].targetTimestamp - 100.06) < 1e-9)
        #expect(!output.isPresentPending)

        // Idle frames pass without events; the counter keeps counting vblanks.
        clock.advance(by: 0.1)
        #expect(events.count == 1)
        let next = try #require(output.acquireBuffer())
        try output.present(next, damage: Region())
        clock.advance(by: 0.05)
        try #require(events.count == 2)
        #expect(abs(events[1].timestamp - 100.16) < 1e-9)
        #expect(events[1].sequence == 8)
    }

    @Test func presentingFromTheCompletionHandlerTicksEveryVblank() throws {
        let clock = ManualClock()
        let output = HeadlessOutput(width: 8, height: 8, clock: clock)
        var events: [PresentEvent] = []
        // Unowned: the output keeps its completion handler, which calls this.
        let render = { [unowned output] in
            guard let buffer = output.acquireBuffer() else { return }
            try? output.present(buffer, damage: Region())
        }
        output.presentCompletionHandler = { event in
            events.append(event)
            if events.count < 10 { render() }
        }
        render()
        clock.advance(by: 1)  // one long step runs frame after frame, as a display link would
        #expect(events.map(\.sequence) == Array(1...10))
        for (index, event) in events.enumerated() {
            #expect(abs(event.timestamp - Double(index + 1) / 60) < 1e-9)
        }
        #expect(clock.pendingCount == 0)  // idle: nothing scheduled
    }

    @Test func idleOutputSchedulesNothing() {
        let clock = ManualClock()
        let output = HeadlessOutput(clock: clock)
        _ = output.acquireBuffer()
        #expect(clock.pendingCount == 0)
    }

    @Test func secondPresentInFlightIsAnError() throws {
        let clock = ManualClock()
        let output = HeadlessOutput(width: 8, height: 8, bufferCount: 3, clock: clock)
        let first = try #require(output.acquireBuffer())
        try output.present(first, damage: Region())
        let second = try #require(output.acquireBuffer())
        #expect(throws: DisplayOutputError.presentPending(output: "HEADLESS-1")) {
            try output.present(second, damage: Region())
        }
        clock.advanceToNextDeadline()
        try output.present(second, damage: Region())
        #expect(output.presentCount == 2)
    }

    @Test func presentingABufferTwiceOrAStaleOneIsAnError() throws {
        let clock = ManualClock()
        let output = HeadlessOutput(width: 8, height: 8, clock: clock)
        let buffer = try #require(output.acquireBuffer())
        try output.present(buffer, damage: Region())
        clock.advanceToNextDeadline()
        #expect(throws: DisplayOutputError.bufferNotAcquired(output: "HEADLESS-1")) {
            try output.present(buffer, damage: Region())
        }
        let foreign = SwapchainBuffer(pixels: PixelBuffer(width: 8, height: 8, format: .xrgb8888), age: 0, slot: 1)
        #expect(throws: DisplayOutputError.bufferNotAcquired(output: "HEADLESS-1")) {
            try output.present(foreign, damage: Region())
        }
    }

    @Test func screenshotIsACopyOfTheFrontBuffer() throws {
        let clock = ManualClock()
        let output = HeadlessOutput(width: 3, height: 2, clock: clock)
        #expect(output.screenshot() == nil)
        let buffer = try #require(output.acquireBuffer())
        buffer.pixels.setPixel(x: 2, y: 1, 0x00ab_cdef)
        try output.present(buffer, damage: Region(buffer.pixels.bounds))
        let shot = try #require(output.screenshot())
        buffer.pixels.setPixel(x: 2, y: 1, 0)
        #expect(shot.pixel(x: 2, y: 1) == 0xffab_cdef)
        #expect(shot !== output.frontBuffer)
        #expect(shot.format == .xrgb8888 && shot.width == 3 && shot.height == 2)
    }

    @Test func setModeReallocatesBuffersAndRejectsUnknownModes() throws {
        let clock = ManualClock()
        let small = DisplayMode(width: 640, height: 480)
        let large = DisplayMode(width: 1280, height: 720, refreshMillihertz: 30_000, isPreferred: true)
        let output = HeadlessOutput(name: "HEADLESS-9", modes: [small, large], clock: clock)
        #expect(output.currentMode == large)
        _ = try presentFrame(on: output, clock: clock)
        _ = try presentFrame(on: output, clock: clock)
        #expect(
            throws: DisplayOutputError.unsupportedMode(output: "HEADLESS-9", mode: DisplayMode(width: 1, height: 1))
        ) {
            try output.setMode(DisplayMode(width: 1, height: 1))
        }
        try output.setMode(DisplayMode(width: 640, height: 480, isPreferred: true))
        #expect(output.currentMode == small)
        #expect(output.frontBuffer == nil)
        let buffer = try #require(output.acquireBuffer())
        #expect(buffer.age == 0)
        #expect(buffer.pixels.width == 640 && buffer.pixels.height == 480)
    }
}
