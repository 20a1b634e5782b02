internal import CLibseat
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The levels of libseat's messages.
public enum SeatLogLevel: Int, Sendable, Comparable {
    case error = 1
    case info = 2
    case debug = 3

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// libseat's log, routed through Swift. libseat has one process-wide log handler (a C
/// function taking a `va_list`, which `vsnprintf` formats), so the routing is global too:
/// while a seat is being opened its messages are captured for the error, otherwise they go to
/// `handler`, or to standard error when there is none.
enum SeatLog {
    struct State {
        var installed = false
        var level = SeatLogLevel.error
        var handler: (@Sendable (SeatLogLevel, String) -> Void)?
        /// Messages collected while a seat is being opened (nil: not collecting).
        var captured: [(SeatLogLevel, String)]?
    }

    static let state = Mutex(State())

    /// Sets libseat's handler and level; libseat's own default writes to standard error at
    /// level silent.
    static func configure(level: SeatLogLevel? = nil, handler: (@Sendable (SeatLogLevel, String) -> Void)?? = nil) {
        let (install, current) = state.withLock { state in
            if let level { state.level = level }
            if let handler { state.handler = handler }
            defer { state.installed = true }
            return (!state.installed, state.level)
        }
        if install { libseat_set_log_handler(callback) }
        libseat_set_log_level(libseat_log_level(rawValue: UInt32(current.rawValue)))
    }

    /// Starts collecting messages (opening a seat), informational ones included: libseat
    /// reports a missing seatd socket at level info.
    static func beginCapture() {
        configure()
        state.withLock { $0.captured = [] }
        libseat_set_log_level(LIBSEAT_LOG_LEVEL_INFO)
    }

    /// Stops collecting and returns what was collected.
    static func endCapture() -> [(SeatLogLevel, String)] {
        let captured = state.withLock { state in
            defer { state.captured = nil }
            return state.captured ?? []
        }
        configure()
        return captured
    }

    /// Passes collected messages on as if they had not been collected, those at the configured
    /// level and above.
    static func pass(_ messages: [(SeatLogLevel, String)]) {
        let level = state.withLock { $0.level }
        for (messageLevel, text) in messages where messageLevel <= level { emit(messageLevel, text) }
    }

    /// `[libseat/backend/seatd.c:70] Could not connect ...` without the source location.
    static func clean(_ message: String) -> String {
        var text = Substring(message)
        if text.hasPrefix("["), let end = text.range(of: "] ") { text = text[end.upperBound...] }
        while text.hasSuffix("\n") { text = text.dropLast() }
        return String(text)
    }

    static func emit(_ level: SeatLogLevel, _ message: String) {
        let text = clean(message)
        let handler: (@Sendable (SeatLogLevel, String) -> Void)? = state.withLock { state in
            if state.captured != nil {
                state.captured?.append((level, text))
                return { _, _ in }
            }
            return state.handler
        }
        if let handler {
            handler(level, text)
        } else {
            let line = Array("libseat \(level): \(text)\n".utf8)
            _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
    }

    private static let callback: libseat_log_func = { level, format, arguments in
        guard let format, let arguments else { return }
        var buffer = [CChar](repeating: 0, count: 1024)
        _ = vsnprintf(&buffer, buffer.count, format, arguments)
        let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let swiftLevel: SeatLogLevel =
            switch level {
            case LIBSEAT_LOG_LEVEL_DEBUG: .debug
            case LIBSEAT_LOG_LEVEL_INFO: .info
            default: .error
            }
        emit(swiftLevel, message)
    }
}
