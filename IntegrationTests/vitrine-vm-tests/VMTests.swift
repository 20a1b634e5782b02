import Foundation
import VitrineDRM
import VitrineKit
import VitrineGraphics
import VitrineLayers
import VitrinePlatform
import VitrineUdev

/// Vitrine's checks on real KMS and real input: run inside the qemu guest of
/// `scripts/vm/run-in-vm.sh`, where vkms provides card0 with the connector Virtual-1 and a
/// writeback connector, and uinput makes touchscreens and keyboards (`InputChecks`). One line per
/// check, then `N passed, N failed`; the exit status is 1 when any check failed.
@main
@MainActor
struct VMTests {
    static let connectorStatus = "/sys/class/drm/card0-Virtual-1/status"

    static func main() async {
        if let index = CommandLine.arguments.firstIndex(of: "--seat-child"), index + 1 < CommandLine.arguments.count {
            await SeatChecks.child(mode: CommandLine.arguments[index + 1])
        }
        let checks = Checks()
        let clock = MonotonicClock()
        // Under systemd as PID 1 (run-in-vm.sh --systemd), slower than the rest: watchdogs of
        // their own.
        if CommandLine.arguments.contains("--systemd-unit-directives") {
            startWatchdog(seconds: 3000)
            await SystemdUnitChecks.directiveByDirective(checks)
            checks.summary()
            exit(checks.failed == 0 ? 0 : 1)
        }
        if CommandLine.arguments.contains("--systemd-unit") {
            startWatchdog(seconds: 900)
            await SystemdUnitChecks.run(checks)
            checks.summary()
            exit(checks.failed == 0 ? 0 : 1)
        }
        let soakMinutes = SoakChecks.minutes(in: CommandLine.arguments)
        // The full debug run takes about 3.5 minutes under TCG on an idle 2-core machine; the
        // VM itself stops at 900 s (run-in-vm.sh) unless VITRINE_VM_TIMEOUT says otherwise.
        startWatchdog(seconds: soakMinutes.map { $0 * 60 + 300 } ?? 720)
        if let soakMinutes {
            await SoakChecks.run(checks, minutes: soakMinutes, emulated: SoakChecks.isEmulated(CommandLine.arguments))
            checks.summary()
            exit(checks.failed == 0 ? 0 : 1)
        }
        if CommandLine.arguments.contains("--bench") {
            await Bench.run(clock)
            exit(0)
        }
        if CommandLine.arguments.contains("--scroll") {
            await ScrollChecks.run(checks, clock)
            checks.summary()
            exit(checks.failed == 0 ? 0 : 1)
        }
        if CommandLine.arguments.contains("--navigation") {
            await NavigationChecks.run(checks, clock)
            checks.summary()
            exit(checks.failed == 0 ? 0 : 1)
        }
        if CommandLine.arguments.contains("--keyboard") {
            await InputChecks.keyboard(checks)
            await InputChecks.composeThroughVitrineKit(checks)
            checks.summary()
            exit(checks.failed == 0 ? 0 : 1)
        }
        if CommandLine.arguments.contains("--onscreen-keyboard") {
            await OnScreenKeyboardChecks.run(checks, clock)
            checks.summary()
            exit(checks.failed == 0 ? 0 : 1)
        }
        if CommandLine.arguments.contains("--gbm") {
            await GBMChecks.run(checks, clock)
            checks.summary()
            exit(checks.failed == 0 ? 0 : 1)
        }
        if CommandLine.arguments.contains("--seat") {
            await SeatChecks.run(checks)
            checks.summary()
            exit(checks.failed == 0 ? 0 : 1)
        }
        if CommandLine.arguments.contains("--faults") {
            // `--faults hotplug flood ...` runs those alone.
            let only = Set(CommandLine.arguments).intersection(DeviceFaultChecks.names)
            if only.isEmpty || only.contains("startoff") { await startWithConnectorOff(checks, clock) }
            await DeviceFaultChecks.run(checks, clock, counts: .issue, only: only)
            checks.summary()
            exit(checks.failed == 0 ? 0 : 1)
        }
        await discoveryAndAtomicFlips(checks, clock)
        await legacyFlips(checks, clock)
        await modeSelection(checks, clock)
        await hotplug(checks, clock)
        await startWithConnectorOff(checks, clock)
        await descriptorsAreClosed(checks, clock)
        await cardRemovedAndAdded(checks, clock)
        await KitChecks.run(checks, clock)
        await InputChecks.run(checks, clock)
        await NavigationChecks.run(checks, clock)
        await OnScreenKeyboardChecks.run(checks, clock)
        // The fling's frame-per-vblank check runs on a release build, as a panel runs it:
        // `.ci/run` runs `vitrine-vm-tests --scroll` built with `-c release` in its own VM boot.
        await IdleChecks.run(checks, clock)
        await SeatChecks.run(checks)
        await DaemonChecks.run(checks)
        await DaemonConfigChecks.run(checks)
        await DaemonServiceChecks.run(checks)
        await DeviceFaultChecks.run(checks, clock, counts: .ci)
        // Last: Mesa stays loaded once GBM and EGL were opened (llvmpipe's threads, its
        // descriptors), which the checks counting threads and descriptors must not see.
        await GBMChecks.run(checks, clock)
        checks.summary()
        exit(checks.failed == 0 ? 0 : 1)
    }

