import Foundation
import VitrineDRM
import VitrineGraphics
import VitrineTestSupport

/// The daemon as systemd runs it, by hand: `vitrined` started with `NOTIFY_SOCKET` and
/// `WATCHDOG_USEC` as a `Type=notify` unit with `WatchdogSec=` gets them, on real KMS. Checks
/// READY=1 after the first flip, WATCHDOG=1 from the main loop, a screenshot through the control
/// socket, and that SIGTERM gives the display back (the CRTC configuration found at start,
/// STOPPING=1, exit 0).
@MainActor
enum DaemonChecks {
    static let card = "/dev/dri/card0"
    static let connector = "Virtual-1"

    /// `vitrined`, built next to this program (`swift build --build-tests` builds both).
    static var daemonPath: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("vitrined")
            .path
    }

    /// A running daemon and its notify socket.
    struct Daemon {
        let process: ChildProcess
        let notify: DatagramListener
        let controlSocket: String
        let startTime: Date
    }

    static func startDaemon(
        _ checks: Checks, name: String, arguments: [String] = [], extraEnvironment: [String: String] = [:]
    ) -> Daemon? {
        let tag = UUID().uuidString.prefix(8)
        let notifyPath = "/tmp/vitrine-notify-\(tag)"
        let controlSocket = "/tmp/vitrine-control-\(tag)"
        guard let notify = try? DatagramListener(name: notifyPath) else {
            checks.expect(false, "\(name): a notify socket is bound at \(notifyPath)")
            return nil
        }
        var environment = ProcessInfo.processInfo.environment
        environment["NOTIFY_SOCKET"] = notifyPath
        environment["WATCHDOG_USEC"] = "1000000"
        environment["VITRINE_BACKEND"] = "drm"
        environment["VITRINE_CONTROL_SOCKET"] = controlSocket
        environment["VITRINE_LOG_LEVEL"] = "debug"
        environment.merge(extraEnvironment) { _, new in new }
        let startTime = Date()
        do {
            let process = try ChildProcess(
                path: daemonPath, arguments: arguments, environment: environment,
                logPath: "/tmp/vitrined-\(tag).log")
            return Daemon(process: process, notify: notify, controlSocket: controlSocket, startTime: startTime)
        } catch {
            checks.expect(false, "\(name): \(daemonPath) starts", "\(error)")
            return nil
        }
    }

    static func run(_ checks: Checks) async {
        guard FileManager.default.isExecutableFile(atPath: daemonPath) else {
            checks.expect(false, "daemon: vitrined is built next to vitrine-vm-tests", daemonPath)
            return
        }
        try? await Task.sleep(nanoseconds: 200_000_000)
        // A console of sorts: another client's framebuffer on the CRTC, which the daemon must
        // give back when it stops.
        let observer: DRMClient
        let original: DRMCRTCConfiguration
        do {
            observer = try DRMClient(path: card)
            _ = observer.setMaster()
            original = try observer.show(pixel: 0x0066_3399, connectorName: connector, width: 800, height: 600)
            observer.dropMaster()
        } catch {
            checks.expect(false, "daemon: a console client shows its framebuffer first", "\(error)")
            return
        }

        guard let daemon = startDaemon(checks, name: "daemon") else { return }
        let ready = daemon.notify.receive(containing: "READY=1", timeout: 20)
        let startup = Date().timeIntervalSince(daemon.startTime)
        checks.expect(
            ready?.contains("STATUS=Showing 1 screen(s): Virtual-1") == true,
            "daemon: READY=1 with a STATUS line once the first frame is on screen", "\(ready ?? "nothing")")
        print(String(format: "  daemon: exec to first flip (READY=1) %.0f ms", startup * 1000))
        checks.expect(
            daemon.notify.receive(containing: "WATCHDOG=1", timeout: 3) != nil,
            "daemon: WATCHDOG=1 arrives from the main loop (WATCHDOG_USEC=1 s)")
        let during = observer.crtcConfiguration(original.crtcID)
        checks.expect(
            during?.framebufferID != original.framebufferID && during?.mode?.width == 1024,
            "daemon: it drives the CRTC at the preferred 1024x768", "\(during, default: "nil")")

        let shot = "/tmp/vitrine-daemon-shot.png"
        let status = shell(
            "VITRINE_CONTROL_SOCKET=\(daemon.controlSocket) \(daemonPath) --screenshot \(shot) >/tmp/shot.log 2>&1")
        let image = try? ImageCodec.decodePNG(contentsOf: URL(fileURLWithPath: shot))
        checks.expect(
            status == 0 && image?.width == 1024 && image?.height == 768,
            "daemon: --screenshot gets a 1024x768 PNG of Virtual-1 over the control socket",
            "status \(status), \((try? String(contentsOfFile: "/tmp/shot.log", encoding: .utf8)) ?? "")")

        daemon.process.send(SIGTERM)
        let stopping = daemon.notify.receive(containing: "STOPPING=1", timeout: 5)
        checks.expect(
            stopping?.contains("STATUS=Stopping on SIGTERM") == true, "daemon: SIGTERM sends STOPPING=1 with a STATUS",
            "\(stopping ?? "nothing")")
        let exit = daemon.process.wait(timeout: 10)
        checks.expect(exit == 0, "daemon: SIGTERM ends it with status 0", "\(exit.map(String.init) ?? "still running")")
        let after = observer.crtcConfiguration(original.crtcID)
        checks.expect(
            after == original, "daemon: after SIGTERM the CRTC shows the console's framebuffer and mode again",
            "\(after, default: "nil") vs \(original)")
        checks.expect(
            !FileManager.default.fileExists(atPath: daemon.controlSocket), "daemon: the control socket is removed")
        if exit != 0 || after != original { print(daemon.process.output) }
    }
}
