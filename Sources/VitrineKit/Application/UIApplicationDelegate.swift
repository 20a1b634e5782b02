import Foundation

/// The app's delegate, as UIKit's `UIApplicationDelegate`. Every method is optional
/// (implemented in an extension).
@preconcurrency @MainActor
public protocol UIApplicationDelegate: AnyObject {
    /// The app finished launching: make windows here, as
    /// `application(_:didFinishLaunchingWithOptions:)`. Return value is ignored, as in UIKit.
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool

    /// The app is about to end, as `applicationWillTerminate(_:)`.
    func applicationWillTerminate(_ application: UIApplication)

    /// The system is low on memory, as `applicationDidReceiveMemoryWarning(_:)`: called first,
    /// before `UIApplication.didReceiveMemoryWarningNotification` and the view controllers'
    /// `didReceiveMemoryWarning()`. Vitrine calls it when the service's cgroup comes under
    /// memory pressure (its `memory.events` `high` or `max` counter rises).
    func applicationDidReceiveMemoryWarning(_ application: UIApplication)
}

extension UIApplicationDelegate {
    public func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }

    public func applicationWillTerminate(_ application: UIApplication) {}

    public func applicationDidReceiveMemoryWarning(_ application: UIApplication) {}
}
