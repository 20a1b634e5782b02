import Foundation
import Testing

/// The committed fuzz corpus (`Fuzz/corpus/<target>`) replayed through the ordinary build of
/// `vitrine-fuzz`: every input a fuzzer once found interesting, or that crashed a parser before
/// it was fixed, still runs without a crash or a broken invariant (docs/testing.md, "Fuzzing").
@Suite struct FuzzCorpusTests {
    /// The package root, three folders above this file.
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The targets `vitrine-fuzz --list` names, which must each have a corpus folder.
    private static let targets = ["config", "image", "edid", "control-request", "control-reply", "interface", "nib"]

    /// Runs the `vitrine-fuzz` that `swift build` put beside this test bundle.
    private func runFuzz(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        let program = folder.appendingPathComponent("vitrine-fuzz").path
        try #require(FileManager.default.isExecutableFile(atPath: program), "\(program) is built by swift build")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        // A crash must end the replay, not wait in Swift's backtracer.
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test func theTargetsAreTheOnesWithACorpus() throws {
        let (status, output) = try runFuzz(["--list"])
        #expect(status == 0)
        let listed = output.split(separator: "\n").compactMap { $0.split(separator: "\t").first.map(String.init) }
        #expect(listed == Self.targets)
    }

    @Test(arguments: targets)
    func theCorpusReplaysWithoutACrash(target: String) throws {
        let corpus = Self.packageRoot.appendingPathComponent("Fuzz/corpus/\(target)")
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
        try #require(!files.isEmpty, "\(corpus.path) has seeds")
        let (status, output) = try runFuzz([target, corpus.path])
        #expect(status == 0, "vitrine-fuzz \(target) \(corpus.path): \(output.suffix(2000))")
        #expect(output.contains("\(target): \(files.count) inputs replayed"), "\(output.suffix(2000))")
    }
}
