import Foundation
import VitrineLayers
import VitrinePlatform

/// Idle blanking (a Vitrine addition; on iOS the system dims and locks the screen): after
/// `timeout` seconds without input every screen goes dark, and the first input wakes them.
/// Set it with `UIApplication.shared.idleBlanking = IdleBlanking(timeout: 300)`; nil (the
/// default) never blanks.
///
/// The touch (or key press, or click) that wakes the screens is swallowed: none of its events
/// reach a view, a gesture recognizer or the responder chain, so a tap on a dark kiosk never
/// presses the button that happens to be under the finger. Swallowing lasts until nothing is
/// held any more: every finger lifted (through the input frame that lifts the last one),
/// every key and mouse button released.
public struct IdleBlanking: Equatable, Sendable {
    /// How a screen goes dark.
    public enum Mode: Equatable, Sendable {
        /// The display is switched off (`DisplayOutput.setPowered(false)`: DPMS off, the DRM
        /// CRTC inactive). Frames are held, display links do not tick and no vblank wakes the
        /// process, so a blanked screen costs nothing; the first frame after waking repaints
        /// everything. A display that refuses to switch off shows the black frame instead.
        case powerOff
        /// A black layer covers the whole screen, above every window and the software dimming;
        /// the display stays lit (for panels that must not be switched off). Animations and
        /// display links under it keep running: pause them on
        /// `UIApplication.screensDidBlankNotification` to save their frames.
        case blackFrame
    }

    /// Seconds without input before the screens blank (finite and positive).
    public var timeout: TimeInterval
    /// How they blank.
    public var mode: Mode

    /// Blanking after `timeout` seconds without input, switching the displays off unless
    /// `mode` says otherwise.
    public init(timeout: TimeInterval, mode: Mode = .powerOff) {
        self.timeout = timeout
        self.mode = mode
    }
}

extension UIApplication {
    /// When the screens blank for want of input, and how (a Vitrine addition); nil (the
    /// default) never blanks. The countdown runs on the display backend's clock from the last
    /// input event (touch, pointer or key) or from this assignment, whichever is later; setting
    /// it while the screens are blanked wakes them. A timeout that is not finite and positive
    /// is refused with a log line, and nothing changes.
    public var idleBlanking: IdleBlanking? {
        get { idleBlanker.configuration }
        set {
            if let timeout = newValue?.timeout, !(timeout > 0 && timeout.isFinite) {
                kitLog.error("idle blanking needs a finite, positive timeout, not \(timeout); unchanged")
                return
            }
            idleBlanker.configuration = newValue
        }
    }

    /// Whether the screens are blanked (a Vitrine addition): after the idle timeout or
    /// `blankScreens(mode:)`, until input or `wakeScreens()` wakes them.
    public var areScreensBlanked: Bool { idleBlanker.isBlanked }

    /// Blanks every screen now, as the idle timeout does (a Vitrine addition: a kiosk's night
    /// hours, a proximity sensor), in `mode`, else the configured mode, else `.powerOff`. The
    /// next input wakes them and is swallowed.
    public func blankScreens(mode: IdleBlanking.Mode? = nil) {
        idleBlanker.blank(mode: mode ?? idleBlanking?.mode ?? .powerOff)
    }

    /// Wakes the screens now (a Vitrine addition: an alarm, a doorbell), and restarts the idle
    /// countdown. No input is swallowed.
    public func wakeScreens() {
        idleBlanker.wake()
    }

    /// Posted when the screens blank (a Vitrine addition), with the application as the object:
    /// apps pause work nobody can see.
    public static let screensDidBlankNotification = Notification.Name("VitrineScreensDidBlankNotification")
    /// Posted when the screens wake (a Vitrine addition), with the application as the object.
    public static let screensDidWakeNotification = Notification.Name("VitrineScreensDidWakeNotification")
}

/// The idle countdown, blanking and waking, and the filter that swallows the waking input.
/// `UIApplication` passes every input event through `admit(_:)` before the touch router.
///
/// The timer is re-armed lazily: input only records its time, and a timer firing before the
/// idle period is over arms itself again for the rest, so a drag does not reschedule a timer
/// per motion event.
@MainActor
final class IdleBlanker {
    /// The application whose screens and touches it blanks and cancels (it owns the blanker).
    private unowned let application: UIApplication

    init(application: UIApplication) {
        self.application = application
    }

    /// The configuration; setting it restarts the countdown (and wakes blanked screens).
    var configuration: IdleBlanking? {
        didSet { restart() }
    }

    private(set) var isBlanked = false
    /// The time of the last input, or of the last configuration or wake, on the clock.
    private var lastActivity: Double = 0
    private var timer: ClockTimer?
    /// The screens blanked, and the black layer of those that show one.
    private var blankedScreens: [(screen: UIScreen, cover: CALayer?)] = []
    /// Observers of screens connecting or changing mode while blanked.
    private var screenObservers: [any NSObjectProtocol] = []
    /// Keeps the black layers from animating implicitly (layers hold their delegates weakly).
    private let layerActions = ScreenLayerActions()

    /// Whether the events of the waking interaction are being dropped.
    private var swallowing = false
    private var fingersDown: Set<Int> = []
    private var keysDown: Set<UInt32> = []
    private var buttonsDown: Set<UInt32> = []

    /// The display backend's clock (the screens' frame loops run on it too).
    private var clock: any MediaClock { application.displayBackend.clock }

    // MARK: Input

