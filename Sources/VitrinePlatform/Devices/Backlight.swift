import SystemPackage
import VitrineIO

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// A panel backlight the kernel exposes as `/sys/class/backlight/NAME`: `max_brightness` is
/// its highest level, and writing a level to `brightness` sets it. A Vitrine addition (what
/// `UIScreen.brightness` drives when a screen is given one).
///
/// Fractions map to levels by rounding (`max_brightness` 255: 0.5 is level 128). Any
/// brightness above 0 gets at least `minimumLevel` (1% of the range, at least one step), so a
/// low setting never switches the panel dark: on many drivers level 0 turns the backlight off,
/// and one step of a fine range (intel_backlight has tens of thousands) is too dim to see.
/// Brightness 0 is level 0, as software dimming makes brightness 0 black.
///
/// Writing needs permission to the attribute (root, or a udev rule giving the kiosk user the
/// device); `init` checks for it, so a missing or read-only device is reported at start.
public struct Backlight: Hashable, Sendable, CustomStringConvertible {
    /// Where the kernel lists backlight devices.
    public static let defaultSysfsRoot = "/sys/class/backlight"
    /// The smallest fraction of the range any brightness above 0 is given.
    public static let minimumFraction = 0.01

    /// The device's directory (`/sys/class/backlight/intel_backlight`).
    public let path: String
    /// The highest level (`max_brightness`), at least 1.
    public let maxLevel: Int

    /// The device `nameOrPath`: a name under `sysfsRoot` (`intel_backlight`), or an absolute
    /// path to the device's directory. Tests pass a temporary directory as `sysfsRoot`.
    ///
    /// - Throws: `BacklightError` when the name is not a plain name, the directory or
    ///   `max_brightness` is missing, `max_brightness` is not a positive integer, or
    ///   `brightness` cannot be opened for writing.
    public init(_ nameOrPath: String, sysfsRoot: String = Backlight.defaultSysfsRoot) throws(BacklightError) {
        if nameOrPath.hasPrefix("/") {
            path = nameOrPath
        } else {
            guard !nameOrPath.isEmpty, !nameOrPath.contains("/"), nameOrPath != ".", nameOrPath != ".." else {
                throw .invalidName(nameOrPath)
            }
            path = sysfsRoot + "/" + nameOrPath
        }
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else { throw .notFound(path: path) }
        let maxPath = path + "/max_brightness"
        let text = try Self.readAttribute(maxPath)
        guard let highest = Int(text), highest > 0 else { throw .invalidValue(path: maxPath, contents: text) }
        maxLevel = highest
        // Opened without truncating and closed at once: only whether writing is allowed.
        let brightnessPath = path + "/brightness"
        do {
            try OwnedFileDescriptor.open(brightnessPath, .writeOnly).close()
        } catch {
            throw .notWritable(path: brightnessPath, code: error.rawValue)
        }
    }

    /// The device's name: the last component of `path`.
    public var name: String { String(path.split(separator: "/").last ?? Substring(path)) }

    /// The lowest level any brightness above 0 is given: 1% of `maxLevel`, at least 1.
    public var minimumLevel: Int {
        min(maxLevel, max(1, Int((Double(maxLevel) * Self.minimumFraction).rounded(.up))))
    }

    /// The level for `brightness` (0...1, clamped; not finite counts as 0): rounded, and at
    /// least `minimumLevel` for anything above 0.
    public func level(forBrightness brightness: Double) -> Int {
        guard brightness.isFinite, brightness > 0 else { return 0 }
        let level = Int((min(1, brightness) * Double(maxLevel)).rounded())
        return max(minimumLevel, level)
    }

    /// Sets the backlight to `brightness` (0...1); see `level(forBrightness:)`.
    public func setBrightness(_ brightness: Double) throws(BacklightError) {
        try setLevel(level(forBrightness: brightness))
    }

    /// Writes `level` (clamped to 0...`maxLevel`) to the device's `brightness`.
    public func setLevel(_ level: Int) throws(BacklightError) {
        let brightnessPath = path + "/brightness"
        let bytes = Array("\(min(maxLevel, max(0, level)))\n".utf8)
        // O_TRUNC matters only for the plain files of a test tree; sysfs ignores it.
        do {
            let file = try OwnedFileDescriptor.open(brightnessPath, .writeOnly, options: .truncate)
            defer { file.close() }
            let written = try bytes.withUnsafeBytes { try file.descriptor.write($0) }
            guard written == bytes.count else { throw Errno.ioError }
        } catch let error as Errno {
            throw .writeFailed(path: brightnessPath, code: error.rawValue)
        } catch {
            throw .writeFailed(path: brightnessPath, code: EIO)
        }
    }

    /// The level the device's `brightness` holds now.
    public func currentLevel() throws(BacklightError) -> Int {
        let brightnessPath = path + "/brightness"
        let text = try Self.readAttribute(brightnessPath)
        guard let level = Int(text) else { throw .invalidValue(path: brightnessPath, contents: text) }
        return level
    }

    /// `intel_backlight (0...96000)`.
    public var description: String { "\(name) (0...\(maxLevel))" }

    /// A small attribute file's text without surrounding whitespace.
    private static func readAttribute(_ path: String) throws(BacklightError) -> String {
        let file: OwnedFileDescriptor
        do {
            file = try OwnedFileDescriptor.open(path, .readOnly)
        } catch {
            throw error == .noSuchFileOrDirectory
                ? .notFound(path: path) : .unreadable(path: path, code: error.rawValue)
        }
        defer { file.close() }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count: Int
        do {
            count = try buffer.withUnsafeMutableBytes { try file.descriptor.read(into: $0) }
        } catch let error as Errno {
            throw .unreadable(path: path, code: error.rawValue)
        } catch {
            throw .unreadable(path: path, code: EIO)
        }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        return String(text.filter { !$0.isWhitespace })
    }
}

/// Why a backlight device could not be used.
public enum BacklightError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A name with a slash that is not an absolute path, or empty.
    case invalidName(String)
    /// The device's directory or an attribute of it does not exist.
    case notFound(path: String)
    /// An attribute could not be read (`errno` `code`).
    case unreadable(path: String, code: Int32)
    /// An attribute holds something other than a number (`max_brightness`: a positive one).
    case invalidValue(path: String, contents: String)
    /// `brightness` cannot be opened for writing (`errno` `code`: `EACCES` without permission).
    case notWritable(path: String, code: Int32)
    /// Writing a level failed (`errno` `code`; the device may have gone).
    case writeFailed(path: String, code: Int32)

    public var description: String {
        switch self {
        case .invalidName(let name):
            "\"\(name)\" is not a backlight name (a name under /sys/class/backlight, or an absolute path)"
        case .notFound(let path): "no backlight at \(path)"
        case .unreadable(let path, let code): "cannot read \(path): \(String(cString: strerror(code)))"
        case .invalidValue(let path, let contents): "\(path) holds \"\(contents)\", not a brightness level"
        case .notWritable(let path, let code): "cannot write \(path): \(String(cString: strerror(code)))"
        case .writeFailed(let path, let code): "writing \(path) failed: \(String(cString: strerror(code)))"
        }
    }
}