    /// A started backend whose log lines are collected.
    /// Runs the app on `backend`, for checks that go through VitrineKit.
    static func runApplication(on backend: DRMBackend) {
        UIApplication.shared.setDisplayBackend(backend)
    }

    /// Puts the app back on a headless screen with no input device, and shuts `backend` down
    /// (restoring the CRTC), so the next check starts from a free card.
    static func leaveApplication(_ backend: DRMBackend, _ clock: MonotonicClock) {
        UIApplication.shared.setInputSource(HeadlessInputSource())
        let headless = HeadlessBackend(clock: clock)
        headless.addOutput(name: "HEADLESS-1", width: 640, height: 480)
        UIApplication.shared.setDisplayBackend(headless)
        backend.shutdown()
    }

    static func startBackend(
        _ clock: MonotonicClock, modeSelection: DisplayModeSelection = .preferred, allowAtomic: Bool? = true,
        log: ((String) -> Void)? = nil
    ) -> DRMBackend {
        let backend = DRMBackend(clock: clock, modeSelection: modeSelection, allowAtomic: allowAtomic)
        backend.log = { message in
            print("  log: \(message)")
            log?(message)
        }
        backend.start()
        return backend
    }

    /// Sends the change uevent vkms does not send itself after a connector status write.
    static func hotplugUevent() {
        writeSysfs("/sys/class/drm/card0/uevent", "change 00000000-0000-0000-0000-000000000001 HOTPLUG=1")
    }

    // MARK: - Discovery, atomic flips, writeback, mode switch

    static func discoveryAndAtomicFlips(_ checks: Checks, _ clock: MonotonicClock) async {
        let cards = DRMDeviceScanner().devices()
        checks.expect(cards.contains { $0.sysname == "card0" }, "discovery: udev lists card0", "\(cards)")

        let backend = startBackend(clock)
        defer { backend.shutdown() }
        checks.expect(backend.device?.sysname == "card0", "discovery: the backend opened card0")
        checks.expect(backend.isMaster, "discovery: the backend is DRM master")
        checks.expect(backend.usesAtomic == true, "atomic: the kernel accepted the atomic cap")
        guard let output = backend.drmOutputs.first else {
            checks.expect(false, "discovery: Virtual-1 is an output", "no outputs")
            return
        }
        checks.expect(
            backend.drmOutputs.map(\.name) == ["Virtual-1"], "discovery: one output named Virtual-1",
            "\(backend.drmOutputs.map(\.name))")
        let preferred = output.modes.filter(\.isPreferred)
        checks.expect(
            preferred.count == 1 && preferred[0].width == 1024 && preferred[0].height == 768,
            "discovery: 1024x768 is the one preferred mode", "\(preferred)")
        checks.expect(output.modes.count > 10, "discovery: vkms lists its modes", "\(output.modes.count) modes")
        checks.expect(
            output.currentMode.width == 1024 && output.currentMode.height == 768,
            "discovery: the preferred mode is chosen", "\(output.currentMode)")

        // The modeset (its own flip), then 120 flips at 60 Hz.
        let (_, run, ages) = await checkModesetAndFlips(checks, output: output, label: "atomic")
        let now = MonotonicTime.now()
        checks.expect(
            run.events.last.map { $0.timestamp <= now && now - $0.timestamp < 5 } ?? false,
            "atomic: timestamps are on CLOCK_MONOTONIC", "last \(run.events.last?.timestamp ?? 0), now \(now)")
        checks.expect(
            Array(ages.prefix(2)) == [0, 0] && ages.dropFirst(2).allSatisfy { $0 == 2 },
            "atomic: double-buffer ages 0, 0, 2, 2, ...", "\(ages.prefix(6))")
        print("  atomic: the primary plane \(output.supportsDamageClips ? "has" : "lacks") FB_DAMAGE_CLIPS")
        checks.expect(
            output.activeCRTCMode.map { $0.width == 1024 && $0.height == 768 } ?? false,
            "atomic: the CRTC runs 1024x768", "\(String(describing: output.activeCRTCMode))")

        await writeback(checks, backend, output)
        await modeSwitch(checks, backend, output)
    }

