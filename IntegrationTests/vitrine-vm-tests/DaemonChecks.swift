import Foundation
import VitrineDRM
import VitrineDemo
import VitrineGraphics
import VitrineKit
import VitrinePlatform
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
        // In a folder of its own: /tmp itself is writable by everyone, which the daemon refuses.
        let controlSocket = "/tmp/vitrine-control-\(tag)/control"
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

    /// `vitrined --screenshot PATH` against the daemon at `socket`: its exit status, what it
    /// printed, and the PNG's size when one was written.
    static func screenshot(socket: String, to path: String) -> (
        status: Int32, output: String, width: Int?, height: Int?
    ) {
        let log = path + ".log"
        let status = shell("VITRINE_CONTROL_SOCKET=\(socket) \(daemonPath) --screenshot \(path) >\(log) 2>&1")
        let image = try? ImageCodec.decodePNG(contentsOf: URL(fileURLWithPath: path))
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return (status, output, image?.width, image?.height)
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

        // Unplugged and plugged back: a STATUS line each, the daemon runs on.
        writeSysfs(VMTests.connectorStatus, "off")
        VMTests.hotplugUevent()
        let unplugged = daemon.notify.receive(containing: "STATUS=", timeout: 5)
        writeSysfs(VMTests.connectorStatus, "on")
        VMTests.hotplugUevent()
        let replugged = daemon.notify.receive(containing: "STATUS=", timeout: 5)
        writeSysfs(VMTests.connectorStatus, "detect")
        checks.expect(
            unplugged?.contains("STATUS=Running with no display connected") == true
                && replugged?.contains("STATUS=Showing 1 screen(s): Virtual-1") == true,
            "daemon: unplugging and replugging the display each update the STATUS line",
            "\(unplugged ?? "nothing"), then \(replugged ?? "nothing")")
        _ = await waitUntil(timeout: 3) {
            observer.crtcConfiguration(original.crtcID).map { $0.framebufferID != original.framebufferID } ?? false
        }

        let shot = screenshot(socket: daemon.controlSocket, to: "/tmp/vitrine-daemon-shot.png")
        checks.expect(
            shot.status == 0 && shot.width == 1024 && shot.height == 768,
            "daemon: --screenshot gets a 1024x768 PNG of Virtual-1 over the control socket",
            "status \(shot.status), \(shot.output)")

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
        await crashAndRestart(checks, observer: observer, original: original)
        listOutputs(checks)
        await residentMemory(checks)
    }

    /// The showcase's resident memory on real KMS at 1920x1080 (a config picks the mode) after
    /// it ran 20 s: a printed figure, nothing asserted about it. Checked: the daemon still runs
    /// and its screenshot is 1920x1080, so the figure is of the mode it names.
    static func residentMemory(_ checks: Checks) async {
        DaemonConfigChecks.writeConfig("[[output]]\nconnector = \"Virtual-1\"\nmode = \"1920x1080\"\n")
        guard
            let daemon = startDaemon(
                checks, name: "memory", extraEnvironment: ["VITRINE_CONFIG": DaemonConfigChecks.configPath])
        else { return }
        guard daemon.notify.receive(containing: "READY=1", timeout: 20) != nil else {
            checks.expect(false, "memory: the daemon is READY at 1920x1080", daemon.process.output)
            daemon.process.send(SIGTERM)
            _ = daemon.process.wait(timeout: 10)
            return
        }
        // Reading its notify socket meanwhile, as systemd would: a datagram socket queues only
        // net.unix.max_dgram_qlen (10) messages, and WATCHDOG=1 every half second would fill it
        // in 5 s and block the daemon's main loop in sendto.
        var watchdogs = 0
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if daemon.notify.receive()?.contains("WATCHDOG=1") == true { watchdogs += 1 }
        }
        // Read before the screenshot, which makes a copy of the screen and a PNG in the daemon.
        let sizes = daemon.process.memoryStatus ?? [:]
        func megabytes(_ field: String) -> String {
            sizes[field].map { String(format: "%.1f", Double($0) / 1_048_576) } ?? "?"
        }
        print(
            "  daemon: resident memory on vkms at 1920x1080 after 20 s: VmRSS \(megabytes("VmRSS")) MB"
                + " (anon \(megabytes("RssAnon")), file \(megabytes("RssFile")), shmem \(megabytes("RssShmem")))")
        checks.expect(
            !daemon.process.hasExited, "memory: the daemon runs on after 20 s at 1920x1080",
            "\(watchdogs) WATCHDOG=1 meanwhile: \(daemon.process.output)")
        let shot = screenshot(socket: daemon.controlSocket, to: "/tmp/vitrine-memory-shot.png")
        checks.expect(
            shot.status == 0 && shot.width == 1920 && shot.height == 1080,
            "memory: the config's 1920x1080 mode is on screen (a 1920x1080 screenshot)", "\(shot)")
        daemon.process.send(SIGTERM)
        checks.expect(daemon.process.wait(timeout: 10) == 0, "memory: the daemon stops with 0 on SIGTERM")
    }

    /// A daemon killed outright (SIGKILL: no shutdown code runs) leaves nothing the next start
    /// cannot take over: the kernel drops its master with its descriptor, the restarted daemon
    /// replaces the stale control socket, takes the card and shows its first frame.
    static func crashAndRestart(_ checks: Checks, observer: DRMClient, original: DRMCRTCConfiguration) async {
        guard let first = startDaemon(checks, name: "crash") else { return }
        guard first.notify.receive(containing: "READY=1", timeout: 20) != nil else {
            checks.expect(false, "crash: the first daemon is READY", first.process.output)
            return
        }
        first.process.send(SIGKILL)
        let killed = first.process.wait(timeout: 5)
        checks.expect(
            killed == 128 + SIGKILL, "crash: SIGKILL ends the daemon", "\(killed.map(String.init) ?? "still running")")
        checks.expect(
            FileManager.default.fileExists(atPath: first.controlSocket), "crash: its control socket file is left behind"
        )
        // The killed daemon's framebuffers went with its descriptor: nothing of its stays on
        // the CRTC, and the next daemon gives back what it found (a CRTC with no framebuffer
        // is given back switched off).
        let leftBehind = observer.crtcConfiguration(original.crtcID)
        guard
            let second = startDaemon(
                checks, name: "crash", extraEnvironment: ["VITRINE_CONTROL_SOCKET": first.controlSocket])
        else { return }
        let ready = second.notify.receive(containing: "READY=1", timeout: 20)
        checks.expect(ready != nil, "crash: a restarted daemon takes the card over and is READY", second.process.output)
        let shot = screenshot(socket: first.controlSocket, to: "/tmp/vitrine-crash.png")
        checks.expect(
            shot.status == 0, "crash: the restarted daemon serves the control socket the dead one left", shot.output)
        second.process.send(SIGTERM)
        checks.expect(second.process.wait(timeout: 10) == 0, "crash: the restarted daemon stops cleanly")
        let after = observer.crtcConfiguration(original.crtcID)
        checks.expect(
            after?.framebufferID == leftBehind?.framebufferID && leftBehind?.framebufferID == 0,
            "crash: neither daemon leaves a framebuffer of its own on the CRTC",
            "\(after, default: "nil") vs \(leftBehind, default: "nil")")
    }

    /// `vitrined --list-outputs` with a config: the card, its connector with its modes and the
    /// mode the config picks, and the touchscreen with the screen it maps to.
    static func listOutputs(_ checks: Checks) {
        let config = "/tmp/vitrine-list.toml"
        _ = FileManager.default.createFile(
            atPath: config,
            contents: Data("[[output]]\nconnector = \"Virtual-1\"\nmode = \"800x600\"\nrotation = 90\n".utf8))
        let status = shell("\(daemonPath) --list-outputs --config \(config) >/tmp/vitrine-list.txt 2>&1")
        let listing = (try? String(contentsOfFile: "/tmp/vitrine-list.txt", encoding: .utf8)) ?? ""
        print(listing.split(separator: "\n").map { "  list: \($0)" }.joined(separator: "\n"))
        checks.expect(
            status == 0 && listing.contains("/dev/dri/card0 (") && listing.contains("used")
                && listing.contains("  Virtual-1: connected")
                && listing.contains("1024x768@60.004Hz* (preferred)")
                && listing.contains("would show 800x600") && listing.contains("rotated 90°"),
            "list-outputs: card0, Virtual-1 with its modes and the config's 800x600 turned 90°", listing)
        checks.expect(
            listing.contains("input devices (seat seat0):") && listing.contains("-> the main screen"),
            "list-outputs: the input devices and the screen each maps to", listing)
    }
}

