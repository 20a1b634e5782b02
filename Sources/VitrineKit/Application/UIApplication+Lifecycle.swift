import Foundation

extension UIApplication {
    /// The app's execution state, as `UIApplication.State`.
    public enum State: Int, Sendable {
        /// In the foreground and receiving events, as `active`.
        case active
        /// In the foreground but not receiving events (launching, or about to end), as `inactive`.
        case inactive
        /// Not on screen, as `background`: a kiosk app is there only on its way out.
        case background
    }

    /// Posted after `applicationDidBecomeActive(_:)`, as `didBecomeActiveNotification`.
    nonisolated public static let didBecomeActiveNotification = Notification.Name(
        "UIApplicationDidBecomeActiveNotification")
    /// Posted after `applicationWillResignActive(_:)`, as `willResignActiveNotification`.
    nonisolated public static let willResignActiveNotification = Notification.Name(
        "UIApplicationWillResignActiveNotification")
    /// Posted after `applicationDidEnterBackground(_:)`, as `didEnterBackgroundNotification`.
    nonisolated public static let didEnterBackgroundNotification = Notification.Name(
        "UIApplicationDidEnterBackgroundNotification")
    /// Posted after `applicationWillTerminate(_:)`, as `willTerminateNotification`.
    nonisolated public static let willTerminateNotification = Notification.Name(
        "UIApplicationWillTerminateNotification")

    /// The app becomes active once it has launched (`UIApplicationMain` calls this after
    /// `didFinishLaunchingNotification`), as UIKit follows a launch with
    /// `applicationDidBecomeActive(_:)` and `didBecomeActiveNotification`.
    func becomeActive() {
        applicationState = .active
        delegate?.applicationDidBecomeActive(self)
        NotificationCenter.default.post(name: Self.didBecomeActiveNotification, object: self)
    }

    /// The app is about to end (a Vitrine addition for the kiosk service, which calls it when
    /// systemd stops the service with SIGTERM): it goes the way UIKit takes an app that the
    /// system ends, `applicationWillResignActive(_:)`, `applicationDidEnterBackground(_:)`
    /// (where iOS apps save their state), then `applicationWillTerminate(_:)`, each followed by
    /// its notification, all on the main thread before the process exits. Called again, it does
    /// nothing.
    @_spi(Service)
    public func terminate() {
        guard !isTerminating else { return }
        isTerminating = true
        if applicationState == .active {
            applicationState = .inactive
            delegate?.applicationWillResignActive(self)
            NotificationCenter.default.post(name: Self.willResignActiveNotification, object: self)
        }
        applicationState = .background
        delegate?.applicationDidEnterBackground(self)
        NotificationCenter.default.post(name: Self.didEnterBackgroundNotification, object: self)
        delegate?.applicationWillTerminate(self)
        NotificationCenter.default.post(name: Self.willTerminateNotification, object: self)
    }
}