    /// The composed frame read back through the writeback connector equals the rendered one.
    static func writeback(_ checks: Checks, _ backend: DRMBackend, _ output: DRMOutput) async {
        let width = output.currentMode.width
        let height = output.currentMode.height
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
        let card = CALayer()
        card.frame = CGRect(x: 100, y: 80, width: 400, height: 300)
        card.backgroundColor = CGColor(red: 0.9, green: 0.5, blue: 0.1, alpha: 1)
        card.cornerRadius = 24
        root.addSublayer(card)
        let badge = CALayer()
        badge.frame = CGRect(x: 40, y: 40, width: 120, height: 120)
        badge.backgroundColor = CGColor(red: 0.2, green: 0.8, blue: 0.4, alpha: 0.6)
        card.addSublayer(badge)

        // The same scene rendered on the headless backend, for comparison.
        let headless = PixelBuffer(width: width, height: height, format: .xrgb8888)
        Compositor().render(root, into: headless, bufferAge: 0)

        guard let buffer = output.acquireBuffer() else {
            checks.expect(false, "writeback: a buffer to render into")
            return
        }
        Compositor().render(root, into: buffer.pixels, bufferAge: 0)
        var flipped = false
        output.presentCompletionHandler = { _ in flipped = true }
        do {
            try output.present(buffer, damage: Region(buffer.pixels.bounds))
        } catch {
            checks.expect(false, "writeback: present the scene", "\(error)")
            return
        }
        _ = await waitUntil(timeout: 5) { flipped }
        do {
            let captured = try backend.captureWriteback(of: output)
            var differing = 0
            var first = ""
            for y in 0..<height {
                for x in 0..<width {
                    let a = captured.pixel(x: x, y: y) & 0x00FF_FFFF
                    let b = headless.pixel(x: x, y: y) & 0x00FF_FFFF
                    if a != b {
                        if differing == 0 {
                            first = "(\(x),\(y)): kernel \(String(a, radix: 16)) vs \(String(b, radix: 16))"
                        }
                        differing += 1
                    }
                }
            }
            let sample = captured.pixel(x: 300, y: 200) & 0x00FF_FFFF
            print(
                "  writeback: \(width)x\(height) captured, \(differing) pixels differ, (300,200) = \(String(sample, radix: 16))"
            )
            checks.expect(sample != 0, "writeback: the capture is not blank")
            checks.expect(
                differing == 0, "writeback: the composed frame equals the headless render",
                "\(differing) pixels differ, first \(first)")
        } catch {
            checks.expect(false, "writeback: capture through the writeback connector", "\(error)")
        }
    }

