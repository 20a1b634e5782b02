import Foundation
import Testing

@testable import VitrineConfig

/// Configurations nested absurdly deep (issue 27): the depth limit names the line, keys at
/// the limit keep their lines, and nothing crashes or stalls. How long the check takes is
/// measured by `vitrine-parser-bench`, not here.
@Suite struct DeepConfigTests {
    static let limit = ConfigLoader.maximumNestingDepth

    /// `name.name.…`, `depth` keys.
    static func dotted(_ depth: Int, _ name: String = "a") -> String {
        Array(repeating: name, count: depth).joined(separator: ".")
    }

    static func refusal(_ text: String, file: String = "deep.toml") throws -> ConfigError {
        try #require(throws: ConfigError.self) { try ConfigLoader.parse(text: text, file: file) }
    }

    @Test(arguments: [DeepConfigTests.limit + 1, 10_000, 100_000, (ConfigLoader.maximumFileSize - 64) / 2])
    func aDottedKeyTooDeepIsRefusedWithItsLine(_ depth: Int) throws {
        let text = "log_level = \"info\"\n\n  " + Self.dotted(depth) + " = 1\nseat = \"seat0\"\n"
        let error = try Self.refusal(text)
        #expect(error.kind == .syntax)
        #expect(error.problems.count == 1)
        #expect(
            error.description
                == "deep.toml:3:3: a: nested deeper than \(Self.limit) levels (keys, arrays and inline tables)")
    }

    @Test func aTableHeaderTooDeepIsRefusedWithItsLine() throws {
        let text = "[idle]\ntimeout = 5\n[[output]]\nconnector = \"HDMI-A-1\"\n[output." + Self.dotted(100_000) + "]\n"
        let error = try Self.refusal(text)
        #expect(error.description.hasPrefix("deep.toml:5:1: output: nested deeper than \(Self.limit) levels"))
    }

    /// Arrays and inline tables inside each other: toml++ stops at 256 of them, the key
    /// locator (which reads the file first, recursing per level) at the same limit as keys.
    @Test(arguments: [
        String(repeating: "[", count: 100_000),
        String(repeating: "{a=", count: 100_000),
        String(repeating: "[{a=", count: 50_000),
        "{" + DeepConfigTests.dotted(100_000) + " = 1}",
    ])
    func valuesNestedTooDeepAreRefusedWithTheirLine(_ value: String) throws {
        let error = try Self.refusal("# a comment\nx = " + value + "\n")
        #expect(error.kind == .syntax)
        #expect(error.description.hasPrefix("deep.toml:2:"))
        #expect(error.description.contains("x: nested deeper than \(Self.limit) levels"))
    }

    @Test func keysAtTheLimitLoadAndKeepTheirLines() throws {
        let deep = Self.dotted(Self.limit - 1)
        let text = """
            seat = "seat0"
            \(deep).first = 1

            [\(Self.dotted(Self.limit - 2, "b"))]
            c = 2
            d = [1, 2]
            """
        let loaded = try ConfigLoader.parse(text: text, file: "deep.toml")
        #expect(loaded.configuration.seat == "seat0")
        #expect(
            loaded.warnings.map(\.description) == [
                "deep.toml:2: a: unknown key (ignored)", "deep.toml:4: b: unknown key (ignored)",
            ])
        let locator = TOMLKeyLocator(text: text)
        #expect(locator.tooDeep == nil)
        func path(_ keys: String, index: Int? = nil) -> ConfigKeyPath {
            let base = ConfigKeyPath.root.appending(keys: keys.split(separator: ".").map(String.init))
            return index.map { base.appending(index: $0) } ?? base
        }
        #expect(locator.line(of: path(deep + ".first")) == 2)
        #expect(locator.line(of: path(deep)) == 2)
        #expect(locator.line(of: path(Self.dotted(Self.limit - 2, "b") + ".c")) == 5)
        #expect(locator.line(of: path(Self.dotted(Self.limit - 2, "b") + ".d", index: 1)) == 6)
        #expect(locator.nearestLine(of: path(Self.dotted(Self.limit - 2, "b") + ".missing.more")) == 4)
        #expect(locator.line(of: path(deep + ".second")) == nil)
    }

    /// A megabyte of keys each at the limit: every one located, the last one's line right.
    @Test func manyDeepKeysKeepTheirLines() throws {
        let prefix = Self.dotted(Self.limit - 1)
        var text = ""
        var count = 0
        while text.utf8.count < ConfigLoader.maximumFileSize - 1000 {
            text += prefix + ".k\(count) = \(count)\n"
            count += 1
        }
        let locator = TOMLKeyLocator(text: text)
        #expect(locator.tooDeep == nil)
        let keys = Array(repeating: "a", count: Self.limit - 1)
        #expect(locator.line(of: ConfigKeyPath.root.appending(keys: keys + ["k\(count - 1)"])) == count)
        #expect(locator.line(of: ConfigKeyPath.root.appending(keys: keys + ["k0"])) == 1)
        let problems = ConfigLoader.check(text: text, file: "wide.toml")
        #expect(problems.map(\.description) == ["wide.toml:1: a: unknown key (ignored)"])
    }

    @Test func aDeepFileOnDiskNamesItsPath() throws {
        let directory = try ConfigFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("vitrine.toml")
        try Data((Self.dotted(100_000) + " = 1\n").utf8).write(to: file)
        let problems = ConfigLoader.check(path: file.path)
        #expect(
            problems.map(\.description) == [
                "\(file.path):1:1: a: nested deeper than \(Self.limit) levels (keys, arrays and inline tables)"
            ])
    }
}
