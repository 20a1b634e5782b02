import Foundation
import Synchronization
import Testing
import VitrinePlatform
import VitrineSeat

/// Real libseat on this machine, where no seat manager runs: seatd at a socket that does not
/// exist must fail with an error naming the seat, the socket and the cause; libseat's `noop`
/// backend (the process's own `open(2)`, seat name `noop`) gives a session to open devices on.
///
/// libseat reads its backend from `LIBSEAT_BACKEND` and seatd's socket from `SEATD_SOCK`, so
/// these tests set them; serialized, and nothing else in the test process reads them.
@MainActor @Suite(.serialized) struct SeatSessionTests {
    static let missingSocket = "/nonexistent/vitrine-test/seatd.sock"

    func useSeatd() {
        setenv("SEATD_SOCK", Self.missingSocket, 1)
        setenv("LIBSEAT_BACKEND", "seatd", 1)
    }

    @Test func noSeatManagerIsAClearError() throws {
        useSeatd()
        do {
            let session = try SeatSession(seat: "seat0")
            Issue.record("a session without a seat manager: \(session.seatName)")
        } catch {
            guard case .unavailable(let seat, let code, let messages) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(seat == "seat0")
            #expect(code == ENOENT)
            #expect(
                messages.contains { $0.contains("Could not connect to socket \(Self.missingSocket)") }, "\(messages)")
            let text = error.description
            #expect(text.hasPrefix("cannot open seat seat0 through libseat: No such file or directory"), "\(text)")
            #expect(text.contains("seatd at \(Self.missingSocket)"), "\(text)")
            #expect(text.contains("LIBSEAT_BACKEND=seatd"), "\(text)")
        }
    }

    @Test func libseatsBuiltinBackendWithoutRootIsNamed() {
        // What a session opened by libseat's builtin backend as another user turns into (the
        // VM checks produce it for real).
        useSeatd()
        let error = SeatError.noSeatManager(seat: "seat0", messages: ["Backend 'seatd' failed to open seat, skipping"])
        #expect(
            error.description
                == "cannot open seat seat0 through libseat: no seat manager reachable (seatd at \(Self.missingSocket) "
                + "or logind), and libseat's builtin backend needs root; libseat: Backend 'seatd' failed to open seat, "
                + "skipping")
    }

    @Test func notRootWithoutASeatManagerFallsBackToDirectAccess() {
        useSeatd()
        let access = DeviceAccess.make(seat: "seat0", effectiveUserID: 1000, environment: [:])
        #expect(access.mode == .direct)
        #expect(access.opener is DirectDeviceOpener)
        #expect(access.session == nil)
        #expect(access.seat == "seat0")
        #expect(access.failure.map { "\($0)" }?.contains("cannot open seat seat0 through libseat") == true)
    }

    @Test func rootDoesNotAskLibseat() {
        useSeatd()
        let access = DeviceAccess.make(seat: "seat0", effectiveUserID: 0, environment: [:])
        #expect(access.mode == .direct)
        #expect(access.failure == nil)
        #expect(access.session == nil)
    }

    @Test func anotherSeatThanAskedIsAnError() throws {
        setenv("LIBSEAT_BACKEND", "noop", 1)
        do {
            let session = try SeatSession(seat: "seat9")
            Issue.record("opened \(session.seatName) for seat9")
        } catch {
            guard case .otherSeat(let requested, let actual) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(requested == "seat9")
            #expect(actual != "seat9")
            #expect(error.description == "libseat opened seat \(actual), but seat9 was asked for")
        }
    }

    /// Debian 12's libseat (0.7.0) has a noop backend that never enables its seat (later
    /// versions do): what a session looks like while another session has the seat.
    @Test func anOpenWaitsForTheSeatThenFailsNamingIt() throws {
        setenv("LIBSEAT_BACKEND", "noop", 1)
        let session = try SeatSession(seat: "noop")
        defer { session.close() }
        try #require(!session.isActive, "libseat 0.7's noop backend leaves its seat disabled")
        session.activationTimeout = 0.3
        let start = MonotonicTime.now()
        do {
            _ = try session.deviceOpener.open(path: "/dev/null")
            Issue.record("opened a device on a disabled seat")
        } catch {
            #expect(error.code == EBUSY)
            #expect(
                error.description
                    == "cannot open /dev/null: Device or resource busy; through libseat on noop: the seat was not "
                    + "enabled within 0.3 s (another session has it)")
        }
        // It waited (dispatching libseat) before giving up.
        #expect(MonotonicTime.now() - start >= 0.3)
        #expect(session.openDeviceCount == 0)
    }

    @Test func aClosedSessionOpensNothing() throws {
        setenv("LIBSEAT_BACKEND", "noop", 1)
        let session = try SeatSession(seat: "noop")
        session.close()
        #expect(session.isClosed)
        do {
            _ = try session.deviceOpener.open(path: "/dev/null")
            Issue.record("opened on a closed session")
        } catch {
            #expect(error.code == ENODEV)
            #expect(error.description.contains("the libseat session on noop is closed"), "\(error)")
        }
    }

    @Test func libseatMessagesReachTheHandler() throws {
        setenv("LIBSEAT_BACKEND", "noop", 1)
        let lines = Mutex<[String]>([])
        SeatSession.routeLog(level: .error) { _, text in lines.withLock { $0.append(text) } }
        defer { SeatSession.routeLog(to: nil) }
        let session = try SeatSession(seat: "noop")
        defer { session.close() }
        // The noop backend logs an error for a session switch it cannot do.
        #expect(!session.switchSession(to: 2))
        #expect(lines.withLock { $0 } == ["No-op backend cannot switch to session 2"])
    }
}
