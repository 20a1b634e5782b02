// vitrine-socket-bench: the control socket against hostile local clients (issue 27,
// docs/benchmarks.md). The kiosk service runs in this process, as vitrined does (the showcase
// app on a headless 1920x1080 screen, its control socket in a folder of its own); a timer on
// the main queue fires every millisecond and the longest gap between its turns, less that
// millisecond, is the main loop's longest stall. Phases, each `--seconds` long (default 6,
// past the 5 s a client may take):
//   baseline     no clients
//   idle         `--clients` (default 200) connect and send nothing
//   slowloris    as many connect and send one byte each every 1.5 s
//   screenshots  as many ask for a screenshot at once, again every second
// Usage: vitrine-socket-bench [--clients N] [--runs N] [--seconds S]
import Foundation
import Synchronization
import VitrineDemo
import VitrineIO
import VitrineKiosk
import VitrineService

@_spi(Service) import VitrineKit

#if canImport(Glibc)
    import Glibc
#endif

/// The command line: clients a phase, runs, seconds a phase.
func parseArguments() -> (clients: Int, runs: Int, seconds: Double) {
    var settings = (clients: 200, runs: 3, seconds: 6.0)
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        switch argument {
        case "--clients": settings.clients = arguments.popFirst().flatMap { Int($0) } ?? settings.clients
        case "--runs": settings.runs = max(1, arguments.popFirst().flatMap { Int($0) } ?? settings.runs)
        case "--seconds": settings.seconds = arguments.popFirst().flatMap { Double($0) } ?? settings.seconds
        default:
            FileHandle.standardError.write(
                Data("usage: vitrine-socket-bench [--clients N] [--runs N] [--seconds S]\n".utf8))
            exit(64)
        }
    }
    return settings
}

let (clientCount, runs, phaseSeconds) = parseArguments()
let refreshPeriod = 1000.0 / 60
let tag = UUID().uuidString.prefix(8)
let folder = NSTemporaryDirectory() + "vitrine-socket-bench-\(tag)"
let socketPath = folder + "/control"
let configPath = NSTemporaryDirectory() + "vitrine-socket-bench-\(tag).toml"
_ = FileManager.default.createFile(atPath: configPath, contents: Data())

/// Gaps between the probe's turns longer than 1.5 ms: (when, how long), in nanoseconds.
let stalls = Mutex<[(at: UInt64, gap: UInt64)]>([])
let probe = DispatchSource.makeTimerSource(flags: .strict, queue: .main)
let lastTurn = Mutex<UInt64>(0)
probe.schedule(deadline: .now(), repeating: .milliseconds(1), leeway: .nanoseconds(0))
probe.setEventHandler {
    let now = DispatchTime.now().uptimeNanoseconds
    let gap = lastTurn.withLock { last in
        defer { last = now }
        return last == 0 ? 0 : now - last
    }
    if gap > 1_500_000 { stalls.withLock { $0.append((now, gap)) } }
}
probe.resume()

/// The longest stall between `start` and now, in milliseconds (the probe's period taken off).
func longestStall(since start: UInt64) -> Double {
    let gap = stalls.withLock { $0.filter { $0.at >= start }.map(\.gap).max() } ?? 1_000_000
    return Double(gap) / 1e6 - 1
}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// A client's end, connected and nonblocking (nil when the connection was refused).
func connectClient() -> OwnedFileDescriptor? {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    let owned = OwnedFileDescriptor(adopting: descriptor)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(socketPath.utf8)) }
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
    }
    guard connected == 0 else { return nil }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    return owned
}

func sleep(seconds: Double) { usleep(useconds_t(seconds * 1e6)) }

/// Clients that connect and send nothing, for the whole phase.
func idlePhase() -> Double {
    let start = now()
    let clients = (0..<clientCount).compactMap { _ in connectClient() }
    sleep(seconds: phaseSeconds)
    withExtendedLifetime(clients) {}
    return longestStall(since: start)
}

