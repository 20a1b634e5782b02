/// Why a device node could not be opened.
public struct DeviceOpenError: Error, Equatable, CustomStringConvertible {
    /// The device node.
    public var path: String
    /// The `errno` of the failed call (`ENOENT`, `EACCES`, ...).
    public var code: Int32

    /// The failure to open `path` with `errno` `code`.
    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }

    /// `cannot open /dev/dri/card0: Permission denied`.
    public var description: String {
        "cannot open \(path): \(String(cString: strerror(code)))"
    }
}

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif
