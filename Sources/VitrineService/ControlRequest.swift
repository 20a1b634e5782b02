/// One request line on the control socket (`screenshot [SCREEN]`): a command word and its
/// arguments, as `ControlSocketServer` hands them to its handler.
///
/// Parsed apart from the socket so that the parsing can be tested and fuzzed on bytes alone
/// (`vitrine-fuzz control-request`, docs/testing.md).
public struct ControlRequest: Hashable, Sendable {
    /// The first word: `screenshot`.
    public var command: String
    /// The words after it, in order.
    public var arguments: [String]

    /// A request of `command` with `arguments`.
    public init(command: String, arguments: [String] = []) {
        self.command = command
        self.arguments = arguments
    }

    /// The request in `line` (its bytes without the newline): words separated by one or more
    /// spaces, the first the command. Bytes that are not UTF-8 become U+FFFD, as the rest of
    /// the line is still worth an answer naming what was asked. Nil for a line with no word.
    public static func parse(_ line: some Collection<UInt8>) -> ControlRequest? {
        let words = line.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
        guard let command = words.first else { return nil }
        return ControlRequest(command: command, arguments: Array(words.dropFirst()))
    }

    /// The request as the client sends it, newline not included: the words joined by spaces.
    public var line: String {
        ([command] + arguments).joined(separator: " ")
    }
}

/// The first line of the daemon's answer, as `ControlSocketClient` reads it:
/// `ok LENGTH SCREEN WIDTHxHEIGHT` before LENGTH bytes of PNG, `text LENGTH` before LENGTH
/// bytes of UTF-8 text, or `error MESSAGE`.
public enum ControlReplyHeader: Hashable, Sendable {
    /// The longest image the client accepts (1 GiB): a larger length is a bad reply, not an
    /// allocation.
    public static let maximumLength = 1 << 30

    /// A PNG of `length` bytes follows: a picture of `screen` at `width` x `height` pixels.
    case image(length: Int, screen: String, width: Int, height: Int)
    /// `length` bytes of UTF-8 text follow (a `status` answer).
    case text(length: Int)
    /// The daemon refused the request, saying why.
    case refused(String)

    /// The header in `line` (without the newline); nil when it is neither form, or its length
    /// or size is out of range (image lengths 1 ..< `maximumLength`, text lengths 0 ..<
    /// `maximumLength`, sizes 1...8192 a side, as `LaunchOptions.parseSize`). A bare `error`
    /// is refused with "unknown error".
    public static func parse(_ line: String) -> ControlReplyHeader? {
        let words = line.split(separator: " ", maxSplits: 1)
        if words.first == "error" { return .refused(words.count > 1 ? String(words[1]) : "unknown error") }
        let fields = line.split(separator: " ")
        if fields.first == "text" {
            guard fields.count == 2, let length = Int(fields[1]), length >= 0, length < maximumLength else {
                return nil
            }
            return .text(length: length)
        }
        guard fields.count == 4, fields[0] == "ok", let length = Int(fields[1]), length > 0,
            length < maximumLength, let size = LaunchOptions.parseSize(String(fields[3]))
        else { return nil }
        return .image(length: length, screen: String(fields[2]), width: size.width, height: size.height)
    }

    /// The header as the server writes it, newline not included. A refusal's message is put
    /// on one line (newlines become spaces), since the header ends at the first newline.
    public var line: String {
        switch self {
        case .image(let length, let screen, let width, let height):
            "ok \(length) \(screen) \(width)x\(height)"
        case .text(let length):
            "text \(length)"
        case .refused(let message):
            "error \(message.replacing("\n", with: " "))"
        }
    }
}
