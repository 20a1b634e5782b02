import Glibc
import Testing
import VitrineIO
import VitrinePlatform
import VitrineTestSupport

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
    @Test func aClosedNumberGivesItsDescriptorBackOnce() throws {
        let firstFile = try TemporaryFile()
        let secondFile = try TemporaryFile()
        defer {
            firstFile.remove()
            secondFile.remove()
        }
        let opener = RecordingOpener()
        let devices = RestrictedDevices(opener: opener)
        let first = devices.open(path: firstFile.path)
        #expect(first >= 0 && devices.count == 1 && firstFile.isOpen(as: first))
        devices.close(first)
        #expect(opener.closed == [first] && devices.count == 0)
        #expect(!firstFile.isOpen(as: first))
        // The kernel hands out the lowest free number, normally `first` again (a test running
        // in parallel may take it first): closing `first` again closes at most the descriptor
        // now open under that number, once.
        let second = devices.open(path: secondFile.path)
        devices.close(first)
        devices.close(first)
        if second == first {
            #expect(opener.closed == [first, first], "the reused number is given back once")
        } else {
            #expect(opener.closed == [first], "a number no longer open is left alone")
            #expect(secondFile.isOpen(as: second))
            devices.close(second)
        }
        #expect(!secondFile.isOpen(as: second) && devices.count == 0)
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