/// The daemon with a config, on real KMS and a uinput touchscreen: a rotated output where a tap
/// lands on the right button, and SIGHUP reloads (a new mode and rotation applied; a bad file
/// rejected while the daemon keeps running).
@MainActor
enum DaemonConfigChecks {
    static let configPath = "/tmp/vitrine-vm-daemon.toml"

    static func writeConfig(_ text: String) {
        _ = FileManager.default.createFile(atPath: configPath, contents: Data(text.utf8))
    }

    /// Where the showcase puts the Check in button and the visitor count on a `size` screen,
    /// laid out in this process on a headless screen of that size.
    static func showcaseLayout(size: CGSize) -> (button: CGPoint, counter: CGRect) {
        laidOutShowcase(size: size) { controller in
            (
                controller.screenCenter(of: controller.checkInButton),
                controller.visitorsLabel.convert(controller.visitorsLabel.bounds, to: nil)
            )
        }
    }

    /// What `read` finds in the showcase laid out in this process on a headless screen of
    /// `size` (the daemon lays it out the same way on the panel).
    static func laidOutShowcase<Value>(size: CGSize, _ read: (ShowcaseViewController) -> Value) -> Value {
        let headless = HeadlessBackend(clock: ManualClock())
        headless.addOutput(name: "LAYOUT-1", width: Int(size.width), height: Int(size.height))
        UIApplication.shared.setDisplayBackend(headless)
        let controller = ShowcaseViewController()
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = controller
        window.isHidden = false
        window.layoutIfNeeded()
        let value = read(controller)
        window.isHidden = true
        return value
    }

