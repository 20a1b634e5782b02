import Testing
import VitrineDRM
import VitrineInput
import VitrinePlatform

@testable import VitrineKiosk

/// A seat's disable pauses rendering and input, its enable resumes both (the VM checks do it
/// through seatd and a VT switch; here the calls the session's handlers make).
@MainActor @Suite struct SeatSessionWiringTests {
    func make() throws -> (SeatSessionWiring, DRMBackend, LibinputInputSource) {
        let display = DRMBackend(clock: ManualClock())
        let input = LibinputInputSource(context: try LibinputContext(devicePaths: []))
        return (SeatSessionWiring(display: display, input: input), display, input)
    }

    @Test func disablePausesRenderingAndInput() throws {
        let (wiring, display, input) = try make()
        wiring.pause()
        #expect(wiring.isPaused)
        #expect(!display.isSessionActive)
        #expect(input.isSuspended)
    }

    @Test func enableResumesBoth() throws {
        let (wiring, display, input) = try make()
        wiring.pause()
        wiring.resume()
        #expect(!wiring.isPaused)
        #expect(display.isSessionActive)
        #expect(!input.isSuspended)
    }

    @Test func anEnableWithoutADisableChangesNothing() throws {
        // The enable a new session brings, or one delivered late: nothing was paused.
        let (wiring, display, input) = try make()
        var lines: [String] = []
        display.log = { lines.append($0) }
        wiring.resume()
        #expect(!wiring.isPaused)
        #expect(display.isSessionActive && !input.isSuspended)
        #expect(lines.isEmpty, "\(lines)")
    }

    @Test func aSecondDisableIsIgnored() throws {
        let (wiring, display, _) = try make()
        var lines: [String] = []
        display.log = { lines.append($0) }
        wiring.pause()
        wiring.pause()
        #expect(lines.count == 1, "\(lines)")
        wiring.resume()
        #expect(display.isSessionActive)
    }
}
