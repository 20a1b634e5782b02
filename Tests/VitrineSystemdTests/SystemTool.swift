import Foundation

/// Runs `program` with `arguments` (systemd's tools and strace are test dependencies,
/// scripts/install-deps.sh), `environment` added to this process's, and returns its exit
/// status and everything it printed, standard output and error together.
func runTool(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (
    status: Int32, output: String
) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// The build folder the test bundle runs from, where `swift build` put `vitrined`.
var testBuildFolder: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
}
