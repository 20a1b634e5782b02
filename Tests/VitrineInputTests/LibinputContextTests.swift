import Glibc
import Testing
import VitrineIO
import VitrinePlatform

@testable import VitrineInput

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

@Suite("LibinputContext opener")
struct LibinputContextOpenerTests {
    /// The direct opener, recording what it opens and closes.
    final class RecordingOpener: DeviceOpener, @unchecked Sendable {
        private let direct = DirectDeviceOpener()
        private(set) var opened: [Int32] = []
        private(set) var closed: [Int32] = []

        func open(path: String) throws(DeviceOpenError) -> OwnedFileDescriptor {
            let descriptor = try direct.open(path: path)
            opened.append(descriptor.rawValue)
            return OwnedFileDescriptor(descriptor.descriptor) { [self] closing in
                closed.append(closing.rawValue)
                descriptor.close()
            }
        }
    }

    /// libinput's `open_restricted` / `close_restricted` pass bare numbers: closing a number
    /// gives the descriptor open under it back to the opener once; closing a number that is no
    /// longer open does nothing.
    @Test func aClosedNumberGivesItsDescriptorBackOnce() {
        let opener = RecordingOpener()
        let devices = RestrictedDevices(opener: opener)
        let first = devices.open(path: "/dev/null")
        #expect(first >= 0 && devices.count == 1)
        devices.close(first)
        #expect(opener.closed == [first] && devices.count == 0)
        #expect(fcntl(first, F_GETFD) == -1)
        let second = devices.open(path: "/dev/null")
        #expect(second == first, "the number is reused")
        devices.close(first)
        devices.close(first)
        #expect(opener.closed == [first, first] && opener.opened == [first, first])
        #expect(fcntl(second, F_GETFD) == -1 && devices.count == 0)
        devices.close(second)
        #expect(opener.closed.count == 2, "a number not open is left alone")
    }

    @Test func aFailedOpenIsANegativeErrno() {
        let devices = RestrictedDevices(opener: RecordingOpener())
        #expect(devices.open(path: "/nonexistent/event0") == -ENOENT)
        #expect(devices.count == 0)
    }

    @Test func devicesStillOpenAreClosedWithTheTable() {
        let opener = RecordingOpener()
        var number: Int32 = -1
        do {
            let devices = RestrictedDevices(opener: opener)
            number = devices.open(path: "/dev/null")
        }
        #expect(opener.closed == [number])
    }
}
