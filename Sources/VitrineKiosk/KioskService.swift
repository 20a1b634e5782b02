import Dispatch
import Foundation
import Logging
import VitrineConfig
import VitrineIO
import VitrinePlatform
import VitrineService
import VitrineSystemd

@_spi(Service) import VitrineKit

#if canImport(Glibc)
    import Glibc
#endif

/// Everything a kiosk service needs around an app, run by `UIApplicationMain` so that every
/// Vitrine app has it (a Vitrine addition): the command line, logging, the display and input
/// backends, systemd's notify protocol, clean shutdown on SIGTERM/SIGINT, config reload on
/// SIGHUP, and the control socket that `--screenshot` talks to.
@MainActor
public final class KioskService {
    let options: LaunchOptions
    let environment: [String: String]
    /// The backends `--backend` names and `auto` tries.
    let registry: BackendRegistry
    /// The config in force: the one read at launch, or the last valid one a SIGHUP read.
    var loaded = LoadedConfiguration.defaults
    var configuration: VitrineConfiguration { loaded.configuration }
    private(set) var backends: LaunchedBackends?
    private(set) var notifications: ServiceNotifications?
    var notifier: SystemdNotifier? { notifications?.notifier }
    private var signals: SignalWatcher?
    private var controlServer: ControlSocketServer?
    /// Answers the control socket's screenshots off the main loop.
    private let screenshots = ScreenshotRequests()
    private var isStopping = false
    private var screenObservers: [any NSObjectProtocol] = []
    /// Sets a screen's overscan again when its rotation, scale or mode changed.
    var overscanObserver: (any NSObjectProtocol)?
    /// Set while a reload applies modes and screen settings: the overscan is set once they
    /// are all in place, not for each step on the way.
    var isReapplyingScreenSettings = false

    init(options: LaunchOptions, environment: [String: String], registry: BackendRegistry) {
        self.options = options
        self.environment = environment
        self.registry = registry
    }

    /// Parses `arguments` (the program name first, as `CommandLine.arguments`) and sets up
    /// logging; help and usage errors print and exit (64, `EX_USAGE`). `--help` lists the
    /// registry's backends. Options the service does not know are the app's (`appArguments`).
    static func prepare(arguments: [String], environment: [String: String], registry: BackendRegistry)
        -> KioskService
    {
        let backends = registry.registrations.map { (name: $0.name, summary: $0.summary) }
        let options = LaunchCommand.options(
            parsing: Array(arguments.dropFirst()), backends: backends, acceptedBackends: registry.acceptedNames)
        ServiceLog.bootstrap(level: ServiceLog.environmentLevel(environment) ?? .info, environment: environment)
        if !options.appArguments.isEmpty {
            // Said, so that a misspelt service option is seen in the journal.
            serviceLog.info("arguments left to the app: \(options.appArguments.joined(separator: " "))")
        }
        return KioskService(options: options, environment: environment, registry: registry)
    }

    /// Runs the one-shot modes (`--screenshot`, `--check-config`, `--list-outputs`), which
    /// exit; returns for a normal launch.
    func runClientModes() {
        if let path = options.screenshot { requestScreenshot(to: path) }
        if options.status { requestStatus() }
        if options.checkConfig { checkConfig() }
        if options.listOutputs { listOutputs() }
    }

    /// Picks and installs the backends (unless the app passed one), launches the app, and
    /// starts the service side: notifications, signals, the control socket, `--capture`.
    func launch(delegate: any UIApplicationDelegate, displayBackend: (any DisplayBackend)?, backend: String?) {
        loaded = loadConfigOrExit()
        applyLogLevel(configuration)
        installScreenSettings()
        let application = UIApplication.shared
        if let displayBackend {
            application.launch(delegate: delegate, displayBackend: displayBackend)
        } else {
            let backends = launchBackends(named: backend ?? options.backend ?? environment["VITRINE_BACKEND"])
            self.backends = backends
            installPolicies(on: backends)
            application.rendererProvider = backends.makeRenderer
            application.setDisplayBackend(backends.display)
            if let input = backends.input { application.setInputSource(input) }
            backends.start()
            warnAboutUnmatchedRules()
            application.launch(delegate: delegate, displayBackend: nil)
        }
        applyIdleBlanking()
        applyKeyboardSettings()
        notifications = SystemdNotifier(environment: environment).map { ServiceNotifications(notifier: $0) }
        observeScreensForStatus()
        signals = SignalWatcher { [weak self] signal in self?.received(signal) }
        if let path = options.capture {
            startCapture(to: path)
        } else {
            startControlSocket()
        }
    }

