import Foundation
import Testing

@testable import VitrineConfig

@Suite struct ConfigLoaderTests {
    @Test func loadsAFileByPath() throws {
        let path = ConfigFixtures.path("good/minimal.toml")
        let loaded = try ConfigLoader.load(path: path)
        #expect(loaded.file == path)
        #expect(loaded.configuration.outputs.count == 1)
        #expect(try ConfigLoader.loadIfPresent(path: path) == loaded)
    }

    @Test func errorsNameTheFullPath() throws {
        let path = ConfigFixtures.path("bad/output-rotation.toml")
        let error = try #require(throws: ConfigError.self) { try ConfigLoader.load(path: path) }
        #expect(error.description == "\(path):12: output[2].rotation: must be 0, 90, 180 or 270, not 45")
        #expect(ConfigLoader.check(path: path).map(\.description) == [error.description])
    }

    @Test func missingFileIsDistinctFromUnreadable() throws {
        let directory = try ConfigFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("vitrine.toml").path
        #expect(try ConfigLoader.loadIfPresent(path: missing) == nil)
        let error = try #require(throws: ConfigError.self) { try ConfigLoader.load(path: missing) }
        #expect(error.kind == .fileMissing)
        #expect(error.description == "\(missing): no such file")

        // A directory where the file should be exists, so it is an error even for loadIfPresent.
        let unreadable = try #require(throws: ConfigError.self) {
            try ConfigLoader.loadIfPresent(path: directory.path)
        }
        #expect(unreadable.kind == .fileUnreadable)
        #expect(unreadable.description == "\(directory.path): cannot read: a directory")
    }

    @Test func nonTextFilesAreRefusedWithTheirLine() throws {
        let directory = try ConfigFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let latin1 = directory.appendingPathComponent("latin1.toml")
        try Data("seat = \"seat0\"\n# caf".utf8 + [0xE9] + Array("\n".utf8)).write(to: latin1)
        let error = try #require(throws: ConfigError.self) { try ConfigLoader.load(path: latin1.path) }
        #expect(error.kind == .fileUnreadable)
        #expect(error.description == "\(latin1.path):2: not UTF-8 text")

        let withNUL = try #require(throws: ConfigError.self) {
            try ConfigLoader.parse(text: "seat = \"a\"\n\n\0seat = 1\n", file: "nul.toml")
        }
        #expect(withNUL.description == "nul.toml:3: contains a NUL byte; not a text file")
    }

    @Test func oversizedFilesAreRefused() throws {
        let directory = try ConfigFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let big = directory.appendingPathComponent("big.toml")
        try Data(repeating: UInt8(ascii: "#"), count: ConfigLoader.maximumFileSize + 1).write(to: big)
        let error = try #require(throws: ConfigError.self) { try ConfigLoader.load(path: big.path) }
        #expect(error.kind == .fileUnreadable)
        #expect(error.description == "\(big.path): cannot read: larger than 1048576 bytes")
    }

    @Test func checkListsErrorsAndWarningsTogether() throws {
        let text = "seat = 1\n[[output]]\nconnector = \"A\"\nrotaton = 90\nscale = 0\n"
        let all = ConfigLoader.check(text: text, file: "f")
        #expect(
            all.map(\.description) == [
                "f:1: seat: must be a string, not an integer",
                "f:4: output[0].rotaton: unknown key (ignored); did you mean rotation?",
                "f:5: output[0].scale: must be between 1 and 4, not 0",
            ])
        #expect(all.map(\.severity) == [.error, .warning, .error])
        #expect(ConfigLoader.check(text: "", file: "f") == [])
    }
}
