#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Why a seat session could not be opened through libseat.
public enum SeatError: Error, Equatable, CustomStringConvertible {
    /// No seat manager gave a seat: seatd's socket is missing or refuses this user, logind has
    /// no session for this process, or the backend named by `LIBSEAT_BACKEND` failed.
    /// `code` is libseat's `errno`; `messages` are libseat's own error lines from the attempt.
    case unavailable(seat: String, code: Int32, messages: [String])
    /// No seat manager answered and libseat fell back to its builtin backend (a seatd it forks
    /// from this process), which needs root: as another user its seat is never enabled.
    case noSeatManager(seat: String, messages: [String])
    /// A seat manager answered, but with a seat other than the one asked for (seatd serves
    /// only seat0; logind gives the session's seat).
    case otherSeat(requested: String, actual: String)

    public var description: String {
        switch self {
        case .unavailable(let seat, let code, let messages):
            var text =
                "cannot open seat \(seat) through libseat: \(String(cString: strerror(code))) "
                + "(no seat manager reachable: seatd at \(Self.seatdSocket) or logind"
            if let backend = getenv("LIBSEAT_BACKEND") { text += "; LIBSEAT_BACKEND=\(String(cString: backend))" }
            text += ")"
            if !messages.isEmpty { text += "; libseat: " + messages.joined(separator: "; ") }
            return text
        case .noSeatManager(let seat, let messages):
            var text =
                "cannot open seat \(seat) through libseat: no seat manager reachable (seatd at \(Self.seatdSocket) "
                + "or logind), and libseat's builtin backend needs root"
            if !messages.isEmpty { text += "; libseat: " + messages.joined(separator: "; ") }
            return text
        case .otherSeat(let requested, let actual):
            return "libseat opened seat \(actual), but \(requested) was asked for"
        }
    }

    /// Where libseat looks for seatd: `SEATD_SOCK`, else `/run/seatd.sock`.
    static var seatdSocket: String {
        getenv("SEATD_SOCK").map { String(cString: $0) } ?? "/run/seatd.sock"
    }
}