    /// The pixels of `rect` (in the screenshot's points) of the PNG at `path`.
    static func crop(_ path: String, _ rect: CGRect) -> [UInt32]? {
        guard let image = try? ImageCodec.decodePNG(contentsOf: URL(fileURLWithPath: path)) else { return nil }
        var pixels: [UInt32] = []
        for y in Int(rect.minY)..<Int(rect.maxY) where y >= 0 && y < image.height {
            for x in Int(rect.minX)..<Int(rect.maxX) where x >= 0 && x < image.width {
                pixels.append(image.pixel(x: x, y: y))
            }
        }
        return pixels
    }

    static func screenshot(_ daemon: DaemonChecks.Daemon, _ path: String) -> (status: Int32, width: Int?, height: Int?)
    {
        let shot = DaemonChecks.screenshot(socket: daemon.controlSocket, to: path)
        return (shot.status, shot.width, shot.height)
    }

    /// The `number`th "touch down" line of the daemon's log (1 is the first), waited for.
    static func touchLine(_ daemon: DaemonChecks.Daemon, number: Int) async -> String? {
        var line: String?
        _ = await waitUntil(timeout: 15) {
            let lines = daemon.process.output.split(separator: "\n").filter { $0.contains("touch down in slot") }
            line = lines.count >= number ? String(lines[number - 1]) : nil
            return line != nil
        }
        return line
    }

