import Glibc
import SystemPackage
import Testing
import VitrineIO

@Suite struct OwnedFileDescriptorTests {
    @Test func closesOnceWhateverHappensToTheNumber() throws {
        let owned = try OwnedFileDescriptor.open("/dev/null", .readOnly)
        let number = owned.rawValue
        #expect(fcntl(number, F_GETFD) & FD_CLOEXEC != 0, "opened close-on-exec")
        owned.close()
        #expect(owned.isClosed)
        // The number is free again: another open reuses it, and a second close must not touch it.
        let reused = try OwnedFileDescriptor.open("/dev/null", .readOnly)
        #expect(reused.rawValue == number)
        owned.close()
        #expect(fcntl(number, F_GETFD) != -1, "the reused descriptor is still open")
    }

    @Test func closesWhenReleasedThroughItsCloser() {
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        let closedNumbers = Closed()
        do {
            let owned = OwnedFileDescriptor(adopting: pipeEnds[0]) { descriptor in
                closedNumbers.append(descriptor.rawValue)
                try? descriptor.close()
            }
            #expect(!owned.isClosed)
        }
        #expect(closedNumbers.values == [pipeEnds[0]])
        #expect(fcntl(pipeEnds[0], F_GETFD) == -1 && errno == EBADF)
        close(pipeEnds[1])
    }

    @Test func openReportsTheErrno() {
        #expect(throws: Errno.noSuchFileOrDirectory) {
            try OwnedFileDescriptor.open("/nonexistent/vitrine", .readOnly)
        }
    }
}

@Suite struct RetryOnInterruptTests {
    @Test func retriesOnlyWhileInterrupted() {
        var calls = 0
        let result = retryingOnInterrupt { () -> Int32 in
            calls += 1
            if calls < 3 {
                errno = EINTR
                return -1
            }
            return 7
        }
        #expect(result == 7 && calls == 3)
    }

    @Test func otherFailuresReturnAtOnce() {
        var calls = 0
        let result = retryingOnInterrupt { () -> Int in
            calls += 1
            errno = EAGAIN
            return -1
        }
        #expect(result == -1 && calls == 1 && errno == EAGAIN)
    }

    @Test func negativeErrnoStyleCalls() {
        var calls = 0
        let result = retryingOnNegativeInterrupt { () -> Int32 in
            calls += 1
            return calls == 1 ? -EINTR : -EBUSY
        }
        #expect(result == -EBUSY && calls == 2)
    }
}

/// Numbers a closer saw, from a Sendable closure.
private final class Closed: @unchecked Sendable {
    private(set) var values: [Int32] = []
    func append(_ value: Int32) { values.append(value) }
}
