import Foundation
import VitrineDRM
import VitrineInput
import VitrineKit
import VitrinePlatform

/// Device faults a panel meets in the field (issue 27, item 6), on vkms and uinput: a
/// connector unplugged and replugged many times while the app animates, unplugged in the
/// middle of a flip, DRM master lost and regained many times, touchscreens removed in the
/// middle of a touch, a device flooding events, a device with absurd axis ranges. Each check
/// counts what the process owns (descriptors, the card's mappings, framebuffers, shared memory,
/// screens) before and after, and asserts what an app sees.
///
/// `vitrine-vm-tests --faults` runs them with the issue's counts (`Counts.issue`); the default
/// run uses `Counts.ci`, which keeps every check with counts that fit CI's time under TCG.
/// The connector-off-at-start check (0 wake-ups while waiting) is
/// `VMTests.startWithConnectorOff`, which both runs include.
@MainActor
enum DeviceFaultChecks {
    struct Counts {
        var hotplugCycles: Int
        var midFlipUnplugs: Int
        var masterCycles: Int
        var touchscreenRemovals: Int
        var floodSeconds: Double

        /// The issue's figures.
        static let issue = Counts(
            hotplugCycles: 100, midFlipUnplugs: 20, masterCycles: 50, touchscreenRemovals: 50, floodSeconds: 3)
        /// The default run's (`.ci/run`): every check, fewer cycles.
        static let ci = Counts(
            hotplugCycles: 20, midFlipUnplugs: 10, masterCycles: 20, touchscreenRemovals: 15, floodSeconds: 3)
    }

    static let card = "/dev/dri/card0"
    /// The events a second the flooding device sends (one touch move and `SYN_REPORT` each).
    static let floodRate = 10_000

    /// The checks' names, for `--faults NAME...` (all when none is named).
    static let names = ["startoff", "hotplug", "midflip", "master", "removal", "flood", "ranges"]

    static func run(_ checks: Checks, _ clock: MonotonicClock, counts: Counts, only: Set<String> = []) async {
        let started = Date()
        let chosen = only.isEmpty ? Set(names) : only
        if chosen.contains("hotplug") {
            await hotplugCyclesWhileAnimating(checks, clock, cycles: counts.hotplugCycles)
        }
        if chosen.contains("midflip") { await unplugMidFlip(checks, clock, times: counts.midFlipUnplugs) }
        if chosen.contains("master") { await masterLostAndRegained(checks, clock, cycles: counts.masterCycles) }
        if chosen.contains("removal") {
            await touchscreenRemovedMidTouch(checks, clock, times: counts.touchscreenRemovals)
        }
        if chosen.contains("flood") { await floodingDevice(checks, clock, seconds: counts.floodSeconds) }
        if chosen.contains("ranges") { await absurdRanges(checks) }
        print("  faults: all device-fault checks took \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
    }

    // MARK: - What the process owns

    /// What the process owns that a fault could leak: open descriptors, mappings of the card
    /// (each dumb buffer the allocator maps), framebuffers this process made (debugfs's
    /// `framebuffer` list, by the process name the kernel records), shared memory (vkms's dumb
    /// buffers are shmem objects: a buffer freed but not unmapped or a handle not closed
    /// keeps its pages), threads, and screens.
    struct Owned: CustomStringConvertible {
        var descriptors: Int
        var cardMappings: Int
        var framebuffers: Int
        var shmemKiB: Int
        var threads: Int
        var screens: Int

        @MainActor
        static func now() -> Owned {
            Owned(
                descriptors: VMTests.openDescriptorCount(), cardMappings: DeviceFaultChecks.cardMappingCount(),
                framebuffers: DeviceFaultChecks.framebufferCount(), shmemKiB: DeviceFaultChecks.shmemKiB(),
                threads: DeviceFaultChecks.threadCount(),
                screens: UIScreen.screens.count)
        }

        /// Equal but for shared memory, which may move by less than one 1024x768 buffer
        /// (3 MiB): udevd's database on /run is shmem too.
        func matches(_ other: Owned) -> Bool {
            descriptors == other.descriptors && cardMappings == other.cardMappings
                && framebuffers == other.framebuffers && abs(shmemKiB - other.shmemKiB) < 1024
                && threads <= other.threads + 2 && screens == other.screens
        }

        var description: String {
            "\(descriptors) descriptors, \(cardMappings) card mappings, \(framebuffers) framebuffers, "
                + "Shmem \(shmemKiB) KiB, \(threads) threads, \(screens) screens"
        }
    }

    static func cardMappingCount() -> Int {
        let maps = (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? ""
        return maps.split(separator: "\n").filter { $0.hasSuffix(card) }.count
    }

    static func shmemKiB() -> Int {
        let info = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        guard let line = info.split(separator: "\n").first(where: { $0.hasPrefix("Shmem:") }) else { return -1 }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? -1
    }

    static func threadCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? -1
    }

    /// debugfs, mounted once: the kernel's list of every framebuffer of the card.
    static let framebufferList: String? = {
        let folder = "/sys/kernel/debug"
        if !FileManager.default.fileExists(atPath: "\(folder)/dri") {
            shell("mount -t debugfs debugfs \(folder)")
        }
        let path = "\(folder)/dri/0/framebuffer"
        return FileManager.default.isReadableFile(atPath: path) ? path : nil
    }()

    /// The framebuffers this process made, from debugfs (`allocated by = <comm>`); -1
    /// without debugfs.
    static func framebufferCount() -> Int {
        guard let path = framebufferList, let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            return -1
        }
        // The kernel records the name of the thread that made it: any of this process's.
        let names = Set(contextSwitches().values.map { "allocated by = \($0.name)" })
        return text.split(separator: "\n").filter { names.contains($0.trimmingCharacters(in: .whitespaces)) }.count
    }

