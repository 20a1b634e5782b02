import Testing
import VitrineInput

@Suite("LibinputContext")
struct LibinputContextTests {
    @Test func createsAContextOrReportsAClearError() {
        // No /dev/input here: libinput either assigns an empty seat or refuses it; never a crash.
        do {
            let context = try LibinputContext(seat: "seat0")
            #expect(context.seat == "seat0")
            #expect(context.fileDescriptor >= 0)
        } catch {
            #expect(
                [LibinputError.udevUnavailable, .contextCreationFailed, .seatAssignmentFailed(seat: "seat0")]
                    .contains(error))
        }
    }

    @Test func defaultsToSeat0() {
        if let context = try? LibinputContext() {
            #expect(context.seat == "seat0")
        }
    }
}

@Suite("LibinputContext log")
struct LibinputContextLogTests {
    @Test func libinputsMessagesGoToTheLogHandler() throws {
        let context = try LibinputContext(devicePaths: [])
        var lines: [String] = []
        context.logHandler = { lines.append($0) }
        // libinput reports a node it cannot open at error priority, its default.
        #expect(!context.addDevice(path: "/nonexistent/event99"))
        #expect(lines.contains { $0.hasPrefix("error: ") && $0.contains("/nonexistent/event99") }, "\(lines)")
        #expect(lines.allSatisfy { !$0.hasSuffix("\n") })
    }
}