    /// `systemctl status` shows which screens are up: a STATUS= line at every connect and
    /// disconnect.
    private func observeScreensForStatus() {
        for name in [UIScreen.didConnectNotification, UIScreen.didDisconnectNotification] {
            screenObservers.append(
                NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] _ in
                    MainActor.assumeIsolated { self?.updateStatus() }
                })
        }
    }

    private func updateStatus() {
        let screens = UIScreen.screens
        let text =
            screens.isEmpty
            ? "Running with no display connected"
            : "Showing \(screens.count) screen(s): \(screens.map(\.name).joined(separator: ", "))"
        notifier?.status(text)
    }

    // MARK: Backends

    /// The backend `name` names (auto when nil), launched from the registry. One named that
    /// cannot run here (`--backend drm` without a card) is said and the service exits (69),
    /// rather than wait.
    private func launchBackends(named name: String?) -> LaunchedBackends {
        var context = BackendLaunchContext(
            headlessSizes: options.headlessScreenSizes.map {
                BackendLaunchContext.Size(width: $0.width, height: $0.height)
            },
            seat: configuration.seat, environment: environment, keyboardLayout: configuration.keyboard.layout ?? "us",
            keyboardVariant: configuration.keyboard.variant, composeLocale: configuration.keyboard.composeLocale,
            renderer: rendererChoice.choice, rendererSource: rendererChoice.source)
        context.windowScreens = options.windowScreens.map {
            WindowScreenSpec(width: $0.width, height: $0.height, scale: $0.scale)
        }
        context.windowResize = configuration.window.resize == .refuse ? .refuse : .modeChange
        context.requestStop = { [weak self] reason, status in self?.stop(reason: reason, status: status) }
        do {
            var skipped: [BackendUnavailable] = []
            let backends = try registry.launch(name, context: context) { _, unavailable in skipped.append(unavailable) }
            // Said once the choice is made, naming the backend that does run.
            for unavailable in skipped { serviceLog.notice("\(unavailable): running on the \(backends.name) backend") }
            return backends
        } catch {
            let others = registry.acceptedNames.filter { $0 != name }.joined(separator: ", ")
            serviceLog.critical("--backend \(name ?? BackendRegistry.automaticName): \(error); use one of \(others)")
            exit(ExitStatus.unavailable)
        }
    }

    /// The renderer asked for: `--renderer`, else the config's `render.renderer` when the file
    /// sets it, else `auto`; and who asked.
    var rendererChoice: (choice: RendererChoice, source: String?) {
        if let name = options.renderer, let choice = RendererChoice(rawValue: name) { return (choice, "--renderer") }
        if configuration.render != RenderConfig() { return (configuration.render.renderer, "render.renderer") }
        return (.auto, nil)
    }

    // MARK: Signals and shutdown

    private func received(_ signal: Int32) {
        switch signal {
        case SIGHUP:
            reload()
        default:
            stop(reason: "Stopping on \(SignalWatcher.name(of: signal))", status: 0)
        }
    }

    /// Runs the main thread's run loop for ever (`UIApplication.runMainLoop()`), as UIKit's
    /// `UIApplicationMain` does after launching.
    func runMainLoop() -> Never {
        UIApplication.shared.runMainLoop()
    }

    /// Stops cleanly and exits: tells systemd (STOPPING=1), lets the app end as UIKit does
    /// (`applicationWillResignActive`, `applicationDidEnterBackground`,
    /// `applicationWillTerminate` and their notifications, with its windows still on screen),
    /// stops drawing, gives the display back (the CRTCs found at start restored, master
    /// dropped) and closes the control socket.
    func stop(reason: String, status: Int32) -> Never {
        if !isStopping {
            isStopping = true
            serviceLog.notice("\(reason)")
            notifier?.stopping(status: reason)
            UIApplication.shared.terminate()
            notifications?.stop()
            for screen in UIScreen.screens { screen.stopFrames() }
            backends?.stop()
            controlServer?.close()
            signals?.cancel()
        }
        exit(status)
    }

    // MARK: Control socket and screenshots

    private func startControlSocket() {
        let path = options.controlSocket ?? ControlSocketPath.forDaemon(environment: environment)
        do {
            controlServer = try ControlSocketServer(path: path) { [screenshots] command, arguments, reply in
                screenshots.answer(command, arguments, reply: reply)
            }
            serviceLog.info("control socket: \(path)")
        } catch {
            // Screenshots on request are a convenience: the kiosk runs without them.
            serviceLog.warning("no control socket at \(path): \(error)")
        }
    }

    /// `--screenshot PATH`: asks the running daemon and writes what it sends (replacing the
    /// file whole: `AtomicFile`).
    private func requestScreenshot(to path: String) -> Never {
        let socket = options.controlSocket ?? ControlSocketPath.forClient(environment: environment)
        let screenshot: ControlSocketClient.Screenshot
        do {
            screenshot = try ControlSocketClient.screenshot(path: socket, screen: options.screen)
        } catch {
            serviceLog.error("screenshot: \(error)")
            exit(ExitStatus.unavailable)
        }
        do {
            try AtomicFile.write(screenshot.png, to: path)
        } catch {
            serviceLog.error("screenshot: \(error)")
            exit(ExitStatus.cannotCreate)
        }
        print("wrote \(path): \(screenshot.screen), \(screenshot.width)x\(screenshot.height)")
        exit(0)
    }

    /// `--status`: asks the running daemon for its screens' frame counts and prints them.
    private func requestStatus() -> Never {
        let socket = options.controlSocket ?? ControlSocketPath.forClient(environment: environment)
        do {
            print(try ControlSocketClient.status(path: socket), terminator: "")
        } catch {
            serviceLog.error("status: \(error)")
            exit(ExitStatus.unavailable)
        }
        exit(0)
    }

    /// `--capture PATH`: once every screen has shown its first frame, waits a little so that
    /// what the app starts at launch is on screen, writes the main screen (and each other screen
    /// beside it, see `writeCapture`) and exits.
    private func startCapture(to path: String) {
        let clock = UIApplication.shared.displayBackend.clock
        let deadline = clock.now + 20
        var firstFrameTime: Double?
        func check() {
            let screens = UIScreen.screens
            let shown = !screens.isEmpty && screens.allSatisfy { $0.completedPresentCount > 0 }
            if shown && firstFrameTime == nil { firstFrameTime = clock.now }
            if let firstFrameTime, clock.now >= firstFrameTime + Self.captureSettleTime {
                writeCapture(to: path, exits: options.captureEditing == nil)
                if let editingPath = options.captureEditing { startEditingCapture(to: editingPath) }
                return
            }
            if clock.now > deadline {
                serviceLog.critical("--capture: no frame on screen within 20 s")
                stop(reason: "Capture failed", status: 1)
            }
            _ = clock.schedule(at: clock.now + 0.05) { check() }
        }
        _ = clock.schedule(at: clock.now + 0.05) { check() }
    }

    /// How long `--capture` lets the app run after its first frame: its launch animations
    /// have started and the screen shows what a person would see.
    static let captureSettleTime = 0.5

    /// How long `--capture-editing` waits after the field begins editing: past the keyboard's
    /// 0.25 s slide, within the caret's first half second on.
    static let editingCaptureDelay = 0.4

    /// `--capture-editing PATH`: the first text field of the key window (depth first) edits;
    /// once the keyboard's animation is over the main screen is written and the daemon exits.
    private func startEditingCapture(to path: String) {
        let clock = UIApplication.shared.displayBackend.clock
        let field = UIApplication.shared.keyWindow.flatMap(Self.firstTextField(in:))
        if field?.becomeFirstResponder() != true {
            serviceLog.warning("--capture-editing: no text field in the key window would edit")
        }
        _ = clock.schedule(at: clock.now + Self.editingCaptureDelay) { [weak self] in
            self?.writeCapture(to: path, exits: true)
        }
    }

    private static func firstTextField(in view: UIView) -> UITextField? {
        if let field = view as? UITextField, !view.isHidden, field.isEnabled { return field }
        for subview in view.subviews where !subview.isHidden {
            if let field = firstTextField(in: subview) { return field }
        }
        return nil
    }

    /// Writes the main screen to `path`, and every other screen beside it, named after the
    /// screen (`showcase.png` and `showcase-HEADLESS-2.png`).
    private func writeCapture(to path: String, exits: Bool) {
        let url = URL(fileURLWithPath: path)
        do {
            for screen in UIScreen.screens {
                var target = url
                if screen !== UIScreen.main {
                    let stem = url.deletingPathExtension().lastPathComponent
                    target = url.deletingLastPathComponent()
                        .appendingPathComponent(
                            "\(stem)-\(screen.name).\(url.pathExtension.isEmpty ? "png" : url.pathExtension)")
                }
                let shot = try screen.snapshotPNG()
                try AtomicFile.write(shot.png, to: target.path)
                let backend = backends?.name ?? "the app's"
                print(
                    "vitrine: wrote \(target.path): screen \(screen.name) "
                        + "(\(shot.width)x\(shot.height), \(backend) backend, "
                        + "\(screen.presentedFrameCount) frames presented)")
            }
            if exits { stop(reason: "Capture written", status: 0) }
        } catch let error as AtomicFileError {
            // It names the file and the errno.
            serviceLog.critical("--capture: \(error)")
            stop(reason: "Capture failed", status: ExitStatus.cannotCreate)
        } catch {
            serviceLog.critical("--capture: cannot write \(path): \(error)")
            stop(reason: "Capture failed", status: ExitStatus.cannotCreate)
        }
    }
}

/// The service's own log lines (start, stop, reload, control requests).
let serviceLog = Logger(label: "vitrine")
