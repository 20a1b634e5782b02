import Dispatch
import Foundation
import VitrineSystemd

// The kiosk service side of the app (a Vitrine addition): under systemd (`Type=notify`), the
// app says READY once its first frame is on screen and feeds the watchdog from the main loop,
// so a hung loop gets the service restarted.
extension UIApplication {
    /// Starts telling systemd about the app, when it runs under a `Type=notify` unit
    /// (`NOTIFY_SOCKET` set); `UIApplicationMain` calls it at launch.
    func startServiceNotifications(_ notifier: SystemdNotifier?) {
        watchdogTimer?.cancel()
        watchdogTimer = nil
        hasNotifiedReady = false
        serviceNotifier = notifier
        guard let notifier else { return }
        if let interval = notifier.watchdogInterval {
            // Twice per interval, from the main queue: if the main loop hangs, no WATCHDOG=1.
            let timer = DispatchSource.makeTimerSource(queue: .main)
            timer.schedule(deadline: .now(), repeating: interval / 2)
            timer.setEventHandler { notifier.watchdog() }
            timer.resume()
            watchdogTimer = timer
        }
        if UIScreen.screens.isEmpty {
            // Nothing to draw on yet: the app is up; screens come with hotplug.
            notifier.ready(status: "Running with no display connected")
            hasNotifiedReady = true
        }
    }

    /// A screen presented its first frame: READY=1, once.
    func screenPresentedFirstFrame() {
        guard let notifier = serviceNotifier, !hasNotifiedReady else { return }
        hasNotifiedReady = true
        let names = UIScreen.screens.map(\.name).joined(separator: ", ")
        notifier.ready(status: "Showing \(UIScreen.screens.count) screen(s): \(names)")
    }
}
