import Foundation

/// Where an app's interface files and Info.plist are found in a bundle.
///
/// For any bundle: its `url(forResource:withExtension:)`, then its `resourceURL` and
/// `bundleURL` directories. For `Bundle.main`, which for a Linux executable is the directory it
/// is in, also the places an app ships resources on a panel, in order:
/// - `<executable directory>/Resources/` (a folder installed next to the executable);
/// - every SwiftPM resource bundle next to the executable (`<Package>_<Target>.resources/`,
///   which `Bundle.module` also reads), in name order.
///
/// docs/install.md describes both layouts.
enum InterfaceResources {
    /// The file `<name>.<ext>` in `bundle`, or nil.
    static func url(named name: String, extension ext: String, in bundle: Bundle) -> URL? {
        if let url = bundle.url(forResource: name, withExtension: ext) { return url }
        let fileName = name + "." + ext
        for directory in searchDirectories(of: bundle) {
            let url = directory.appendingPathComponent(fileName)
            if FileManager.default.fileExists(atPath: url.path) { return url }
        }
        return nil
    }

    /// The directories searched in `bundle` after its own resource lookup.
    static func searchDirectories(of bundle: Bundle) -> [URL] {
        var directories = [bundle.resourceURL, bundle.bundleURL].compactMap(\.self)
        if bundle.bundleURL.standardizedFileURL == Bundle.main.bundleURL.standardizedFileURL {
            directories += mainResourceDirectories
        }
        var seen = Set<String>()
        return directories.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }

    /// The panel's resource folder and the SwiftPM resource bundles next to the executable,
    /// listed once: every lookup in `Bundle.main` would otherwise read the directory again.
    private static let mainResourceDirectories: [URL] = {
        let executableDirectory = (Bundle.main.executableURL ?? Bundle.main.bundleURL.appendingPathComponent("x"))
            .deletingLastPathComponent()
        var directories = [executableDirectory.appendingPathComponent("Resources")]
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: executableDirectory.path)) ?? []
        for entry in entries.sorted() where entry.hasSuffix(".resources") {
            directories.append(executableDirectory.appendingPathComponent(entry))
        }
        return directories
    }()
}
