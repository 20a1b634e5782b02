import Foundation
import VitrineDRM
import VitrineKit
import VitrinePlatform

/// Checks at the level an app sees, on the DRM backend installed with
/// `UIApplication.shared.setDisplayBackend`: display links tick on the page flips one for one;
/// a connector switched off and on gives `didDisconnect` then `didConnect`, and a window the
/// app puts on the new screen is on the glass (read back through writeback); the session goes
/// away and comes back (DRM master dropped, or revoked behind the backend's back, then
/// regained): frames are held, then everything is repainted; and the CRTC configuration found at
/// start is back after shutdown, as a second client of the card reads it.
@MainActor
enum KitChecks {
    static let card = "/dev/dri/card0"
    static let connector = "Virtual-1"

    static func run(_ checks: Checks, _ clock: MonotonicClock) async {
        await crtcRestoredAtShutdown(checks, clock)
        await onDRMBackend(checks, clock)
    }

    /// The descriptors of this process open on the card.
    static func cardDescriptors() -> Set<Int32> {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return Set(
            entries.compactMap { entry in
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(entry)")
                return target == card ? Int32(entry) : nil
            })
    }

    // MARK: - Restore at shutdown

    /// A second client puts its own framebuffer on the CRTC at 800x600 before the backend
    /// starts; the backend takes the CRTC over at 1024x768; after `shutdown()` the second client
    /// (still open, so the kernel's last-close fbdev restore cannot be what it sees) reads its
    /// own framebuffer and 800x600 on the CRTC again.
    static func crtcRestoredAtShutdown(_ checks: Checks, _ clock: MonotonicClock) async {
        // Earlier backends' descriptors close in their event sources' cancel handlers: a turn.
        try? await Task.sleep(nanoseconds: 200_000_000)
        let observer: DRMClient
        do {
            observer = try DRMClient(path: card)
        } catch {
            checks.expect(false, "restore: a second client opens the card", "\(error)")
            return
        }
        checks.expect(observer.setMaster(), "restore: the second client is master before the backend starts")
        let original: DRMCRTCConfiguration
        do {
            original = try observer.show(pixel: 0x0033_6699, connectorName: connector, width: 800, height: 600)
        } catch {
            checks.expect(false, "restore: the second client shows its framebuffer at 800x600", "\(error)")
            return
        }
        observer.dropMaster()
        let found = observer.crtcConfiguration(original.crtcID)
        checks.expect(
            found == original, "restore: the start configuration is the second client's", "\(found, default: "nil")")

        let backend = VMTests.startBackend(clock)
        if let output = backend.drmOutputs.first {
            let run = FlipRun(output: output, frames: 5)
            run.start()
            _ = await waitUntil(timeout: 5) { run.isDone }
            let during = observer.crtcConfiguration(original.crtcID)
            checks.expect(
                run.events.count == 5 && during?.framebufferID != original.framebufferID
                    && during?.mode?.width == 1024,
                "restore: the backend drives the CRTC at 1024x768 with its own buffers",
                "\(during, default: "nil"); \(run.summary)")
        } else {
            checks.expect(false, "restore: the backend has Virtual-1")
        }
        backend.shutdown()
        let after = observer.crtcConfiguration(original.crtcID)
        print("  restore: before \(original), after shutdown \(after, default: "nil")")
        checks.expect(
            after == original, "restore: after shutdown the CRTC shows the start framebuffer and mode again",
            "\(after, default: "nil") vs \(original)")
    }

    // MARK: - VitrineKit on DRM

    static func onDRMBackend(_ checks: Checks, _ clock: MonotonicClock) async {
        try? await Task.sleep(nanoseconds: 200_000_000)
        let before = cardDescriptors()
        var lines: [String] = []
        let backend = VMTests.startBackend(clock) { lines.append($0) }
        let backendDescriptor = cardDescriptors().subtracting(before).first
        VMTests.runApplication(on: backend)
        defer {
            writeSysfs(VMTests.connectorStatus, "detect")
            VMTests.leaveApplication(backend, clock)
        }
        guard let output = UIScreen.main.output as? DRMOutput, UIScreen.main.name == connector else {
            checks.expect(false, "kit: the main screen is Virtual-1 on DRM", UIScreen.main.name)
            return
        }
        await displayLinkMatchesFlips(checks, UIScreen.main, output)
        guard let (screen, window) = await hotplugWithWindows(checks, backend) else { return }
        defer { window.isHidden = true }
        await sessionDisabledAndEnabled(checks, backend, screen, window, lines: { lines })
        await masterRevoked(checks, backend, screen, window, descriptor: backendDescriptor, lines: { lines })
    }

