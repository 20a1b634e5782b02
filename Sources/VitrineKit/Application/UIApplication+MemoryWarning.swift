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
    /// seconds). With no directory given and no `memory.events` (cgroup v1, no memory
    /// controller), a `PressureStallWatcher` on `/proc/pressure/memory` when the kernel lets
    /// the process make a trigger. Returns false when there is nothing to watch. `UIApplicationMain` starts it for the process's own group; a second call
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
        stallWatcher?.cancel()
        stallWatcher = nil
        if let cgroupDirectory {
            memoryPressureWatcher = MemoryPressureWatcher(
                cgroupDirectory: cgroupDirectory, minimumInterval: minimumInterval, handler: handler)
            return memoryPressureWatcher != nil
        }
        memoryPressureWatcher = MemoryPressureWatcher(minimumInterval: minimumInterval, handler: handler)
        if memoryPressureWatcher == nil {
            // No cgroup v2 memory.events: the kernel's pressure-stall trigger, where it lets
            // this process make one.
            stallWatcher = PressureStallWatcher { [weak self] in
                kitLog.notice("memory pressure stall: delivering a memory warning")
                self?.deliverMemoryWarning()
            }
        }
        return memoryPressureWatcher != nil || stallWatcher != nil
    }

    /// Stops the memory-pressure watcher.
    @_spi(Service)
    public func stopMemoryPressureMonitoring() {
        memoryPressureWatcher?.cancel()
        memoryPressureWatcher = nil
        stallWatcher?.cancel()
        stallWatcher = nil
    }
}
