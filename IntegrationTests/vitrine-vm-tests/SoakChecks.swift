import Foundation
import Synchronization
import VitrineDemo
import VitrineKit
import VitrinePlatform
import VitrineService
import VitrineTestSupport

/// The soak (issue 27, item 8): `vitrined` (a release build, as a panel runs it) showing the
/// showcase on vkms for `--soak MINUTES`, while a uinput touchscreen taps Check in or drags
/// the gallery every 3 s, the connector is unplugged and plugged back every minute (sysfs and
/// a synthetic uevent), and a control-socket client connects every second (alternately
/// `vitrined --screenshot` and `vitrined --status`).
///
/// The daemon's resident memory, descriptors, threads, framebuffers (debugfs) and dumb-buffer
/// mappings are read at the start (after a 45 s warm-up in which every kind of activity ran,
/// the first hotplug included), the middle and the end, each after a few quiet seconds with
/// no client or touch, and printed. Passing: VmRSS grows less than `rssTolerance` from the
/// start, descriptors, threads, framebuffers and mappings are equal, no vblank is missed after
/// the warm-up outside the hotplug windows while the guest ran in real time, every touch
/// reached the app, every client outside the hotplug windows was answered, and SIGTERM still
/// stops the daemon with 0.
///
/// Each missed vblank is attributed from the daemon's log line (how late its frame began
/// after the vblank, how long it took) and what the guest saw of its own CPUs: a canary thread
/// pinned to each vCPU sleeps 20 ms at a time, and a wake-up 4 ms or more late means that vCPU
/// was not running guest code: qemu's thread was not scheduled on the host. A frame that would have
/// been in time without the longest such stall during it is the host's; the guest kernel's
/// vkms timer overruns (its vblank timer fired more than a period late) are printed beside.
/// The other misses are the daemon's and fail the check, with the touch or screenshot client
/// that was in flight, if any.
@MainActor
enum SoakChecks {
    /// How much VmRSS may grow between the start sample (after warm-up) and the later ones.
    static let rssTolerance = 2 << 20
    /// Seconds of activity before the start sample.
    static let warmUp = 45.0
    /// Seconds with no client or touch before each sample, so that nothing transient is
    /// counted (a client's connection, a Dispatch worker serving it).
    static let quiet = 6.0
    /// Seconds between touches.
    static let touchInterval = 3.0
    /// A hotplug every minute, at 30 s past each minute mark (samples fall on the marks).
    static let hotplugOffset = 30.0
    /// Seconds the connector stays unplugged.
    static let unpluggedTime = 2.0
    /// Margins of a hotplug's window: from before the unplug to after the replug (the new
    /// screen's first frames have no vblank deadline anyway; this is the reconnect's modeset
    /// and first full repaints).
    static let windowBefore = 0.5
    static let windowAfter = 3.0

    /// Under `--emulated` (the 2-minute run `.ci/run` makes under qemu's TCG, where the
    /// showcase's frame takes 16 to 36 ms of guest time for well under 1 ms on a real CPU),
    /// a frame whose own work outlasts the period is counted and printed but does not fail;
    /// what fails is the main loop stalling: a frame that began more than this long after its
    /// vblank (beyond any vCPU stall), a watchdog gap over `emulatedPingGapLimit`.
    static let emulatedStallLimit = 0.1
    /// The longest gap between WATCHDOG=1 pings outside the hotplugs (they are sent every
    /// 0.5 s; `WatchdogSec=10` in the unit).
    static let pingGapLimit = 2.0

    /// Whether `--emulated` was given (see `emulatedStallLimit`).
    static func isEmulated(_ arguments: [String]) -> Bool { arguments.contains("--emulated") }

    /// The `--soak MINUTES` argument, when given.
    static func minutes(in arguments: [String]) -> Double? {
        guard let index = arguments.firstIndex(of: "--soak") else { return nil }
        guard index + 1 < arguments.count, let minutes = Double(arguments[index + 1]), minutes >= 1 else {
            print("FAIL soak: --soak takes a number of minutes, 1 or more")
            exit(2)
        }
        return minutes
    }

    // MARK: - Samples

