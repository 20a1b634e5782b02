import Glibc
import SystemPackage
import Testing
import VitrineIO
import VitrineTestSupport

@Suite struct OwnedFileDescriptorTests {
    @Test func closesOnceWhateverHappensToTheNumber() throws {
        let firstFile = try TemporaryFile()
        let secondFile = try TemporaryFile()
        defer {
            firstFile.remove()
            secondFile.remove()
        }
        let owned = try OwnedFileDescriptor.open(firstFile.path, .readOnly)
        let number = owned.rawValue
        #expect(fcntl(number, F_GETFD) & FD_CLOEXEC != 0, "opened close-on-exec")
        owned.close()
        #expect(owned.isClosed && !firstFile.isOpen(as: number))
        // The number is free again and normally reused by the next open (another test may
        // take it first): a second close must not touch whatever holds it now.
        let reused = try OwnedFileDescriptor.open(secondFile.path, .readOnly)
        owned.close()
        #expect(secondFile.isOpen(as: reused.rawValue), "the later descriptor is still open")
    }

    @Test func closesWhenReleasedThroughItsCloser() throws {
        let file = try TemporaryFile()
        defer { file.remove() }
        let raw = open(file.path, O_RDONLY | O_CLOEXEC)
        #expect(raw >= 0)
        let closedNumbers = Closed()
        do {
            let owned = OwnedFileDescriptor(adopting: raw) { descriptor in
                closedNumbers.append(descriptor.rawValue)
                try? descriptor.close()
            }
            #expect(!owned.isClosed)
        }
        #expect(closedNumbers.values == [raw])
        #expect(!file.isOpen(as: raw))
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
