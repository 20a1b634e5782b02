import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// UITabBarController: selection by tap and in code, the delegate, appearance callbacks,
/// containment, a navigation controller as a tab, and bad input.
@Suite("UITabBarController") @MainActor struct TabBarControllerTests {
    static let switchToB = [
        "B.viewDidLoad", "A.viewWillDisappear(false)", "B.viewWillAppear(false)", "A.viewDidDisappear(false)",
        "B.viewDidAppear(false)",
    ]

    @Test func aTapAsksTheDelegateThenSwitchesThenTellsIt() {
        let s = TabBarScene()
        #expect(s.tabs.selectedIndex == 0 && s.a.view.superview === s.tabs.view)
        s.tapItem(1)
        #expect(s.log.take() == ["delegate.shouldSelect(B)"] + Self.switchToB + ["delegate.didSelect(B)"])
        #expect(s.tabs.selectedIndex == 1 && s.tabs.selectedViewController === s.b)
        #expect(s.tabs.tabBar.selectedItem === s.b.tabBarItem)
        #expect(s.b.view.superview === s.tabs.view && s.a.view.superview == nil)
        #expect(s.b.view.frame == CGRect(x: 0, y: 0, width: 400, height: 300))
        // A tap on the selected tab asks and tells the delegate, and changes nothing else.
        s.tapItem(1)
        #expect(s.log.take() == ["delegate.shouldSelect(B)", "delegate.didSelect(B)"])
    }

    @Test func aRefusedSelectionChangesNothing() {
        let s = TabBarScene()
        s.delegate.refused = ["C"]
        s.tapItem(2)
        #expect(s.log.take() == ["delegate.shouldSelect(C)"])
        #expect(s.tabs.selectedIndex == 0 && s.tabs.tabBar.selectedItem === s.a.tabBarItem)
        #expect(!s.c.isViewLoaded && s.a.view.superview === s.tabs.view)
        #expect(s.tabs.tabBar.buttons[0].isSelected && !s.tabs.tabBar.buttons[2].isSelected)
    }

