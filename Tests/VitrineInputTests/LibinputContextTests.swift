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
