import Foundation

/// A sysfs backlight class directory in a temporary directory: one device per `add`.
public struct FakeBacklightTree {
    public let root: String

    public init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("backlight-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    /// A device `name` with `max_brightness` and `brightness` holding these texts (nil: the
    /// file is missing).
    @discardableResult
    public func add(_ name: String, maxBrightness: String? = "255\n", brightness: String? = "100\n") throws -> String {
        let path = root + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        if let maxBrightness {
            try maxBrightness.write(toFile: path + "/max_brightness", atomically: false, encoding: .utf8)
        }
        if let brightness { try brightness.write(toFile: path + "/brightness", atomically: false, encoding: .utf8) }
        return path
    }

    /// What the device's `brightness` holds.
    public func level(_ name: String) throws -> String {
        try String(contentsOfFile: root + "/" + name + "/brightness", encoding: .utf8)
    }

    /// Makes writing `brightness` fail whatever the user (root included): a directory in its place.
    public func breakBrightness(_ name: String) throws {
        let path = root + "/" + name + "/brightness"
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    public func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }
}
