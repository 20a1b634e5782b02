import Foundation
import VitrineLayers
import VitrinePlatform

/// The display backend the app runs on and the screens of its connected outputs: turns the
/// backend's connect, disconnect and mode-change handlers into `UIScreen` objects and their
/// notifications.
///
/// There is one current registry (UIKit's `UIScreen.screens` is process-wide). Until an
/// application installs a backend (`UIApplication.setDisplayBackend(_:)`), it is a headless
/// backend with one 1920x1080 output on the real clock, so views, windows and screens work in
/// a plain test process.
@MainActor
final class ScreenRegistry {
    // The stand-in registry's screens get no settings: it is made the first time anything
    // reads `current`, which a settings provider reading `UIScreen.screens` would re-enter.
    static var current: ScreenRegistry {
        if let installed { return installed }
        let standIn = ScreenRegistry(backend: makeDefaultBackend(), consultsSettingsProvider: false)
        installed = standIn
        return standIn
    }

    /// The installed registry; nil until a backend is installed or `current` is first read, so
    /// an app that installs its own backend never pays for the stand-in's two 1080p buffers.
    private static var installed: ScreenRegistry?

    static func makeDefaultBackend() -> any DisplayBackend {
        let backend = HeadlessBackend(clock: MonotonicClock())
        backend.addOutput(name: "HEADLESS-1", width: 1920, height: 1080)
        return backend
    }

    let backend: any DisplayBackend
    private(set) var screens: [UIScreen] = []
    /// Stands in for `UIScreen.main` while no display is connected.
    private lazy var placeholder = UIScreen(
        output: HeadlessOutput(
            name: "NONE", modes: [DisplayMode(width: 1920, height: 1080, isPreferred: true)], clock: backend.clock),
        clock: backend.clock)

    init(backend: any DisplayBackend, consultsSettingsProvider: Bool = true) {
        self.backend = backend
        screens = backend.outputs.map {
            consultsSettingsProvider
                ? Self.makeScreen(for: $0, clock: backend.clock)
                : Self.observed(UIScreen(output: $0, clock: backend.clock))
        }
        backend.outputConnectedHandler = { [weak self] output in self?.connected(output) }
        backend.outputDisconnectedHandler = { [weak self] output in self?.disconnected(output) }
        backend.outputModeChangedHandler = { [weak self] output, _ in self?.modeChanged(output) }
    }

    var mainScreen: UIScreen { screens.first ?? placeholder }

    func screen(for output: any DisplayOutput) -> UIScreen? {
        screens.first { $0.output === output }
    }

    private func connected(_ output: any DisplayOutput) {
        guard screen(for: output) == nil else { return }
        let screen = Self.makeScreen(for: output, clock: backend.clock)
        screens.append(screen)
        NotificationCenter.default.post(name: UIScreen.didConnectNotification, object: screen)
    }

    /// The screen leaves `screens`, the notification is posted (apps hide and release their
    /// windows there, as the guide's example does), and windows still left on it are hidden.
    private func disconnected(_ output: any DisplayOutput) {
        guard let index = screens.firstIndex(where: { $0.output === output }) else { return }
        let screen = screens.remove(at: index)
        screen.frameLoop.stop()
        NotificationCenter.default.post(name: UIScreen.didDisconnectNotification, object: screen)
        for window in screen.windows where !window.isHidden {
            kitLog.notice("hiding a window left on disconnected screen \(screen.name)")
            window.isHidden = true
        }
    }

    /// Consulted for every screen made for a connected output, and by `reapplySettings()`
    /// (`UIApplication.screenSettingsProvider`). Kept across registries, as the app's.
    static var settingsProvider: (@MainActor (UIScreen) -> ScreenSettings?)?

    /// Makes the renderer of each screen's compositor (`UIApplication.rendererProvider`); nil:
    /// the pixman renderer. Kept across registries, as the app's.
    static var rendererProvider: (@MainActor (any DisplayOutput) -> any Renderer)?

    /// Told when a screen's first frame is on screen (`UIApplication.screenFirstFrameHandler`).
    /// Kept across registries, as the app's.
    static var firstFrameHandler: (@MainActor (UIScreen) -> Void)?

    /// `screen` with its frame loop's first-frame signal forwarded to `firstFrameHandler`.
    private static func observed(_ screen: UIScreen) -> UIScreen {
        screen.frameLoop.firstFramePresented = { [weak screen] in
            guard let screen else { return }
            screen.postFirstFramePresented()
            firstFrameHandler?(screen)
        }
        return screen
    }

    /// A screen for `output` with the provider's settings applied before its first frame
    /// (frames start at the next clock turn) and before it is announced.
    private static func makeScreen(for output: any DisplayOutput, clock: any MediaClock) -> UIScreen {
        let screen = observed(UIScreen(output: output, clock: clock))
        if let settings = settingsProvider?(screen) { screen.apply(settings, announces: false) }
        return screen
    }

    /// Asks the provider again for every connected screen and applies what it returns.
    func reapplySettings() {
        guard let provider = Self.settingsProvider else { return }
        for screen in screens {
            if let settings = provider(screen) { screen.apply(settings) }
        }
    }

    private func modeChanged(_ output: any DisplayOutput) {
        screen(for: output)?.outputModeDidChange()
    }

    /// Replaces the current registry: the old screens stop drawing.
    static func install(_ backend: any DisplayBackend) {
        for screen in installed?.screens ?? [] { screen.frameLoop.stop() }
        installed = ScreenRegistry(backend: backend)
    }
}