    /// What is counted of the daemon at a sample.
    struct Sample {
        var label: String
        var time: Double
        var rss: Int
        var rssAnon: Int
        var descriptors: Int
        var threads: Int
        var threadNames: [String]
        var framebuffers: Int
        var mappings: Int
        var status: String

        var line: String {
            "\(label) (t=\(Int(time)) s): "
                + String(format: "VmRSS %.2f MiB (anon %.2f)", Double(rss) / 1_048_576, Double(rssAnon) / 1_048_576)
                + ", \(descriptors) fds, \(threads) threads, \(framebuffers) framebuffers, \(mappings) card mappings"
        }
    }

    static let debugfs = "/sys/kernel/debug"
    static var framebufferFile: String { "\(debugfs)/dri/0/framebuffer" }

    static func sample(_ label: String, pid: pid_t, since start: Double, socket: String) -> Sample {
        let memory = ProcessMemory.status(of: String(pid)) ?? [:]
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let threads =
            status.split(separator: "\n").first { $0.hasPrefix("Threads:") }
            .flatMap { Int($0.split(separator: "\t").last.map(String.init) ?? "") } ?? -1
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        let names = tasks.compactMap {
            try? String(contentsOfFile: "/proc/\(pid)/task/\($0)/comm", encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }.sorted()
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
        // A framebuffer's block in debugfs names the command that made it ("allocated by").
        let framebuffers =
            ((try? String(contentsOfFile: framebufferFile, encoding: .utf8)) ?? "")
            .components(separatedBy: "allocated by = vitrined").count - 1
        // The dumb buffers the daemon maps (mapped VM_PFNMAP: counted, not in its Rss).
        let mappings =
            ((try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)) ?? "")
            .split(separator: "\n").filter { $0.hasSuffix("/dev/dri/card0") }.count
        let text = (try? ControlSocketClient.status(path: socket)) ?? "no status"
        return Sample(
            label: label, time: MonotonicTime.now() - start, rss: memory["VmRSS"] ?? -1,
            rssAnon: memory["RssAnon"] ?? -1, descriptors: descriptors, threads: threads, threadNames: names,
            framebuffers: framebuffers, mappings: mappings, status: text)
    }

    /// The counts in a `status` line: `Virtual-1 1024x768 frames F presented P completed C
    /// missed-vblanks M`.
    static func counts(_ status: String) -> [String: Int] {
        let words = status.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        var counts: [String: Int] = [:]
        for (index, word) in words.enumerated() where index + 1 < words.count {
            if let value = Int(words[index + 1]) { counts[word] = value }
        }
        return counts
    }

    // MARK: - Background threads

    /// Reads the daemon's notify socket as systemd would (a datagram socket queues only 10
    /// messages: unread, WATCHDOG=1 every half second would block the daemon in `sendto`), and
    /// times the watchdog pings.
    final class NotifyReader: @unchecked Sendable {
        // Unchecked: the listener is only read on the reader's thread after init.
        private let listener: DatagramListener
        struct State {
            var pings: [Double] = []
            var statusLines: [String] = []
            var stopped = false
        }
        let state = Mutex(State())

        init(_ listener: DatagramListener) { self.listener = listener }

        func start() {
            Thread {
                while !self.state.withLock({ $0.stopped }) {
                    guard let message = self.listener.receive() else { continue }
                    let now = MonotonicTime.now()
                    self.state.withLock { state in
                        if message.contains("WATCHDOG=1") { state.pings.append(now) }
                        for line in message.split(separator: "\n") where line.hasPrefix("STATUS=") {
                            state.statusLines.append(String(line))
                        }
                    }
                }
            }.start()
        }

        func stop() { state.withLock { $0.stopped = true } }
    }

    /// One control-socket client a second, alternately `--screenshot` and `--status`, each a
    /// `vitrined` process as a person or a script would run it; paused around samples.
    final class ControlClients: @unchecked Sendable {
        // Unchecked: the fields are set before start and read-only after; State is locked.
        let daemonPath: String
        let socket: String
        struct Result {
            var start: Double
            var end: Double
            var kind: String
            var status: Int32
            var output: String
        }
        struct State {
            var results: [Result] = []
            var paused = false
            var busy = false
            var stopped = false
            var skipped = 0
        }
        let state = Mutex(State())