    /// Taps the touchscreen at a normalised panel position (0...1 on both axes).
    static func tap(_ touchscreen: UInputTouchscreen, _ position: CGPoint) async {
        touchscreen.down(slot: 0, x: UInputTouchscreen.raw(position.x), y: UInputTouchscreen.raw(position.y))
        touchscreen.sync()
        try? await Task.sleep(nanoseconds: 80_000_000)
        touchscreen.up(slot: 0)
        touchscreen.sync()
        try? await Task.sleep(nanoseconds: 400_000_000)
    }

    static func run(_ checks: Checks) async {
        guard FileManager.default.isExecutableFile(atPath: DaemonChecks.daemonPath) else { return }
        let touchscreen: UInputTouchscreen
        do {
            touchscreen = try UInputTouchscreen(name: "Vitrine Daemon Touchscreen")
        } catch {
            checks.expect(false, "rotated: a uinput touchscreen is made", "\(error)")
            return
        }
        try? await Task.sleep(nanoseconds: 300_000_000)
        writeConfig(
            """
            log_level = "debug"
            [[output]]
            connector = "Virtual-1"
            mode = "1024x768"
            rotation = 90
            """)
        guard
            let daemon = DaemonChecks.startDaemon(
                checks, name: "rotated", extraEnvironment: ["VITRINE_CONFIG": configPath])
        else { return }
        let ready = daemon.notify.receive(containing: "READY=1", timeout: 20)
        checks.expect(ready != nil, "rotated: the daemon is READY with the config", daemon.process.output)
        let portrait = CGSize(width: 768, height: 1024)
        let before = "/tmp/vitrine-rotated-before.png"
        let shot = screenshot(daemon, before)
        checks.expect(
            shot.status == 0 && shot.width == 768 && shot.height == 1024,
            "rotated: UIScreen.bounds is the rotated 768x1024 (a portrait screenshot of a 1024x768 mode)",
            "\(shot)")

        // Where Check in is on the upright screen, and where that is on the panel.
        let layout = showcaseLayout(size: portrait)
        let panel = DisplayRotation.clockwise90.outputPoint(fromLogical: layout.button, logicalSize: portrait)
        let rotatedTap = CGPoint(x: panel.x / 1024, y: panel.y / 768)
        // Where a touch that ignored the rotation would have to land: the same upright point
        // read as panel coordinates. A tap there must not press the button.
        let unrotatedTap = CGPoint(x: min(layout.button.x / 1024, 0.99), y: min(layout.button.y / 768, 0.99))
        // The daemon logs each touch's point and the view hit-testing found (debug level).
        await tap(touchscreen, unrotatedTap)
        let wrongHit = await touchLine(daemon, number: 1)
        checks.expect(
            wrongHit != nil && wrongHit?.contains("Check in") == false,
            "rotated: a tap at the button's unrotated place does not hit it", "\(wrongHit ?? "no touch logged")")
        await tap(touchscreen, rotatedTap)
        let rightHit = await touchLine(daemon, number: 2)
        checks.expect(
            rightHit?.contains("ShowcaseButton \"Check in\"") == true,
            "rotated: a tap at the button's place on the rotated panel hits the Check in button",
            "panel point \(panel), upright \(layout.button): \(rightHit ?? "no touch logged")")
        // And its action ran: the visitor count on screen changed (a debug build under TCG
        // can take seconds to answer a screenshot while the showcase animates).
        let deadline = Date().addingTimeInterval(30)
        var counterAfter: [UInt32]?
        while Date() < deadline {
            if screenshot(daemon, "/tmp/vitrine-rotated-after.png").status == 0 {
                counterAfter = crop("/tmp/vitrine-rotated-after.png", layout.counter)
                if counterAfter != nil && counterAfter != crop(before, layout.counter) { break }
            }
        }
        checks.expect(
            counterAfter != nil && counterAfter != crop(before, layout.counter),
            "rotated: the tap checked a visitor in (the count on screen changed)")

        // SIGHUP with a new mode and no rotation: applied without a restart.
        let observer = try? DRMClient(path: DaemonChecks.card)
        writeConfig(
            """
            [[output]]
            connector = "Virtual-1"
            mode = "800x600"
            """)
        daemon.process.send(SIGHUP)
        let reloaded = daemon.notify.receive(containing: "Config reloaded", timeout: 5)
        checks.expect(reloaded != nil, "reload: SIGHUP applies the new config (STATUS says so)")
        // The modeset rides on the next frame's flip, which a debug build under TCG on a busy
        // machine can take seconds to present: wait for it rather than for a fixed time.
        var crtc: DRMCRTCConfiguration?
        let modeDeadline = Date().addingTimeInterval(15)
        repeat {
            try? await Task.sleep(nanoseconds: 200_000_000)
            crtc = observer?.crtcIDs.compactMap { observer?.crtcConfiguration($0) }.first { $0.mode != nil }
        } while !(crtc?.mode?.width == 800 && crtc?.mode?.height == 600) && Date() < modeDeadline
        checks.expect(
            crtc?.mode?.width == 800 && crtc?.mode?.height == 600, "reload: the CRTC runs the new 800x600 mode",
            "\(crtc, default: "nil")")
        let landscape = screenshot(daemon, "/tmp/vitrine-reloaded.png")
        checks.expect(
            landscape.width == 800 && landscape.height == 600, "reload: rotation 0 and 800x600 on screen",
            "\(landscape)")

        // A bad file: rejected, the daemon keeps running with what it has.
        writeConfig(
            """
            [[output]]
            connector = "Virtual-1"
            rotation = 45
            """)
        daemon.process.send(SIGHUP)
        let rejected = daemon.notify.receive(containing: "Config reload failed", timeout: 5)
        checks.expect(
            rejected?.contains("vitrine-vm-daemon.toml:3: output[0].rotation") == true,
            "reload: a bad config is rejected with file:line: key in the STATUS", "\(rejected ?? "nothing")")
        let kept = screenshot(daemon, "/tmp/vitrine-kept.png")
        checks.expect(
            !daemon.process.hasExited && kept.width == 800 && kept.height == 600,
            "reload: after a rejected reload the daemon runs on with the last good config", "\(kept)")

        // SIGHUP applies touch mapping too: a calibration that mirrors x moves the same tap.
        let plainTap = await tapPoint(daemon, touchscreen, CGPoint(x: 0.2, y: 0.5))
        writeConfig(
            """
            [[output]]
            connector = "Virtual-1"
            mode = "800x600"
            [[touch]]
            name = "Vitrine Daemon Touchscreen"
            calibration = [-1.0, 0.0, 1.0, 0.0, 1.0, 0.0]
            """)
        daemon.process.send(SIGHUP)
        _ = daemon.notify.receive(containing: "Config reloaded", timeout: 5)
        let mirroredTap = await tapPoint(daemon, touchscreen, CGPoint(x: 0.2, y: 0.5))
        checks.expect(
            plainTap.map { abs($0.x - 160) <= 4 } == true && mirroredTap.map { abs($0.x - 640) <= 4 } == true,
            "reload: a touch calibration in the new config applies at once (x 0.2 lands at 160, then mirrored at 640)",
            "\(plainTap.map { "\($0)" } ?? "no touch"), then \(mirroredTap.map { "\($0)" } ?? "no touch")")

        daemon.process.send(SIGTERM)
        checks.expect(daemon.process.wait(timeout: 10) == 0, "reload: the daemon still stops cleanly on SIGTERM")
    }

