#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Why a device node could not be opened.
public struct DeviceOpenError: Error, Equatable, CustomStringConvertible {
    /// The device node.
    public var path: String
    /// The `errno` of the failed call (`ENOENT`, `EACCES`, ...).
    public var code: Int32
    /// What the opener adds to the errno, if anything: a seat manager's opener names the seat
    /// and why it refused (`through libseat on seat0: the seat is not active`).
    public var detail: String?

    /// The failure to open `path` with `errno` `code`, and the opener's `detail`.
    public init(path: String, code: Int32, detail: String? = nil) {
        self.path = path
        self.code = code
        self.detail = detail
    }

    /// `cannot open /dev/dri/card0: Permission denied`, with the detail after a semicolon.
    public var description: String {
        let reason = String(cString: strerror(code))
        guard let detail else { return "cannot open \(path): \(reason)" }
        return "cannot open \(path): \(reason); \(detail)"
    }
}