/// Clients that send "screenshot\n" a byte at a time, one byte each every 1.5 s.
func slowlorisPhase() -> Double {
    let start = now()
    let clients = (0..<clientCount).compactMap { _ in connectClient() }
    let request = Array("screenshot\n".utf8)
    var sent = 0
    while Double(now() - start) / 1e9 < phaseSeconds {
        for client in clients {
            var byte = request[sent % request.count]
            _ = send(client.rawValue, &byte, 1, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
        }
        sent += 1
        sleep(seconds: 1.5)
    }
    return longestStall(since: start)
}

/// Rounds of `clientCount` screenshot requests at once, a second apart; returns the stall and
/// how many images and refusals came back.
func screenshotPhase() -> (stall: Double, images: Int, refused: Int) {
    let start = now()
    let images = Atomic<Int>(0)
    let refused = Atomic<Int>(0)
    while Double(now() - start) / 1e9 < phaseSeconds {
        let group = DispatchGroup()
        for _ in 0..<clientCount {
            group.enter()
            Thread {
                do {
                    _ = try ControlSocketClient.screenshot(path: socketPath, screen: nil)
                    images.add(1, ordering: .relaxed)
                } catch {
                    refused.add(1, ordering: .relaxed)
                }
                group.leave()
            }.start()
        }
        group.wait()
        sleep(seconds: 1)
    }
    return (longestStall(since: start), images.load(ordering: .relaxed), refused.load(ordering: .relaxed))
}

/// What a batch of screenshots costs the main queue (a copy of the frame on screen) against a
/// fresh render of the tree (what each screenshot cost it before), and the PNG encode the
/// encoder thread then does; medians in milliseconds.
func snapshotCosts() -> (copy: Double, render: Double, encode: Double) {
    let size = DispatchQueue.main.sync { MainActor.assumeIsolated { UIScreen.main.snapshotPixelSize } }
    // As a batch does: the buffers made off the main queue, only the copies on it.
    let buffers = (0..<21).map { _ in ScreenSnapshot(preparingWidth: size.width, height: size.height) }
    let (copy, render, snapshot) = DispatchQueue.main.sync {
        MainActor.assumeIsolated {
            let screen = UIScreen.main
            var copies: [Double] = []
            var renders: [Double] = []
            for buffer in buffers {
                let start = now()
                _ = screen.takeSnapshot(into: buffer)
                copies.append(Double(now() - start) / 1e6)
            }
            for _ in 0..<5 {
                let start = now()
                _ = screen.renderSnapshot()
                renders.append(Double(now() - start) / 1e6)
            }
            return (median(copies), median(renders), screen.takeSnapshot())
        }
    }
    var encodes: [Double] = []
    for _ in 0..<5 {
        let start = now()
        _ = try? snapshot.encodePNG()
        encodes.append(Double(now() - start) / 1e6)
    }
    return (copy, render, median(encodes))
}

let bench = Thread {
    // The service is up once a screenshot comes back.
    var ready = false
    for _ in 0..<200 where !ready {
        ready = (try? ControlSocketClient.screenshot(path: socketPath, screen: nil)) != nil
        if !ready { sleep(seconds: 0.1) }
    }
    guard ready else {
        print("the kiosk service did not answer on \(socketPath)")
        exit(1)
    }
    print("vitrine-socket-bench: \(clientCount) clients a phase, \(Int(phaseSeconds)) s phases, \(runs) runs")
    var figures: [String: [Double]] = [:]
    let phases = ["baseline", "idle", "slowloris", "screenshots"]
    for run in 1...runs {
        sleep(seconds: 1)
        let baselineStart = now()
        sleep(seconds: phaseSeconds)
        figures["baseline", default: []].append(longestStall(since: baselineStart))
        figures["idle", default: []].append(idlePhase())
        sleep(seconds: 1)
        figures["slowloris", default: []].append(slowlorisPhase())
        sleep(seconds: 1)
        let shots = screenshotPhase()
        figures["screenshots", default: []].append(shots.stall)
        print(
            "  run \(run): "
                + phases.map { String(format: "%@ %.2f ms", $0, figures[$0]!.last!) }.joined(separator: ", ")
                + " (\(shots.images) screenshots answered, \(shots.refused) turned away)")
    }
    print(
        "longest main-loop stall, median of \(runs) runs (refresh period \(String(format: "%.1f", refreshPeriod)) ms):")
    for phase in phases {
        let value = median(figures[phase]!)
        let name = phase.padding(toLength: 12, withPad: " ", startingAt: 0)
        print(String(format: "  %@ %7.2f ms  (%.2f of a refresh period)", name, value, value / refreshPeriod))
    }
    let costs = snapshotCosts()
    print(
        String(
            format:
                "a screenshot batch's main-queue turn (copy of the 1920x1080 frame): median %.2f ms; "
                + "a fresh render of the tree, as each screenshot was before: median %.1f ms; "
                + "the PNG encode, on the encoder thread: median %.1f ms", costs.copy, costs.render, costs.encode))
    exit(0)
}
bench.start()

setenv("VITRINE_LOG_LEVEL", "warning", 1)
try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
KioskApplicationMain(
    ShowcaseAppDelegate(), backend: "headless",
    arguments: [
        "vitrine-socket-bench", "--headless-screen", "1920x1080", "--control-socket", socketPath, "--config",
        configPath,
    ],
    environment: ProcessInfo.processInfo.environment.merging(["VITRINE_LOG_LEVEL": "warning"]) { $1 })
