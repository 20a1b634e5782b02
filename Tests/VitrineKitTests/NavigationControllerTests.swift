import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// UINavigationController's stack and the order of its containment, appearance and delegate
/// callbacks, against UIKit's documented order.
@Suite("UINavigationController") @MainActor struct NavigationControllerTests {
    /// UIKit's order for a push: containment starts, the view loads, the old top disappears
    /// and the new one appears ("will" before the transition, "did" after), then containment
    /// ends and the delegate hears `didShow`.
    static func pushOrder(_ animated: Bool) -> (before: [String], after: [String]) {
        (
            [
                "B.willMove(nav)", "B.viewDidLoad", "A.viewWillDisappear(\(animated))",
                "B.viewWillAppear(\(animated)) +moving", "delegate.willShow(B, \(animated))",
            ],
            [
                "A.viewDidDisappear(\(animated))", "B.viewDidAppear(\(animated)) +moving", "B.didMove(nav)",
                "delegate.didShow(B, \(animated))",
            ]
        )
    }

    @Test func anAnimatedPushRunsUIKitsOrderAroundTheSlide() {
        let s = NavigationScene()
        let b = s.controller("B")
        s.navigation.pushViewController(b, animated: true)
        let order = Self.pushOrder(true)
        #expect(s.log.take() == order.before)
        #expect(s.navigation.topViewController === b)
        #expect(b.parent === s.navigation && b.navigationController === s.navigation)
        s.scene.clock.advance(by: 0.2)
        #expect(s.log.take().isEmpty)  // still sliding
        s.finishTransition()
        #expect(s.log.take() == order.after)
        #expect(!b.isMovingToParent)
        #expect(s.root.view.superview == nil && b.view.superview === s.navigation.view)
    }

    @Test func anUnanimatedPushRunsTheSameOrderAtOnce() {
        let s = NavigationScene()
        s.navigation.pushViewController(s.controller("B"), animated: false)
        let order = Self.pushOrder(false)
        #expect(s.log.take() == order.before + order.after)
    }

    @Test(arguments: [true, false])
    func aPopIsTheMirror(animated: Bool) throws {
        let s = NavigationScene()
        let b = s.controller("B")
        s.navigation.pushViewController(b, animated: false)
        _ = s.log.take()
        let popped = s.navigation.popViewController(animated: animated)
        #expect(popped === b)
        let before = [
            "B.willMove(nil)", "B.viewWillDisappear(\(animated)) -moving", "A.viewWillAppear(\(animated))",
            "delegate.willShow(A, \(animated))",
        ]
        let after = [
            "B.viewDidDisappear(\(animated)) -moving", "A.viewDidAppear(\(animated))", "B.didMove(nil)",
            "delegate.didShow(A, \(animated))",
        ]
        if animated {
            #expect(s.log.take() == before)
            s.finishTransition()
            #expect(s.log.take() == after)
        } else {
            #expect(s.log.take() == before + after)
        }
        #expect(b.parent == nil && !b.isMovingFromParent)
        #expect(same(s.navigation.viewControllers, [s.root]))
    }