    /// Taps at a normalised panel position and returns the screen point the daemon logged for
    /// that touch.
    static func tapPoint(_ daemon: DaemonChecks.Daemon, _ touchscreen: UInputTouchscreen, _ position: CGPoint) async
        -> CGPoint?
    {
        let before = daemon.process.output.components(separatedBy: "touch down in slot").count - 1
        await tap(touchscreen, position)
        guard let line = await touchLine(daemon, number: before + 1),
            let at = line.range(of: " at "), let on = line.range(of: " on ", range: at.upperBound..<line.endIndex)
        else { return nil }
        let numbers = line[at.upperBound..<on.lowerBound].split(separator: ",").compactMap { Double($0) }
        return numbers.count == 2 ? CGPoint(x: numbers[0], y: numbers[1]) : nil
    }
}

/// The daemon as the unit runs it: an unprivileged user, its devices from seatd; and its idle
/// blanking from the config.
@MainActor
enum DaemonServiceChecks {
    static func run(_ checks: Checks) async {
        guard FileManager.default.isExecutableFile(atPath: DaemonChecks.daemonPath) else { return }
        automaticWithoutAccess(checks)
        await unprivilegedThroughSeatd(checks)
        await idleBlankAndWake(checks)
    }

    /// `vitrined arguments` as nobody (uid 65534, no groups, through util-linux's `setpriv`),
    /// with an empty config of its own, this process's environment without `VITRINE_BACKEND`,
    /// and `environment` on top.
    static func startAsNobody(arguments: [String], environment: [String: String]) -> ChildProcess? {
        let tag = UUID().uuidString.prefix(8)
        let config = "/tmp/vitrine-empty-\(tag).toml"
        _ = FileManager.default.createFile(atPath: config, contents: Data(), attributes: [.posixPermissions: 0o644])
        var variables = ProcessInfo.processInfo.environment
        variables["VITRINE_BACKEND"] = nil
        variables["VITRINE_CONFIG"] = config
        variables.merge(environment) { _, new in new }
        return try? ChildProcess(
            path: "/usr/bin/setpriv",
            arguments: [
                "--reuid=\(SeatChecks.nobody)", "--regid=\(SeatChecks.nobody)", "--clear-groups", "--",
                DaemonChecks.daemonPath,
            ] + arguments,
            environment: variables, logPath: "/tmp/vitrined-nobody-\(tag).log")
    }

