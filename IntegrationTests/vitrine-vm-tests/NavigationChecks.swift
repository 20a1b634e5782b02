import Foundation
import VitrineKit
import VitrinePlatform

/// Taps on a real touchscreen (uinput, read by libinput) through a navigation flow on real KMS
/// (vkms): a button pushes a second screen, its bar's back button brings the first back, and a
/// button presents an alert whose OK runs its handler once the alert has gone.
@MainActor
enum NavigationChecks {
    static func run(_ checks: Checks, _ clock: MonotonicClock) async {
        guard
            let app = InputChecks.TouchscreenApp(checks, clock, device: "Vitrine VM Touchscreen N", label: "navigation")
        else {
            return
        }
        defer { app.finish() }
        let touchscreen = app.touchscreen
        let screen = UIScreen.main
        checks.expect(screen.name == InputChecks.output, "navigation: the main screen is Virtual-1", screen.name)

        let home = UIViewController()
        home.title = "Home"
        home.view.backgroundColor = .white
        let details = UIViewController()
        details.title = "Details"
        details.view.backgroundColor = .lightGray
        let navigation = UINavigationController(rootViewController: home)
        let open = button("Open", at: CGPoint(x: 100, y: 200), in: home.view)
        let ask = button("Ask", at: CGPoint(x: 100, y: 320), in: home.view)
        open.addAction(
            UIAction { _ in navigation.pushViewController(details, animated: true) }, for: .primaryActionTriggered)
        var handled = 0
        var alertGoneWhenHandled = false
        ask.addAction(
            UIAction { _ in
                let alert = UIAlertController(title: "Sure?", message: "A check on vkms.", preferredStyle: .alert)
                alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
                alert.addAction(
                    UIAlertAction(title: "OK", style: .default) { _ in
                        handled += 1
                        alertGoneWhenHandled = home.presentedViewController == nil
                    })
                home.present(alert, animated: true)
            }, for: .primaryActionTriggered)
        let window = UIWindow(screen: screen)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        defer { window.isHidden = true }

        guard let source = await InputChecks.startTouchInput(checks, "navigation", for: touchscreen) else { return }
        defer { source.stop() }

        func tap(_ view: UIView) {
            let point = view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil)
            let x = UInputTouchscreen.raw(point.x / screen.bounds.width)
            let y = UInputTouchscreen.raw(point.y / screen.bounds.height)
            touchscreen.down(slot: 0, x: x, y: y)
            touchscreen.sync()
            touchscreen.up(slot: 0)
            touchscreen.sync()
        }

        // Push.
        tap(open)
        let pushed = await waitUntil(timeout: 5) {
            navigation.topViewController === details && details.view.window != nil && home.view.window == nil
        }
        checks.expect(
            pushed, "navigation: a tap on a button pushes the second screen (the first leaves the window)",
            "top \(navigation.topViewController?.title ?? "none")")

        // Back, through the bar's back button (titled with the first screen's title).
        if let back = label("Home", in: navigation.navigationBar) {
            tap(back)
        } else {
            checks.expect(false, "navigation: the bar shows a back button titled Home")
        }
        let popped = await waitUntil(timeout: 5) {
            navigation.topViewController === home && home.view.window != nil && details.view.window == nil
        }
        checks.expect(popped, "navigation: a tap on the back button pops back to the first screen")

        // An alert: OK runs its handler once the alert has gone.
        tap(ask)
        let shown = await waitUntil(timeout: 5) { home.presentedViewController is UIAlertController }
        checks.expect(shown, "navigation: a tap presents the alert")
        let alertView = home.presentedViewController?.view
        let ok = alertView.flatMap { label("OK", in: $0) }
        // Its appearance ends before it is tapped (its container takes touches until then).
        let settled = await waitUntil(timeout: 5) { !(home.presentedViewController?.isBeingPresented ?? true) }
        checks.expect(settled, "navigation: the alert's appearance ends")
        if let ok { tap(ok) }
        let answered = await waitUntil(timeout: 5) { handled > 0 }
        checks.expect(
            answered && handled == 1 && alertGoneWhenHandled,
            "navigation: a tap on OK dismisses the alert, then runs its handler once",
            "handled \(handled), alert gone then \(alertGoneWhenHandled)")
    }

    private static func button(_ title: String, at origin: CGPoint, in view: UIView) -> UIButton {
        let button = UIButton(type: .system)
        button.setTitle(title, for: .normal)
        button.frame = CGRect(origin: origin, size: CGSize(width: 200, height: 80))
        view.addSubview(button)
        return button
    }

    /// The label showing `text` in `view`'s subtree.
    private static func label(_ text: String, in view: UIView) -> UILabel? {
        if let label = view as? UILabel, label.text == text { return label }
        for subview in view.subviews {
            if let found = label(text, in: subview) { return found }
        }
        return nil
    }
}
