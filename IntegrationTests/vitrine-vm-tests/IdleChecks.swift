import Foundation
import VitrineDRM
import VitrineInput
import VitrineKit
import VitrinePlatform

#if canImport(Glibc)
    import Glibc
#endif

/// Idle blanking on real KMS with a real touchscreen: after a 1 s idle timeout the CRTC is
/// inactive (its `ACTIVE` property, read by a second, atomic client of the card), no frame is
/// flipped and the display link does not tick; a uinput tap on a button wakes it (the CRTC is
/// active again and frames flip) without pressing the button; a second tap presses it. Atomic
/// and legacy (`DPMS` property) paths; the legacy one blanks twice, since a stale DPMS value
/// would make the second blank a no-op.
@MainActor
enum IdleChecks {
    static func run(_ checks: Checks, _ clock: MonotonicClock) async {
        await blankAndWake(checks, clock, atomic: true, cycles: 1)
        await blankAndWake(checks, clock, atomic: false, cycles: 2)
    }

    /// CPU seconds this process has used (user + system).
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
    }

    static func blankAndWake(_ checks: Checks, _ clock: MonotonicClock, atomic: Bool, cycles: Int) async {
        let label = atomic ? "idle (atomic)" : "idle (legacy)"
        guard
            let touchscreen = InputChecks.makeTouchscreen(
                checks, "Vitrine VM Touchscreen \(atomic ? "I" : "J")", "\(label): a uinput touchscreen")
        else { return }
        defer { touchscreen.destroy() }
        // Earlier backends' descriptors close in their event sources' cancel handlers: a turn.
        try? await Task.sleep(nanoseconds: 200_000_000)
        let backend = VMTests.startBackend(clock, allowAtomic: atomic)
        VMTests.runApplication(on: backend)
        defer {
            UIApplication.shared.idleBlanking = nil
            VMTests.leaveApplication(backend, clock)
        }
        guard let output = UIScreen.main.output as? DRMOutput, output.usesAtomic == atomic else {
            checks.expect(false, "\(label): the main screen is Virtual-1 on DRM")
            return
        }
        let screen = UIScreen.main
        let window = UIWindow(screen: screen)
        window.backgroundColor = .white
        let button = UIButton(frame: CGRect(x: 412, y: 334, width: 200, height: 100))
        button.backgroundColor = .blue
        var taps = 0
        button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        window.addSubview(button)
        window.makeKeyAndVisible()
        defer { window.isHidden = true }

        guard let source = await InputChecks.startTouchInput(checks, label, for: touchscreen) else { return }
        defer { source.stop() }
        let shown = await waitUntil(timeout: 5) { output.completedPresentCount > 0 && !output.isPresentPending }
        checks.expect(shown, "\(label): the window is presented")

        guard let observer = try? DRMClient(path: KitChecks.card, atomic: true) else {
            checks.expect(false, "\(label): a second, atomic client opens the card")
            return
        }
        checks.expect(observer.crtcIsActive(output.crtcID) == true, "\(label): the CRTC is active before blanking")

        var ticks = 0
        let link = screen.displayLink { _ in ticks += 1 }
        link?.add(to: .main, forMode: .common)
        defer { link?.invalidate() }

        let centre = CGPoint(x: button.frame.midX, y: button.frame.midY)
        func tap() {
            let x = UInputTouchscreen.raw(centre.x / screen.bounds.width)
            let y = UInputTouchscreen.raw(centre.y / screen.bounds.height)
            touchscreen.down(slot: 0, x: x, y: y)
            touchscreen.sync()
            touchscreen.up(slot: 0)
            touchscreen.sync()
        }

        for cycle in 1...cycles {
            let name = cycles > 1 ? "\(label), cycle \(cycle)" : label
            UIApplication.shared.idleBlanking = IdleBlanking(timeout: 1)
            let blanked = await waitUntil(timeout: 10) { UIApplication.shared.areScreensBlanked }
            // The power-off waits for a flip in flight; then the kernel says the CRTC is off.
            let dark = await waitUntil(timeout: 5) { observer.crtcIsActive(output.crtcID) == false }
            let dpms = observer.connectorDPMS(KitChecks.connector)
            print(
                "  \(name): blanked \(blanked), ACTIVE \(String(describing: observer.crtcIsActive(output.crtcID))), DPMS \(String(describing: dpms))"
            )
            checks.expect(
                blanked && dark && !output.isPoweredOn, "\(name): after the idle timeout the CRTC is inactive")
            if !atomic {
                checks.expect(dpms == 3, "\(name): the connector's DPMS property is off", "\(String(describing: dpms))")
            }

            // While dark: a change and half a second commit nothing, the link does not tick.
            let flips = output.completedPresentCount
            let ticksDark = ticks
            let cpu = processCPUSeconds()
            window.backgroundColor = cycle % 2 == 1 ? .green : .orange
            try? await Task.sleep(nanoseconds: 500_000_000)
            print(
                String(
                    format: "  \(name): 0.5 s blanked: %.1f ms CPU (the whole process, polling included)",
                    (processCPUSeconds() - cpu) * 1000))
            checks.expect(
                output.completedPresentCount == flips && ticks == ticksDark,
                "\(name): while blanked no frame flips and the display link does not tick",
                "\(output.completedPresentCount - flips) flips, \(ticks - ticksDark) ticks")

            // The waking tap: the CRTC comes back and flips, the button is not pressed.
            tap()
            let lit = await waitUntil(timeout: 5) {
                !UIApplication.shared.areScreensBlanked && observer.crtcIsActive(output.crtcID) == true
                    && output.completedPresentCount > flips + 1 && ticks > ticksDark
            }
            // Keep the screens awake for the rest of the check, however slow the guest.
            UIApplication.shared.idleBlanking = nil
            let settled = await waitUntil(timeout: 5) { !output.isPresentPending }
            checks.expect(
                lit && settled, "\(name): a tap wakes it: the CRTC is active, frames flip, the link ticks",
                "ACTIVE \(String(describing: observer.crtcIsActive(output.crtcID))), \(output.completedPresentCount - flips) flips"
            )
            try? await Task.sleep(nanoseconds: 300_000_000)
            checks.expect(taps == cycle - 1, "\(name): the waking tap does not press the button", "\(taps) taps")
            if atomic {
                let samples = KitChecks.capture(backend, output, points: [(Int(centre.x), Int(centre.y)), (20, 20)])
                checks.expect(
                    samples == [0x00_00FF, 0x00_FF00], "\(name): the screen shows the app again (writeback)",
                    samples.map { String($0, radix: 16) }.joined(separator: " "))
            }
            tap()
            let pressed = await waitUntil(timeout: 5) { taps == cycle }
            checks.expect(pressed, "\(name): the next tap presses the button", "\(taps) taps")
        }
    }
}