    /// `--backend auto` (the README's main command) as a user who may not open the card and
    /// has no seat manager: a log line says why, and the app runs headless and writes its PNG.
    static func automaticWithoutAccess(_ checks: Checks) {
        let png = "/tmp/vitrine-auto-\(UUID().uuidString.prefix(8)).png"
        guard let capture = startAsNobody(arguments: ["--capture", png], environment: [:]) else {
            checks.expect(false, "auto: vitrined starts as nobody")
            return
        }
        let status = capture.wait(timeout: 60)
        let image = try? ImageCodec.decodePNG(contentsOf: URL(fileURLWithPath: png))
        checks.expect(
            status == 0 && capture.output.contains("/dev/dri/card0 is not usable")
                && capture.output.contains("running on the headless backend") && image?.width == 1920,
            "auto: a card this user cannot open means headless, said in the log, and the capture is written",
            "status \(status.map(String.init) ?? "none"): \(capture.output)")
    }

    /// `vitrined` as nobody (uid 65534, no groups: no direct access to /dev/dri or
    /// /dev/input) with seatd running: libseat hands it the card, it shows its first frame and
    /// stops cleanly.
    static func unprivilegedThroughSeatd(_ checks: Checks) async {
        let seatd = SeatChecks.spawnProcess(
            ["/usr/sbin/seatd", "-u", "nobody", "-l", "info"], output: "/tmp/seatd-daemon.log")
        defer {
            if seatd > 0 {
                kill(seatd, SIGTERM)
                var status: Int32 = 0
                waitpid(seatd, &status, 0)
            }
        }
        let listening = await waitUntil(timeout: 10) { FileManager.default.fileExists(atPath: SeatChecks.seatdSocket) }
        guard seatd > 0, listening else {
            checks.expect(false, "non-root: seatd listens")
            return
        }
        let tag = UUID().uuidString.prefix(8)
        let notifyPath = "/tmp/vitrine-notify-\(tag)"
        guard let notify = try? DatagramListener(name: notifyPath) else { return }
        chmod(notifyPath, 0o777)  // the unprivileged daemon must be able to send to it
        let environment = [
            "NOTIFY_SOCKET": notifyPath, "VITRINE_BACKEND": "drm",
            "VITRINE_CONTROL_SOCKET": "/tmp/vitrine-control-\(tag)/control",
        ]
        guard let daemon = startAsNobody(arguments: [], environment: environment) else {
            checks.expect(false, "non-root: vitrined starts as nobody")
            return
        }
        let ready = notify.receive(containing: "READY=1", timeout: 30)
        checks.expect(
            ready?.contains("Virtual-1") == true,
            "non-root: vitrined as nobody shows Virtual-1 through seatd (READY=1)",
            daemon.output)
        checks.expect(
            daemon.output.contains("devices are opened through libseat (seat seat0)"),
            "non-root: it says its devices come through libseat", daemon.output)
        daemon.send(SIGTERM)
        checks.expect(daemon.wait(timeout: 10) == 0, "non-root: it stops cleanly on SIGTERM", daemon.output)
    }

