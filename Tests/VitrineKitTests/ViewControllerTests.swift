import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// A controller that logs its callbacks into a shared log, prefixed with its name.
@MainActor
private final class LoggingController: UIViewController {
    let name: String
    let log: NavigationLog
    var customView: UIView?

    init(_ name: String, log: NavigationLog, customView: UIView? = nil) {
        self.name = name
        self.log = log
        self.customView = customView
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func loadView() {
        log.add("\(name).loadView")
        if let customView { view = customView } else { super.loadView() }
    }
    override func viewDidLoad() { log.add("\(name).viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { log.add("\(name).viewWillAppear") }
    override func viewIsAppearing(_ animated: Bool) { log.add("\(name).viewIsAppearing") }
    override func viewDidAppear(_ animated: Bool) { log.add("\(name).viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.add("\(name).viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.add("\(name).viewDidDisappear") }
    override func viewWillLayoutSubviews() { log.add("\(name).viewWillLayoutSubviews") }
    override func viewDidLayoutSubviews() { log.add("\(name).viewDidLayoutSubviews") }
    override func willMove(toParent parent: UIViewController?) {
        log.add("\(name).willMove(toParent: \((parent as? LoggingController)?.name ?? "nil"))")
    }
    override func didMove(toParent parent: UIViewController?) {
        log.add("\(name).didMove(toParent: \((parent as? LoggingController)?.name ?? "nil"))")
    }
}

@MainActor
private final class LayoutLoggingView: UIView {
    var log: NavigationLog?
    override func layoutSubviews() { log?.add("view.layoutSubviews") }
}

@Suite("UIViewController") @MainActor struct ViewControllerTests {
    @Test func theViewLoadsLazilyOnce() {
        _ = HeadlessRig()
        let log = NavigationLog()
        let custom = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let controller = LoggingController("c", log: log, customView: custom)
        #expect(!controller.isViewLoaded)
        #expect(controller.viewIfLoaded == nil)
        #expect(log.take().isEmpty)

        #expect(controller.view === custom)
        #expect(log.take() == ["c.loadView", "c.viewDidLoad"])
        #expect(controller.isViewLoaded)
        _ = controller.view
        controller.loadViewIfNeeded()
        #expect(log.take().isEmpty)
        #expect(custom.next === controller)

        // loadViewIfNeeded loads without reading `view`; the default view is the screen's size.
        let plain = LoggingController("p", log: log)
        plain.loadViewIfNeeded()
        #expect(log.take() == ["p.loadView", "p.viewDidLoad"])
        #expect(plain.viewIfLoaded?.frame == UIScreen.main.bounds)
    }

    @Test func appearanceFollowsTheWindowInParentThenChildOrder() {
        let rig = HeadlessRig()
        let log = NavigationLog()
        let parent = LoggingController("parent", log: log)
        let child = LoggingController("child", log: log)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        #expect(
            log.take() == [
                "child.willMove(toParent: parent)", "parent.loadView", "parent.viewDidLoad", "child.loadView",
                "child.viewDidLoad", "child.didMove(toParent: parent)",
            ])

        let window = UIWindow(frame: rig.screen.bounds)
        window.rootViewController = parent  // the window is hidden: nothing appears
        #expect(log.take().isEmpty)

        window.makeKeyAndVisible()
        // As UIKit: "will" at once; the view is laid out in the next frame (where
        // viewIsAppearing comes first), then "did", parents before children.
        #expect(log.take() == ["parent.viewWillAppear", "child.viewWillAppear"])
        rig.settle()
        #expect(
            log.take() == [
                "parent.viewIsAppearing", "parent.viewWillLayoutSubviews", "parent.viewDidLayoutSubviews",
                "child.viewIsAppearing", "child.viewWillLayoutSubviews", "child.viewDidLayoutSubviews",
                "parent.viewDidAppear", "child.viewDidAppear",
            ])
        window.makeKeyAndVisible()  // already visible: nothing
        rig.settle()
        #expect(log.take().isEmpty)

        window.isHidden = true
        #expect(
            log.take() == [
                "parent.viewWillDisappear", "child.viewWillDisappear", "parent.viewDidDisappear",
                "child.viewDidDisappear",
            ])
        window.isHidden = false
        #expect(log.take() == ["parent.viewWillAppear", "child.viewWillAppear"])
        rig.settle()
        #expect(
            log.take() == [
                "parent.viewIsAppearing", "parent.viewWillLayoutSubviews", "parent.viewDidLayoutSubviews",
                "child.viewIsAppearing", "child.viewWillLayoutSubviews", "child.viewDidLayoutSubviews",
                "parent.viewDidAppear", "child.viewDidAppear",
            ])

        // The child's view leaves and re-enters the visible window.
        child.view.removeFromSuperview()
        #expect(log.take() == ["child.viewWillDisappear", "child.viewDidDisappear"])
        parent.view.addSubview(child.view)
        #expect(log.take() == ["child.viewWillAppear"])
        rig.settle()
        #expect(
            log.take() == [
                "parent.viewWillLayoutSubviews", "parent.viewDidLayoutSubviews", "child.viewIsAppearing",
                "child.viewWillLayoutSubviews", "child.viewDidLayoutSubviews", "child.viewDidAppear",
            ])