    /// `setMode` to 800x600: the mode-changed handler, then flips at the new size.
    static func modeSwitch(_ checks: Checks, _ backend: DRMBackend, _ output: DRMOutput) async {
        guard let target = output.modes.first(where: { $0.width == 800 && $0.height == 600 }) else {
            checks.expect(false, "mode switch: vkms offers 800x600")
            return
        }
        var changes: [(String, DisplayMode)] = []
        backend.outputModeChangedHandler = { output, previous in changes.append((output.name, previous)) }
        do {
            try output.setMode(target)
        } catch {
            checks.expect(false, "mode switch: setMode(800x600)", "\(error)")
            return
        }
        checks.expect(
            changes.count == 1 && changes[0].1.width == 1024, "mode switch: the mode-changed handler fired once",
            "\(changes)")
        let run = FlipRun(output: output, frames: 10)
        run.start()
        _ = await waitUntil(timeout: 10) { run.isDone }
        checks.expect(
            run.errors.isEmpty && run.events.count == 10 && run.sizes == ["800x600"],
            "mode switch: 10 flips with 800x600 buffers", run.summary)
        checks.expect(
            run.ages.first == 0, "mode switch: fresh buffers have age 0", "\(run.ages.prefix(3))")
        checks.expect(
            output.activeCRTCMode.map { $0.width == 800 && $0.height == 600 } ?? false,
            "mode switch: the CRTC runs 800x600", "\(String(describing: output.activeCRTCMode))")
    }

    // MARK: - Legacy

    static func legacyFlips(_ checks: Checks, _ clock: MonotonicClock) async {
        setenv("VITRINE_DRM_NO_ATOMIC", "1", 1)
        let backend = startBackend(clock, allowAtomic: nil)
        unsetenv("VITRINE_DRM_NO_ATOMIC")
        defer { backend.shutdown() }
        checks.expect(backend.usesAtomic == false, "legacy: VITRINE_DRM_NO_ATOMIC=1 turns atomic off")
        guard let output = backend.drmOutputs.first else {
            checks.expect(false, "legacy: Virtual-1 is an output")
            return
        }
        _ = await checkModesetAndFlips(checks, output: output, label: "legacy")
    }

    /// The modeset (its own flip), then 120 flips at 60 Hz: checked alike for the atomic and
    /// the legacy paths.
    /// The modeset and the 120-flip run; `ages` are the buffer ages of the modeset and the
    /// first run (a retried run starts with both buffers already drawn).
    static func checkModesetAndFlips(_ checks: Checks, output: any DisplayOutput, label: String) async -> (
        modeset: FlipRun, run: FlipRun, ages: [Int]
    ) {
        let modeset = FlipRun(output: output, frames: 1)
        modeset.start()
        _ = await waitUntil(timeout: 5) { modeset.isDone }
        checks.expect(modeset.events.count == 1 && modeset.errors.isEmpty, "\(label): modeset", modeset.summary)
        let (run, finished, attempts, firstAges) = await flipsWithoutSkips(output: output, label: label)
        checks.expect(
            finished && run.errors.isEmpty && run.events.count == 120, "\(label): 120 page flips", run.summary)
        checks.expect(
            run.sequencesConsecutive, "\(label): no skipped sequence numbers",
            "\(run.summary) (attempt \(attempts) of \(flipAttempts))")
        checks.expect(run.timestampsIncrease, "\(label): timestamps increase monotonically", run.summary)
        checks.expect(abs(run.meanInterval - 1.0 / 60) < 0.0005, "\(label): flips at 60 Hz", run.summary)
        return (modeset, run, modeset.ages + firstAges)
    }

    /// Attempts at a clean 120-flip run. Under TCG on a busy two-core host the guest can be
    /// descheduled past a vblank, which skips a sequence number without any fault in Vitrine
    /// (each frame's work is a few microseconds); a skip in every attempt is a real failure.
    static let flipAttempts = 3

    /// 120 flips back to back, repeated (up to `flipAttempts` times) while sequence numbers
    /// skip; every attempt is logged.
    static func flipsWithoutSkips(
        output: any DisplayOutput, label: String, draw: (@MainActor (SwapchainBuffer, Int) -> Region)? = nil
    ) async -> (FlipRun, Bool, Int, [Int]) {
        var attempt = 0
        var firstAges: [Int] = []
        while true {
            attempt += 1
            let run = FlipRun(output: output, frames: 120, draw: draw)
            run.start()
            let finished = await waitUntil(timeout: 20) { run.isDone }
            if attempt == 1 { firstAges = run.ages }
            print("  \(label): \(run.summary)")
            if run.sequencesConsecutive || !finished || !run.errors.isEmpty || attempt == flipAttempts {
                return (run, finished, attempt, firstAges)
            }
        }
    }