        init(daemonPath: String, socket: String) {
            self.daemonPath = daemonPath
            self.socket = socket
        }

        func start() {
            Thread {
                var next = MonotonicTime.now()
                var turn = 0
                while true {
                    let now = MonotonicTime.now()
                    if now < next {
                        usleep(UInt32(min(0.1, next - now) * 1_000_000))
                        continue
                    }
                    // Behind by more than a second (a slow client): the missed turns are skipped.
                    let behind = Int((now - next).rounded(.down))
                    next += Double(behind + 1)
                    let (stopped, paused) = self.state.withLock { state in
                        state.skipped += behind
                        state.busy = !state.paused && !state.stopped
                        return (state.stopped, state.paused)
                    }
                    if stopped { return }
                    if paused { continue }
                    turn += 1
                    let kind = turn % 2 == 1 ? "screenshot" : "status"
                    let log = "/tmp/soak-client.log"
                    let start = MonotonicTime.now()
                    let command =
                        kind == "screenshot"
                        ? "\(self.daemonPath) --screenshot /tmp/soak-shot.png --control-socket \(self.socket)"
                        : "\(self.daemonPath) --status --control-socket \(self.socket)"
                    let status = shell("\(command) >\(log) 2>&1")
                    let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                    let end = MonotonicTime.now()
                    self.state.withLock { state in
                        state.results.append(
                            Result(start: start, end: end, kind: kind, status: status, output: output))
                        state.busy = false
                    }
                }
            }.start()
        }

        /// Pauses (waiting for a client being run to finish) or resumes.
        func setPaused(_ paused: Bool) {
            state.withLock { $0.paused = paused }
            while paused && state.withLock({ $0.busy }) { usleep(20_000) }
        }

        func stop() { state.withLock { $0.stopped = true } }
    }

    /// A thread pinned to one vCPU that sleeps 20 ms at a time and records when it woke 4 ms or
    /// more late, as the span the vCPU did not run guest code: a thread that mostly sleeps
    /// preempts the one running when it wakes (CFS's wake-up preemption), so what delays it is
    /// qemu's vCPU thread not being scheduled on the host, or the guest kernel with interrupts
    /// off. Not `SCHED_FIFO`: on a guest that gets a fifth of a host core, real-time threads
    /// waking 50 times a second would take their share of it before the daemon.
    final class Canary: @unchecked Sendable {
        struct State {
            var stalls: [(from: Double, to: Double)] = []
            var isPinned = false
            var stopped = false
        }
        let cpu: Int
        let state = Mutex(State())
        /// How long it sleeps: short enough to catch a stall of a frame's length, rare enough
        /// not to take a starved guest's time itself.
        static let interval = 0.020
        /// How late a wake-up is a stall.
        static let threshold = 0.004

        init(cpu: Int) { self.cpu = cpu }

        func start() {
            Thread {
                // sched_setaffinity is a GNU extension Glibc's module does not show: looked up.
                typealias SetAffinity = @convention(c) (pid_t, Int, UnsafeRawPointer) -> Int32
                var mask = [UInt64](repeating: 0, count: 16)
                mask[self.cpu / 64] = UInt64(1) << (self.cpu % 64)
                let setAffinity = dlsym(nil, "sched_setaffinity").map { unsafeBitCast($0, to: SetAffinity.self) }
                let pinned =
                    setAffinity.map { set in mask.withUnsafeBytes { set(0, $0.count, $0.baseAddress!) == 0 } } == true
                self.state.withLock { $0.isPinned = pinned }
                var last = MonotonicTime.now()
                while !self.state.withLock({ $0.stopped }) {
                    usleep(UInt32(Canary.interval * 1_000_000))
                    let now = MonotonicTime.now()
                    if now - last > Canary.interval + Canary.threshold {
                        self.state.withLock { state in
                            if state.stalls.count < 1_000_000 { state.stalls.append((last + Canary.interval, now)) }
                        }
                    }
                    last = now
                }
            }.start()
        }

