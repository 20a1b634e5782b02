import Glibc
import Testing
import VitrinePlatform
import VitrineTestSupport

@Suite("DirectDeviceOpener")
struct DirectDeviceOpenerTests {
    @Test func opensNonBlockingAndCloseOnExec() throws {
        let descriptor = try DirectDeviceOpener().open(path: "/dev/null")
        defer { descriptor.close() }
        #expect(fcntl(descriptor.rawValue, F_GETFD) & FD_CLOEXEC != 0)
        let flags = fcntl(descriptor.rawValue, F_GETFL)
        #expect(flags & O_NONBLOCK != 0 && flags & O_ACCMODE == O_RDWR)
    }

    @Test func aDescriptorIsClosedOnceHoweverOftenItIsClosed() throws {
        let opener = DirectDeviceOpener()
        let firstFile = try TemporaryFile()
        let secondFile = try TemporaryFile()
        defer {
            firstFile.remove()
            secondFile.remove()
        }
        let first = try opener.open(path: firstFile.path)
        let number = first.rawValue
        #expect(firstFile.isOpen(as: number))
        first.close()
        #expect(first.isClosed)
        #expect(!firstFile.isOpen(as: number))
        // The next open normally reuses the number (another test may take it first); closing
        // the first descriptor again must not close the second, whatever its number.
        let second = try opener.open(path: secondFile.path)
        defer { second.close() }
        first.close()
        #expect(
            secondFile.isOpen(as: second.rawValue),
            "the second descriptor (number \(second.rawValue), first \(number)) is still open")
    }

    @Test func releasingTheLastReferenceClosesIt() throws {
        let file = try TemporaryFile()
        defer { file.remove() }
        var number: Int32 = -1
        do {
            let descriptor = try DirectDeviceOpener().open(path: file.path)
            number = descriptor.rawValue
            #expect(file.isOpen(as: number))
        }
        #expect(!file.isOpen(as: number))
    }

    @Test func failuresNameThePathAndErrno() {
        #expect(throws: DeviceOpenError(path: "/nonexistent/card0", code: ENOENT)) {
            try DirectDeviceOpener().open(path: "/nonexistent/card0")
        }
    }
}