    // MARK: - Mode selection from the configuration

    static func modeSelection(_ checks: Checks, _ clock: MonotonicClock) async {
        do {
            let backend = startBackend(clock, modeSelection: DisplayModeSelection(parsing: "800x600")!)
            defer { backend.shutdown() }
            let mode = backend.drmOutputs.first?.currentMode
            checks.expect(
                mode?.width == 800 && mode?.height == 600, "config: 800x600 picks that mode",
                "\(String(describing: mode))")
        }
        do {
            var lines: [String] = []
            let backend = startBackend(clock, modeSelection: .size(width: 1234, height: 567)) { lines.append($0) }
            defer { backend.shutdown() }
            let mode = backend.drmOutputs.first?.currentMode
            checks.expect(
                mode?.isPreferred == true, "config: a missing mode falls back to preferred",
                "\(String(describing: mode))")
            checks.expect(
                lines.contains {
                    $0.contains("1234x567 is not offered") && $0.contains("1024x768@") && $0.contains("800x600@")
                },
                "config: the warning names the modes", "\(lines)")
        }
    }

    // MARK: - Hotplug

    static func hotplug(_ checks: Checks, _ clock: MonotonicClock) async {
        let backend = startBackend(clock)
        defer {
            writeSysfs(connectorStatus, "detect")
            backend.shutdown()
        }
        guard let output = backend.drmOutputs.first else {
            checks.expect(false, "hotplug: Virtual-1 is an output")
            return
        }
        let run = FlipRun(output: output, frames: 3)
        run.start()
        _ = await waitUntil(timeout: 5) { run.isDone }
        var disconnected: [String] = []
        var connected: [String] = []
        backend.outputDisconnectedHandler = { disconnected.append($0.name) }
        backend.outputConnectedHandler = { connected.append($0.name) }

        checks.expect(writeSysfs(connectorStatus, "off"), "hotplug: connector forced off through sysfs")
        // The connector vanishes before the backend hears of it (between probe and commit):
        // frames presented meanwhile either flip or fail with an error, never hang or crash, and
        // the uevent that follows still disconnects the output.
        let blind = FlipRun(output: output, frames: 3)
        blind.start()
        let blindDone = await waitUntil(timeout: 3) { blind.isDone }
        print("  hotplug: presents after the connector went off, before the uevent: \(blind.summary)")
        checks.expect(
            blindDone, "hotplug: presents to a connector that vanished complete or fail, never hang", blind.summary)
        hotplugUevent()
        let gone = await waitUntil(timeout: 5) { !disconnected.isEmpty }
        checks.expect(gone && disconnected == ["Virtual-1"], "hotplug: off gives a disconnect", "\(disconnected)")
        checks.expect(backend.outputs.isEmpty, "hotplug: no outputs while off")
        checks.expect(!output.isConnected && output.acquireBuffer() == nil, "hotplug: the old output is unusable")
        let presentError: DisplayOutputError?
        do {
            try output.setMode(output.currentMode)
            presentError = nil
        } catch {
            presentError = error
        }
        checks.expect(
            presentError == .disconnected(output: "Virtual-1"), "hotplug: a disconnected output throws, never crashes")

        checks.expect(writeSysfs(connectorStatus, "on"), "hotplug: connector forced on through sysfs")
        hotplugUevent()
        let back = await waitUntil(timeout: 5) { !connected.isEmpty }
        checks.expect(back && connected == ["Virtual-1"], "hotplug: on gives a connect", "\(connected)")
        if let again = backend.drmOutputs.first {
            let run = FlipRun(output: again, frames: 10)
            run.start()
            _ = await waitUntil(timeout: 5) { run.isDone }
            // What matters here is that the output flips again; vblank regularity is checked by
            // the 120-flip runs.
            checks.expect(
                run.errors.isEmpty && run.events.count == 10 && run.timestampsIncrease,
                "hotplug: the reconnected output flips", run.summary)
        }
    }

