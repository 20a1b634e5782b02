import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// A tab bar delegate that logs into a navigation log and can refuse selections.
@MainActor
final class TabBarDelegateLog: UITabBarControllerDelegate {
    let log: NavigationLog
    var refused: Set<String> = []
    init(log: NavigationLog) { self.log = log }

    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController)
        -> Bool
    {
        log.add("delegate.shouldSelect(\(viewController.title ?? "?"))")
        return !refused.contains(viewController.title ?? "")
    }

    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        log.add("delegate.didSelect(\(viewController.title ?? "?"))")
    }
}

/// A tab bar controller with logging tabs "A", "B", "C" filling the window of a fresh
/// 400x300 event scene, shown (its first frame out) and its log emptied.
@MainActor
struct TabBarScene {
    let scene = EventScene()
    let log = NavigationLog()
    let tabs = UITabBarController()
    let delegate: TabBarDelegateLog
    let a: NavigationLoggingController
    let b: NavigationLoggingController
    let c: NavigationLoggingController

    init() {
        a = NavigationLoggingController("A", log: log)
        b = NavigationLoggingController("B", log: log)
        c = NavigationLoggingController("C", log: log)
        tabs.viewControllers = [a, b, c]
        delegate = TabBarDelegateLog(log: log)
        tabs.delegate = delegate
        scene.window.rootViewController = tabs
        scene.clock.advance(by: 0.05)
        _ = log.take()
    }

    /// Taps the middle of the bar's item at `index`, then lets a frame go out.
    func tapItem(_ index: Int) {
        let button = tabs.tabBar.buttons[index]
        scene.input.tap(
            at: scene.screenPoint(CGPoint(x: button.bounds.midX, y: button.bounds.midY), in: button),
            time: scene.clock.now)
        scene.clock.advance(by: 1.0 / 60)
    }

    /// Collects the errors tab bar controllers report while `body` runs.
    func errors(during body: () -> Void) -> [String] {
        var errors: [String] = []
        UITabBarController.errorObserver = { errors.append($0) }
        defer { UITabBarController.errorObserver = nil }
        body()
        return errors
    }
}

/// A template image for tab items: a black disc `size` points wide on transparency, at scale 1.
@MainActor
func tabIcon(size: CGFloat = 24) -> UIImage {
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    return UIGraphicsImageRenderer(size: CGSize(width: size, height: size), format: format).image { context in
        UIColor.black.setFill()
        context.cgContext.fillEllipse(in: CGRect(x: 2, y: 2, width: size - 4, height: size - 4))
    }
}