    /// Over an animation, a display link's callbacks are the page flips one for one: every
    /// flip while the link runs gives a callback with `timestamp` = the flip's vblank time,
    /// `targetTimestamp` = `timestamp` + the period, `duration` = the period; no callback
    /// comes without a flip.
    static func displayLinkMatchesFlips(_ checks: Checks, _ screen: UIScreen, _ output: DRMOutput) async {
        let window = UIWindow(screen: screen)
        window.backgroundColor = .white
        let box = UIView(frame: CGRect(x: 0, y: 256, width: 256, height: 256))
        box.backgroundColor = .blue
        window.addSubview(box)
        window.makeKeyAndVisible()
        defer { window.isHidden = true }
        let shown = await waitUntil(timeout: 5) { output.completedPresentCount > 0 && !output.isPresentPending }
        checks.expect(shown, "display link: the window is presented", "\(output.completedPresentCount) flips")

        let callbacksWanted = 60
        var flips: [PresentEvent] = []
        var callbacks: [(timestamp: Double, target: Double, duration: Double)] = []
        var recording = false
        var link: CADisplayLink?
        let loopHandler = output.presentCompletionHandler
        output.presentCompletionHandler = { event in
            if recording { flips.append(event) }
            loopHandler?(event)
            // Added right after the frame loop presented: the first vblank the link sees is
            // that present's flip (adding it while no present is in flight would start it on a
            // predicted vblank, which is not a flip).
            if link == nil, output.isPresentPending {
                link = screen.displayLink { link in
                    callbacks.append((link.timestamp, link.targetTimestamp, link.duration))
                    if callbacks.count == callbacksWanted {
                        link.invalidate()
                        recording = false
                    }
                }
                link?.add(to: .main, forMode: .common)
                recording = true
            }
        }
        defer { output.presentCompletionHandler = loopHandler }
        UIView.animate(withDuration: 6) { box.frame.origin.x = 760 }
        let finished = await waitUntil(timeout: 20) { callbacks.count >= callbacksWanted }
        // A few more flips of the animation after the link stopped: none may give a callback.
        let afterStop = output.completedPresentCount
        _ = await waitUntil(timeout: 5) { output.completedPresentCount >= afterStop + 5 }
        let period = output.currentMode.refreshPeriod
        let sameTimes = zip(callbacks, flips).allSatisfy { $0.timestamp == $1.timestamp }
        let targets = callbacks.allSatisfy {
            abs($0.target - ($0.timestamp + period)) < 1e-9 && $0.duration == period
        }
        let skipped = zip(flips, flips.dropFirst()).map { Int($1.sequence) - Int($0.sequence) - 1 }.reduce(0, +)
        print(
            "  display link: \(callbacks.count) callbacks, \(flips.count) flips while it ran, "
                + "sequence \(flips.first?.sequence ?? 0)...\(flips.last?.sequence ?? 0) (\(skipped) vblanks without a frame)"
        )
        checks.expect(
            finished && callbacks.count == callbacksWanted && flips.count == callbacksWanted,
            "display link: one callback per page flip while the link runs",
            "\(callbacks.count) callbacks, \(flips.count) flips")
        checks.expect(
            sameTimes && !callbacks.isEmpty, "display link: each timestamp is its flip's vblank timestamp",
            "\(callbacks.prefix(3).map(\.timestamp)) vs \(flips.prefix(3).map(\.timestamp))")
        checks.expect(
            targets && !callbacks.isEmpty, "display link: targetTimestamp = timestamp + period, duration = period",
            "period \(period), first \(callbacks.first.map { "\($0)" } ?? "none")")
        checks.expect(
            callbacks.count == callbacksWanted && output.completedPresentCount >= afterStop + 5,
            "display link: no callback after invalidate while flips go on", "\(callbacks.count) callbacks")
    }