    /// Started with the connector off: the card is open with no output, and the process then
    /// sleeps (no thread wakes over two seconds: no polling, no timers); connecting it adds
    /// the output, which flips and lights the CRTC with the frames (read back by writeback).
    static func startWithConnectorOff(_ checks: Checks, _ clock: MonotonicClock) async {
        writeSysfs(connectorStatus, "off")
        let (idle, idleDetail) = await DeviceFaultChecks.wakeups(over: 2)
        print("  start off: before the backend starts, \(idle) wake-ups in 2 s: \(idleDetail)")
        let backend = startBackend(clock)
        defer {
            writeSysfs(connectorStatus, "detect")
            backend.shutdown()
        }
        checks.expect(backend.outputs.isEmpty && backend.device != nil, "start off: no outputs, card open")
        // Let what the start set going settle (udev's own messages about the sysfs write).
        try? await Task.sleep(nanoseconds: 500_000_000)
        let (wakeups, detail) = await DeviceFaultChecks.wakeups(over: 2)
        print("  start off: \(wakeups) wake-ups in 2 s while waiting for a display: \(detail)")
        checks.expect(
            wakeups == 0,
            "start off: waiting for a display wakes no thread (0 wake-ups in 2 s but Dispatch's own monitor)", detail)
        var connected: [String] = []
        backend.outputConnectedHandler = { connected.append($0.name) }
        writeSysfs(connectorStatus, "on")
        hotplugUevent()
        let appeared = await waitUntil(timeout: 5) { !connected.isEmpty }
        checks.expect(
            appeared && connected == ["Virtual-1"], "start off: connecting it adds the output", "\(connected)")
        if let output = backend.drmOutputs.first {
            let run = FlipRun(output: output, frames: 5)
            run.start()
            _ = await waitUntil(timeout: 5) { run.isDone }
            checks.expect(run.events.count == 5 && run.errors.isEmpty, "start off: the new output flips", run.summary)
            // FlipRun's last squares cover (40, 30) in both buffers.
            let lit = KitChecks.capture(backend, output, points: [(40, 30)])
            checks.expect(
                lit == [0x00_80FF], "start off: the screen shows the frames (writeback)",
                lit.map { String($0, radix: 16) }.joined(separator: " "))
        }
    }

    // MARK: - Card removal

    static func openDescriptorCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
    }

    /// A start / shutdown cycle leaves no descriptor open (card, udev monitor, fences).
    static func descriptorsAreClosed(_ checks: Checks, _ clock: MonotonicClock) async {
        try? await Task.sleep(nanoseconds: 200_000_000)
        let before = openDescriptorCount()
        do {
            let backend = startBackend(clock)
            if let output = backend.drmOutputs.first {
                let run = FlipRun(output: output, frames: 3)
                run.start()
                _ = await waitUntil(timeout: 5) { run.isDone }
            }
            backend.shutdown()
        }
        try? await Task.sleep(nanoseconds: 200_000_000)
        let after = openDescriptorCount()
        checks.expect(
            before == after, "descriptors: a backend's start and shutdown leak none", "\(before) before, \(after) after"
        )
    }

    static func cardRemovedAndAdded(_ checks: Checks, _ clock: MonotonicClock) async {
        guard let module = ProcessInfo.processInfo.environment["VITRINE_VKMS_MODULE"] else {
            checks.expect(false, "card reload: VITRINE_VKMS_MODULE names vkms.ko")
            return
        }
        // Closing a card's descriptor waits for its Dispatch source's cancel handler: one turn.
        try? await Task.sleep(nanoseconds: 200_000_000)
        checks.expect(shell("rmmod vkms") == 0, "card reload: rmmod vkms")
        let backend = startBackend(clock)
        defer { backend.shutdown() }
        checks.expect(backend.device == nil && backend.outputs.isEmpty, "card reload: starting without a card works")
        var connected: [String] = []
        backend.outputConnectedHandler = { connected.append($0.name) }
        checks.expect(shell("insmod \(module)") == 0, "card reload: insmod vkms")
        let appeared = await waitUntil(timeout: 10) { !connected.isEmpty }
        checks.expect(
            appeared && connected == ["Virtual-1"], "card reload: the added card's connector connects", "\(connected)")
        if let output = backend.drmOutputs.first {
            let run = FlipRun(output: output, frames: 5)
            run.start()
            _ = await waitUntil(timeout: 5) { run.isDone }
            checks.expect(run.events.count == 5 && run.errors.isEmpty, "card reload: the new card flips", run.summary)
        }
    }
}
