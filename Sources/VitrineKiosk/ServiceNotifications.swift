import Dispatch
import Foundation
import VitrineKit
import VitrineSystemd

/// Tells systemd about the running app under a `Type=notify` unit (`NOTIFY_SOCKET` set):
/// READY=1 once a screen's first frame is on screen (at once when no display is connected),
/// and WATCHDOG=1 from the main queue, so a hung main loop gets the service restarted.
///
/// It observes `UIScreen.didPresentFirstFrameNotification` (the application's
/// `screenFirstFrameHandler` is the app's own); the frame loop knows nothing of systemd.
@MainActor
final class ServiceNotifications {
    let notifier: SystemdNotifier
    private(set) var hasNotifiedReady = false
    private var watchdogTimer: (any DispatchSourceTimer)?
    private var firstFrameObserver: (any NSObjectProtocol)?

    /// Starts telling systemd through `notifier`.
    init(notifier: SystemdNotifier) {
        self.notifier = notifier
        if let interval = notifier.watchdogInterval {
            // Twice per interval, from the main queue: if the main loop hangs, no WATCHDOG=1.
            let timer = DispatchSource.makeTimerSource(queue: .main)
            timer.schedule(deadline: .now(), repeating: interval / 2)
            timer.setEventHandler { notifier.watchdog() }
            timer.resume()
            watchdogTimer = timer
        }
        // Posted on the main thread by the screen registry.
        firstFrameObserver = NotificationCenter.default.addObserver(
            forName: UIScreen.didPresentFirstFrameNotification, object: nil, queue: nil
        ) { [weak self] _ in
            MainActor.assumeIsolated { self?.screenPresentedFirstFrame() }
        }
        if UIScreen.screens.isEmpty {
            // Nothing to draw on yet: the app is up; screens come with hotplug.
            notifier.ready(status: "Running with no display connected")
            hasNotifiedReady = true
        }
    }

    /// A screen presented its first frame: READY=1, once.
    func screenPresentedFirstFrame() {
        guard !hasNotifiedReady else { return }
        hasNotifiedReady = true
        let names = UIScreen.screens.map(\.name).joined(separator: ", ")
        notifier.ready(status: "Showing \(UIScreen.screens.count) screen(s): \(names)")
    }

    /// Stops the watchdog and stops listening for first frames (at shutdown).
    func stop() {
        watchdogTimer?.cancel()
        watchdogTimer = nil
        if let firstFrameObserver { NotificationCenter.default.removeObserver(firstFrameObserver) }
        firstFrameObserver = nil
    }
}
