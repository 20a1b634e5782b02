import Foundation
import VitrineDRM
import VitrineGraphics
import VitrinePlatform

/// The shipped unit under real systemd (`vitrine-vm-tests --systemd-unit`, in a guest booted by
/// `scripts/vm/run-in-vm.sh --systemd`, where systemd is PID 1): `scripts/install-panel.sh`
/// installs the built `vitrined`, `systemd/vitrine.service`, the sysusers entry and the udev
/// rule as on a panel, and the unit, with every hardening directive it has, is started on vkms
/// next to Debian's `seatd.service`. Checked: READY=1 with the STATUS line and watchdog pings,
/// the sandbox in force on the main process, DRM master and a lit CRTC, a screenshot over the
/// control socket in `RuntimeDirectory=`, a uinput touch reaching the app through libseat, the
/// memory-pressure source firing when `MemoryHigh=` is lowered, a reload, and a clean stop.
@MainActor
enum SystemdUnitChecks {
    static let unit = "vitrine.service"

    /// The checkout: the folder above the build folder that holds `systemd/vitrine.service`.
    static var repository: String? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while folder.path != "/" {
            folder.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("systemd/vitrine.service").path) {
                return folder.path
            }
        }
        return nil
    }

    /// Runs `command` with `sh -c`; its status and what it printed (stdout and stderr).
    static func run(_ command: String) -> (status: Int32, output: String) {
        let file = "/tmp/vitrine-unit-\(UUID().uuidString.prefix(8)).out"
        defer { unlink(file) }
        let status = shell("(\(command)) >\(file) 2>&1")
        return (status, (try? String(contentsOfFile: file, encoding: .utf8)) ?? "")
    }

    /// `systemctl show` properties of the unit, by name.
    static func properties(_ names: [String]) -> [String: String] {
        let output = run("systemctl show \(unit) -p \(names.joined(separator: ","))").output
        var values: [String: String] = [:]
        for line in output.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return values
    }

    /// The unit's journal since the boot, message text only.
    static func journal() -> String { run("journalctl -b -u \(unit) -o cat --no-pager").output }

    /// Waits until the unit's journal contains `text`.
    /// Polled every half second: each journalctl is a process start, slow under TCG.
    static func journalContains(_ text: String, timeout: Double) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !journal().contains(text) {
            if Date() > deadline { return false }
            try? await Task.sleep(nanoseconds: 500_000_000)
        }
        return true
    }

    /// `vitrined --screenshot` against the unit's socket, asked again (up to three times) when
    /// the answer does not come within the client's 10 s: under TCG on a busy machine the debug
    /// build can take that long to encode the PNG.
    static func screenshot(to path: String) -> (status: Int32, output: String, width: Int?, height: Int?) {
        var shot = DaemonChecks.screenshot(socket: "/run/vitrine/control", to: path)
        for _ in 0..<2 where shot.output.contains("no answer") {
            print("  unit: no answer to the screenshot within 10 s; asking again")
            shot = DaemonChecks.screenshot(socket: "/run/vitrine/control", to: path)
        }
        return shot
    }

    /// The fields of `/proc/PID/status`, by name.
    static func processStatus(_ pid: String) -> [String: String] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        return fields
    }

    /// Installs the built daemon as on a panel (docs/install.md: the binary, the unit, the
    /// user, the rule) with a drop-in for debug log lines; whether that worked.
    static func install(_ checks: Checks, repository: String) -> Bool {
        let began = MonotonicTime.now()
        let install = run("cd \(repository) && VITRINED=\(DaemonChecks.daemonPath) scripts/install-panel.sh")
        print(String(format: "  unit: scripts/install-panel.sh took %.1f s", MonotonicTime.now() - began))
        checks.expect(install.status == 0, "unit: scripts/install-panel.sh installs the built vitrined", install.output)
        let groups = run("id -nG vitrine").output.split(whereSeparator: \.isWhitespace).map(String.init)
        checks.expect(
            ["video", "input", "render"].allSatisfy(groups.contains),
            "unit: systemd-sysusers made the vitrine user, in video, input and render", "\(groups)")
        checks.expect(
            FileManager.default.fileExists(atPath: "/etc/udev/rules.d/90-vitrine-backlight.rules"),
            "unit: the backlight udev rule is installed")
        // Debug lines for the touch check; everything else is the unit as shipped.
        let dropIn = "/etc/systemd/system/\(unit).d"
        _ = run(
            "mkdir -p \(dropIn) && printf '[Service]\\nEnvironment=VITRINE_LOG_LEVEL=debug\\n' >\(dropIn)/vm-debug.conf"
        )
        _ = run("systemctl daemon-reload")
        let verifyTime = MonotonicTime.now()
        let verify = run("systemd-analyze verify /etc/systemd/system/\(unit)")
        print(String(format: "  unit: systemd-analyze verify took %.1f s", MonotonicTime.now() - verifyTime))
        checks.expect(verify.status == 0, "unit: systemd-analyze verify accepts the installed unit", verify.output)

        return install.status == 0 && verify.status == 0
    }

    static func run(_ checks: Checks) async {
        guard run("cat /proc/1/comm").output.hasPrefix("systemd") else {
            checks.expect(false, "unit: systemd is PID 1", "boot the guest with scripts/vm/run-in-vm.sh --systemd")
            return
        }
        guard let repository, FileManager.default.isExecutableFile(atPath: DaemonChecks.daemonPath) else {
            checks.expect(false, "unit: vitrined and the checkout are found", DaemonChecks.daemonPath)
            return
        }

        let began = MonotonicTime.now()
        guard install(checks, repository: repository) else { return }
        guard let observer = try? DRMClient(path: DaemonChecks.card) else {
            checks.expect(false, "unit: the card is there to observe")
            return
        }
        // Opened first, as root, it became master: given up, or the daemon could not have it.
        observer.dropMaster()
        let crtcBefore = observer.crtcIDs.compactMap { observer.crtcConfiguration($0) }
        let touchscreen: UInputTouchscreen
        do {
            touchscreen = try UInputTouchscreen(name: "Vitrine Unit Touchscreen")
        } catch {
            checks.expect(false, "unit: a uinput touchscreen is made", "\(error)")
            return
        }
        defer { touchscreen.destroy() }
        _ = run("udevadm settle -t 10")

        // Started as an integrator does: `systemctl start` returns once READY=1 came
        // (Type=notify), or fails.
        let startTime = MonotonicTime.now()
        let start = run("systemctl start seatd.service \(unit)")
        let startSeconds = MonotonicTime.now() - startTime
        print(String(format: "  unit: systemctl start (to READY=1) took %.1f s", startSeconds))
        let state = properties(["ActiveState", "SubState", "StatusText", "MainPID"])
        checks.expect(
            start.status == 0 && state["ActiveState"] == "active" && state["SubState"] == "running",
            "unit: systemctl start returns with the unit active (READY=1 came)",
            "\(start.output) \(state): \(journal())")
        guard start.status == 0, let pid = state["MainPID"], pid != "0" else {
            print(journal())
            return
        }
        checks.expect(
            state["StatusText"]?.contains("Showing 1 screen(s): Virtual-1") == true,
            "unit: systemctl shows the daemon's STATUS line", state["StatusText"] ?? "none")

        // The sandbox is in force on the main process, not only written in the file.
        let status = processStatus(pid)
        let vitrineID = run("id -u vitrine").output.trimmingCharacters(in: .whitespacesAndNewlines)
        checks.expect(
            status["Uid"]?.split(separator: "\t").first.map(String.init) == vitrineID,
            "unit: the daemon runs as the vitrine user (uid \(vitrineID))", status["Uid"] ?? "")
        checks.expect(
            status["NoNewPrivs"] == "1" && status["Seccomp"] == "2" && status["CapBnd"] == "0000000000000000"
                && status["CapEff"] == "0000000000000000",
            "unit: NoNewPrivileges, the seccomp filter and the empty capability sets are in force",
            "NoNewPrivs \(status["NoNewPrivs"] ?? "?"), Seccomp \(status["Seccomp"] ?? "?"), CapBnd \(status["CapBnd"] ?? "?")"
        )
        let mounts = (try? String(contentsOfFile: "/proc/\(pid)/mountinfo", encoding: .utf8)) ?? ""
        // mountinfo(5): the root within its file system, the mount point, its options.
        let mountLines: [[String]] = mounts.split(separator: "\n").map { line in
            line.split(separator: " ").map(String.init)
        }
        func mountFields(_ point: String) -> (root: String, options: String)? {
            guard let fields = mountLines.last(where: { $0.count > 5 && $0[4] == point }) else { return nil }
            return (fields[3], fields[5])
        }
        let root = mountFields("/")
        let tmp = mountFields("/tmp")
        checks.expect(
            root?.options.hasPrefix("ro") == true && tmp?.root.contains("systemd-private-") == true,
            "unit: ProtectSystem=strict (/ read-only) and PrivateTmp= (a /tmp of its own) in its namespace",
            "/ \(root.map { "\($0)" } ?? "?"), /tmp \(tmp.map { "\($0)" } ?? "?")")
        // ProtectKernelTunables= is left out so the backlight's brightness file stays writable:
        // /sys is writable in its namespace (vkms has no backlight device to write to).
        checks.expect(
            mountFields("/sys")?.options.hasPrefix("rw") == true,
            "unit: /sys stays writable in its namespace, for the backlight (ProtectKernelTunables= left out)",
            mountFields("/sys").map { "\($0)" } ?? "no /sys")

        // The watchdog: WATCHDOG=1 keeps arriving (WatchdogSec=10, pinged twice per interval).
        let firstPing = properties(["WatchdogTimestampMonotonic"])["WatchdogTimestampMonotonic"] ?? ""
        try? await Task.sleep(nanoseconds: 6_000_000_000)
        let laterPing = properties(["WatchdogTimestampMonotonic"])["WatchdogTimestampMonotonic"] ?? ""
        checks.expect(
            (UInt64(laterPing) ?? 0) > (UInt64(firstPing) ?? UInt64.max),
            "unit: the watchdog is pinged (WatchdogTimestamp moves on)", "\(firstPing), then \(laterPing)")

        // The screen: DRM master, the CRTC lit at the preferred mode, a screenshot.
        let lit = observer.crtcIDs.compactMap { observer.crtcConfiguration($0) }.first { $0.framebufferID != 0 }
        checks.expect(
            lit?.mode?.width == 1024 && lit?.mode?.height == 768,
            "unit: the daemon drives the CRTC at 1024x768", "\(lit, default: "no lit CRTC")")
        checks.expect(!observer.setMaster(), "unit: the daemon holds DRM master (another client cannot take it)")
        observer.dropMaster()
        let log = journal()
        checks.expect(
            log.contains("devices are opened through libseat (seat seat0)"),
            "unit: the card and input devices come through libseat (seatd.service)", log)
        checks.expect(
            !log.contains("no cgroup v2 memory.events"),
            "unit: the memory-pressure watcher started on the unit's cgroup",
            log)
        let shot = screenshot(to: "/tmp/vitrine-unit-shot.png")
        checks.expect(
            shot.status == 0 && shot.width == 1024 && shot.height == 768,
            "unit: --screenshot gets a 1024x768 PNG over /run/vitrine/control (RuntimeDirectory=)",
            "status \(shot.status): \(shot.output)")

        // Input: the touchscreen made before the start was opened; a tap reaches the app.
        await DaemonConfigChecks.tap(touchscreen, CGPoint(x: 0.5, y: 0.5))
        checks.expect(
            await journalContains("touch down in slot 0 at", timeout: 10),
            "unit: a uinput tap reaches the app (its touch line in the journal)", journal())

        await memoryPressure(checks)

        // SIGHUP through systemctl reload: the config is read again.
        let reload = run("systemctl reload \(unit)")
        let reloaded = await waitUntil(timeout: 10) {
            properties(["StatusText"])["StatusText"]?.lowercased().contains("reload") == true
        }
        checks.expect(
            reload.status == 0 && reloaded, "unit: systemctl reload reloads the config (STATUS says so)",
            "\(reload.output) \(properties(["StatusText"]))")

        // A clean stop: SIGTERM, STOPPING=1, exit 0, the CRTC given back, the runtime folder gone.
        // Read from the journal: once inactive, the unit may be unloaded, and `systemctl show`
        // then reports a fresh unit's properties.
        let beforeStop = journal().count
        let stopTime = MonotonicTime.now()
        let stop = run("systemctl stop \(unit)")
        print(String(format: "  unit: systemctl stop took %.1f s", MonotonicTime.now() - stopTime))
        let stopping = String(journal().dropFirst(beforeStop))
        checks.expect(
            stop.status == 0 && stopping.contains("Stopping on SIGTERM")
                && stopping.contains("vitrine.service: Deactivated successfully")
                && !stopping.contains("Main process exited") && !stopping.contains("Failed with result"),
            "unit: systemctl stop is a clean SIGTERM shutdown (exit 0: Deactivated successfully)",
            "\(stop.output)\n\(stopping)")
        let crtcAfter = observer.crtcIDs.compactMap { observer.crtcConfiguration($0) }
        checks.expect(
            crtcAfter == crtcBefore, "unit: after stop the CRTC is as it was before the start",
            "\(crtcAfter) vs \(crtcBefore)")
        checks.expect(
            !FileManager.default.fileExists(atPath: "/run/vitrine"), "unit: /run/vitrine is removed with the unit")
        let refused = journal().split(separator: "\n").filter {
            $0.contains("Operation not permitted") || $0.contains("Permission denied")
        }
        checks.expect(
            refused.isEmpty, "unit: nothing in the journal was refused by the sandbox",
            refused.joined(separator: "\n"))
        if checks.failed > 0 {
            print("  unit: the journal:\n\(run("journalctl -b -u \(unit) --no-pager | tail -120").output)")
        }
        print(String(format: "  unit: the checks took %.1f s in all", MonotonicTime.now() - began))
        let security = run("systemd-analyze security \(unit) | tail -1").output
        print("  unit: systemd-analyze security: \(security.trimmingCharacters(in: .whitespacesAndNewlines))")
    }

    /// The `high` counter of a cgroup's `memory.events`.
    static func highEvents(_ group: String) -> UInt64? {
        let text = (try? String(contentsOfFile: "\(group)/memory.events", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").first { $0.hasPrefix("high ") }.flatMap { UInt64($0.dropFirst(5)) }
    }

    /// `MemoryHigh=` lowered below the daemon's use (`systemctl set-property --runtime`) until
    /// the kernel counts a `high` event in the unit's `memory.events`, then back to `infinity`
    /// at once: held there, the kernel throttles every allocation (there is no swap to reclaim
    /// into) and the main loop would miss its watchdog. The daemon's watcher turns the event
    /// into a memory warning (its journal line).
    static func memoryPressure(_ checks: Checks) async {
        let group = "/sys/fs/cgroup/system.slice/\(unit)"
        guard
            let current = (try? String(contentsOfFile: "\(group)/memory.current", encoding: .utf8))
                .flatMap({ UInt64($0.trimmingCharacters(in: .whitespacesAndNewlines)) }),
            let highBefore = highEvents(group)
        else {
            checks.expect(false, "memory: the unit's cgroup has memory.current and memory.events", group)
            return
        }
        let high = current - min(current / 4, 4 << 20)
        let set = run("systemctl set-property --runtime \(unit) MemoryHigh=\(high)")
        // An allocation in the daemon: a screenshot copies the frame and encodes a PNG. In the
        // background: it may be throttled until MemoryHigh= is lifted.
        _ = run("\(DaemonChecks.daemonPath) --screenshot /tmp/vitrine-unit-pressure.png >/dev/null 2>&1 &")
        let counted = await waitUntil(timeout: 10) { (highEvents(group) ?? 0) > highBefore }
        _ = run("systemctl set-property --runtime \(unit) MemoryHigh=infinity")
        let warned = await journalContains("memory pressure: delivering a memory warning", timeout: 10)
        checks.expect(
            set.status == 0 && counted && warned,
            "memory: MemoryHigh= below its use makes the daemon deliver a memory warning",
            "MemoryHigh=\(high) of \(current), high events \(highBefore) -> \(highEvents(group) ?? 0): \(set.output)")
        let state = properties(["ActiveState", "NRestarts"])
        checks.expect(
            state["ActiveState"] == "active" && state["NRestarts"] == "0",
            "memory: the daemon runs on after the warning", "\(state): \(journal())")
    }

    /// The unit's hardening directives and the value that sets each back to systemd's default,
    /// for `--systemd-unit-directives`. Not dropped: `User=`, `Group=`,
    /// `SupplementaryGroups=` and `DeviceAllow=` (what the service is for), and
    /// `CapabilityBoundingSet=` (a process of a user other than root has no capabilities for
    /// it to bound).
    static let directives: [(name: String, neutral: String)] = [
        ("DevicePolicy", "auto"), ("ProtectSystem", "no"), ("ProtectHome", "no"), ("PrivateTmp", "no"),
        ("PrivateMounts", "no"), ("NoNewPrivileges", "no"), ("ProtectKernelModules", "no"),
        ("ProtectKernelLogs", "no"), ("ProtectControlGroups", "no"), ("ProtectClock", "no"),
        ("ProtectHostname", "no"), ("ProtectProc", "default"), ("RemoveIPC", "no"), ("RestrictNamespaces", "no"),
        ("RestrictRealtime", "no"), ("RestrictSUIDSGID", "no"), ("LockPersonality", "no"),
        ("MemoryDenyWriteExecute", "no"), ("IPAddressDeny", ""), ("SystemCallArchitectures", ""),
        ("SystemCallFilter", ""), ("RestrictAddressFamilies", ""), ("UMask", "0022"),
        // Not a directive dropped but one made stricter: with no error number, a call the
        // filter refuses kills the daemon (SIGSYS) instead of failing with EPERM, so a run that
        // passes made no refused call.
        ("SystemCallErrorNumber", ""),
    ]

    /// `vitrine-vm-tests --systemd-unit-directives`: the installed unit started once as shipped
    /// and then once per directive with that directive set back to its default by a drop-in;
    /// each start must reach READY=1, serve a 1024x768 screenshot, take a touch and stop
    /// cleanly. The whole unit passing is the main check (`--systemd-unit`); this attributes a
    /// failure to a directive.
    static func directiveByDirective(_ checks: Checks) async {
        guard run("cat /proc/1/comm").output.hasPrefix("systemd"), let repository,
            install(checks, repository: repository)
        else {
            checks.expect(false, "directives: systemd is PID 1 and the unit is installed")
            return
        }
        let shipped = (try? String(contentsOfFile: "\(repository)/systemd/vitrine.service", encoding: .utf8)) ?? ""
        guard let observer = try? DRMClient(path: DaemonChecks.card),
            let touchscreen = try? UInputTouchscreen(name: "Vitrine Directive Touchscreen")
        else {
            checks.expect(false, "directives: the card and a uinput touchscreen")
            return
        }
        observer.dropMaster()
        defer { touchscreen.destroy() }
        _ = run("udevadm settle -t 10 && systemctl start seatd.service")
        let dropIn = "/etc/systemd/system/\(unit).d/vm-drop.conf"
        await startAndStop(checks, "directives: the unit as shipped", touchscreen)
        for (name, neutral) in directives {
            guard shipped.contains("\n\(name)=") else {
                checks.expect(false, "directives: \(name)= is in the unit", "the list here is out of date")
                continue
            }
            _ = FileManager.default.createFile(
                atPath: dropIn, contents: Data("[Service]\n\(name)=\(neutral)\n".utf8))
            _ = run("systemctl daemon-reload")
            await startAndStop(checks, "directives: without \(name)=", touchscreen)
        }
        unlink(dropIn)
        _ = run("systemctl daemon-reload")
    }

    /// Starts the unit, takes a screenshot, taps, stops: one check line for all of it.
    static func startAndStop(_ checks: Checks, _ label: String, _ touchscreen: UInputTouchscreen) async {
        let marker = "touch down in slot 0 at"
        let touchesBefore = journal().components(separatedBy: marker).count
        let began = MonotonicTime.now()
        // reset-failed: the unit's start limit (5 in a minute) counts these starts too.
        let start = run("systemctl reset-failed \(unit); systemctl start \(unit)")
        let active = properties(["ActiveState"])["ActiveState"] == "active"
        var shot: (status: Int32, output: String, width: Int?, height: Int?) = (-1, "", nil, nil)
        var touched = false
        if active {
            shot = screenshot(to: "/tmp/vitrine-unit-directive.png")
            await DaemonConfigChecks.tap(touchscreen, CGPoint(x: 0.5, y: 0.5))
            let deadline = Date().addingTimeInterval(10)
            while !touched, Date() < deadline {
                touched = journal().components(separatedBy: marker).count > touchesBefore
                if !touched { try? await Task.sleep(nanoseconds: 500_000_000) }
            }
        }
        let beforeStop = journal().count
        let stop = run("systemctl stop \(unit)")
        let stopping = String(journal().dropFirst(beforeStop))
        let clean =
            stop.status == 0 && stopping.contains("vitrine.service: Deactivated successfully")
            && !stopping.contains("Failed with result")
        checks.expect(
            active && shot.width == 1024 && shot.height == 768 && touched && clean,
            "\(label): READY=1, a 1024x768 screenshot, a touch and a clean stop"
                + String(format: " (%.0f s)", MonotonicTime.now() - began),
            "active \(active), screenshot \(shot.status) \(shot.output), touched \(touched), clean stop \(clean): "
                + "\(start.output)\n\(run("journalctl -b -u \(unit) --no-pager | tail -40").output)")
    }
}
