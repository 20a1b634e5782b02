import Foundation
import Testing

/// The unit's sandbox, checked with systemd's own tools: `systemd-analyze security` scores it
/// in the "OK" band (2.0 or lower), and the daemon, run under strace, makes only system calls
/// its `SystemCallFilter=` allows (a refused call would fail with EPERM on a panel).
@Suite struct UnitHardeningTests {
    private static let unit = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("systemd/vitrine.service")

    @Test func theUnitScoresOKInSystemdAnalyzeSecurity() throws {
        let (status, output) = try runTool("/usr/bin/systemd-analyze", ["security", "--offline=true", Self.unit.path])
        #expect(status == 0, "\(output)")
        let overall = try #require(output.split(separator: "\n").last { $0.contains("Overall exposure level") })
        let score = try #require(
            overall.split(separator: " ").compactMap { Double($0) }.first, "no score in: \(overall)")
        #expect(score <= 2.0, "\(overall)")
    }

    /// The system calls `group` (a `@set` or a name) stands for.
    private func expand(_ group: String, into names: inout Set<String>, seen: inout Set<String>) throws {
        guard group.hasPrefix("@") else {
            names.insert(group)
            return
        }
        guard seen.insert(group).inserted else { return }
        let (status, output) = try runTool("/usr/bin/systemd-analyze", ["syscall-filter", group])
        try #require(status == 0, "\(group): \(output)")
        for line in output.split(separator: "\n").dropFirst() {
            let word = line.trimmingCharacters(in: .whitespaces)
            guard !word.isEmpty, !word.hasPrefix("#") else { continue }
            try expand(word, into: &names, seen: &seen)
        }
    }

    /// The calls the unit's `SystemCallFilter=` lines allow: the allow list less the `~` lists.
    private func allowedSystemCalls() throws -> Set<String> {
        let lines = try String(contentsOf: Self.unit, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("SystemCallFilter=") }
            .map { String($0.dropFirst("SystemCallFilter=".count)) }
        try #require(!lines.isEmpty, "the unit filters system calls")
        var allowed = Set<String>()
        var denied = Set<String>()
        var seen = Set<String>()
        for line in lines {
            if line.hasPrefix("~") {
                var groupSeen = Set<String>()
                for word in line.dropFirst().split(separator: " ") {
                    try expand(String(word), into: &denied, seen: &groupSeen)
                }
            } else {
                for word in line.split(separator: " ") { try expand(String(word), into: &allowed, seen: &seen) }
            }
        }
        return allowed.subtracting(denied)
    }

    @Test func theDaemonMakesOnlySystemCallsTheUnitAllows() throws {
        let daemon = testBuildFolder.appendingPathComponent("vitrined").path
        try #require(FileManager.default.isExecutableFile(atPath: daemon), "\(daemon) is built by swift build")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("trace").path
        // The showcase on a headless screen until its capture is written: launch, frames,
        // animations, the clock, text, images, the control socket's folder, the exit.
        let (status, output) = try runTool(
            "/usr/bin/strace",
            [
                "-f", "-qq", "-o", trace, "-e", "trace=all", daemon, "--backend", "headless", "--headless-screen",
                "640x480", "--capture", folder.appendingPathComponent("shot.png").path,
            ],
            // Under scripts/sanitizers/run.sh: LeakSanitizer cannot run under ptrace.
            environment: ["ASAN_OPTIONS": "detect_leaks=0"])
        try #require(status == 0, "strace vitrined: \(output)")
        var used = Set<String>()
        for line in try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n") {
            // "1234  openat(AT_FDCWD, ...) = 3", the pid left out while strace follows one
            // process: the name before the parenthesis.
            var call = line.drop { $0 == " " }
            if call.first?.isNumber == true { call = call.drop { $0.isNumber }.drop { $0 == " " } }
            guard let paren = call.firstIndex(of: "(") else { continue }
            let name = call[..<paren]
            if !name.isEmpty, name.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "_" }) {
                used.insert(String(name))
            }
        }
        #expect(used.count > 20, "strace saw the daemon's calls: \(used.sorted())")
        let allowed = try allowedSystemCalls()
        let refused = used.subtracting(allowed)
        #expect(refused.isEmpty, "calls the unit's SystemCallFilter= would refuse: \(refused.sorted())")
    }
}