        // A new root controller: the old one disappears, then the new one appears.
        let next = LoggingController("next", log: log)
        window.rootViewController = next
        #expect(
            log.take() == [
                "parent.viewWillDisappear", "child.viewWillDisappear", "parent.viewDidDisappear",
                "child.viewDidDisappear", "next.loadView", "next.viewDidLoad", "next.viewWillAppear",
            ])
        rig.settle()
        #expect(
            log.take() == [
                "next.viewIsAppearing", "next.viewWillLayoutSubviews", "next.viewDidLayoutSubviews",
                "next.viewDidAppear",
            ])
        #expect(!parent.isVisible && next.isVisible)
    }

    @Test func aViewAddedToAHiddenWindowAppearsWhenTheWindowIsShown() {
        let rig = HeadlessRig()
        let log = NavigationLog()
        let controller = LoggingController("c", log: log)
        controller.loadViewIfNeeded()
        _ = log.take()
        let hidden = UIWindow(frame: rig.screen.bounds)
        hidden.addSubview(controller.view)
        #expect(log.take().isEmpty)
        hidden.isHidden = false
        #expect(log.take() == ["c.viewWillAppear"])
        rig.settle()
        #expect(
            log.take() == [
                "c.viewIsAppearing", "c.viewWillLayoutSubviews", "c.viewDidLayoutSubviews", "c.viewDidAppear",
            ])
        // Moving between two visible windows: it stays visible, no callbacks.
        let other = makeVisibleWindow(on: rig.screen, frame: rig.screen.bounds, color: .red)
        other.addSubview(controller.view)
        #expect(log.take().isEmpty)
        other.isHidden = true
        #expect(log.take() == ["c.viewWillDisappear", "c.viewDidDisappear"])
        _ = hidden
    }

    @Test func layoutCallbacksBracketLayoutSubviewsAtTheFrame() {
        let rig = HeadlessRig()
        let log = NavigationLog()
        let view = LayoutLoggingView(frame: .zero)
        let controller = LoggingController("c", log: log, customView: view)
        let window = UIWindow(frame: rig.screen.bounds)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        view.log = log
        _ = log.take()
        rig.settle()
        #expect(
            log.take() == [
                "c.viewIsAppearing", "c.viewWillLayoutSubviews", "view.layoutSubviews", "c.viewDidLayoutSubviews",
                "c.viewDidAppear",
            ])
        rig.settle()
        #expect(log.take().isEmpty)  // nothing needs layout
        view.setNeedsLayout()
        #expect(log.take().isEmpty)  // not synchronously
        rig.clock.advance(by: 0)
        #expect(log.take() == ["c.viewWillLayoutSubviews", "view.layoutSubviews", "c.viewDidLayoutSubviews"])
        view.setNeedsLayout()
        view.layoutIfNeeded()
        #expect(log.take() == ["c.viewWillLayoutSubviews", "view.layoutSubviews", "c.viewDidLayoutSubviews"])
    }

    @Test func childControllersWithUIKitsAutomaticCalls() {
        _ = HeadlessRig()
        let log = NavigationLog()
        let first = LoggingController("first", log: log)
        let second = LoggingController("second", log: log)
        let child = LoggingController("child", log: log)

        first.addChild(child)  // calls willMove(toParent:) itself
        #expect(log.take() == ["child.willMove(toParent: first)"])
        #expect(first.children.count == 1 && first.children[0] === child)
        #expect(child.parent === first)
        child.didMove(toParent: first)  // the caller's part
        _ = log.take()

        first.addChild(child)  // already its child: nothing
        #expect(log.take().isEmpty)
        first.addChild(first)  // refused
        child.addChild(first)  // refused: an ancestor
        #expect(log.take().isEmpty)
        #expect(first.parent == nil && child.children.isEmpty)

        // Moving to another parent leaves the old one first.
        second.addChild(child)
        #expect(
            log.take() == [
                "child.willMove(toParent: nil)", "child.didMove(toParent: nil)", "child.willMove(toParent: second)",
            ])
        #expect(first.children.isEmpty)
        #expect(child.parent === second)

        // Removal: the caller calls willMove(toParent: nil); removeFromParent calls didMove.
        child.willMove(toParent: nil)
        child.removeFromParent()
        #expect(log.take() == ["child.willMove(toParent: nil)", "child.didMove(toParent: nil)"])
        #expect(child.parent == nil && second.children.isEmpty)
        child.removeFromParent()  // no parent: nothing
        #expect(log.take().isEmpty)
    }
}
