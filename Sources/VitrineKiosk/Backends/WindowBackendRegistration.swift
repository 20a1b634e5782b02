import Logging
import VitrineKit
import VitrinePlatform
import VitrineService
import VitrineWayland

/// The `window` backend: each screen a window on the desktop (`--window-screen WxH[@SCALE]`,
/// default one 800x480), as a Wayland client (GNOME, KDE, Weston, cage on a panel). Automatic
/// when a Wayland session is present (`WAYLAND_DISPLAY`) and no DRM card was usable (the `drm`
/// registration comes first). Closing a window quits the app as SIGTERM does; the compositor
/// going away exits with 69 (`EX_UNAVAILABLE`) after a log line saying so.
@MainActor
enum WindowBackendRegistration {
    static let registration = BackendRegistration(
        name: "window",
        summary: "a window per screen on the Wayland desktop (--window-screen WxH[@SCALE], default one 800x480)",
        capabilities: [.display, .input],
        isAutomatic: true,
        launch: { context throws(BackendUnavailable) in try launch(context) })

    static let log = Logger(label: "vitrine.window")

    static func launch(_ context: BackendLaunchContext) throws(BackendUnavailable) -> LaunchedBackends {
        let socket = context.environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
        guard socket != nil || context.isExplicit else {
            throw BackendUnavailable("no desktop session (WAYLAND_DISPLAY is not set)")
        }
        let backend: WaylandBackend
        do {
            backend = try WaylandBackend(
                socket: socket, appName: context.appName, resizePolicy: context.windowResize, clock: MonotonicClock())
        } catch {
            throw BackendUnavailable("\(error)")
        }
        backend.log = { message in log.notice("\(message)") }
        let requestStop = context.requestStop
        backend.connectionLostHandler = { reason in
            log.critical("\(reason): stopping")
            requestStop?("Stopping: \(reason)", ExitStatus.unavailable)
        }
        backend.closeRequestedHandler = { output in
            requestStop?("Stopping: the window \(output.name) was closed", 0)
        }
        let input = WaylandInputSource(backend: backend)
        input.log = { message in log.notice("\(message)") }
        // The desktop's key repeat, as a desktop app's keys repeat; the application repeats
        // them as on every backend (a config reload puts `[keyboard]`'s back until the
        // compositor sends its own again).
        input.repeatInfoHandler = { delay, rate in
            UIApplication.shared.keyRepeat = KeyRepeatSettings(delay: delay, rate: rate)
        }
        let screens = context.windowScreens
        let simulator = WindowSimulator(log: log)
        var secondScreen: WaylandOutput?
        simulator.toggleSecondScreen = {
            if let second = secondScreen {
                backend.removeWindow(second)
                secondScreen = nil
                log.notice("simulator: second screen disconnected")
            } else {
                let spec = screens.count > 1 ? screens[1] : WindowScreenSpec(width: 1280, height: 720)
                secondScreen = backend.addWindow(spec, name: "WINDOW-EXTERNAL")
                log.notice("simulator: second screen \(spec) connected")
            }
        }
        input.keyFilter = { event in
            guard let key = SimulatorKey.matching(event) else { return false }
            simulator.perform(key)
            return true
        }
        return LaunchedBackends(
            name: registration.name, display: backend, input: input,
            start: {
                for spec in screens { backend.addWindow(spec) }
                backend.start()
            },
            stop: { backend.shutdown() })
    }
}