    @Test func selectionInCodeDoesNotCallTheDelegate() {
        let s = TabBarScene()
        s.tabs.selectedIndex = 1
        #expect(s.log.take() == Self.switchToB)
        s.tabs.selectedViewController = s.a
        #expect(
            s.log.take() == [
                "B.viewWillDisappear(false)", "A.viewWillAppear(false)", "B.viewDidDisappear(false)",
                "A.viewDidAppear(false)",
            ])
        #expect(s.tabs.selectedIndex == 0 && s.tabs.tabBar.selectedItem === s.a.tabBarItem)
    }

    @Test func tabsAreChildrenAndOnlyTheSelectedOneIsLoadedAndShown() {
        let log = NavigationLog()
        let tabs = UITabBarController()
        let x = NavigationLoggingController("X", log: log)
        let y = NavigationLoggingController("Y", log: log)
        tabs.viewControllers = [x, y]
        #expect(log.take() == ["X.willMove(nav)", "Y.willMove(nav)", "X.didMove(nav)", "Y.didMove(nav)"])
        #expect(same(tabs.children, [x, y]) && x.tabBarController === tabs && y.tabBarController === tabs)
        #expect(tabs.tabBarController == nil && !x.isViewLoaded && !y.isViewLoaded)
        let scene = EventScene()
        scene.window.rootViewController = tabs
        scene.clock.advance(by: 0.05)
        #expect(log.take() == ["X.viewDidLoad", "X.viewWillAppear(false)", "X.viewDidAppear(false)"])
        #expect(!y.isViewLoaded && tabs.tabBar.frame == CGRect(x: 0, y: 251, width: 400, height: 49))
        #expect(x.view.safeAreaInsets.bottom == 49)
        // Hiding the window reaches only the selected tab.
        scene.window.isHidden = true
        #expect(log.take() == ["X.viewWillDisappear(false)", "X.viewDidDisappear(false)"])
        // Replacing the tabs keeps the selected one selected.
        let z = NavigationLoggingController("Z", log: log)
        tabs.setViewControllers([z, x], animated: false)
        #expect(tabs.selectedViewController === x && tabs.selectedIndex == 1)
        #expect(log.take() == ["Z.willMove(nav)", "Y.willMove(nil)", "Z.didMove(nav)", "Y.didMove(nil)"])
        #expect(y.parent == nil && y.containerSafeAreaInsets == .zero)
        // When it leaves, the tab at the same index is selected.
        tabs.setViewControllers([z, y], animated: false)
        #expect(tabs.selectedViewController === y)
    }

    @Test func aNavigationControllerTabHasItsBarUnderTheTopAndItsContentAboveTheTabBar() {
        let log = NavigationLog()
        let root = NavigationLoggingController("R", log: log)
        let navigation = UINavigationController(rootViewController: root)
        let other = NavigationLoggingController("O", log: log)
        let tabs = UITabBarController()
        tabs.viewControllers = [navigation, other]
        let scene = EventScene()
        scene.window.rootViewController = tabs
        let content = UIView()
        content.translatesAutoresizingMaskIntoConstraints = false
        root.view.addSubview(content)
        NSLayoutConstraint.activate([
            content.topAnchor.constraint(equalTo: root.view.safeAreaLayoutGuide.topAnchor),
            content.bottomAnchor.constraint(equalTo: root.view.safeAreaLayoutGuide.bottomAnchor),
            content.leadingAnchor.constraint(equalTo: root.view.leadingAnchor),
            content.widthAnchor.constraint(equalToConstant: 50),
        ])
        scene.clock.advance(by: 0.05)
        #expect(root.tabBarController === tabs && navigation.tabBarController === tabs)
        #expect(navigation.navigationBar.frame == CGRect(x: 0, y: 0, width: 400, height: 44))
        #expect(tabs.tabBar.frame == CGRect(x: 0, y: 251, width: 400, height: 49))
        #expect(root.view.safeAreaInsets == UIEdgeInsets(top: 44, left: 0, bottom: 49, right: 0))
        #expect(content.frame == CGRect(x: 0, y: 44, width: 50, height: 207))
        // A tap on the selected navigation tab pops it to its root, as UIKit.
        let pushed = NavigationLoggingController("P", log: log)
        navigation.pushViewController(pushed, animated: false)
        let button = tabs.tabBar.buttons[0]
        scene.input.tap(at: scene.screenPoint(CGPoint(x: button.bounds.midX, y: 24), in: button), time: scene.clock.now)
        scene.clock.advance(by: 1)
        #expect(same(navigation.viewControllers, [root]))
    }

    @Test func theSafeAreasBottomInsetAddsToTheBar() {
        let s = TabBarScene()
        s.tabs.additionalSafeAreaInsets = UIEdgeInsets(top: 0, left: 0, bottom: 20, right: 0)
        s.scene.window.layoutIfNeeded()
        #expect(s.tabs.tabBar.frame == CGRect(x: 0, y: 231, width: 400, height: 69))
        #expect(s.tabs.tabBar.sizeThatFits(CGSize(width: 400, height: 0)).height == 69)
        #expect(s.a.view.safeAreaInsets.bottom == 69)
    }

    @Test func badgesAndDisabledItems() throws {
        let s = TabBarScene()
        let bar = s.tabs.tabBar
        #expect(bar.buttons[1].badge == nil)
        s.b.tabBarItem.badgeValue = "3"
        let badge = try #require(bar.buttons[1].badge)
        #expect(badge.label.text == "3" && badge.backgroundColor == .systemRed)
        s.b.tabBarItem.badgeColor = .systemGreen
        #expect(bar.buttons[1].badge?.backgroundColor == .systemGreen)
        s.b.tabBarItem.badgeValue = nil
        #expect(bar.buttons[1].badge == nil && badge.superview == nil)
        s.c.tabBarItem.isEnabled = false
        #expect(!bar.buttons[2].isEnabled)
        s.tapItem(2)
        #expect(s.log.take().isEmpty && s.tabs.selectedIndex == 0)
        s.c.tabBarItem.isEnabled = true
        s.tapItem(2)
        #expect(s.tabs.selectedIndex == 2)
    }

    @Test func itemsTakeTheControllersTitleAndTheBarsColours() {
        let s = TabBarScene()
        let bar = s.tabs.tabBar
        #expect(bar.items?.map(\.title) == ["A", "B", "C"])
        s.a.title = "Home"
        #expect(s.a.tabBarItem.title == "Home" && bar.buttons[0].titleLabel.text == "Home")
        #expect(bar.buttons[0].titleLabel.textColor == .systemBlue)
        #expect(bar.buttons[1].titleLabel.textColor == .systemGray)
        bar.unselectedItemTintColor = .systemRed
        bar.tintColor = .systemGreen
        #expect(bar.buttons[0].titleLabel.textColor == .systemGreen)
        #expect(bar.buttons[2].titleLabel.textColor == .systemRed)
        // A new item replaces the old one on the bar.
        let item = UITabBarItem(title: "Search", image: tabIcon(), tag: 7)
        s.c.tabBarItem = item
        #expect(bar.items?[2] === item && bar.buttons[2].titleLabel.text == "Search")
        #expect(bar.buttons[2].imageView.image?.size == CGSize(width: 24, height: 24))
        // System items keep UIKit's title.
        let favorites = UITabBarItem(tabBarSystemItem: .favorites, tag: 1)
        favorites.title = "Mine"
        #expect(favorites.title == "Favorites" && favorites.tag == 1)
        let selected = UITabBarItem(title: "S", image: tabIcon(), selectedImage: tabIcon(size: 20))
        #expect(selected.selectedImage?.size.width == 20 && selected.image?.size.width == 24)
    }

    @Test func moreThanFiveTabsAreAllShownWhenTheyFit() {
        let s = TabBarScene()
        let extra = (1...4).map { NavigationLoggingController("T\($0)", log: s.log) }
        s.tabs.viewControllers = [s.a, s.b, s.c] + extra
        s.scene.window.layoutIfNeeded()
        let buttons = s.tabs.tabBar.buttons
        #expect(buttons.count == 7 && s.tabs.tabBar.items?.count == 7)
        #expect(buttons.allSatisfy { $0.frame.minX >= 0 && $0.frame.maxX <= 400 && $0.frame.width > 0 })
        #expect(zip(buttons, buttons.dropFirst()).allSatisfy { $0.frame.maxX == $1.frame.minX })
        #expect(!s.tabs.tabBar.items!.contains { $0.title == "More" })
    }

    @Test func badInputIsLoggedAndIgnored() {
        let s = TabBarScene()
        var errors = s.errors { s.tabs.selectedIndex = 3 }
        #expect(errors.count == 1 && s.tabs.selectedIndex == 0)
        errors = s.errors { s.tabs.selectedIndex = NSNotFound }
        #expect(errors.count == 1 && s.tabs.selectedIndex == 0)
        let stranger = UIViewController()
        errors = s.errors { s.tabs.selectedViewController = stranger }
        #expect(errors.count == 1 && s.tabs.selectedViewController === s.a && s.log.take().isEmpty)
        errors = s.errors { s.tabs.viewControllers = [s.a, s.b, s.a, s.tabs] }
        #expect(errors.count == 2 && same(s.tabs.viewControllers, [s.a, s.b]))
        #expect(s.tabs.tabBar.buttons.count == 2)
        // A controller that is another container's child moves here.
        let other = UITabBarController()
        let moved = NavigationLoggingController("M", log: s.log)
        other.viewControllers = [moved]
        s.tabs.viewControllers = [s.a, moved]
        #expect(moved.parent === s.tabs && other.children.isEmpty)
        // No tabs: an empty bar, nothing selected, nothing shown.
        _ = s.log.take()
        s.tabs.viewControllers = []
        #expect(s.tabs.viewControllers == nil && s.tabs.selectedViewController == nil)
        #expect(s.tabs.selectedIndex == NSNotFound && s.tabs.tabBar.buttons.isEmpty && s.tabs.tabBar.items == nil)
        #expect(s.tabs.children.isEmpty && s.a.view.superview == nil && !s.a.isVisible)
        errors = s.errors { s.tabs.selectedIndex = 0 }
        #expect(errors.count == 1)
        s.scene.clock.advance(by: 0.05)
        // And tabs again.
        s.tabs.viewControllers = [s.b]
        #expect(s.tabs.selectedViewController === s.b && s.b.isVisible && s.b.view.superview === s.tabs.view)
    }
}
