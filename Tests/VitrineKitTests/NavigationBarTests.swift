import Foundation
import Testing
import VitrinePlatform
import VitrineTestSupport

@testable import VitrineKit

/// UINavigationBar, UINavigationItem and UIBarButtonItem inside a navigation controller:
/// titles, the back button, bar button actions, and a pixel reference.
@Suite("UINavigationBar") @MainActor struct NavigationBarTests {
    @Test func theTitleFollowsTheTopItem() {
        let s = NavigationScene()
        let bar = s.navigation.navigationBar
        #expect(bar.titleLabel?.text == "A")
        let b = s.controller("B")
        s.navigation.pushViewController(b, animated: false)
        #expect(bar.topItem === b.navigationItem && bar.backItem === s.root.navigationItem)
        #expect(bar.titleLabel?.text == "B")
        b.title = "Details"
        #expect(b.navigationItem.title == "Details" && bar.titleLabel?.text == "Details")
        let titleView = UIView(frame: CGRect(x: 0, y: 0, width: 80, height: 30))
        b.navigationItem.titleView = titleView
        s.scene.window.layoutIfNeeded()
        #expect(bar.titleLabel == nil && titleView.superview === bar)
        #expect(titleView.frame == CGRect(x: 160, y: 7, width: 80, height: 30))
        s.navigation.popViewController(animated: false)
        #expect(bar.titleLabel?.text == "A" && titleView.superview == nil)
    }

