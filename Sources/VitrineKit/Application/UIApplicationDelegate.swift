import Foundation

/// The app's delegate, as UIKit's `UIApplicationDelegate`. Every method is optional
/// (implemented in an extension).
@MainActor
public protocol UIApplicationDelegate: AnyObject {
    /// The app finished launching: make windows here, as
    /// `application(_:didFinishLaunchingWithOptions:)`. Return value is ignored, as in UIKit.
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool

    /// The app is about to end, as `applicationWillTerminate(_:)`.
    func applicationWillTerminate(_ application: UIApplication)
}

extension UIApplicationDelegate {
    public func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }

    public func applicationWillTerminate(_ application: UIApplication) {}
}
