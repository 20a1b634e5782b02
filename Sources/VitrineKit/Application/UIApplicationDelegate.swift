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

    /// The app is about to end, as `applicationWillTerminate(_:)`.
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

    public func applicationWillTerminate(_ application: UIApplication) {}

    public func applicationDidReceiveMemoryWarning(_ application: UIApplication) {}
}
