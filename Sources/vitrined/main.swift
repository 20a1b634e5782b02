// vitrined: the reference kiosk daemon. It runs the demo app through `UIApplicationMain`, which
// carries the whole kiosk service (command line, config, backends, systemd, signals, control
// socket): `vitrined --help` lists the options, docs/install.md installs it on a panel.
import VitrineDemo
import VitrineKit

/// The demo kiosk app: one window on the main screen showing `KioskViewController`.
@MainActor
final class KioskAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = KioskViewController()
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}

MainActor.assumeIsolated {
    UIApplicationMain(KioskAppDelegate())
}