    // MARK: - Wake-ups

    /// The context switches of each thread of the process (`/proc/self/task/*/status`:
    /// voluntary and involuntary), with its name, by thread id.
    nonisolated static func contextSwitches() -> [Int: (name: String, switches: Int)] {
        var result: [Int: (String, Int)] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? [] {
            guard let tid = Int(entry),
                let status = try? String(contentsOfFile: "/proc/self/task/\(entry)/status", encoding: .utf8)
            else { continue }
            var name = "?"
            var switches = 0
            for line in status.split(separator: "\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2 else { continue }
                let value = parts[1].trimmingCharacters(in: .whitespaces)
                switch parts[0] {
                case "Name": name = value
                case "voluntary_ctxt_switches", "nonvoluntary_ctxt_switches": switches += Int(value) ?? 0
                default: break
                }
            }
            result[tid] = (name, switches)
        }
        return result
    }

    /// How often the process's threads woke over `seconds`, counted by a thread of its own
    /// (left out) while the main actor waits: every context switch of every other thread,
    /// threads that started meanwhile counted whole, threads that ended as one each, except
    /// libdispatch's own ticking: on Linux its manager thread (the one waiting in
    /// `epoll_wait`) runs a timer once a second for as long as the process has used a Dispatch
    /// source (`_dispatch_workq_monitor_pools`, its stand-in for the kernel workqueues of
    /// Darwin), whatever the process does; up to `seconds + 1` of its wake-ups are left out
    /// (any more count). Returns the count and a line naming the threads that woke.
    static func wakeups(over seconds: Double) async -> (count: Int, detail: String) {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                // `/proc/thread-self` links to `<pid>/task/<tid>`.
                let me =
                    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self"))
                    .flatMap { Int($0.split(separator: "/").last ?? "") } ?? -1
                var before = contextSwitches()
                before[me] = nil
                Thread.sleep(forTimeInterval: seconds)
                var after = contextSwitches()
                after[me] = nil
                var count = 0
                var woke: [String] = []
                for (tid, now) in after.sorted(by: { $0.key < $1.key }) {
                    let delta = now.switches - (before[tid]?.switches ?? 0)
                    guard delta > 0 else { continue }
                    let call = (try? String(contentsOfFile: "/proc/self/task/\(tid)/syscall", encoding: .utf8))?
                        .split(separator: " ").first.flatMap { Int($0) }
                    // epoll_wait (232) or epoll_pwait (281): Dispatch's manager thread.
                    let isManager = call == 232 || call == 281
                    let allowed = isManager ? Int(seconds) + 1 : 0
                    count += max(0, delta - allowed)
                    woke.append(
                        "\(now.name)[\(tid)] +\(delta)\(before[tid] == nil ? " (new)" : "")"
                            + (isManager ? " (Dispatch's manager, in epoll_wait: \(allowed) allowed)" : ""))
                }
                for (tid, was) in before where after[tid] == nil {
                    count += 1
                    woke.append("\(was.name)[\(tid)] ended")
                }
                let detail =
                    "\(after.count) other threads; " + (woke.isEmpty ? "none woke" : woke.joined(separator: ", "))
                continuation.resume(returning: (count, detail))
            }
            thread.start()
        }
    }

    // MARK: - An animating app

    /// A window on `screen` with a view sliding back and forth for ever, once the window is
    /// on screen (a view animates once drawn): a frame every vblank.
    static func animatingWindow(on screen: UIScreen, colour: UIColor = .darkGray) -> UIWindow {
        let window = UIWindow(screen: screen)
        window.backgroundColor = colour
        let box = UIView(frame: CGRect(x: 0, y: 300, width: 120, height: 120))
        box.backgroundColor = .orange
        window.addSubview(box)
        window.makeKeyAndVisible()
        Task { @MainActor in
            if let output = screen.output as? DRMOutput {
                _ = await waitUntil(timeout: 5) { output.completedPresentCount > 0 || !output.isConnected }
            }
            UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse, .curveLinear]) {
                box.frame.origin.x = 880
            }
        }
        return window
    }

    // MARK: - Hotplug cycles

    /// `cycles` unplugs and replugs of Virtual-1 (sysfs `off`/`on` and the synthetic uevent)
    /// while the app animates a window on every screen that connects: the notifications
    /// balance, each new screen flips, and afterwards the process owns what it owned before.
    static func hotplugCyclesWhileAnimating(_ checks: Checks, _ clock: MonotonicClock, cycles: Int) async {
        try? await Task.sleep(nanoseconds: 200_000_000)
        var lines: [String] = []
        let backend = VMTests.startBackend(clock) { lines.append($0) }
        VMTests.runApplication(on: backend)
        var windows: [ObjectIdentifier: UIWindow] = [:]
        defer {
            for window in windows.values { window.isHidden = true }
            writeSysfs(VMTests.connectorStatus, "detect")
            VMTests.leaveApplication(backend, clock)
        }
        guard UIScreen.main.name == KitChecks.connector else {
            checks.expect(false, "hotplug cycles: the main screen is Virtual-1", UIScreen.main.name)
            return
        }
        windows[ObjectIdentifier(UIScreen.main)] = animatingWindow(on: UIScreen.main)
        var connects = 0
        var disconnects = 0
        let center = NotificationCenter.default
        let tokens = [
            center.addObserver(forName: UIScreen.didConnectNotification, object: nil, queue: nil) { note in
                // Posted on the main actor by the screen registry.
                nonisolated(unsafe) let note = note
                MainActor.assumeIsolated {
                    guard let screen = note.object as? UIScreen else { return }
                    connects += 1
                    windows[ObjectIdentifier(screen)] = animatingWindow(on: screen)
                }
            },
            center.addObserver(forName: UIScreen.didDisconnectNotification, object: nil, queue: nil) { note in
                nonisolated(unsafe) let note = note
                MainActor.assumeIsolated {
                    guard let screen = note.object as? UIScreen else { return }
                    disconnects += 1
                    // What an app does: its window on the screen that went away goes too.
                    windows.removeValue(forKey: ObjectIdentifier(screen))?.isHidden = true
                }
            },
        ]
        defer { tokens.forEach(center.removeObserver) }

        func flipping(_ screen: UIScreen, _ frames: Int) async -> Bool {
            guard let output = screen.output as? DRMOutput else { return false }
            let start = output.completedPresentCount
            return await waitUntil(timeout: 10) { output.completedPresentCount >= start + frames }
        }
        func cycle() async -> String? {
            let (wasConnects, wasDisconnects) = (connects, disconnects)
            writeSysfs(VMTests.connectorStatus, "off")
            VMTests.hotplugUevent()
            guard await waitUntil(timeout: 10, { disconnects == wasDisconnects + 1 }) else { return "no disconnect" }
            writeSysfs(VMTests.connectorStatus, "on")
            VMTests.hotplugUevent()
            guard await waitUntil(timeout: 10, { connects == wasConnects + 1 }) else { return "no connect" }
            guard let screen = UIScreen.screens.first(where: { $0.name == KitChecks.connector }) else {
                return "no screen named Virtual-1 after connecting"
            }
            guard await flipping(screen, 3) else { return "the new screen does not flip" }
            return nil
        }

        let firstFlips = await flipping(UIScreen.main, 3)
        checks.expect(
            firstFlips, "hotplug cycles: the animating window flips",
            "\((UIScreen.main.output as? DRMOutput)?.completedPresentCount ?? -1) flips, "
                + "\(type(of: UIScreen.main.output))")
        // One cycle first, so that what is made once (caches, the notification plumbing) is
        // in the baseline.
        if let failure = await cycle() {
            checks.expect(false, "hotplug cycles: a first unplug and replug", failure)
            return
        }
        try? await Task.sleep(nanoseconds: 300_000_000)
        let before = Owned.now()
        let (connectsBefore, disconnectsBefore) = (connects, disconnects)
        let started = Date()
        var failures: [String] = []
        for index in 0..<cycles {
            if let failure = await cycle() {
                failures.append("cycle \(index + 1): \(failure)")
                break
            }
        }
        let seconds = Date().timeIntervalSince(started)
        try? await Task.sleep(nanoseconds: 300_000_000)
        let after = Owned.now()
        print(
            "  hotplug cycles: \(cycles) unplug/replug cycles in \(String(format: "%.1f", seconds)) s "
                + "(\(String(format: "%.0f", seconds * 1000 / Double(max(cycles, 1)))) ms each)")
        print("  hotplug cycles: before \(before)")
        print("  hotplug cycles: after  \(after)")
        checks.expect(
            failures.isEmpty, "hotplug cycles: \(cycles) unplugs and replugs while animating, each new screen flips",
            failures.joined(separator: "; "))
        checks.expect(
            connects - connectsBefore == cycles && disconnects - disconnectsBefore == cycles
                && UIScreen.screens.map(\.name) == [KitChecks.connector],
            "hotplug cycles: didDisconnect and didConnect balanced, one per cycle, one screen left",
            "\(connects - connectsBefore) connects, \(disconnects - disconnectsBefore) disconnects, "
                + "screens \(UIScreen.screens.map(\.name))")
        checks.expect(
            before.framebuffers > 0 && before.cardMappings > 0,
            "hotplug cycles: framebuffers and buffer mappings are counted (debugfs, /proc/self/maps)", "\(before)")
        checks.expect(
            after.matches(before), "hotplug cycles: no descriptor, framebuffer, dumb buffer or screen leaked",
            "before \(before); after \(after)")
        let errors = lines.filter { $0.contains("cannot") || $0.contains("error") }
        checks.expect(errors.isEmpty, "hotplug cycles: no errors logged", errors.prefix(5).joined(separator: " | "))
    }

    // MARK: - Unplug mid-flip

    /// The connector goes right after a commit, before its page-flip event: half the time the
    /// backend re-probes in the same main-queue turn (so the output is gone when the event
    /// comes), half the time through the uevent (racing the event). Nothing hangs, the event
    /// of the vanished output is dropped, the replugged output flips, and nothing leaks.
    static func unplugMidFlip(_ checks: Checks, _ clock: MonotonicClock, times: Int) async {
        try? await Task.sleep(nanoseconds: 200_000_000)
        var lines: [String] = []
        let before = Owned.now()
        let backend = VMTests.startBackend(clock) { lines.append($0) }
        var disconnected = 0
        var connected = 0
        backend.outputDisconnectedHandler = { _ in disconnected += 1 }
        backend.outputConnectedHandler = { _ in connected += 1 }
        var failures: [String] = []
        var pendingAtUnplug = 0
        for index in 0..<times {
            guard let output = backend.drmOutputs.first else {
                failures.append("\(index): no output")
                break
            }
            let run = FlipRun(output: output, frames: 2)
            run.start()
            guard await waitUntil(timeout: 5, { run.isDone }) else {
                failures.append("\(index): no flips before unplugging: \(run.summary)")
                break
            }
            // A frame whose flip is in flight.
            var lateEvents = 0
            output.presentCompletionHandler = { _ in lateEvents += 1 }
            guard let buffer = output.acquireBuffer() else {
                failures.append("\(index): no buffer")
                break
            }
            do {
                try output.present(buffer, damage: Region(buffer.pixels.bounds))
            } catch {
                failures.append("\(index): present: \(error)")
                break
            }
            if output.isPresentPending { pendingAtUnplug += 1 }
            let wasDisconnected = disconnected
            writeSysfs(VMTests.connectorStatus, "off")
            if index.isMultiple(of: 2) {
                backend.reprobe()
            } else {
                VMTests.hotplugUevent()
            }
            guard await waitUntil(timeout: 5, { disconnected == wasDisconnected + 1 }) else {
                failures.append("\(index): no disconnect")
                break
            }
            // The in-flight flip's event lands (one refresh) on a CRTC without an output.
            try? await Task.sleep(nanoseconds: 50_000_000)
            if !output.isConnected, output.acquireBuffer() != nil {
                failures.append("\(index): the unplugged output still hands out buffers")
            }
            let wasConnected = connected
            writeSysfs(VMTests.connectorStatus, "on")
            if index.isMultiple(of: 2) {
                VMTests.hotplugUevent()
            } else {
                backend.reprobe()
            }
            guard await waitUntil(timeout: 5, { connected == wasConnected + 1 }), let again = backend.drmOutputs.first
            else {
                failures.append("\(index): no connect")
                break
            }
            let after = FlipRun(output: again, frames: 3)
            after.start()
            guard await waitUntil(timeout: 5, { after.isDone }), after.errors.isEmpty else {
                failures.append("\(index): the replugged output: \(after.summary)")
                break
            }
        }
        backend.shutdown()
        try? await Task.sleep(nanoseconds: 200_000_000)
        let after = Owned.now()
        print("  mid-flip unplug: \(times) times, \(pendingAtUnplug) with the flip in flight at the unplug")
        checks.expect(
            failures.isEmpty && pendingAtUnplug == times,
            "mid-flip unplug: \(times) unplugs with a flip in flight; no hang, the replugged output flips",
            failures.joined(separator: "; "))
        checks.expect(
            after.matches(before), "mid-flip unplug: nothing leaked", "before \(before); after \(after)")
        let errors = lines.filter { $0.contains("cannot") }
        checks.expect(errors.isEmpty, "mid-flip unplug: no errors logged", errors.prefix(5).joined(separator: " | "))
    }

    // MARK: - DRM master

    /// Master taken away behind the backend's back (`drmDropMaster` on its descriptor, as
    /// logind revokes it) and handed to a second client, then given back (`enableSession()`,
    /// as libseat's enable), `cycles` times while the app animates: each time the failed
    /// commit suspends the output with one log line, and frames resume after enabling.
    static func masterLostAndRegained(_ checks: Checks, _ clock: MonotonicClock, cycles: Int) async {
        try? await Task.sleep(nanoseconds: 200_000_000)
        let descriptorsBefore = KitChecks.cardDescriptors()
        var lines: [String] = []
        let backend = VMTests.startBackend(clock) { lines.append($0) }
        guard let descriptor = KitChecks.cardDescriptors().subtracting(descriptorsBefore).first else {
            checks.expect(false, "master cycles: the backend's descriptor is found in /proc/self/fd")
            backend.shutdown()
            return
        }
        VMTests.runApplication(on: backend)
        let window = animatingWindow(on: UIScreen.main)
        defer {
            window.isHidden = true
            VMTests.leaveApplication(backend, clock)
        }
        guard let output = UIScreen.main.output as? DRMOutput, let other = try? DRMClient(path: card) else {
            checks.expect(false, "master cycles: Virtual-1 on DRM and a second client of the card")
            return
        }
        _ = await waitUntil(timeout: 5) { output.completedPresentCount >= 3 }
        let owned = Owned.now()
        let linesBefore = lines.count
        var failures: [String] = []
        var resumedFlips: [Int] = []
        for index in 0..<cycles {
            guard DRMClient.revokeMaster(descriptor: descriptor) else {
                failures.append("\(index): drmDropMaster on the backend's descriptor")
                break
            }
            guard other.setMaster() else {
                failures.append("\(index): the other client cannot become master")
                break
            }
            guard await waitUntil(timeout: 5, { output.isSuspended }) else {
                failures.append("\(index): the animation's next commit did not suspend the output")
                break
            }
            let held = output.completedPresentCount
            other.dropMaster()
            guard backend.enableSession() else {
                failures.append("\(index): enableSession")
                break
            }
            guard await waitUntil(timeout: 5, { output.completedPresentCount >= held + 3 }) else {
                failures.append("\(index): frames did not resume (\(output.completedPresentCount - held) flips)")
                break
            }
            resumedFlips.append(output.completedPresentCount - held)
        }
        let away = Array(lines.dropFirst(linesBefore))
        let lost = away.filter { $0.contains("lost DRM master") }.count
        let enabled = away.filter { $0.contains("session enabled") }.count
        print("  master cycles: \(cycles) cycles, \(lost) 'lost DRM master' lines, \(enabled) 'session enabled'")
        checks.expect(
            failures.isEmpty && resumedFlips.count == cycles,
            "master cycles: master lost and regained \(cycles) times, frames resume each time",
            failures.joined(separator: "; "))
        checks.expect(
            lost == cycles && enabled == cycles && away.count == 2 * cycles,
            "master cycles: one line when master is lost, one when regained, nothing else",
            away.filter { !$0.contains("lost DRM master") && !$0.contains("session enabled") }.prefix(5).joined(
                separator: " | "))
        let now = Owned.now()
        checks.expect(now.matches(owned), "master cycles: nothing leaked", "before \(owned); after \(now)")
    }

    // MARK: - Touchscreens removed mid-touch

    /// A view recording what UIKit sends it.
    final class TouchLog: UIView {
        private(set) var began = 0
        private(set) var moved = 0
        private(set) var ended = 0
        private(set) var cancelled = 0
        /// Called at every `touchesMoved`.
        var movedHandler: ((UITouch) -> Void)?

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            began += touches.count
            super.touchesBegan(touches, with: event)
        }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
            moved += 1
            if let touch = touches.first { movedHandler?(touch) }
            super.touchesMoved(touches, with: event)
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            ended += touches.count
            super.touchesEnded(touches, with: event)
        }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
            cancelled += touches.count
            super.touchesCancelled(touches, with: event)
        }
    }

    /// A tap recognizer recording the state each gesture finished in (read at `reset()`).
    final class RecordingTap: UITapGestureRecognizer {
        private(set) var finalStates: [UIGestureRecognizer.State] = []
        override func reset() {
            finalStates.append(state)
            super.reset()
        }
    }

    /// `times` touchscreens, each with three fingers down (on a view with a tap recognizer, on
    /// a view whose pan recognizer has begun, on a button), removed: the view gets
    /// `touchesCancelled`, the pan ends `.cancelled`, the tap `.failed`, the button sends
    /// `.touchCancel` and is not highlighted, and no action runs.
    static func touchscreenRemovedMidTouch(_ checks: Checks, _ clock: MonotonicClock, times: Int) async {
        let backend = VMTests.startBackend(clock)
        VMTests.runApplication(on: backend)
        let window = UIWindow(screen: UIScreen.main)
        window.backgroundColor = .white
        let tapView = TouchLog(frame: CGRect(x: 50, y: 50, width: 300, height: 300))
        tapView.backgroundColor = .yellow
        var taps = 0
        let tap = RecordingTap { _ in taps += 1 }
        tapView.addGestureRecognizer(tap)
        window.addSubview(tapView)
        let panView = TouchLog(frame: CGRect(x: 400, y: 50, width: 500, height: 300))
        panView.backgroundColor = .green
        var panStates: [UIGestureRecognizer.State] = []
        panView.addGestureRecognizer(UIPanGestureRecognizer { panStates.append($0.state) })
        window.addSubview(panView)
        let button = UIButton(frame: CGRect(x: 50, y: 450, width: 300, height: 150))
        button.backgroundColor = .blue
        button.setTitle("Hold", for: .normal)
        var buttonEvents: [String] = []
        button.addAction(UIAction { _ in buttonEvents.append("up inside") }, for: .touchUpInside)
        button.addAction(UIAction { _ in buttonEvents.append("cancel") }, for: .touchCancel)
        window.addSubview(button)
        window.makeKeyAndVisible()
        defer {
            window.isHidden = true
            VMTests.leaveApplication(backend, clock)
        }
        guard let context = InputChecks.makeContext(checks, "removal mid-touch: libinput on seat0") else { return }
        let source = LibinputInputSource(
            context: context, outputForDevice: { $0.name.hasPrefix("Vitrine VM Fault") ? KitChecks.connector : nil })
        UIApplication.shared.setInputSource(source)
        source.start()
        defer { source.stop() }
        let screen = UIScreen.main
        func raw(_ point: CGPoint) -> (x: Int32, y: Int32) {
            (
                UInputTouchscreen.raw(point.x / screen.bounds.width),
                UInputTouchscreen.raw(point.y / screen.bounds.height)
            )
        }
        var failures: [String] = []
        var highlightedAfter = 0
        let started = Date()
        for index in 0..<times {
            let touchscreen: UInputTouchscreen
            do {
                touchscreen = try UInputTouchscreen(name: "Vitrine VM Fault Touch \(index)")
            } catch {
                failures.append("\(index): uinput: \(error)")
                break
            }
            guard await InputChecks.waitForDevice(source, touchscreen.sysname) != nil else {
                failures.append("\(index): libinput does not see \(touchscreen.sysname)")
                touchscreen.destroy()
                break
            }
            let (wasBegan, wasCancelled, wasPanCancelled, wasTapFinals) = (
                tapView.began, tapView.cancelled, panView.cancelled, tap.finalStates.count
            )
            let panStart = CGPoint(x: panView.frame.midX - 100, y: panView.frame.midY)
            for (slot, point) in [
                (Int32(0), CGPoint(x: tapView.frame.midX, y: tapView.frame.midY)), (1, panStart),
                (2, CGPoint(x: button.frame.midX, y: button.frame.midY)),
            ] {
                let (x, y) = raw(point)
                touchscreen.down(slot: slot, x: x, y: y)
            }
            touchscreen.sync()
            for step in 1...4 {
                let (x, y) = raw(CGPoint(x: panStart.x + CGFloat(step) * 20, y: panStart.y))
                touchscreen.move(slot: 1, x: x, y: y)
                touchscreen.sync()
            }
            // The four moves may arrive coalesced into one: the pan has begun, maybe changed.
            let panBefore = panStates.count
            let down = await waitUntil(timeout: 5) {
                button.isHighlighted && panStates.dropFirst(panBefore).contains(.began)
                    && tapView.began == wasBegan + 1
            }
            if !down {
                failures.append(
                    "\(index): fingers down: highlighted \(button.isHighlighted), pan \(panStates.suffix(2)), began \(tapView.began)"
                )
            }
            touchscreen.destroy()
            let cancelled = await waitUntil(timeout: 10) {
                tapView.cancelled == wasCancelled + 1 && panView.cancelled == wasPanCancelled + 1
                    && panStates.last == .cancelled && tap.finalStates.count == wasTapFinals + 1
                    && buttonEvents.last == "cancel"
            }
            if button.isHighlighted || button.isTracking { highlightedAfter += 1 }
            if !cancelled {
                failures.append(
                    "\(index): after removal: view cancelled \(tapView.cancelled - wasCancelled), pan \(panStates.suffix(3)), "
                        + "tap \(tap.finalStates.suffix(1)), button \(buttonEvents.suffix(2))")
            }
            if failures.count >= 3 { break }
        }
        let seconds = Date().timeIntervalSince(started)
        print(
            "  removal mid-touch: \(times) touchscreens in \(String(format: "%.1f", seconds)) s; "
                + "view began \(tapView.began) cancelled \(tapView.cancelled) ended \(tapView.ended); pan cancelled "
                + "\(panStates.filter { $0 == .cancelled }.count); tap finished \(Set(tap.finalStates.map { "\($0)" })); "
                + "button \(buttonEvents.filter { $0 == "cancel" }.count) cancels")
        checks.expect(
            failures.isEmpty, "removal mid-touch: \(times) touchscreens removed with three fingers down",
            failures.joined(separator: "; "))
        checks.expect(
            tapView.cancelled == times && tapView.ended == 0 && panView.cancelled == times,
            "removal mid-touch: each view gets touchesCancelled, never touchesEnded",
            "\(tapView.cancelled) + \(panView.cancelled) cancelled, \(tapView.ended) ended")
        checks.expect(
            panStates.filter { $0 == .cancelled }.count == times && !panStates.contains(.ended),
            "removal mid-touch: the pan recognizer ends .cancelled, as UIKit's",
            "\(panStates.filter { $0 == .cancelled }.count) cancelled, ended \(panStates.contains(.ended))")
        checks.expect(
            tap.finalStates.count == times && tap.finalStates.allSatisfy { $0 == .failed } && taps == 0,
            "removal mid-touch: the tap recognizer fails, as UIKit's", "\(tap.finalStates.prefix(5)), \(taps) taps")
        checks.expect(
            highlightedAfter == 0 && !button.isHighlighted
                && buttonEvents.filter({ $0 == "cancel" }).count == times && !buttonEvents.contains("up inside"),
            "removal mid-touch: the button sends .touchCancel, stays highlighted never, fires no action",
            "\(highlightedAfter) left highlighted, \(buttonEvents.suffix(4))")
    }

    // MARK: - A flooding device

    /// A touchscreen writing `floodRate` moves a second from a thread of its own for `seconds`
    /// while the finger drags a view through `touchesMoved`: every vblank still gets a frame
    /// (flips counted against the vblank sequence), and the moves reach the view coalesced:
    /// a few `touchesMoved` per frame, not hundreds.
    static func floodingDevice(_ checks: Checks, _ clock: MonotonicClock, seconds: Double) async {
        let backend = VMTests.startBackend(clock)
        VMTests.runApplication(on: backend)
        let window = UIWindow(screen: UIScreen.main)
        window.backgroundColor = .white
        let surface = TouchLog(frame: window.bounds)
        window.addSubview(surface)
        let dot = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        dot.backgroundColor = .red
        dot.isUserInteractionEnabled = false
        surface.addSubview(dot)
        surface.movedHandler = { touch in dot.center = touch.location(in: surface) }
        window.makeKeyAndVisible()
        defer {
            window.isHidden = true
            VMTests.leaveApplication(backend, clock)
        }
        guard let output = UIScreen.main.output as? DRMOutput else { return }
        let touchscreen: UInputTouchscreen
        do {
            touchscreen = try UInputTouchscreen(name: "Vitrine VM Fault Flood")
        } catch {
            checks.expect(false, "flood: a uinput touchscreen", "\(error)")
            return
        }
        defer { touchscreen.destroy() }
        guard let context = InputChecks.makeContext(checks, "flood: libinput on seat0") else { return }
        let source = LibinputInputSource(
            context: context, outputForDevice: { $0.name.hasPrefix("Vitrine VM Fault") ? KitChecks.connector : nil })
        UIApplication.shared.setInputSource(source)
        source.start()
        defer { source.stop() }
        guard await InputChecks.waitForDevice(source, touchscreen.sysname) != nil else {
            checks.expect(false, "flood: libinput sees the touchscreen")
            return
        }
        _ = await waitUntil(timeout: 5) { output.completedPresentCount > 0 && !output.isPresentPending }
        let y = UInputTouchscreen.raw(0.5)
        touchscreen.down(slot: 0, x: UInputTouchscreen.raw(0.1), y: y)
        touchscreen.sync()
        _ = await waitUntil(timeout: 5) { surface.began > 0 }

        // Flips and the moves delivered between them.
        // A reference: the handler is a sendable closure.
        final class Record {
            var on = false
            var flips: [(sequence: UInt64, moves: Int, frameWork: Double)] = []
        }
        let record = Record()
        var movesAtLastFlip = 0
        let loopHandler = output.presentCompletionHandler
        output.presentCompletionHandler = { event in
            let begun = MonotonicTime.now()
            loopHandler?(event)
            if record.on {
                record.flips.append((event.sequence, surface.moved - movesAtLastFlip, MonotonicTime.now() - begun))
            }
            movesAtLastFlip = surface.moved
        }
        defer { output.presentCompletionHandler = loopHandler }

        // The writer: frames of `ABS_MT_POSITION_X`, `ABS_X` and `SYN_REPORT` (slot 0 is the
        // current slot), x sweeping 0.1...0.9 of the width and back so that every frame
        // changes it.
        let low = Int(UInputTouchscreen.raw(0.1))
        let span = Int(UInputTouchscreen.raw(0.9)) - low
        var frames: [[UInt8]] = []
        for step in 0..<(2 * span) {
            let x = Int32(low + (step < span ? step : 2 * span - 1 - step))
            frames.append(
                UInput.eventBytes(type: UInput.EV_ABS, code: UInput.ABS_MT_POSITION_X, value: x)
                    + UInput.eventBytes(type: UInput.EV_ABS, code: UInput.ABS_X, value: x)
                    + UInput.eventBytes(type: UInput.EV_SYN, code: UInput.SYN_REPORT, value: 0))
        }
        nonisolated(unsafe) let device = touchscreen.device
        /// Writes `rate` moves a second for `seconds` from a thread of its own; returns how
        /// many were written, over how long, and the failed writes.
        func drag(rate: Double, seconds: Double, from first: Int) async -> (sent: Int, seconds: Double, failed: Int) {
            let frameBytes = frames
            return await withCheckedContinuation { continuation in
                Thread {
                    let start = MonotonicTime.now()
                    var sent = 0
                    var failed = 0
                    while true {
                        let elapsed = MonotonicTime.now() - start
                        if elapsed >= seconds { break }
                        let due = min(Int(elapsed * rate) - sent, 200)
                        if due <= 0 {
                            usleep(500)
                            continue
                        }
                        var batch: [UInt8] = []
                        batch.reserveCapacity(due * frameBytes[0].count)
                        for index in first + sent..<first + sent + due { batch += frameBytes[index % frameBytes.count] }
                        if device.write(bytes: batch) {
                            sent += due
                        } else {
                            failed += 1
                            usleep(1000)
                        }
                    }
                    continuation.resume(returning: (sent, MonotonicTime.now() - start, failed))
                }.start()
            }
        }
        /// Flips while `record.on`, the vblanks they span (the first flip is a partial interval
        /// and only opens the count), the moves per flip.
        struct Phase {
            var flips: Int
            var vblanks: Int
            var maxMoves: Int
            var moves: Int
            var slowFrames: Int
            /// Flips after which more than two `touchesMoved` per vblank had come.
            var overBudget: Int
            var missed: Int { vblanks - flips }
            var line: String {
                "\(flips) flips over \(vblanks) vblanks (\(missed) without a frame, \(slowFrames) frames over a refresh), "
                    + "touchesMoved \(moves), at most \(maxMoves) per frame, \(overBudget) frames with more than 2 a vblank"
            }
        }
        func phase(_ flips: [(sequence: UInt64, moves: Int, frameWork: Double)]) -> Phase {
            let inside = Array(flips.dropFirst())
            let spans = zip(flips, inside).map { max(1, Int($1.sequence) - Int($0.sequence)) }
            return Phase(
                flips: inside.count, vblanks: Int((inside.last?.sequence ?? 0) - (flips.first?.sequence ?? 0)),
                maxMoves: inside.map(\.moves).max() ?? 0, moves: inside.map(\.moves).reduce(0, +),
                slowFrames: inside.filter { $0.frameWork > 1.0 / 60 }.count,
                overBudget: zip(inside, spans).filter { $0.moves > 2 * $1 }.count)
        }

        // A finger at a digitizer's usual rate first, as the reference, then the flood.
        record.on = true
        let usual = await drag(rate: 120, seconds: seconds, from: 0)
        record.on = false
        let reference = phase(record.flips)
        record.flips.removeAll()
        record.on = true
        let flood = await drag(rate: Double(floodRate), seconds: seconds, from: usual.sent)
        record.on = false
        let flooded = phase(record.flips)
        touchscreen.up(slot: 0)
        touchscreen.sync()
        _ = await waitUntil(timeout: 5) { surface.ended > 0 || surface.cancelled > 0 }

        print(
            "  flood: reference, \(usual.sent) moves in \(String(format: "%.2f", usual.seconds)) s: \(reference.line)")
        print(
            "  flood: \(flood.sent) moves in \(String(format: "%.2f", flood.seconds)) s "
                + "(\(Int(Double(flood.sent) / max(flood.seconds, 0.001))) a second, \(flood.failed) failed writes): "
                + flooded.line)
        checks.expect(
            Double(flood.sent) >= 0.8 * Double(floodRate) * seconds,
            "flood: the device sent \(floodRate) moves a second", "\(flood.sent) in \(flood.seconds) s")
        // Under TCG the guest's emulated CPUs run the writer, the kernel's input path and
        // libinput's own processing of 30,000 evdev events a second beside the frames, and a
        // frame of the debug build can take longer than a refresh period with no input at all
        // (docs/testing.md): every vblank cannot be asked of the guest. The flood must leave
        // the screen drawing: a quarter of the reference's frames at least (measured: about
        // three quarters, release and debug alike, on a loaded host).
        let missedShare = Double(flooded.missed) / Double(max(flooded.vblanks, 1))
        let referenceShare = Double(reference.missed) / Double(max(reference.vblanks, 1))
        checks.expect(
            flooded.flips > 0 && flooded.flips * 4 >= reference.flips,
            "flood: the screen keeps drawing under the flood (a quarter of the frames of a finger at 120 Hz at least)",
            "flood: \(flooded.line); reference: \(reference.line)")
        print(
            "  flood: vblanks without a frame: \(Int(missedShare * 100))% under the flood, "
                + "\(Int(referenceShare * 100))% for the reference")
        // UIKit delivers moves once a display frame. Vitrine coalesces what one read of the
        // device brings, so a frame that took several vblanks may see a read per vblank: the
        // budget is two a vblank (a digitizer's usual 120 Hz), where the flood unmerged brought
        // hundreds (180 in one frame before coalescing).
        checks.expect(
            flooded.overBudget == 0 && flooded.moves > 0 && flooded.moves <= 2 * flooded.vblanks,
            "flood: moves are coalesced: at most 2 touchesMoved a vblank", flooded.line)
        checks.expect(
            surface.ended + surface.cancelled == 1 && abs(dot.center.x - surface.bounds.width * 0.1) > 1,
            "flood: the touch ends and the view followed the finger", "dot at \(dot.center)")
    }

    // MARK: - Absurd ranges

    /// Touchscreens whose axes are absurd: 0...1, 0...2^31-1, min above max, min equal to max,
    /// the whole Int32 range, all with resolution 0. uinput may refuse some (said with its
    /// errno); libinput may refuse others (said in its log); the rest give touches whose
    /// positions are inside the screen, and nothing crashes.
    static func absurdRanges(_ checks: Checks) async {
        let cases: [(label: String, minimum: Int32, maximum: Int32)] = [
            ("0...1", 0, 1), ("0...2^31-1", 0, Int32.max), ("min 100 > max 10", 100, 10), ("5...5", 5, 5),
            ("-2^31...2^31-1", Int32.min, Int32.max),
        ]
        guard let (source, recorder) = InputChecks.makeSource(checks, "absurd ranges: a libinput source") else {
            return
        }
        defer { source.stop() }
        for (index, range) in cases.enumerated() {
            // Event nodes' names are reused: only this device's events count.
            recorder.events.removeAll()
            var capabilities = UInputDevice.Capabilities()
            capabilities.keys = [UInput.BTN_TOUCH]
            for axis in [UInput.ABS_X, UInput.ABS_Y, UInput.ABS_MT_POSITION_X, UInput.ABS_MT_POSITION_Y] {
                capabilities.axes.append((axis, range.minimum, range.maximum, 0))
            }
            capabilities.axes.append((UInput.ABS_MT_SLOT, 0, 9, 0))
            capabilities.axes.append((UInput.ABS_MT_TRACKING_ID, 0, 65535, 0))
            capabilities.properties = [UInput.INPUT_PROP_DIRECT]
            let name = "Vitrine VM Absurd \(index)"
            let device: UInputDevice
            do {
                device = try UInputDevice(name: name, capabilities: capabilities)
            } catch {
                print("  absurd ranges: \(range.label): uinput refuses it: \(error)")
                checks.expect(
                    range.minimum > range.maximum, "absurd ranges: \(range.label): only min > max is refused by uinput",
                    "\(error)")
                continue
            }
            defer { device.destroy() }
            let logBefore = InputChecks.libinputLog.count
            // Event nodes' names are reused: the device is known by its name too.
            let seen = await waitUntil(timeout: 5) {
                source.devices.contains { $0.sysname == device.eventSysname && $0.name == name }
            }
            let description = source.devices.first { $0.sysname == device.eventSysname && $0.name == name }
            let said = InputChecks.libinputLog.dropFirst(logBefore).filter {
                $0.contains(device.eventSysname) && $0.contains(name)
            }
            guard seen, description?.isTouchscreen == true else {
                print("  absurd ranges: \(range.label): not taken as a touchscreen: \(said)")
                checks.expect(
                    !said.isEmpty, "absurd ranges: \(range.label): refused with a log line naming the device",
                    "seen \(seen), \(String(describing: description))")
                continue
            }
            // Down at the maximum, moved to the minimum, the middle, lifted.
            let middle = Int32((Int64(range.minimum) + Int64(range.maximum)) / 2)
            var events: [(UInt16, UInt16, Int32)] = [
                (UInput.EV_ABS, UInput.ABS_MT_SLOT, 0), (UInput.EV_ABS, UInput.ABS_MT_TRACKING_ID, 1),
            ]
            for value in [range.maximum, range.minimum, middle] {
                events += [
                    (UInput.EV_ABS, UInput.ABS_MT_POSITION_X, value), (UInput.EV_ABS, UInput.ABS_MT_POSITION_Y, value),
                    (UInput.EV_ABS, UInput.ABS_X, value), (UInput.EV_ABS, UInput.ABS_Y, value),
                ]
                if value == range.maximum { events.append((UInput.EV_KEY, UInput.BTN_TOUCH, 1)) }
                events.append((UInput.EV_SYN, UInput.SYN_REPORT, 0))
                device.write(events.map { (type: $0.0, code: $0.1, value: $0.2) })
                events = []
            }
            device.write([
                (UInput.EV_ABS, UInput.ABS_MT_TRACKING_ID, -1), (UInput.EV_KEY, UInput.BTN_TOUCH, 0),
                (UInput.EV_SYN, UInput.SYN_REPORT, 0),
            ])
            let sysname = device.eventSysname
            _ = await waitUntil(timeout: 5) { recorder.touches(of: sysname).contains { $0.phase == .up } }
            let touches = recorder.touches(of: sysname)
            let positions = touches.compactMap(\.position)
            print("  absurd ranges: \(range.label): \(InputChecks.describe(touches))")
            checks.expect(
                !positions.isEmpty
                    && positions.allSatisfy {
                        $0.x.isFinite && $0.y.isFinite && (0...1).contains($0.x) && (0...1).contains($0.y)
                    },
                "absurd ranges: \(range.label): touches are mapped inside the screen",
                InputChecks.describe(touches) + " \(said)")
        }
    }
}