    @Test(arguments: [true, false])
    func popToRootRemovesEveryControllerAboveIt(animated: Bool) {
        let s = NavigationScene()
        let b = s.controller("B")
        let c = s.controller("C")
        s.navigation.pushViewController(b, animated: false)
        s.navigation.pushViewController(c, animated: false)
        _ = s.log.take()
        let popped = s.navigation.popToRootViewController(animated: animated)
        #expect(same(popped, [b, c]))
        if animated { s.finishTransition() }
        // Only the top (C) was shown, so only it disappears; B leaves its parent silently.
        #expect(
            s.log.take() == [
                "C.willMove(nil)", "B.willMove(nil)", "C.viewWillDisappear(\(animated)) -moving",
                "A.viewWillAppear(\(animated))", "delegate.willShow(A, \(animated))",
                "C.viewDidDisappear(\(animated)) -moving", "A.viewDidAppear(\(animated))", "C.didMove(nil)",
                "B.didMove(nil)", "delegate.didShow(A, \(animated))",
            ])
        #expect(same(s.navigation.viewControllers, [s.root]))
    }

    @Test func popToAControllerReturnsThoseAbove() {
        let s = NavigationScene()
        let b = s.controller("B")
        let c = s.controller("C")
        let d = s.controller("D")
        s.navigation.setViewControllers([s.root, b, c, d], animated: false)
        #expect(same(s.navigation.popToViewController(b, animated: false), [c, d]))
        #expect(s.navigation.topViewController === b && s.navigation.visibleViewController === b)
        #expect(same(s.navigation.popToViewController(b, animated: false), []))
    }

    @Test(arguments: [true, false])
    func setViewControllersAddsRemovesAndShowsTheNewTop(animated: Bool) {
        let s = NavigationScene()
        let b = s.controller("B")
        s.navigation.pushViewController(b, animated: false)
        _ = s.log.take()
        let d = s.controller("D")
        s.navigation.setViewControllers([s.root, d], animated: animated)
        if animated { s.finishTransition() }
        #expect(
            s.log.take() == [
                "D.willMove(nav)", "B.willMove(nil)", "D.viewDidLoad", "B.viewWillDisappear(\(animated)) -moving",
                "D.viewWillAppear(\(animated)) +moving", "delegate.willShow(D, \(animated))",
                "B.viewDidDisappear(\(animated)) -moving", "D.viewDidAppear(\(animated)) +moving", "D.didMove(nav)",
                "B.didMove(nil)", "delegate.didShow(D, \(animated))",
            ])
        #expect(same(s.navigation.viewControllers, [s.root, d]))
        #expect(same(s.navigation.children, [s.root, d]))
    }

    @Test func offScreenOnlyTheStackAndContainmentChange() {
        let log = NavigationLog()
        let a = NavigationLoggingController("A", log: log)
        let navigation = UINavigationController(rootViewController: a)
        #expect(log.take() == ["A.willMove(nav)", "A.didMove(nav)"])
        let b = NavigationLoggingController("B", log: log)
        navigation.pushViewController(b, animated: true)
        // Not in a window: no appearance callbacks, no slide, and the view is not loaded.
        #expect(log.take() == ["B.willMove(nav)", "B.didMove(nav)"])
        #expect(!b.isViewLoaded)
        #expect(navigation.popViewController(animated: true) === b)
        #expect(log.take() == ["B.willMove(nil)", "B.didMove(nil)"])
    }

    @Test func theWindowShowingAndHidingReachesOnlyTheTopController() {
        let s = NavigationScene()
        s.navigation.pushViewController(s.controller("B"), animated: false)
        _ = s.log.take()
        s.scene.window.isHidden = true
        #expect(s.log.take() == ["B.viewWillDisappear(false)", "B.viewDidDisappear(false)"])
        s.scene.window.isHidden = false
        #expect(s.log.take() == ["B.viewWillAppear(false)"])
        s.scene.clock.advance(by: 1.0 / 60)  // "did" after the next frame, as UIKit
        #expect(s.log.take() == ["B.viewDidAppear(false)"])
    }

    @Test func theTopViewFillsTheContainerWithTheBarAsItsSafeAreaTop() {
        let s = NavigationScene()
        let b = s.controller("B")
        s.navigation.pushViewController(b, animated: false)
        s.scene.clock.advance(by: 0.05)
        #expect(b.view.frame == CGRect(x: 0, y: 0, width: 400, height: 300))
        #expect(s.navigation.navigationBar.frame == CGRect(x: 0, y: 0, width: 400, height: 44))
        #expect(b.view.safeAreaInsets.top == 44)
        #expect(b.additionalSafeAreaInsets == .zero)
        // Auto Layout against the safe area lands below the bar.
        let content = UIView()
        content.translatesAutoresizingMaskIntoConstraints = false
        b.view.addSubview(content)
        NSLayoutConstraint.activate([
            content.topAnchor.constraint(equalTo: b.view.safeAreaLayoutGuide.topAnchor),
            content.leadingAnchor.constraint(equalTo: b.view.leadingAnchor),
            content.widthAnchor.constraint(equalToConstant: 50),
            content.heightAnchor.constraint(equalToConstant: 20),
        ])
        s.scene.window.layoutIfNeeded()
        #expect(content.frame.minY == 44)
        // Hiding the bar gives the space back.
        s.navigation.setNavigationBarHidden(true, animated: false)
        s.scene.window.layoutIfNeeded()
        #expect(s.navigation.isNavigationBarHidden && s.navigation.navigationBar.isHidden)
        #expect(b.view.safeAreaInsets.top == 0)
        #expect(content.frame.minY == 0)
    }

    @Test func hidingTheBarAnimatedSlidesItUpAndHidesItAtTheEnd() {
        let s = NavigationScene()
        s.navigation.setNavigationBarHidden(true, animated: true)
        #expect(!s.navigation.navigationBar.isHidden)  // still sliding out
        #expect(s.navigation.navigationBar.frame.maxY == 0)
        s.finishTransition()
        #expect(s.navigation.navigationBar.isHidden)
        s.navigation.isNavigationBarHidden = false
        #expect(!s.navigation.navigationBar.isHidden && s.navigation.navigationBar.frame.minY == 0)
    }
}

/// The first appearance of a navigation controller as a window's root, with UIKit's deferred
/// `viewDidAppear(_:)`: pushes made before the first frame join that appearance.
@Suite("UINavigationController first appearance") @MainActor struct NavigationFirstAppearanceTests {
    @Test func aPushBeforeTheFirstFrameAppearsWithTheContainerWithoutAnimation() {
        let scene = EventScene()
        let log = NavigationLog()
        let a = NavigationLoggingController("A", log: log)
        let navigation = UINavigationController(rootViewController: a)
        scene.window.rootViewController = navigation
        #expect(log.take() == ["A.willMove(nav)", "A.didMove(nav)", "A.viewDidLoad", "A.viewWillAppear(false)"])
        // An app that pushes its saved screen right after showing the window.
        let b = NavigationLoggingController("B", log: log)
        navigation.pushViewController(b, animated: true)
        #expect(
            log.take() == [
                "B.willMove(nav)", "B.viewDidLoad", "A.viewWillDisappear(false)", "B.viewWillAppear(false) +moving",
                "A.viewDidDisappear(false)", "B.didMove(nav)",
            ])
        // Nothing slides: B fills the container at once, and appears after the first frame.
        #expect(b.view.frame == navigation.view.bounds && a.viewIfLoaded?.superview == nil)
        scene.clock.advance(by: 0)
        #expect(log.take() == ["B.viewDidAppear(false)"])
        #expect(navigation.topViewController === b && b.isVisible && !a.isVisible)
    }

    @Test func aWindowHiddenBeforeItsFirstFrameEndsTheAppearanceWithoutDidAppear() {
        let scene = EventScene()
        let log = NavigationLog()
        let a = NavigationLoggingController("A", log: log)
        scene.window.rootViewController = a
        scene.window.isHidden = true
        scene.clock.advance(by: 1.0 / 60)
        #expect(
            log.take() == [
                "A.viewDidLoad", "A.viewWillAppear(false)", "A.viewWillDisappear(false)", "A.viewDidDisappear(false)",
            ])
        scene.window.isHidden = false
        scene.clock.advance(by: 1.0 / 60)
        #expect(log.take() == ["A.viewWillAppear(false)", "A.viewDidAppear(false)"])
    }
}