    /// Connector off and on: `didDisconnectNotification`, then `didConnectNotification`; the
    /// window the app makes on the new screen in its connect handler is read back from the
    /// CRTC through writeback. Returns the new screen.
    static func hotplugWithWindows(_ checks: Checks, _ backend: DRMBackend) async -> (UIScreen, UIWindow)? {
        var notifications: [String] = []
        var appWindow: UIWindow?
        let center = NotificationCenter.default
        let tokens = [
            center.addObserver(forName: UIScreen.didDisconnectNotification, object: nil, queue: nil) { note in
                // Posted on the main actor by the screen registry.
                nonisolated(unsafe) let note = note
                MainActor.assumeIsolated {
                    notifications.append("disconnect \((note.object as? UIScreen)?.name ?? "?")")
                }
            },
            center.addObserver(forName: UIScreen.didConnectNotification, object: nil, queue: nil) { note in
                // Posted on the main actor by the screen registry.
                nonisolated(unsafe) let note = note
                MainActor.assumeIsolated {
                    guard let screen = note.object as? UIScreen else { return }
                    notifications.append("connect \(screen.name)")
                    // What an app does: a window on the screen that just connected.
                    let window = UIWindow(screen: screen)
                    window.backgroundColor = .magenta
                    window.makeKeyAndVisible()
                    appWindow = window
                }
            },
        ]
        defer { tokens.forEach(center.removeObserver) }

        writeSysfs(VMTests.connectorStatus, "off")
        VMTests.hotplugUevent()
        _ = await waitUntil(timeout: 5) { !notifications.isEmpty }
        writeSysfs(VMTests.connectorStatus, "on")
        VMTests.hotplugUevent()
        _ = await waitUntil(timeout: 5) { notifications.count >= 2 }
        checks.expect(
            notifications == ["disconnect Virtual-1", "connect Virtual-1"],
            "kit hotplug: didDisconnectNotification, then didConnectNotification", "\(notifications)")
        guard let window = appWindow, case let screen = window.screen, let output = screen.output as? DRMOutput else {
            checks.expect(false, "kit hotplug: the app's window is on the new screen")
            return nil
        }
        let shown = await waitUntil(timeout: 5) { output.completedPresentCount > 0 && !output.isPresentPending }
        checks.expect(shown, "kit hotplug: the new screen presents the app's window")
        let samples = capture(backend, output, points: [(512, 384), (5, 5), (1018, 762)])
        checks.expect(
            samples == [0xFF_00FF, 0xFF_00FF, 0xFF_00FF], "kit hotplug: the window's colour is on screen (writeback)",
            samples.map { String($0, radix: 16) }.joined(separator: " "))
        return (screen, window)
    }

    /// The pixels at `points` of what `output`'s CRTC shows, read through writeback (empty
    /// when the capture failed, with the reason printed).
    static func capture(_ backend: DRMBackend, _ output: DRMOutput, points: [(Int, Int)]) -> [UInt32] {
        do {
            let image = try backend.captureWriteback(of: output)
            return points.map { image.pixel(x: $0.0, y: $0.1) & 0x00FF_FFFF }
        } catch {
            print("  capture: \(error)")
            return []
        }
    }

    // MARK: - Session and DRM master

