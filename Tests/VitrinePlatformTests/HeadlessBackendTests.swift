import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform

@MainActor
@Suite("HeadlessBackend")
struct HeadlessBackendTests {
    @Test func connectAndDisconnectCallTheHandlers() {
        let backend = HeadlessBackend(clock: ManualClock())
        var log: [String] = []
        backend.outputConnectedHandler = { log.append("+\($0.name)") }
        backend.outputDisconnectedHandler = { log.append("-\($0.name)") }

        let first = backend.addOutput()
        let second = backend.addOutput(name: "DSI-1", width: 800, height: 480)
        #expect(log == ["+HEADLESS-1", "+DSI-1"])
        #expect(backend.outputs.map(\.name) == ["HEADLESS-1", "DSI-1"])
        #expect(
            first.currentMode == DisplayMode(width: 1920, height: 1080, refreshMillihertz: 60_000, isPreferred: true))
        #expect(second.currentMode.size == CGSize(width: 800, height: 480))

        backend.disconnect(first)
        #expect(log == ["+HEADLESS-1", "+DSI-1", "-HEADLESS-1"])
        #expect(backend.outputs.map(\.name) == ["DSI-1"])
        #expect(!first.isConnected)
        backend.disconnect(first)  // already gone: no second event
        #expect(log.count == 3)

        backend.connect(first)
        #expect(log.last == "+HEADLESS-1")
        #expect(first.isConnected)
        #expect(first.acquireBuffer()?.age == 0)
        #expect(backend.outputs.map(\.name) == ["DSI-1", "HEADLESS-1"])
    }

    @Test func presentAfterDisconnectIsAnErrorAndDropsTheFlight() throws {
        let clock = ManualClock()
        let backend = HeadlessBackend(clock: clock)
        let output = backend.addOutput(width: 32, height: 32)
        var completions = 0
        output.presentCompletionHandler = { _ in completions += 1 }
        let buffer = try #require(output.acquireBuffer())
        try output.present(buffer, damage: Region())
        let next = try #require(backend.addOutput(name: "OTHER").acquireBuffer())

        backend.disconnect(output)
        clock.advance(by: 1)
        #expect(completions == 0)  // the flight was dropped with the output
        #expect(output.acquireBuffer() == nil)
        #expect(output.frontBuffer == nil)
        #expect(throws: DisplayOutputError.disconnected(output: "HEADLESS-1")) {
            try output.present(buffer, damage: Region())
        }
        #expect(throws: DisplayOutputError.disconnected(output: "HEADLESS-1")) {
            try output.setMode(output.currentMode)
        }
        _ = next
    }

    @Test func modeChangesCallTheHandler() throws {
        let clock = ManualClock()
        let backend = HeadlessBackend(clock: clock)
        let output = backend.addOutput(width: 1024, height: 600)
        var changes: [(String, DisplayMode, DisplayMode)] = []
        backend.outputModeChangedHandler = { output, previous in
            changes.append((output.name, previous, output.currentMode))
        }
        let native = output.currentMode
        let half = DisplayMode(width: 512, height: 300, refreshMillihertz: 30_000)
        output.setAvailableModes([native, half])
        #expect(changes.isEmpty)  // current mode still offered
        try output.setMode(half)
        try output.setMode(half)  // already current: no event
        #expect(changes.count == 1)
        #expect(changes.first?.1 == native)
        #expect(changes.first?.2 == half)

        output.setAvailableModes([DisplayMode(width: 640, height: 480, isPreferred: true)])
        #expect(changes.count == 2)
        #expect(output.currentMode == DisplayMode(width: 640, height: 480, isPreferred: true))
    }

    @Test func modeChangeWhilePresentPendingIsAnError() throws {
        let clock = ManualClock()
        let backend = HeadlessBackend(clock: clock)
        let output = HeadlessOutput(
            name: "HEADLESS-1", modes: [DisplayMode(width: 20, height: 20), DisplayMode(width: 10, height: 10)],
            clock: clock)
        backend.connect(output)
        let buffer = try #require(output.acquireBuffer())
        try output.present(buffer, damage: Region())
        #expect(throws: DisplayOutputError.presentPending(output: "HEADLESS-1")) {
            try output.setMode(DisplayMode(width: 10, height: 10))
        }
    }

    @Test func sequenceKeepsIncreasingAcrossAModeChange() throws {
        let clock = ManualClock()
        let output = HeadlessOutput(
            name: "HEADLESS-1", modes: [DisplayMode(width: 20, height: 20), DisplayMode(width: 10, height: 10)],
            clock: clock)
        var sequences: [UInt64] = []
        output.presentCompletionHandler = { sequences.append($0.sequence) }
        for _ in 0..<3 {
            let buffer = try #require(output.acquireBuffer())
            try output.present(buffer, damage: Region())
            clock.advanceToNextDeadline()
        }
        clock.advance(by: 0.001)
        try output.setMode(DisplayMode(width: 10, height: 10))
        let buffer = try #require(output.acquireBuffer())
        try output.present(buffer, damage: Region())
        let presentedAt = clock.now
        clock.advanceToNextDeadline()
        #expect(sequences == [1, 2, 3, 4])
        #expect(abs(clock.now - (presentedAt + 1.0 / 60)) < 1e-9)  // the new grid starts at the switch
    }

    @Test func realClockCompletesAPresent() async throws {
        let clock = MonotonicClock()
        let backend = HeadlessBackend(clock: clock)
        let output = backend.addOutput(width: 16, height: 16, refreshMillihertz: 240_000)
        let buffer = try #require(output.acquireBuffer())
        let presentedAt = clock.now
        let event: PresentEvent = try await withCheckedThrowingContinuation { continuation in
            output.presentCompletionHandler = { continuation.resume(returning: $0) }
            do {
                try output.present(buffer, damage: Region())
            } catch {
                continuation.resume(throwing: error)
            }
        }
        #expect(event.timestamp > presentedAt)
        #expect(clock.now >= event.timestamp)
        #expect(event.refreshPeriod == 1.0 / 240)
        #expect(clock.armedCount == 0)  // idle again: no timer left running
    }
}

@MainActor
@Suite("HeadlessInputSource")
struct HeadlessInputSourceTests {
    @Test func deliversInjectedEventsInOrder() {
        let source = HeadlessInputSource()
        var received: [InputEvent] = []
        source.inject(TouchEvent.frame(timestamp: 0))  // no handler yet: dropped
        source.eventHandler = { received.append($0) }
        let down = TouchEvent.down(slot: 0, at: CGPoint(x: 0.25, y: 0.5), output: "HEADLESS-1", timestamp: 1)
        source.inject(down)
        source.inject(TouchEvent.frame(timestamp: 1))
        source.inject(KeyEvent(keyCode: 28, isPressed: true, timestamp: 2))
        source.inject(PointerEvent(kind: .button(button: 0x110, isPressed: false), timestamp: 3))
        #expect(received.count == 4)
        #expect(received.first == .touch(down))
        #expect(received.map(\.timestamp) == [1, 1, 2, 3])
        #expect(source.deliveredCount == 4)
        guard case .touch(let touch) = received[0] else {
            Issue.record("expected a touch")
            return
        }
        #expect(touch.phase == .down && touch.slot == 0 && touch.position == CGPoint(x: 0.25, y: 0.5))
        #expect(TouchEvent.up(slot: 0, timestamp: 2).position == nil)
        #expect(TouchEvent.frame(timestamp: 2).slot == nil)
    }
}
