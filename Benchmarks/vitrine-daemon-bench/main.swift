// vitrine-daemon-bench: the daemon from outside, as systemd starts it (docs/benchmarks.md).
//   1. exec to first flip: `vitrined` started with NOTIFY_SOCKET on a headless 1920x1080
//      screen, timed until READY=1 (sent when the first frame's vblank came); median of runs.
//   2. resident memory (VmRSS, in MiB) of the showcase at 1920x1080 after the first frame and
//      after it ran for a while (default 60 s; target <= 40 MB), median of runs (default 3).
// Usage: vitrine-daemon-bench [--runs N] [--rss-seconds S] [--rss-runs N] [--daemon PATH]
import Foundation
import VitrineTestSupport

var runs = 10
var rssSeconds = 60.0
var rssRuns = 3
var daemonPath = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("vitrined").path
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--runs": runs = arguments.popFirst().flatMap { Int($0) } ?? runs
    case "--rss-seconds": rssSeconds = arguments.popFirst().flatMap { Double($0) } ?? rssSeconds
    case "--rss-runs": rssRuns = max(1, arguments.popFirst().flatMap { Int($0) } ?? rssRuns)
    case "--daemon": daemonPath = arguments.popFirst() ?? daemonPath
    default:
        FileHandle.standardError.write(
            Data("usage: vitrine-daemon-bench [--runs N] [--rss-seconds S] [--rss-runs N] [--daemon PATH]\n".utf8))
        exit(64)
    }
}
guard FileManager.default.isExecutableFile(atPath: daemonPath) else {
    FileHandle.standardError.write(Data("no daemon at \(daemonPath): swift build --product vitrined first\n".utf8))
    exit(1)
}

/// Starts the daemon on a headless 1920x1080 screen with a notify socket of its own.
@MainActor func startDaemon() throws -> (ChildProcess, DatagramListener, Date) {
    let tag = UUID().uuidString.prefix(8)
    let notify = try DatagramListener(name: NSTemporaryDirectory() + "vitrine-bench-notify-\(tag)")
    var environment = ProcessInfo.processInfo.environment
    environment["NOTIFY_SOCKET"] = notify.name
    environment["VITRINE_CONTROL_SOCKET"] = NSTemporaryDirectory() + "vitrine-bench-control-\(tag)/control"
    // An empty config: the defaults, whatever /etc/vitrine holds on this machine.
    let config = NSTemporaryDirectory() + "vitrine-bench-\(tag).toml"
    _ = FileManager.default.createFile(atPath: config, contents: Data())
    environment["VITRINE_CONFIG"] = config
    let start = Date()
    let process = try ChildProcess(
        path: daemonPath, arguments: ["--backend", "headless", "--headless-screen", "1920x1080"],
        environment: environment, logPath: NSTemporaryDirectory() + "vitrine-bench-\(tag).log")
    return (process, notify, start)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

print("vitrine-daemon-bench: \(daemonPath)")
var startups: [Double] = []
for _ in 0..<runs {
    let (process, notify, start) = try startDaemon()
    guard notify.receive(containing: "READY=1", timeout: 20) != nil else {
        print("no READY=1 within 20 s:\n\(process.output)")
        exit(1)
    }
    startups.append(Date().timeIntervalSince(start) * 1000)
    process.send(SIGTERM)
    _ = process.wait(timeout: 10)
}
print(
    String(
        format: "exec to first flip (headless 1920x1080, %d runs): median %.1f ms, min %.1f, max %.1f", runs,
        median(startups), startups.min() ?? 0, startups.max() ?? 0))

/// MiB, as the kernel's kB (KiB) figures are.
func mebibytes(_ bytes: Int?) -> Double { Double(bytes ?? 0) / 1_048_576 }

var earlyFigures: [Double] = []
var lateFigures: [Double] = []
for run in 1...rssRuns {
    let (process, notify, _) = try startDaemon()
    guard notify.receive(containing: "READY=1", timeout: 20) != nil else {
        print("no READY=1 within 20 s:\n\(process.output)")
        exit(1)
    }
    let early = mebibytes(process.residentBytes)
    Thread.sleep(forTimeInterval: rssSeconds)
    let sizes = process.memoryStatus ?? [:]
    let late = mebibytes(sizes["VmRSS"])
    process.send(SIGTERM)
    let status = process.wait(timeout: 10)
    print(
        String(
            format:
                "  run %d: %.1f MiB after the first frame, %.1f MiB after %.0f s (anon %.1f, file %.1f, shmem %.1f); exit status %@",
            run, early, late, rssSeconds, mebibytes(sizes["RssAnon"]), mebibytes(sizes["RssFile"]),
            mebibytes(sizes["RssShmem"]), status.map { String($0) } ?? "none"))
    earlyFigures.append(early)
    lateFigures.append(late)
}
print(
    String(
        format:
            "resident memory of the showcase at 1920x1080 (%d runs): median %.1f MiB after the first frame, median %.1f MiB (min %.1f, max %.1f) after %.0f s (target <= 40 MB)",
        rssRuns, median(earlyFigures), median(lateFigures), lateFigures.min() ?? 0, lateFigures.max() ?? 0, rssSeconds))