    /// `disableSession()` drops master (a second client can take it and show its own
    /// framebuffer); changes made meanwhile are held, not committed, with no error logged per
    /// frame and no display-link ticks; `enableSession()` regains master, sets the mode again
    /// and repaints the whole screen, changes included.
    static func sessionDisabledAndEnabled(
        _ checks: Checks, _ backend: DRMBackend, _ screen: UIScreen, _ window: UIWindow, lines: () -> [String]
    ) async {
        guard let output = screen.output as? DRMOutput else { return }
        let box = UIView(frame: CGRect(x: 100, y: 100, width: 256, height: 256))
        box.backgroundColor = .yellow
        window.addSubview(box)
        _ = await waitUntil(timeout: 5) { !output.isPresentPending && output.lastPresentedDamage?.isEmpty == false }
        var ticks = 0
        let link = screen.displayLink { _ in ticks += 1 }
        link?.add(to: .main, forMode: .common)
        defer { link?.invalidate() }
        _ = await waitUntil(timeout: 5) { ticks >= 3 }

        let linesBefore = lines().count
        backend.disableSession()
        checks.expect(
            !backend.isMaster && !backend.isSessionActive && output.isSuspended,
            "session: disableSession drops master and suspends the output")
        guard let other = try? DRMClient(path: card) else { return }
        checks.expect(other.setMaster(), "session: another client becomes master")
        let theirs = try? other.show(pixel: 0x0000_FF00, connectorName: connector, width: 1024, height: 768)
        checks.expect(theirs != nil, "session: the other client shows its framebuffer")
        // Let an in-flight flip land, then count.
        try? await Task.sleep(nanoseconds: 100_000_000)
        let flipsAway = output.completedPresentCount
        let ticksAway = ticks
        for colour in [UIColor.red, .green, .orange, .cyan] {
            box.backgroundColor = colour
            try? await Task.sleep(nanoseconds: 100_000_000)
        }
        let away = Array(lines().dropFirst(linesBefore))
        checks.expect(
            output.completedPresentCount == flipsAway && ticks == ticksAway,
            "session: while away no frame is committed and the display link does not tick",
            "\(output.completedPresentCount - flipsAway) flips, \(ticks - ticksAway) ticks")
        checks.expect(
            away.count == 1 && away[0].contains("session disabled"), "session: one log line while away, no errors",
            "\(away)")

        other.dropMaster()
        let linesAtEnable = lines().count
        // The damage of the first frame back, read when its flip lands (before the frame loop
        // presents the next one).
        var firstDamage: Region?
        let loopHandler = output.presentCompletionHandler
        output.presentCompletionHandler = { event in
            if firstDamage == nil { firstDamage = output.lastPresentedDamage }
            loopHandler?(event)
        }
        checks.expect(backend.enableSession(), "session: enableSession regains master")
        let resumed = await waitUntil(timeout: 5) { firstDamage != nil }
        output.presentCompletionHandler = loopHandler
        _ = await waitUntil(timeout: 5) { !output.isPresentPending }
        let full = Region(PixelRect(x: 0, y: 0, width: 1024, height: 768))
        checks.expect(
            resumed && firstDamage == full, "session: the first frame back repaints the whole screen",
            "damage \(firstDamage.map { "\($0)" } ?? "none")")
        let samples = capture(backend, output, points: [(228, 228), (800, 600)])
        checks.expect(
            samples == [0x00_FFFF, 0xFF_00FF],
            "session: the screen shows the held change (writeback), not the other client's",
            samples.map { String($0, radix: 16) }.joined(separator: " "))
        let config = other.crtcConfiguration(output.crtcID)
        checks.expect(
            config?.framebufferID != theirs?.framebufferID && config?.mode?.width == 1024,
            "session: the CRTC is modeset back to Vitrine's framebuffer", "\(config, default: "nil")")
        checks.expect(ticks > ticksAway, "session: the display link ticks again")
        checks.expect(
            !lines().dropFirst(linesAtEnable).contains { $0.contains("cannot") }, "session: no errors after enabling",
            "\(Array(lines().dropFirst(linesAtEnable)))")
        box.removeFromSuperview()
    }

    /// Master taken away behind the backend's back (logind's revoke at a VT switch, done here
    /// with `drmDropMaster` on the backend's own descriptor): the next commit fails, the backend
    /// logs it once and holds frames; `enableSession()` brings everything back.
    static func masterRevoked(
        _ checks: Checks, _ backend: DRMBackend, _ screen: UIScreen, _ window: UIWindow, descriptor: Int32?,
        lines: () -> [String]
    ) async {
        guard let output = screen.output as? DRMOutput else { return }
        guard let descriptor else {
            checks.expect(false, "revoke: the backend's descriptor is found in /proc/self/fd")
            return
        }
        _ = await waitUntil(timeout: 5) { !output.isPresentPending }
        let linesBefore = lines().count
        checks.expect(
            DRMClient.revokeMaster(descriptor: descriptor), "revoke: master dropped on the backend's descriptor")
        guard let other = try? DRMClient(path: card) else { return }
        checks.expect(other.setMaster(), "revoke: another client becomes master")
        let flipsAway = output.completedPresentCount
        for colour in [UIColor.red, .green, .cyan, .blue] {
            window.backgroundColor = colour
            try? await Task.sleep(nanoseconds: 100_000_000)
        }
        let away = Array(lines().dropFirst(linesBefore))
        checks.expect(
            output.isSuspended && !backend.isSessionActive && output.completedPresentCount == flipsAway,
            "revoke: the failed commit suspends the output; nothing more is committed",
            "suspended \(output.isSuspended), \(output.completedPresentCount - flipsAway) flips")
        checks.expect(
            away.count == 1 && away[0].contains("lost DRM master"), "revoke: logged once, no errors piling up",
            "\(away)")
        other.dropMaster()
        checks.expect(backend.enableSession(), "revoke: enableSession regains master")
        let resumed = await waitUntil(timeout: 5) {
            output.completedPresentCount > flipsAway && !output.isPresentPending
        }
        let samples = capture(backend, output, points: [(512, 384)])
        checks.expect(
            resumed && samples == [0x00_00FF], "revoke: the last change is on screen after enabling (writeback)",
            samples.map { String($0, radix: 16) }.joined(separator: " "))
    }
}
