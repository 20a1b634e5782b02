import Dispatch
import Foundation
import VitrineDRM
import VitrineInput
import VitrineKiosk
import VitrinePlatform
import VitrineSeat

/// Device access without root. This binary runs itself again as `nobody` (uid 65534, through
/// util-linux's `setpriv`) in a child mode (`--seat-child direct|libseat`); the child reports
/// `PASS`/`FAIL` lines on a pipe, which count here as this run's checks, and control lines
/// (`SEAT-READY`, `SEAT-DISABLED`) that tell this side when to switch VTs.
///
/// - Without a seat manager: libseat finds none (a clear error naming seat0), direct open of
///   the card fails with `EACCES` and the message names it, the DRM backend and libinput start
///   with nothing open, and the child exits by itself with status 0 (no crash, no hang).
/// - Through seatd (started here as root, VT-bound, its socket owned by nobody): the child's
///   `SeatSession` opens the card (DRM master comes from seatd) and the uinput touchscreen
///   through the same `SeatDeviceOpener`, and 30 page flips complete. Then a real VT switch
///   (`chvt 2`): seatd disables the session, `SeatSessionWiring` suspends libinput (devices
///   closed) and the DRM backend (outputs suspended), the child acknowledges, the switch
///   completes. The child then opens the card again while the seat is away: the open waits for
///   the seat; `chvt 1` enables it, the open returns, the wiring resumes (master back, the
///   touchscreen re-opened), and 10 more flips complete.
@MainActor
enum SeatChecks {
    static let touchscreenName = "Vitrine seat touch"
    static let nobody = "65534"
    static let seatdSocket = "/run/seatd.sock"

    static func run(_ checks: Checks) async {
        // A touch device for libinput to find (uinput nodes are root:input 0660).
        let touchscreen: UInputTouchscreen
        do {
            touchscreen = try UInputTouchscreen(name: touchscreenName)
        } catch {
            checks.expect(false, "seat: a uinput touchscreen", "\(error)")
            return
        }
        defer { touchscreen.device.destroy() }
        shell("udevadm settle -t 10")
        await withoutSeatManager(checks)
        await throughSeatd(checks)
    }

    // MARK: - Parent side

    static func withoutSeatManager(_ checks: Checks) async {
        checks.expect(
            !FileManager.default.fileExists(atPath: seatdSocket), "seat (no manager): no seatd socket at \(seatdSocket)"
        )
        let child = ChildProcess(mode: "direct")
        let exited = await child.wait(timeout: 90, checks: checks) { _ in }
        checks.expect(
            exited && child.status == 0, "seat (no manager): the unprivileged child exits cleanly",
            exited ? "status \(child.status)" : "did not exit within 90 s")
    }

    static func throughSeatd(_ checks: Checks) async {
        let log = "/tmp/seatd.log"
        let seatd = spawnProcess(["/usr/sbin/seatd", "-u", "nobody", "-l", "info"], output: log)
        defer {
            if seatd > 0 {
                kill(seatd, SIGTERM)
                var status: Int32 = 0
                waitpid(seatd, &status, 0)
            }
            // The VT the switch left behind, back to normal.
            shell("timeout 20 busybox chvt 1")
        }
        let listening = await waitUntil(timeout: 10) { FileManager.default.fileExists(atPath: seatdSocket) }
        checks.expect(seatd > 0 && listening, "seat (seatd): seatd listens at \(seatdSocket)")
        guard listening else { return }
        let child = ChildProcess(mode: "libseat")
        var switched = ""
        let exited = await child.wait(timeout: 120, checks: checks) { line in
            switch line {
            case "SEAT-READY":
                print("  seat: VT \(currentVT()) → 2")
                // chvt waits for the switch, which waits for the child's acknowledgement; in the
                // background, so that this side goes on reading the child's lines.
                shell("timeout 20 busybox chvt 2 &")
            case "SEAT-DISABLED":
                switched = currentVT()
                Task { @MainActor in
                    // Long enough for the child to be waiting in its open.
                    try? await Task.sleep(nanoseconds: 1_000_000_000)
                    print("  seat: VT \(currentVT()) → 1")
                    shell("timeout 20 busybox chvt 1 &")
                }
            default:
                break
            }
        }
        checks.expect(
            exited && child.status == 0, "seat (seatd): the unprivileged child exits cleanly",
            exited ? "status \(child.status)" : "did not exit within 120 s")
        checks.expect(switched == "tty2", "seat (seatd): the switch to VT 2 completed", switched)
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") { print("  seatd: \(line)") }
        // seatd's own account: the child acknowledged the disable, and was enabled again.
        let events = text.split(separator: "\n").compactMap { line -> String? in
            ["Disabling client", "Disabled client", "Opened client"].first { line.contains($0) }
        }
        checks.expect(
            events == ["Opened client", "Disabling client", "Disabled client", "Opened client"],
            "seat (seatd): seatd saw the disable acknowledged and the session enabled again", "\(events)")
    }

