import Foundation
import Testing

@testable import VitrineKit

/// An app delegate that records what it sees when it finishes launching.
@MainActor final class StoryboardAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var sawAtWillFinish: Bool?
    var sawAtDidFinish: (keyVisible: Bool, root: String)?

    func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        sawAtWillFinish = window != nil
        return true
    }

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        sawAtDidFinish = (
            window?.isKeyWindow == true && window?.isHidden == false, "\(type(of: window?.rootViewController))"
        )
        return true
    }
}

/// The app delegate of MainWindow.xib: its window outlet comes from the nib.
@MainActor final class MainNibAppDelegate: UIResponder, UIApplicationDelegate {
    @Outlet var window: UIWindow?
}

/// The main interface an Info.plist names, loaded at launch (`UIMainStoryboardFile`,
/// `UISceneStoryboardFile`, `NSMainNibFile`).
@MainActor @Suite(.serialized) struct MainInterfaceTests {
    /// A bundle directory holding an Info.plist (binary or XML) and copies of fixtures.
    func appBundle(info: [String: Any], binary: Bool = true, copying files: [String]) throws -> Bundle {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitrine-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let data = try PropertyListSerialization.data(
            fromPropertyList: info, format: binary ? .binary : .xml, options: 0)
        try data.write(to: directory.appendingPathComponent("Info.plist"))
        for file in files {
            try FileManager.default.copyItem(
                at: NibFixtures.directory.appendingPathComponent(file), to: directory.appendingPathComponent(file))
        }
        return try #require(Bundle(url: directory))
    }

    /// Launches `delegate` on a fresh headless screen with the main interface from `bundle`.
    func launch(_ delegate: UIApplicationDelegate, bundle: Bundle) -> EventScene {
        let scene = EventScene(width: 1180, height: 820)
        let previous = UIApplication.shared.delegate
        UIApplication.shared.launch(delegate: delegate, displayBackend: nil, interfaceBundle: bundle)
        UIApplication.shared.delegate = previous
        return scene
    }

    @Test func theMainStoryboardMakesAKeyWindowBeforeDidFinishLaunching() throws {
        let bundle = try appBundle(info: ["UIMainStoryboardFile": "Flow"], copying: ["Flow.storyboard"])
        let delegate = StoryboardAppDelegate()
        let scene = launch(delegate, bundle: bundle)
        #expect(delegate.sawAtWillFinish == false)
        #expect(delegate.sawAtDidFinish?.keyVisible == true)
        #expect(
            delegate.sawAtDidFinish?.root == "Optional<UIViewController>"
                || delegate.sawAtDidFinish?.root.contains("UINavigationController") == true)
        let window = try #require(delegate.window)
        #expect(window.rootViewController is UINavigationController)
        #expect(window.bounds.size == UIScreen.main.bounds.size)
        scene.clock.advance(by: 0.05)
        let home = try #require(
            (window.rootViewController as? UINavigationController)?.topViewController as? FlowHomeController)
        #expect(home.isViewLoaded)
        #expect(home.welcomeLabel.window === window)
        window.isHidden = true
    }

    @Test func theSceneManifestsStoryboardInAnXMLPlist() throws {
        let manifest: [String: Any] = [
            "UIApplicationSupportsMultipleScenes": false,
            "UISceneConfigurations": [
                "UIWindowSceneSessionRoleApplication": [
                    ["UISceneConfigurationName": "Default Configuration", "UISceneStoryboardFile": "Flow"]
                ]
            ],
        ]
        let bundle = try appBundle(
            info: ["UIApplicationSceneManifest": manifest], binary: false, copying: ["Flow.storyboard"])
        let delegate = StoryboardAppDelegate()
        _ = launch(delegate, bundle: bundle)
        #expect(delegate.window?.rootViewController is UINavigationController)
        delegate.window?.isHidden = true
    }

    @Test func theMainNibGivesTheDelegatesWindowAndItsRoot() throws {
        let bundle = try appBundle(
            info: ["NSMainNibFile": "MainWindow"], copying: ["MainWindow.xib", "CounterView.xib"])
        let delegate = MainNibAppDelegate()
        _ = launch(delegate, bundle: bundle)
        let window = try #require(delegate.window)
        #expect(window.isKeyWindow)
        #expect(window.frame == UIScreen.main.bounds)
        let counter = try #require(window.rootViewController as? CounterViewController)
        #expect(counter.tabBarItem.title == "Counter")
        #expect(counter.nibName == "CounterView")
        #expect(counter.countLabel?.text == "0", "the root's view came from its nib")
        window.isHidden = true
    }

    @Test func aCorruptInfoPlistOrMissingStoryboardLoadsNoInterface() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitrine-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("<plist><dict><key>UIMain".utf8).write(to: directory.appendingPathComponent("Info.plist"))
        let delegate = StoryboardAppDelegate()
        _ = launch(delegate, bundle: try #require(Bundle(url: directory)))
        #expect(delegate.window == nil)
        #expect(delegate.sawAtDidFinish != nil, "launching went on")

        let missing = try appBundle(info: ["UIMainStoryboardFile": "Nowhere"], copying: [])
        let second = StoryboardAppDelegate()
        _ = launch(second, bundle: missing)
        #expect(second.window == nil)
    }

    @Test func uiAppFontsAreRegisteredFromTheAppsResources() throws {
        let bundle = try appBundle(info: [:], copying: [])
        let fonts = bundle.bundleURL.appendingPathComponent("Fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: NibFixtures.directory.deletingLastPathComponent().appendingPathComponent(
                "Fonts/VitrineTestSans-Bold.ttf"),
            to: fonts.appendingPathComponent("VitrineTestSans-Bold.ttf"))
        let info: [String: Any] = ["UIAppFonts": ["Fonts/VitrineTestSans-Bold.ttf", "Fonts/Missing.ttf"]]
        #expect(MainInterface.registerAppFonts(info, in: bundle) == 1)
        #expect(UIFont(name: "VitrineTestSans-Bold", size: 14) != nil)
    }
}