        /// The longest stretch within `from...to` this vCPU did not run.
        /// (`stalls` in time order, as recorded: found by bisection, an hour holds many.)
        func longestStall(from: Double, to: Double, in stalls: [(from: Double, to: Double)]) -> Double {
            var low = 0
            var high = stalls.count
            while low < high {
                let middle = (low + high) / 2
                if stalls[middle].to < from { low = middle + 1 } else { high = middle }
            }
            var longest = 0.0
            while low < stalls.count && stalls[low].from <= to {
                longest = max(longest, min(stalls[low].to, to) - max(stalls[low].from, from))
                low += 1
            }
            return longest
        }

        func stop() { state.withLock { $0.stopped = true } }
    }

    // MARK: - The run

    static func run(_ checks: Checks, minutes: Double, emulated: Bool) async {
        let daemonPath = DaemonChecks.daemonPath
        guard FileManager.default.isExecutableFile(atPath: daemonPath) else {
            checks.expect(false, "soak: vitrined is built next to vitrine-vm-tests", daemonPath)
            return
        }
        let duration = minutes * 60
        print(
            "  soak: \(Int(minutes)) minute(s) of \(daemonPath)"
                + (emulated ? " (--emulated: slow frames counted, main-loop stalls fail)" : ""))
        if !FileManager.default.fileExists(atPath: framebufferFile) {
            shell("mount -t debugfs none \(debugfs)")
        }
        checks.expect(
            FileManager.default.fileExists(atPath: framebufferFile), "soak: debugfs lists the card's framebuffers",
            framebufferFile)
        shell("dmesg -c >/dev/null 2>&1")

        let touchscreen: UInputTouchscreen
        do {
            touchscreen = try UInputTouchscreen(name: "Vitrine Soak Touchscreen")
        } catch {
            checks.expect(false, "soak: a uinput touchscreen is made", "\(error)")
            return
        }
        defer { touchscreen.destroy() }
        try? await Task.sleep(nanoseconds: 300_000_000)
        let layout = showcaseLayout(size: CGSize(width: 1024, height: 768))

        DaemonConfigChecks.writeConfig("log_level = \"debug\"\n")
        guard
            let daemon = DaemonChecks.startDaemon(
                checks, name: "soak", extraEnvironment: ["VITRINE_CONFIG": DaemonConfigChecks.configPath])
        else { return }
        guard daemon.notify.receive(containing: "READY=1", timeout: 180) != nil else {
            checks.expect(false, "soak: the daemon is READY on Virtual-1", daemon.process.output)
            return
        }
        let notify = NotifyReader(daemon.notify)
        notify.start()
        let clients = ControlClients(daemonPath: daemonPath, socket: daemon.controlSocket)
        let canaries = (0..<max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))).map { Canary(cpu: $0) }
        for canary in canaries { canary.start() }
        let start = MonotonicTime.now()
        clients.start()

        var windows: [(from: Double, to: Double)] = []
        var overruns: [Double] = []
        var touchesSent = 0
        var touchTimes: [Double] = []
        var hotplugs = 0
        var samples: [Sample] = []
        var nextTouch = start + 1
        var nextHotplug = start + hotplugOffset
        let sampleTimes: [(String, Double)] = [
            ("start", start + warmUp), ("middle", start + (warmUp + duration) / 2), ("end", start + duration),
        ]
        var nextSample = 0

        func readOverruns() {
            // The kernel's log, cleared as it is read (an hour of overruns must not wrap it):
            // "[  123.456789] vkms_vblank_simulate: vblank timer overrun".
            shell("dmesg -c >/tmp/soak-dmesg.txt 2>&1")
            let text = (try? String(contentsOfFile: "/tmp/soak-dmesg.txt", encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n") where line.contains("vblank timer overrun") {
                if let open = line.firstIndex(of: "["), let close = line.firstIndex(of: "]"),
                    let time = Double(line[line.index(after: open)..<close].trimmingCharacters(in: .whitespaces))
                {
                    overruns.append(time)
                }
            }
        }

        while nextSample < sampleTimes.count {
            let now = MonotonicTime.now()
            if daemon.process.hasExited { break }
            let (label, sampleTime) = sampleTimes[nextSample]
            if now >= sampleTime - quiet {
                clients.setPaused(true)
                try? await Task.sleep(nanoseconds: UInt64(max(0, sampleTime - MonotonicTime.now()) * 1e9))
                let taken = sample(label, pid: daemon.process.pid, since: start, socket: daemon.controlSocket)
                print("  soak: \(taken.line)")
                print("  soak: \(label) status: \(taken.status.trimmingCharacters(in: .whitespacesAndNewlines))")
                // Shown as it happens: stdout is a file in the VM, fully buffered.
                fflush(nil)
                samples.append(taken)
                nextSample += 1
                readOverruns()
                clients.setPaused(false)
                // No touch piled up behind the quiet time.
                nextTouch = max(nextTouch, MonotonicTime.now() + 1)
                continue
            }
            if now >= nextHotplug && nextHotplug < sampleTime - quiet - unpluggedTime - windowAfter {
                let from = MonotonicTime.now()
                writeSysfs(VMTests.connectorStatus, "off")
                VMTests.hotplugUevent()
                try? await Task.sleep(nanoseconds: UInt64(unpluggedTime * 1e9))
                writeSysfs(VMTests.connectorStatus, "on")
                VMTests.hotplugUevent()
                let to = MonotonicTime.now()
                windows.append((from - windowBefore, to + windowAfter))
                hotplugs += 1
                nextHotplug += 60
                // Touches wait until the screen is back and past the window.
                nextTouch = max(nextTouch, to + windowAfter)
                readOverruns()
                continue
            }
            if now >= nextTouch && now < sampleTime - quiet - 1 {
                let drag = touchesSent % 2 == 1
                touchTimes.append(MonotonicTime.now())
                if drag {
                    await swipe(touchscreen, from: layout.gallery, by: -160)
                } else {
                    await DaemonConfigChecks.tap(touchscreen, layout.button)
                }
                touchesSent += 1
                nextTouch += touchInterval
                continue
            }
            try? await Task.sleep(nanoseconds: 50_000_000)
        }
        clients.stop()
        for canary in canaries { canary.stop() }
        notify.stop()
        let end = MonotonicTime.now()
        readOverruns()

        checks.expect(
            !daemon.process.hasExited, "soak: the daemon ran the whole \(Int(minutes)) minute(s)",
            daemon.process.output.suffix(2000).description)
        guard samples.count == 3 else { return }
        let (first, middle, last) = (samples[0], samples[1], samples[2])

        // Resources: flat.
        let growth = max(middle.rss, last.rss) - first.rss
        checks.expect(
            growth < rssTolerance,
            "soak: VmRSS flat after warm-up (grew \(String(format: "%.2f", Double(growth) / 1_048_576)) MiB, under 2 MiB)",
            "\(first.line); \(middle.line); \(last.line)")
        checks.expect(
            first.descriptors == middle.descriptors && first.descriptors == last.descriptors,
            "soak: open descriptors unchanged (\(first.descriptors), \(middle.descriptors), \(last.descriptors))")
        // libdispatch's pool workers ("-qos.overcommit") come and go with the work queued (a
        // slow guest keeps one a while after a screenshot's encoding); the daemon's own threads
        // must stay, and the pool stay within one worker per CPU or the start's count: a
        // thread kept per client or per hotplug would pass that within seconds.
        func own(_ sample: Sample) -> [String] { sample.threadNames.filter { !$0.contains("qos") } }
        func pool(_ sample: Sample) -> Int { sample.threads - own(sample).count }
        let poolLimit = max(pool(first), ProcessInfo.processInfo.activeProcessorCount)
        checks.expect(
            own(first) == own(middle) && own(first) == own(last) && pool(middle) <= poolLimit
                && pool(last) <= poolLimit,
            "soak: the daemon's own threads unchanged, libdispatch's pool within \(poolLimit) "
                + "(\(first.threads), \(middle.threads), \(last.threads))",
            "\(first.threadNames) / \(middle.threadNames) / \(last.threadNames)")
        checks.expect(
            first.framebuffers > 0 && first.framebuffers == middle.framebuffers
                && first.framebuffers == last.framebuffers,
            "soak: DRM framebuffers unchanged (\(first.framebuffers), \(middle.framebuffers), \(last.framebuffers))")
        checks.expect(
            first.mappings > 0 && first.mappings == middle.mappings && first.mappings == last.mappings,
            "soak: dumb-buffer mappings unchanged (\(first.mappings), \(middle.mappings), \(last.mappings))")

        // Activity: everything was served.
        print("  soak: \(hotplugs) hotplug(s), \(touchesSent) touch(es)")
        let output = daemon.process.output
        let touchesSeen = output.components(separatedBy: "touch down in slot").count - 1
        checks.expect(
            hotplugs >= Int(minutes) - 1, "soak: a hotplug every minute (\(hotplugs) in \(Int(minutes)) minute(s))")
        checks.expect(
            touchesSeen == touchesSent, "soak: every touch reached the app (\(touchesSeen) of \(touchesSent))")
        let statusLines = notify.state.withLock { $0.statusLines }
        let reconnects = statusLines.filter { $0.contains("Showing 1 screen(s): Virtual-1") }.count
        let disconnects = statusLines.filter { $0.contains("no display connected") }.count
        checks.expect(
            disconnects == hotplugs && reconnects == hotplugs,
            "soak: each hotplug disconnected and reconnected the screen (\(disconnects) off, \(reconnects) on)")

        func inWindow(_ time: Double) -> Bool { windows.contains { time >= $0.from && time <= $0.to } }
        let results = clients.state.withLock { $0.results }
        let skipped = clients.state.withLock { $0.skipped }
        let failedOutside = results.filter { $0.status != 0 && !inWindow($0.start) && !inWindow($0.end) }
        let screenshotTimes = results.filter { $0.kind == "screenshot" && $0.status == 0 }.map { $0.end - $0.start }
        let statusTimes = results.filter { $0.kind == "status" && $0.status == 0 }.map { $0.end - $0.start }
        func summary(_ times: [Double]) -> String {
            guard !times.isEmpty else { return "none" }
            let sorted = times.sorted()
            return String(
                format: "%d, median %.0f ms, max %.0f ms", sorted.count, sorted[sorted.count / 2] * 1000,
                sorted.last! * 1000)
        }
        print(
            "  soak: control clients: \(results.count) run (\(skipped) turns skipped behind slow ones); "
                + "screenshots \(summary(screenshotTimes)); status \(summary(statusTimes))")
        // One a second is asked; a client that takes longer (a starved guest) delays the next.
        checks.expect(
            results.count >= Int(minutes) && failedOutside.isEmpty,
            "soak: every control client outside the hotplugs was answered (\(results.count) clients)",
            failedOutside.prefix(5).map { "\($0.kind) at t=\(Int($0.start - start)): \($0.output)" }
                .joined(separator: "; "))

        // Watchdog pings from the main loop.
        let pings = notify.state.withLock { $0.pings }
        var longest = 0.0
        var longestAt = 0.0
        for (a, b) in zip(pings, pings.dropFirst()) where !inWindow(a) && !inWindow(b) && b - a > longest {
            (longest, longestAt) = (b - a, a - start)
        }
        print(
            String(
                format: "  soak: %d WATCHDOG=1 (every 0.5 s asked); longest gap outside hotplugs %.0f ms at t=%.0f s",
                pings.count, longest * 1000, longestAt))
        checks.expect(
            pings.count > 0 && longest < pingGapLimit,
            String(format: "soak: the watchdog was pinged with no gap of %.0f s outside the hotplugs", pingGapLimit),
            String(format: "longest %.1f s at t=%.0f s", longest, longestAt))

        // Flips against vblanks: between consecutive `--status` answers with no hotplug
        // between (a reconnected screen counts afresh).
        var flips = 0
        var vblanks = 0.0
        var missedCounted = 0
        let answers = results.filter { $0.kind == "status" && $0.status == 0 }.map { ($0.end, counts($0.output)) }
        for (a, b) in zip(answers, answers.dropFirst())
        where a.0 >= start + warmUp && !windows.contains(where: { $0.to >= a.0 && $0.from <= b.0 }) {
            guard let before = a.1["completed"], let after = b.1["completed"], after >= before else { continue }
            flips += after - before
            vblanks += (b.0 - a.0) * 60.004
            missedCounted += (b.1["missed-vblanks"] ?? 0) - (a.1["missed-vblanks"] ?? 0)
        }
        print(
            "  soak: after warm-up, between status answers with no hotplug between: \(flips) flips over "
                + "\(Int(vblanks.rounded())) vblanks, \(missedCounted) missed by the daemon's count")
        attributeMissedVblanks(
            checks, output: output, windows: windows, overruns: overruns, canaries: canaries, touches: touchTimes,
            clients: results.map { ($0.start, $0.end, $0.kind) }, start: start,
            countFrom: start + warmUp, emulated: emulated)
        print(String(format: "  soak: ran %.0f s from READY", end - start))

        daemon.process.send(SIGTERM)
        checks.expect(daemon.process.wait(timeout: 20) == 0, "soak: SIGTERM still stops the daemon with 0")
    }

    /// The daemon's "a frame missed N vblank(s)" lines, split into those in a hotplug window and
    /// outside, each outside one told apart: it would have been in time but for a vCPU stall
    /// during it (the host), or not: it began late (the main loop was busy) or its own work took
    /// more than a period.
    static func attributeMissedVblanks(
        _ checks: Checks, output: String, windows: [(from: Double, to: Double)], overruns: [Double],
        canaries: [Canary], touches: [Double], clients: [(start: Double, end: Double, kind: String)],
        start: Double, countFrom: Double, emulated: Bool
    ) {
        struct Miss {
            var time: Double
            var count: Int
            var lateness: Double
            var duration: Double
        }
        var misses: [Miss] = []
        for line in output.split(separator: "\n") where line.contains("a frame missed") {
            let text = String(line)
            func number(after marker: String, until end: String) -> Double? {
                guard let from = text.range(of: marker),
                    let to = text.range(of: end, range: from.upperBound..<text.endIndex)
                else { return nil }
                return Double(text[from.upperBound..<to.lowerBound])
            }
            guard let time = number(after: "(at ", until: " s)"), let count = number(after: "missed ", until: " vblank")
            else { continue }
            misses.append(
                Miss(
                    time: time, count: Int(count), lateness: (number(after: "began ", until: " ms") ?? -1) / 1000,
                    duration: (number(after: "took ", until: " ms") ?? -1) / 1000))
        }
        let stalls = canaries.map { canary in canary.state.withLock { $0.stalls } }
        let pinned = canaries.allSatisfy { canary in canary.state.withLock { $0.isPinned } }
        let warmUpMisses = misses.filter { $0.time < countFrom }.reduce(0) { $0 + $1.count }
        let counted = misses.filter { $0.time >= countFrom }
        let outside = counted.filter { miss in !windows.contains { miss.time >= $0.from && miss.time <= $0.to } }
        let inside = counted.count - outside.count
        let period = 1 / 60.004
        var host = 0
        var late = 0
        var slow = 0
        var stalled = 0
        var stalledLines: [String] = []
        var latenesses: [Double] = []
        var durations: [Double] = []
        var withOverrun = 0
        var lines: [String] = []
        var hostLines: [String] = []
        for miss in outside {
            // The frame began at the vblank (count + 1) periods before the one it landed at,
            // `lateness` after it, and presented `duration` later; to be in time, both within
            // one period.
            let vblank = miss.time - Double(miss.count + 1) * period
            let span = (from: vblank, to: vblank + miss.lateness + miss.duration)
            let stall = zip(canaries, stalls).map { $0.longestStall(from: span.from, to: span.to, in: $1) }.max() ?? 0
            let overrun = overruns.contains { $0 >= span.from - 0.02 && $0 <= miss.time + 0.02 }
            if overrun { withOverrun += miss.count }
            var line = String(
                format: "t=%.1f s: %d missed, began %.1f ms late, took %.1f ms, a vCPU stalled %.1f ms during it",
                miss.time - start, miss.count, miss.lateness * 1000, miss.duration * 1000, stall * 1000)
            if miss.lateness + miss.duration - stall <= period {
                host += miss.count
                if hostLines.count < 5 { hostLines.append(line + ": the host") }
                continue
            }
            latenesses.append(max(0, miss.lateness - stall))
            durations.append(miss.duration)
            if miss.lateness - stall > emulatedStallLimit {
                stalled += miss.count
                line += String(format: ": the main loop stalled over %.0f ms", emulatedStallLimit * 1000)
            }
            if miss.lateness > miss.duration {
                late += miss.count
                line += ": the frame began late (the main loop was busy)"
            } else {
                slow += miss.count
                line += ": the frame's work was too slow"
            }
            // What was going on: a touch in the 0.5 s before, a control client in flight.
            if let touch = touches.last(where: { $0 <= span.to && $0 >= span.from - 0.5 }) {
                line += String(format: ", %.0f ms after a touch", (span.from - touch) * 1000)
            }
            if let client = clients.first(where: { $0.start <= span.to && $0.end >= span.from }) {
                line += ", during a \(client.kind) client"
            }
            if overrun { line += ", with a vkms timer overrun" }
            if lines.count < 40 { lines.append(line) }
            if line.contains("main loop stalled"), stalledLines.count < 10 { stalledLines.append(line) }
        }
        let outsideCount = outside.reduce(0) { $0 + $1.count }
        let stallCounts = stalls.map { String($0.count) }.joined(separator: ", ")
        print(
            "  soak: missed vblanks logged: \(misses.reduce(0) { $0 + $1.count }); in the warm-up \(warmUpMisses); "
                + "after it \(inside) frame(s) in hotplug windows, outside them \(outsideCount): the host's (in time "
                + "but for a vCPU stall) \(host), the daemon's: frame began late \(late), frame too slow \(slow)")
        print(
            "  soak: vCPU stalls of 4 ms or more (per vCPU): \(stallCounts)\(pinned ? "" : " (canaries not pinned)"); "
                + "vkms timer overruns \(overruns.count), \(withOverrun) of the missed vblanks with one")
        for line in hostLines + lines { print("  soak: \(line)") }
        func spread(_ values: [Double]) -> String {
            guard !values.isEmpty else { return "none" }
            let sorted = values.sorted()
            return String(format: "median %.1f ms, max %.1f ms", sorted[sorted.count / 2] * 1000, sorted.last! * 1000)
        }
        print(
            "  soak: the daemon's misses: began late by \(spread(latenesses)) (vCPU stalls taken off); took \(spread(durations))"
        )
        if emulated {
            checks.expect(
                stalled == 0,
                String(
                    format: "soak (emulated): no frame after warm-up outside the hotplugs began over %.0f ms late "
                        + "but for a vCPU stall (%d did; %d frame(s) too slow for the period under emulation, counted)",
                    emulatedStallLimit * 1000, stalled, slow),
                stalledLines.joined(separator: "; "))
            return
        }
        checks.expect(
            late + slow == 0,
            "soak: no vblank missed after warm-up outside the hotplugs but for a vCPU stall "
                + "(\(late + slow) missed; \(host) the host's)",
            lines.prefix(10).joined(separator: "; "))
    }

    /// Where the showcase puts the Check in button and the gallery on a `size` screen.
    static func showcaseLayout(size: CGSize) -> (button: CGPoint, gallery: CGPoint) {
        let (button, gallery) = DaemonConfigChecks.laidOutShowcase(size: size) { controller in
            (controller.screenCenter(of: controller.checkInButton), controller.screenCenter(of: controller.gallery))
        }
        return (
            CGPoint(x: button.x / size.width, y: button.y / size.height),
            CGPoint(x: gallery.x / size.width, y: gallery.y / size.height)
        )
    }

    /// A short horizontal drag from a normalised panel position, `points` across a 1024-wide
    /// panel, in 8 moves over about 130 ms.
    static func swipe(_ touchscreen: UInputTouchscreen, from position: CGPoint, by points: Double) async {
        let x = UInputTouchscreen.raw(position.x)
        let y = UInputTouchscreen.raw(position.y)
        let step = Int32(points / 1024 * Double(UInputTouchscreen.maximum + 1) / 8)
        touchscreen.down(slot: 0, x: x, y: y)
        touchscreen.sync()
        for index in 1...8 {
            try? await Task.sleep(nanoseconds: 16_000_000)
            touchscreen.move(slot: 0, x: x + step * Int32(index), y: y)
            touchscreen.sync()
        }
        touchscreen.up(slot: 0)
        touchscreen.sync()
        try? await Task.sleep(nanoseconds: 200_000_000)
    }
}
