import Foundation

/// The main interface an app's Info.plist names, loaded at launch as UIKit does:
/// `UIMainStoryboardFile` (or the storyboard of the application scene configuration in
/// `UIApplicationSceneManifest`, `UISceneStoryboardFile`, as Xcode's templates write it), else
/// `NSMainNibFile`.
///
/// - A main storyboard: its initial controller becomes the root of a window on the main screen
///   (the delegate's `window` when it has one, else a new one given to the delegate), made key and
///   visible before `application(_:didFinishLaunchingWithOptions:)` runs.
/// - A main nib: loaded with the application as its File's Owner; the nib's custom object of the
///   app delegate's class stands for the running delegate (its outlets, `window` among them, are
///   set); its windows fill the main screen and the first is made key and visible.
///
/// The Info.plist is found as interface files are (`InterfaceResources`); XML and binary
/// property lists are read with `PropertyListSerialization`. No Info.plist means no main
/// interface; an unreadable one, or a main interface that does not load, is logged with its file.
/// The fonts `UIAppFonts` lists are registered first, as iOS does at launch.
@MainActor
enum MainInterface {
    /// The keys read.
    static let storyboardKey = "UIMainStoryboardFile"
    static let nibKey = "NSMainNibFile"

    /// The Info.plist's dictionary in `bundle`, or nil when there is none (or it is unreadable:
    /// logged).
    static func infoDictionary(in bundle: Bundle) -> [String: Any]? {
        guard let url = InterfaceResources.url(named: "Info", extension: "plist", in: bundle) else { return nil }
        do {
            let data = try Data(contentsOf: url)
            guard let dictionary = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
            else {
                kitLog.error("\(url.path): is not a dictionary property list; no main interface is loaded")
                return nil
            }
            return dictionary
        } catch {
            kitLog.error("\(url.path): cannot be read as a property list (\(error)); no main interface is loaded")
            return nil
        }
    }

    /// Registers the fonts `UIAppFonts` lists (paths relative to the bundle's resources, as on
    /// iOS), for this process, with `UIFont.registerFont(at:)`: how many files were found. A
    /// missing file is logged.
    @discardableResult
    static func registerAppFonts(_ info: [String: Any], in bundle: Bundle) -> Int {
        var registered = 0
        for path in info["UIAppFonts"] as? [String] ?? [] {
            let name = (path as NSString).deletingPathExtension
            let ext = (path as NSString).pathExtension
            guard let url = InterfaceResources.url(named: name, extension: ext, in: bundle) else {
                kitLog.error("Info.plist UIAppFonts: \(path) is not in the app's resources")
                continue
            }
            // False also when the faces are registered already (a second launch in one process).
            UIFont.registerFont(at: url)
            registered += 1
        }
        return registered
    }

    /// The main storyboard's name in an Info.plist dictionary.
    static func storyboardName(in info: [String: Any]) -> String? {
        if let name = info[storyboardKey] as? String { return name }
        let manifest = info["UIApplicationSceneManifest"] as? [String: Any]
        let configurations = manifest?["UISceneConfigurations"] as? [String: Any]
        let roles = configurations?["UIWindowSceneSessionRoleApplication"] as? [[String: Any]]
        return roles?.lazy.compactMap { $0["UISceneStoryboardFile"] as? String }.first
    }

    /// Loads the main interface `bundle`'s Info.plist names for `application`, whose delegate is
    /// set. Returns the window made or loaded, if any.
    @discardableResult
    static func load(from bundle: Bundle, for application: UIApplication) -> UIWindow? {
        guard let info = infoDictionary(in: bundle), let delegate = application.delegate else { return nil }
        registerAppFonts(info, in: bundle)
        if let name = storyboardName(in: info) {
            let storyboard = UIStoryboard(name: name, bundle: bundle)
            guard let root = storyboard.instantiateInitialViewController() else {
                kitLog.error("main storyboard \(name): no initial view controller was made; no main window")
                return nil
            }
            let window = delegate.window ?? UIWindow(frame: UIScreen.main.bounds)
            delegate.window = window
            window.rootViewController = root
            window.makeKeyAndVisible()
            return window
        }
        if let name = info[nibKey] as? String {
            let nib = UINib.cached(named: name, bundle: bundle)
            let windows = nib.instantiate(withOwner: application).compactMap { $0 as? UIWindow }
            for window in windows { window.frame = UIScreen.main.bounds }
            guard let window = delegate.window ?? windows.first else {
                kitLog.error("main nib \(name): no window was loaded")
                return nil
            }
            window.makeKeyAndVisible()
            return window
        }
        return nil
    }
}
