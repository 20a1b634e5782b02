import Glibc
import Testing
import VitrinePlatform

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
        let first = try opener.open(path: "/dev/null")
        let number = first.rawValue
        first.close()
        #expect(first.isClosed)
        #expect(fcntl(number, F_GETFD) == -1 && errno == EBADF)
        // The number is reused by the next open; closing the first descriptor again must not
        // close the second.
        let second = try opener.open(path: "/dev/null")
        defer { second.close() }
        #expect(second.rawValue == number)
        first.close()
        #expect(fcntl(number, F_GETFD) != -1, "the reused number is still open")
    }

    @Test func releasingTheLastReferenceClosesIt() throws {
        var number: Int32 = -1
        do {
            let descriptor = try DirectDeviceOpener().open(path: "/dev/null")
            number = descriptor.rawValue
            #expect(fcntl(number, F_GETFD) != -1)
        }
        #expect(fcntl(number, F_GETFD) == -1 && errno == EBADF)
    }

    @Test func failuresNameThePathAndErrno() {
        #expect(throws: DeviceOpenError(path: "/nonexistent/card0", code: ENOENT)) {
            try DirectDeviceOpener().open(path: "/nonexistent/card0")
        }
    }
}