    @Test func theBackButtonShowsThePreviousItemsBackTitleOrTitleOrBack() {
        let s = NavigationScene()
        let bar = s.navigation.navigationBar
        #expect(bar.backButton == nil)
        let b = s.controller("B")
        s.navigation.pushViewController(b, animated: false)
        #expect(bar.backButton?.currentTitle == "A")
        s.root.navigationItem.backButtonTitle = "Home"
        #expect(bar.backButton?.currentTitle == "Home")
        s.root.navigationItem.backButtonTitle = nil
        s.root.navigationItem.title = nil
        #expect(bar.backButton?.currentTitle == "Back")
        b.navigationItem.hidesBackButton = true
        #expect(bar.backButton == nil)
        b.navigationItem.hidesBackButton = false
        // Left items take the back button's place unless they supplement it.
        b.navigationItem.leftBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: .cancel, target: nil, action: nil)
        #expect(bar.backButton == nil && bar.leftButtons.map(\.currentTitle) == ["Cancel"])
        b.navigationItem.leftItemsSupplementBackButton = true
        #expect(bar.backButton != nil && bar.leftButtons.count == 1)
    }

    @Test func tappingTheBackButtonPops() throws {
        let s = NavigationScene()
        let b = s.controller("B")
        s.navigation.pushViewController(b, animated: false)
        s.scene.clock.advance(by: 0.05)
        _ = s.log.take()
        let back = try #require(s.navigation.navigationBar.backButton)
        #expect(back.frame.minX == 8 && back.frame.height == 44)
        s.tap(CGPoint(x: back.bounds.midX, y: back.bounds.midY), in: back)
        #expect(Array(s.log.take().prefix(2)) == ["B.willMove(nil)", "B.viewWillDisappear(true) -moving"])
        s.finishTransition()
        #expect(same(s.navigation.viewControllers, [s.root]))
        #expect(s.navigation.navigationBar.backButton == nil)
    }

    @Test func barButtonItemsRunTheirActionsOnATap() {
        let s = NavigationScene()
        final class Target {}
        let target = Target()
        var calls: [String] = []
        let save = UIBarButtonItem(
            title: "Save", style: .done, target: target,
            action: { item in calls.append("action \(item.title ?? "")") })
        let add = UIBarButtonItem(
            title: nil, image: nil,
            primaryAction: UIAction(title: "Add") { action in
                calls.append("primary \((action.sender as? UIBarButtonItem)?.title ?? "?")")
            })
        s.root.navigationItem.rightBarButtonItems = [save, add]
        s.scene.clock.advance(by: 0.05)
        let bar = s.navigation.navigationBar
        #expect(save.target === target)
        #expect(bar.rightButtons.map(\.currentTitle) == ["Save", "Add"])
        // The first right item sits at the trailing edge.
        #expect(bar.rightButtons[0].frame.maxX == 384)
        #expect(bar.rightButtons[1].frame.maxX == bar.rightButtons[0].frame.minX - 8)
        for button in bar.rightButtons { s.tap(CGPoint(x: button.bounds.midX, y: 22), in: button) }
        #expect(calls == ["action Save", "primary Add"])
        // A disabled item does nothing.
        save.isEnabled = false
        #expect(bar.rightButtons[0].isEnabled == false)
        s.tap(CGPoint(x: bar.rightButtons[0].bounds.midX, y: 22), in: bar.rightButtons[0])
        #expect(calls.count == 2)
    }

    @Test func systemItemsHaveUIKitsTitlesAndStyles() {
        let expected: [(UIBarButtonItem.SystemItem, String, UIBarButtonItem.Style)] = [
            (.done, "Done", .done), (.cancel, "Cancel", .plain), (.save, "Save", .done), (.edit, "Edit", .plain),
            (.add, "+", .plain),
        ]
        for (system, title, style) in expected {
            let item = UIBarButtonItem(barButtonSystemItem: system, target: nil, action: nil)
            #expect(item.title == title && item.style == style, "\(system)")
        }
        #expect(UIBarButtonItem.SystemItem.add.rawValue == 4 && UIBarButtonItem.SystemItem.close.rawValue == 24)
        let tinted = UIBarButtonItem(barButtonSystemItem: .done, target: nil, action: nil)
        tinted.tintColor = .systemRed
        let bar = UINavigationBar(frame: CGRect(x: 0, y: 0, width: 400, height: 44))
        let item = UINavigationItem(title: "T")
        item.rightBarButtonItem = tinted
        bar.items = [item]
        #expect(bar.rightButtons[0].tintColor == .systemRed)
        #expect(bar.rightButtons[0].titleLabel?.font == UIFont.systemFont(ofSize: 17, weight: .semibold))
    }

    @Test func badInputIsLoggedAndIgnored() {
        let s = NavigationScene()
        let b = s.controller("B")
        s.navigation.pushViewController(b, animated: false)
        _ = s.log.take()
        var errors = s.errors { s.navigation.pushViewController(b, animated: true) }
        #expect(errors.count == 1 && errors[0].contains("already on the navigation stack"))
        #expect(same(s.navigation.viewControllers, [s.root, b]) && s.log.take().isEmpty)
        #expect(s.navigation.runningTransition == nil)

        errors = s.errors { s.navigation.pushViewController(UINavigationController(), animated: false) }
        #expect(errors.count == 1 && s.navigation.viewControllers.count == 2)

        errors = s.errors { #expect(s.navigation.popToViewController(s.controller("X"), animated: true) == nil) }
        #expect(errors.count == 1 && s.navigation.viewControllers.count == 2)

        errors = s.errors { s.navigation.setViewControllers([s.root, b, s.root, b], animated: false) }
        #expect(errors.count == 2)
        #expect(same(s.navigation.viewControllers, [s.root, b]))

        // Popping the root returns nil and does nothing.
        s.navigation.popViewController(animated: false)
        _ = s.log.take()
        errors = s.errors { #expect(s.navigation.popViewController(animated: true) == nil) }
        #expect(errors.isEmpty && s.log.take().isEmpty && s.navigation.runningTransition == nil)
        #expect(same(s.navigation.viewControllers, [s.root]))
        // Touches still reach the bar afterwards.
        var taps = 0
        s.root.navigationItem.rightBarButtonItem = UIBarButtonItem(
            title: "Go", style: .plain, target: nil, action: { _ in taps += 1 })
        s.scene.clock.advance(by: 0.05)
        let button = s.navigation.navigationBar.rightButtons[0]
        s.tap(CGPoint(x: button.bounds.midX, y: 22), in: button)
        #expect(taps == 1)
    }

    @Test func snapshotOfABarWithTitleBackButtonAndRightItem() throws {
        let back = UINavigationItem(title: "Settings")
        let top = UINavigationItem(title: "Display")
        top.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done, target: nil, action: nil)
        let bar = UINavigationBar(frame: CGRect(x: 0, y: 0, width: 400, height: 44))
        bar.setItems([back, top], animated: false)
        try assertSnapshot(of: renderAlone(bar, width: 400, height: 52), named: "navigation-bar-back-title-done")
    }
}
