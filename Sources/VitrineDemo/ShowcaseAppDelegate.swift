import Foundation
import VitrineKit

/// The showcase app: the main screen shows `ShowcaseViewController` in a navigation controller
/// (a product chosen from the menu pushes its `ProductDetailViewController`); every other screen shows
/// an `InfoBoardViewController` mirroring its status.
///
/// Screens follow the View Programming Guide's "Displaying Content on a Second Screen": when
/// `UIScreen.didConnectNotification` brings a screen, a window is made on it (`screen` set,
/// `frame` the screen's bounds) with the board and made visible; on
/// `UIScreen.didDisconnectNotification` it is hidden and released. Screens already connected
/// at launch get a board too. Unlike the guide's single second window, each extra screen gets
/// its own, and the main window follows the panel: when its screen goes, it moves to the first
/// remaining one (taking that screen from its board), and when no screen was left, the next
/// one to connect gets it back.
@MainActor
public final class ShowcaseAppDelegate: UIResponder, UIApplicationDelegate {
    /// The main window (nil until launch).
    public var window: UIWindow?
    /// The main screen's controller.
    public let mainViewController: ShowcaseViewController
    /// The main window's root: the showcase, which pushes a product's screen when one is
    /// chosen from the menu (its bar hidden on the showcase itself).
    public let navigationController: UINavigationController

    private struct Board {
        let window: UIWindow
        let controller: InfoBoardViewController
    }
    private var boards: [Board] = []
    private var observers: [any NSObjectProtocol] = []
    private let wallClock: @MainActor () -> Date
    private let timeZone: TimeZone?

    /// The app on the system's wall clock and time zone.
    public override convenience init() {
        self.init(wallClock: { Date() }, timeZone: nil)
    }

    /// The app reading the time from `wallClock` and showing it in `timeZone` (nil: the
    /// system's; tests pass fixed ones).
    public init(wallClock: @escaping @MainActor () -> Date, timeZone: TimeZone? = nil) {
        self.wallClock = wallClock
        self.timeZone = timeZone
        mainViewController = ShowcaseViewController(wallClock: wallClock, timeZone: timeZone)
        navigationController = UINavigationController(rootViewController: mainViewController)
        super.init()
    }

    isolated deinit {
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
    }

    public func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = navigationController
        window.makeKeyAndVisible()
        self.window = window
        mainViewController.statusDidChange = { [weak self] status in
            for board in self?.boards ?? [] { board.controller.show(status) }
        }
        observe(UIScreen.didConnectNotification) { $0.screenDidConnect($1) }
        observe(UIScreen.didDisconnectNotification) { $0.screenDidDisconnect($1) }
        observe(UIScreen.modeDidChangeNotification) { $0.screenModeDidChange($1) }
        for screen in UIScreen.screens where screen !== window.screen { showBoard(on: screen) }
        return true
    }

    // MARK: Screens

    /// The info board shown on `screen`, if any.
    public func infoBoard(on screen: UIScreen) -> InfoBoardViewController? {
        boards.first { $0.window.screen === screen }?.controller
    }

    /// The windows showing info boards, in the order their screens connected.
    public var boardWindows: [UIWindow] { boards.map(\.window) }

    private func observe(
        _ name: Notification.Name, _ handler: @escaping @MainActor (ShowcaseAppDelegate, UIScreen) -> Void
    ) {
        // Screen notifications are posted on the main thread by the screen registry.
        let observer = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) {
            [weak self] notification in
            // UIScreen is main-actor bound, so Sendable: it may cross into the closure.
            guard let screen = notification.object as? UIScreen else { return }
            MainActor.assumeIsolated {
                guard let self else { return }
                handler(self, screen)
            }
        }
        observers.append(observer)
    }

    private func screenDidConnect(_ screen: UIScreen) {
        guard let window else { return }
        if window.screen.isConnected {
            showBoard(on: screen)
        } else {
            move(window, to: screen)
        }
    }

    private func screenDidDisconnect(_ screen: UIScreen) {
        removeBoard(on: screen)
        if let window, window.screen === screen, let next = UIScreen.screens.first {
            removeBoard(on: next)
            move(window, to: next)
        }
    }

    private func screenModeDidChange(_ screen: UIScreen) {
        for window in [window].compactMap({ $0 }) + boardWindows where window.screen === screen {
            window.frame = screen.bounds
        }
    }

    private func showBoard(on screen: UIScreen) {
        guard infoBoard(on: screen) == nil else { return }
        let controller = InfoBoardViewController(screenName: screen.name, wallClock: wallClock, timeZone: timeZone)
        controller.show(mainViewController.status)
        let window = UIWindow(frame: screen.bounds)
        window.screen = screen
        window.rootViewController = controller
        window.isHidden = false
        boards.append(Board(window: window, controller: controller))
    }

    private func removeBoard(on screen: UIScreen) {
        guard let index = boards.firstIndex(where: { $0.window.screen === screen }) else { return }
        let board = boards.remove(at: index)
        board.window.isHidden = true
    }

    private func move(_ window: UIWindow, to screen: UIScreen) {
        window.screen = screen
        window.frame = screen.bounds
        window.makeKeyAndVisible()
    }
}
