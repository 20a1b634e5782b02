import Foundation
import VitrinePlatform

extension UIApplication {
    /// Posted when the system is low on memory, with the application as the object, as
    /// `didReceiveMemoryWarningNotification`. Vitrine posts it when the service's cgroup comes
    /// under memory pressure (see `MemoryPressureWatcher`).
    public static let didReceiveMemoryWarningNotification = Notification.Name(
        "UIApplicationDidReceiveMemoryWarningNotification")

    /// Delivers a memory warning on the main actor, in UIKit's order: the delegate's
    /// `applicationDidReceiveMemoryWarning(_:)`, then `didReceiveMemoryWarningNotification`,
    /// then `didReceiveMemoryWarning()` on every view controller in the window hierarchy
    /// (each window's root view controller, its children and what it presents; UIKit's
    /// controllers observe the notification, so they come after the app's other observers).
    /// The memory-pressure watcher calls it; a Vitrine addition for the service and tests, as
    /// the simulator's "Simulate Memory Warning".
    @_spi(Service)
    public func deliverMemoryWarning() {
        delegate?.applicationDidReceiveMemoryWarning(self)
        NotificationCenter.default.post(name: UIApplication.didReceiveMemoryWarningNotification, object: self)
        for window in windows {
            window.rootViewController?.deliverMemoryWarning()
        }
    }

    /// Starts turning memory pressure into memory warnings: the cgroup v2 `memory.events` of
    /// `cgroupDirectory`, or of this process's own group when nil, watched by a
    /// `MemoryPressureWatcher` on the main queue (at most one warning per `minimumInterval`
    /// seconds). Returns false when there is nothing to watch (cgroup v1, no memory
    /// controller). `UIApplicationMain` starts it for the process's own group; a second call
    /// replaces the watcher.
    @_spi(Service)
    @discardableResult
    public func startMemoryPressureMonitoring(cgroupDirectory: URL? = nil, minimumInterval: TimeInterval = 1) -> Bool {
        memoryPressureWatcher?.cancel()
        let handler: @MainActor (MemoryEvents) -> Void = { [weak self] events in
            kitLog.notice(
                "memory pressure: delivering a memory warning",
                metadata: ["high": "\(events.high)", "max": "\(events.max)", "oom": "\(events.oom)"])
            self?.deliverMemoryWarning()
        }
        if let cgroupDirectory {
            memoryPressureWatcher = MemoryPressureWatcher(
                cgroupDirectory: cgroupDirectory, minimumInterval: minimumInterval, handler: handler)
        } else {
            memoryPressureWatcher = MemoryPressureWatcher(minimumInterval: minimumInterval, handler: handler)
        }
        return memoryPressureWatcher != nil
    }

    /// Stops the memory-pressure watcher.
    @_spi(Service)
    public func stopMemoryPressureMonitoring() {
        memoryPressureWatcher?.cancel()
        memoryPressureWatcher = nil
    }
}