    /// Notes `event` as activity, wakes blanked screens, and returns whether the event goes on
    /// to the touch router (false while the waking interaction is swallowed).
    func admit(_ event: InputEvent) -> Bool {
        track(event)
        lastActivity = clock.now
        if isBlanked {
            wake()
            swallowing = true
        } else {
            arm()
        }
        guard swallowing else { return true }
        // A touch interaction ends with the frame that lifted its last finger; keys and
        // buttons with their release.
        var closesInteraction = true
        if case .touch(let touch) = event { closesInteraction = touch.phase == .frame }
        if closesInteraction && fingersDown.isEmpty && keysDown.isEmpty && buttonsDown.isEmpty {
            swallowing = false
        }
        return false
    }

    /// What is held down, from every event (delivered or not).
    private func track(_ event: InputEvent) {
        switch event {
        case .touch(let touch):
            guard let slot = touch.slot else { return }
            switch touch.phase {
            case .down: fingersDown.insert(slot)
            case .up, .cancel: fingersDown.remove(slot)
            case .motion, .frame: break
            }
        case .key(let key):
            if key.isPressed { keysDown.insert(key.keyCode) } else { keysDown.remove(key.keyCode) }
        case .pointer(let pointer):
            guard case .button(let button, let isPressed) = pointer.kind else { return }
            if isPressed { buttonsDown.insert(button) } else { buttonsDown.remove(button) }
        }
    }

    /// A new input source: nothing of the old one is held any more.
    func inputSourceDidChange() {
        fingersDown = []
        keysDown = []
        buttonsDown = []
        swallowing = false
    }

    /// A new display backend: its screens start lit, and the countdown restarts on its clock.
    func displayBackendDidChange() {
        restart()
    }

    /// Wakes blanked screens, or restarts the countdown from now.
    private func restart() {
        cancelTimer()
        if isBlanked {
            wake()
        } else {
            lastActivity = clock.now
            arm()
        }
    }

    // MARK: Countdown

    private func arm() {
        guard let configuration, !isBlanked, timer == nil else { return }
        timer = clock.schedule(at: lastActivity + configuration.timeout) { [weak self] in self?.timerFired() }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
    }

    private func timerFired() {
        timer = nil
        guard let configuration, !isBlanked else { return }
        // Input came since the timer was armed: wait for the rest of the idle period.
        if clock.now + 1e-9 < lastActivity + configuration.timeout {
            arm()
            return
        }
        blank(mode: configuration.mode)
    }

    // MARK: Blanking and waking

    func blank(mode: IdleBlanking.Mode) {
        guard !isBlanked else { return }
        isBlanked = true
        cancelTimer()
        // Fingers resting on the glass since before the timeout are no longer an interaction
        // with what was shown; their later events wake the screens and are swallowed.
        application.touchRouter.cancelAll(timestamp: clock.now)
        // Nor is a key held since then: it stops repeating into a text field nobody sees.
        application.keyRepeater.stop()
        for screen in UIScreen.screens { blank(screen, mode: mode) }
        observeScreens(mode: mode)
        kitLog.info("idle: screens blanked (\(mode))")
        NotificationCenter.default.post(name: UIApplication.screensDidBlankNotification, object: application)
    }

    func wake() {
        guard isBlanked else {
            lastActivity = clock.now
            return
        }
        isBlanked = false
        for observer in screenObservers { NotificationCenter.default.removeObserver(observer) }
        screenObservers = []
        for (screen, cover) in blankedScreens {
            if let cover {
                cover.removeFromSuperlayer()
            } else if screen.output.isConnected {
                do {
                    try screen.output.setPowered(true)
                } catch {
                    kitLog.error("cannot switch \(screen.name) on: \(error)")
                }
            }
        }
        blankedScreens = []
        lastActivity = clock.now
        arm()
        kitLog.info("idle: screens woken")
        NotificationCenter.default.post(name: UIApplication.screensDidWakeNotification, object: application)
    }

    private func blank(_ screen: UIScreen, mode: IdleBlanking.Mode) {
        guard !blankedScreens.contains(where: { $0.screen === screen }) else { return }
        if mode == .powerOff {
            do {
                try screen.output.setPowered(false)
                blankedScreens.append((screen, nil))
                return
            } catch {
                kitLog.error("cannot switch \(screen.name) off (\(error)); showing a black frame instead")
            }
        }
        let cover = CALayer()
        cover.delegate = layerActions
        cover.name = "idle blanking"
        cover.backgroundColor = .black
        cover.zPosition = 2e9  // above every window level and the software dimming (1e9)
        cover.frame = screen.rootLayer.bounds
        screen.rootLayer.addSublayer(cover)
        blankedScreens.append((screen, cover))
    }

    /// While blanked, a screen that connects blanks too, and a black layer follows its
    /// screen's size.
    private func observeScreens(mode: IdleBlanking.Mode) {
        let center = NotificationCenter.default
        screenObservers = [
            center.addObserver(forName: UIScreen.didConnectNotification, object: nil, queue: nil) { [weak self] note in
                // Posted on the main actor by the screen registry.
                nonisolated(unsafe) let note = note
                MainActor.assumeIsolated {
                    guard let self, self.isBlanked, let screen = note.object as? UIScreen else { return }
                    self.blank(screen, mode: mode)
                }
            },
            center.addObserver(forName: UIScreen.modeDidChangeNotification, object: nil, queue: nil) {
                [weak self] note in
                nonisolated(unsafe) let note = note
                MainActor.assumeIsolated {
                    guard let self, let screen = note.object as? UIScreen else { return }
                    for entry in self.blankedScreens where entry.screen === screen {
                        entry.cover?.frame = screen.rootLayer.bounds
                    }
                }
            },
        ]
    }
}
