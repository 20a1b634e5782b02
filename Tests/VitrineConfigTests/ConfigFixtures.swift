import Foundation

@testable import VitrineConfig

/// Files next to the tests: fixtures are read by path (excluded from the target), as the
/// snapshot references of other test targets are.
enum ConfigFixtures {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String {
        testsDirectory.appendingPathComponent("Fixtures").appendingPathComponent(relative).path
    }

    static func text(_ relative: String) throws -> String {
        try String(contentsOfFile: path(relative), encoding: .utf8)
    }

    /// Parses a fixture, naming it by its file name in diagnostics.
    static func load(_ relative: String) throws -> LoadedConfiguration {
        try ConfigLoader.parse(text: text(relative), file: (relative as NSString).lastPathComponent)
    }

    /// A fresh empty directory for files a test writes.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