    /// `[idle] timeout` in the config: the CRTC goes inactive after it; a touch wakes it and is
    /// swallowed (the daemon logs no touch for it); the next touch is delivered.
    static func idleBlankAndWake(_ checks: Checks) async {
        guard let touchscreen = try? UInputTouchscreen(name: "Vitrine Idle Touchscreen") else {
            checks.expect(false, "idle daemon: a uinput touchscreen is made")
            return
        }
        defer { touchscreen.destroy() }
        try? await Task.sleep(nanoseconds: 300_000_000)
        DaemonConfigChecks.writeConfig("log_level = \"debug\"\n[idle]\ntimeout = 2\n")
        guard
            let daemon = DaemonChecks.startDaemon(
                checks, name: "idle daemon", extraEnvironment: ["VITRINE_CONFIG": DaemonConfigChecks.configPath])
        else { return }
        defer {
            daemon.process.send(SIGTERM)
            _ = daemon.process.wait(timeout: 10)
        }
        guard daemon.notify.receive(containing: "READY=1", timeout: 20) != nil,
            let observer = try? DRMClient(path: DaemonChecks.card, atomic: true),
            let crtc = observer.crtcIDs.first(where: { observer.crtcConfiguration($0)?.framebufferID != 0 })
        else {
            checks.expect(false, "idle daemon: READY and a lit CRTC", daemon.process.output)
            return
        }
        let blanked = await waitUntil(timeout: 15) { observer.crtcIsActive(crtc) == false }
        checks.expect(blanked, "idle daemon: after [idle] timeout the CRTC is inactive (ACTIVE 0)")
        await DaemonConfigChecks.tap(touchscreen, CGPoint(x: 0.5, y: 0.5))
        let woken = await waitUntil(timeout: 10) { observer.crtcIsActive(crtc) == true }
        let touchesAfterWake = daemon.process.output.components(separatedBy: "touch down in slot").count - 1
        checks.expect(woken, "idle daemon: a touch lights the CRTC again (ACTIVE 1)")
        checks.expect(
            touchesAfterWake == 0, "idle daemon: the waking touch is swallowed (no touch reached the app)",
            "\(touchesAfterWake) touch(es) delivered")
        await DaemonConfigChecks.tap(touchscreen, CGPoint(x: 0.5, y: 0.5))
        let delivered = await DaemonConfigChecks.touchLine(daemon, number: 1)
        checks.expect(delivered != nil, "idle daemon: the next touch is delivered", daemon.process.output)
    }
}