    /// This binary again, as nobody, with its output on a pipe.
    @MainActor
    final class ChildProcess {
        private(set) var status: Int32 = -1
        private var pid: pid_t = 0
        private var pipeRead: Int32 = -1
        private var buffer: [UInt8] = []
        private var finished = false

        init(mode: String) {
            var descriptors: [Int32] = [-1, -1]
            guard pipe(&descriptors) == 0 else { return }
            // Neither end leaks into seatd or a later child; dup2 gives the child its own.
            for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
            pipeRead = descriptors[0]
            let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
            let arguments = [
                "/usr/bin/setpriv", "--reuid=\(SeatChecks.nobody)", "--regid=\(SeatChecks.nobody)", "--clear-groups",
                "--", executable, "--seat-child", mode,
            ]
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, descriptors[1], 1)
            posix_spawn_file_actions_adddup2(&actions, descriptors[1], 2)
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            let attributes = SpawnAttributes()
            if posix_spawn(&pid, arguments[0], &actions, &attributes.value, &argv, environ) != 0 { pid = 0 }
            close(descriptors[1])
        }

        /// Reads the child's lines (checks counted, control lines passed to `control`, the rest
        /// shown) until it exits or `timeout` passes (then it is killed). Returns whether it
        /// exited by itself.
        func wait(timeout: Double, checks: Checks, control: @escaping @MainActor (String) -> Void) async -> Bool {
            guard pid > 0, pipeRead >= 0 else {
                checks.expect(false, "seat: spawn the unprivileged child")
                return false
            }
            // Polled, not a Dispatch source: a source on a descriptor number an earlier check's
            // source used (and whose descriptor was closed under it) may never fire.
            _ = fcntl(pipeRead, F_SETFL, fcntl(pipeRead, F_GETFL) | O_NONBLOCK)
            defer { close(pipeRead) }
            // The child's exit, not the pipe's end, ends the wait: a process it forked (libseat's
            // builtin seatd) may hold the pipe a moment longer.
            var raw: Int32 = 0
            let exited = await waitUntil(timeout: timeout) {
                self.read(checks: checks, control: control)
                return waitpid(self.pid, &raw, WNOHANG) == self.pid
            }
            if exited {
                read(checks: checks, control: control)
            } else {
                kill(pid, SIGKILL)
                waitpid(pid, &raw, 0)
            }
            status = (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
            return exited
        }

        private func read(checks: Checks, control: @MainActor (String) -> Void) {
            var chunk = [UInt8](repeating: 0, count: 4096)
            while !finished {
                let count = Glibc.read(pipeRead, &chunk, chunk.count)
                if count <= 0 {
                    if count == 0 || errno != EAGAIN { finished = true }
                    break
                }
                buffer.append(contentsOf: chunk[0..<count])
            }
            while let newline = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                if line.hasPrefix("PASS ") || line.hasPrefix("FAIL ") {
                    checks.expect(line.hasPrefix("PASS "), String(line.dropFirst(5)))
                } else if line.hasPrefix("SEAT-") {
                    control(line)
                } else if !line.hasSuffix(" passed, 0 failed") {
                    print("  [nobody] \(line)")
                }
            }
        }
    }

    /// The foreground VT (`tty1`).
    static func currentVT() -> String {
        let text = (try? String(contentsOfFile: "/sys/class/tty/tty0/active", encoding: .utf8)) ?? "?"
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Starts `arguments` with its output appended to `output`; returns its pid (0 on failure).
    static func spawnProcess(_ arguments: [String], output: String) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let attributes = SpawnAttributes()
        return posix_spawn(&pid, arguments[0], &actions, &attributes.value, &argv, environ) == 0 ? pid : 0
    }

    /// Spawn attributes that unblock every signal and restore default actions: a process
    /// spawned from a Dispatch thread inherits its mask, which blocks seatd's VT signals
    /// (SIGUSR1 and SIGUSR2), so that no VT switch would ever be answered.
    final class SpawnAttributes {
        var value = posix_spawnattr_t()

        init() {
            posix_spawnattr_init(&value)
            var none = sigset_t()
            sigemptyset(&none)
            posix_spawnattr_setsigmask(&value, &none)
            var all = sigset_t()
            sigfillset(&all)
            posix_spawnattr_setsigdefault(&value, &all)
            posix_spawnattr_setflags(&value, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        }

        deinit { posix_spawnattr_destroy(&value) }
    }

    // MARK: - Child side (uid 65534)

    /// The child's checks; exits the process.
    static func child(mode: String) async -> Never {
        let checks = Checks()
        startWatchdog(seconds: 100)
        checks.expect(geteuid() == 65534, "seat child: runs as uid 65534", "uid \(geteuid())")
        if mode == "direct" {
            await childWithoutSeatManager(checks)
        } else {
            await childThroughSeatd(checks)
        }
        checks.summary()
        exit(0)
    }

    static func childWithoutSeatManager(_ checks: Checks) async {
        let label = "seat (no manager)"
        do {
            let descriptor = try DirectDeviceOpener().open(path: "/dev/dri/card0")
            checks.expect(false, "\(label): direct open of card0 is refused", "opened as \(descriptor)")
        } catch {
            checks.expect(
                error.code == EACCES && error.description == "cannot open /dev/dri/card0: Permission denied",
                "\(label): direct open of card0 fails with a permission error", "\(error)")
        }
        // What a launch does when not root: libseat first, then direct access.
        let access = DeviceAccess.make(
            seat: "seat0", effectiveUserID: geteuid(), environment: ProcessInfo.processInfo.environment)
        let failure = access.failure.map { "\($0)" } ?? "none"
        print("libseat: \(failure)")
        checks.expect(
            access.mode == .direct && failure.hasPrefix("cannot open seat seat0 through libseat: no seat manager"),
            "\(label): libseat fails with an error naming seat0, then direct access", failure)

        var lines: [String] = []
        let backend = DRMBackend(clock: MonotonicClock(), opener: access.opener)
        backend.log = { message in
            print("drm: \(message)")
            lines.append(message)
        }
        backend.start()
        checks.expect(
            backend.device == nil && backend.outputs.isEmpty,
            "\(label): the DRM backend starts with no card and no outputs")
        checks.expect(
            lines.contains { $0.contains("/dev/dri/card0") && $0.contains("Permission denied") },
            "\(label): the DRM backend logs the permission error", "\(lines)")
        backend.shutdown()

        do {
            let context = try LibinputContext(seat: access.seat, opener: access.opener)
            let events = context.readEvents()
            checks.expect(
                context.currentDevices.isEmpty && events.isEmpty,
                "\(label): libinput opens no device", "\(context.currentDevices.map(\.name))")
        } catch {
            checks.expect(false, "\(label): a libinput context on seat0", "\(error)")
        }
    }

    static func childThroughSeatd(_ checks: Checks) async {
        let label = "seat (seatd)"
        let session: SeatSession
        do {
            session = try SeatSession(seat: "seat0")
        } catch {
            checks.expect(false, "\(label): a libseat session on seat0", "\(error)")
            return
        }
        // Deferred in this order: the backend shuts down (restoring the CRTC as master) before
        // the session closes.
        defer { session.close() }
        checks.expect(session.seatName == "seat0" && session.isActive, "\(label): the session on seat0 is active")
        let opener = session.deviceOpener

        let backend = DRMBackend(clock: MonotonicClock(), opener: opener)
        backend.log = { print("drm: \($0)") }
        backend.start()
        defer { backend.shutdown() }
        checks.expect(
            backend.device?.sysname == "card0" && backend.isMaster,
            "\(label): card0 opened through libseat, DRM master")
        guard let output = backend.drmOutputs.first else {
            checks.expect(false, "\(label): Virtual-1 is an output")
            return
        }
        await flips(checks, output, frames: 30, label: "\(label): 30 page flips")

        let context: LibinputContext
        do {
            context = try LibinputContext(seat: session.seatName, opener: opener)
        } catch {
            checks.expect(false, "\(label): a libinput context on seat0", "\(error)")
            return
        }
        let input = LibinputInputSource(context: context)
        input.start()
        let touchFound = await waitUntil(timeout: 10) { input.devices.contains { $0.name == touchscreenName } }
        checks.expect(
            touchFound && session.openDeviceCount >= 2,
            "\(label): libinput opened the touchscreen through the same opener",
            "\(input.devices.map(\.name)), \(session.openDeviceCount) devices open")

        let wiring = SeatSessionWiring(display: backend, input: input)
        wiring.attach(to: session)
        print("SEAT-READY")
        fflush(nil)

        let paused = await waitUntil(timeout: 25) { wiring.isPaused }
        checks.expect(paused, "\(label): chvt 2 disables the session")
        checks.expect(
            !session.isActive && !backend.isSessionActive && output.isSuspended && input.isSuspended,
            "\(label): rendering and input are paused",
            "session \(session.isActive), drm \(backend.isSessionActive), output \(output.isSuspended)")
        checks.expect(
            input.devices.isEmpty && session.openDeviceCount == 1,
            "\(label): libinput closed its devices (only the card stays open)",
            "\(input.devices.map(\.name)), \(session.openDeviceCount) open")
        checks.expect(output.acquireBuffer() == nil, "\(label): no buffer while suspended")

        // Opening while the seat is away waits for it (the parent switches back meanwhile).
        session.activationTimeout = 30
        print("SEAT-DISABLED")
        fflush(nil)
        do {
            let descriptor = try opener.open(path: "/dev/dri/card0")
            checks.expect(session.isActive, "\(label): an open while the seat is away waits for chvt 1")
            descriptor.close()
        } catch {
            checks.expect(false, "\(label): an open while the seat is away waits for chvt 1", "\(error)")
        }
        let resumed = await waitUntil(timeout: 10) { !wiring.isPaused }
        checks.expect(
            resumed && backend.isSessionActive && backend.isMaster && !output.isSuspended && !input.isSuspended,
            "\(label): chvt 1 resumes rendering (DRM master again) and input")
        let touchBack = await waitUntil(timeout: 10) { input.devices.contains { $0.name == touchscreenName } }
        checks.expect(touchBack, "\(label): libinput re-opened the touchscreen", "\(input.devices.map(\.name))")
        await flips(checks, output, frames: 10, label: "\(label): 10 page flips after the switch back")
        input.stop()
    }

    static func flips(_ checks: Checks, _ output: any DisplayOutput, frames: Int, label: String) async {
        let run = FlipRun(output: output, frames: frames)
        run.start()
        let done = await waitUntil(timeout: 20) { run.isDone }
        checks.expect(done && run.errors.isEmpty && run.events.count == frames, label, run.summary)
    }
}
