import Foundation

/// The app's delegate, as UIKit's `UIApplicationDelegate`. Every method is optional
/// (implemented in an extension).
@preconcurrency @MainActor
public protocol UIApplicationDelegate: AnyObject {
    /// The app's main window, as `window`. When the Info.plist names a main storyboard, UIKit
    /// (and Vitrine) makes the window and sets this before `didFinishLaunching`; a main nib sets
    /// it through its `window` outlet. Declare it as `var window: UIWindow?` (the default keeps
    /// nothing).
    var window: UIWindow? { get set }

    /// The app is about to finish launching, before the main interface loads, as
    /// `application(_:willFinishLaunchingWithOptions:)`. Return value is ignored.
    func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool

    /// The app finished launching: make windows here, as
    /// `application(_:didFinishLaunchingWithOptions:)`. Return value is ignored, as in UIKit.
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool

    /// The app became active, as `applicationDidBecomeActive(_:)`: once it has launched, after
    /// `didFinishLaunchingNotification`.
    func applicationDidBecomeActive(_ application: UIApplication)

    /// The app is about to stop being active, as `applicationWillResignActive(_:)`: the kiosk
    /// service is stopping (SIGTERM).
    func applicationWillResignActive(_ application: UIApplication)

    /// The app left the screen, as `applicationDidEnterBackground(_:)`, where iOS apps save
    /// their state: the kiosk service is stopping, and `applicationWillTerminate(_:)` follows.
    func applicationDidEnterBackground(_ application: UIApplication)

    /// The app is about to end, as `applicationWillTerminate(_:)`: the kiosk service was
    /// stopped (systemd's SIGTERM, or SIGINT), and the process exits once it returns.
    func applicationWillTerminate(_ application: UIApplication)

    /// The system is low on memory, as `applicationDidReceiveMemoryWarning(_:)`: called first,
    /// before `UIApplication.didReceiveMemoryWarningNotification` and the view controllers'
    /// `didReceiveMemoryWarning()`. Vitrine calls it when the service's cgroup comes under
    /// memory pressure (its `memory.events` `high` or `max` counter rises).
    func applicationDidReceiveMemoryWarning(_ application: UIApplication)
}

extension UIApplicationDelegate {
    public var window: UIWindow? {
        get { nil }
        set {}
    }

    public func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }

    public func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }

    public func applicationDidBecomeActive(_ application: UIApplication) {}

    public func applicationWillResignActive(_ application: UIApplication) {}

    public func applicationDidEnterBackground(_ application: UIApplication) {}

    public func applicationWillTerminate(_ application: UIApplication) {}

    public func applicationDidReceiveMemoryWarning(_ application: UIApplication) {}
}
