import Foundation
import Testing
import VitrinePlatform
import VitrineTestSupport

@testable import VitrineKit

/// UIToolbar's items and layout, bar button spaces, and a navigation controller's toolbar.
@MainActor @Suite(.serialized) struct ToolbarTests {
    private func toolbar(_ items: [UIBarButtonItem], width: CGFloat = 400) -> UIToolbar {
        let bar = UIToolbar(frame: CGRect(x: 0, y: 0, width: width, height: 44))
        bar.items = items
        bar.layoutIfNeeded()
        return bar
    }

    @Test func heightIsUIKits() {
        let bar = UIToolbar()
        #expect(bar.frame.height == 44)
        #expect(bar.sizeThatFits(CGSize(width: 300, height: 500)) == CGSize(width: 300, height: 44))
        #expect(bar.intrinsicContentSize.height == 44)
        #expect(bar.items == nil)
        #expect(bar.barStyle == .default && bar.isTranslucent && bar.barTintColor == nil)
    }

    @Test func itemsSitFromTheLeadingEdgeEightPointsApart() throws {
        let a = UIBarButtonItem(title: "Reply", style: .plain, target: nil, action: nil)
        let b = UIBarButtonItem(title: "Done", style: .done, target: nil, action: nil)
        let bar = toolbar([a, b])
        let first = try #require(bar.itemViews[0])
        let second = try #require(bar.itemViews[1])
        #expect(first.frame.minX == 16)
        #expect(second.frame.minX == first.frame.maxX + 8)
        #expect(first.frame.height == 44 && first.frame.minY == 0)
        #expect(first.title(for: .normal) == "Reply")
        #expect(second.titleLabel?.font == UIFont.systemFont(ofSize: 17, weight: .semibold))
    }

    @Test func flexibleSpacesShareWhatIsLeft() throws {
        let a = UIBarButtonItem(title: "Left", style: .plain, target: nil, action: nil)
        let b = UIBarButtonItem(title: "Right", style: .plain, target: nil, action: nil)
        let bar = toolbar([a, .flexibleSpace(), b])
        #expect(bar.itemViews[1] == nil)
        #expect(try #require(bar.itemViews[0]).frame.minX == 16)
        #expect(try #require(bar.itemViews[2]).frame.maxX == 384)
        // Two flexible spaces around an item centre it.
        let middle = UIBarButtonItem(title: "Middle", style: .plain, target: nil, action: nil)
        let centred = toolbar([.flexibleSpace(), middle, .flexibleSpace()])
        let view = try #require(centred.itemViews[1])
        #expect(abs(view.frame.midX - 200) <= 1)
    }

    @Test func fixedSpacesAndWidths() throws {
        let a = UIBarButtonItem(title: "A", style: .plain, target: nil, action: nil)
        let b = UIBarButtonItem(title: "B", style: .plain, target: nil, action: nil)
        b.width = 80
        let space = UIBarButtonItem.fixedSpace(30)
        #expect(space.width == 30)
        let bar = toolbar([a, space, b])
        let first = try #require(bar.itemViews[0])
        let second = try #require(bar.itemViews[2])
        #expect(second.frame.minX == first.frame.maxX + 8 + 30 + 8)
        #expect(second.frame.width == 80)
        // A negative or infinite fixed space counts as none.
        let odd = toolbar([a, .fixedSpace(-50), b])
        let oddFirst = try #require(odd.itemViews[0])
        let oddSecond = try #require(odd.itemViews[2])
        #expect(oddSecond.frame.minX == oddFirst.frame.maxX + 16)
    }

    @Test func systemItemsAreTitledButtonsAndSpacesAreNot() {
        let trash = UIBarButtonItem(barButtonSystemItem: .trash, target: nil, action: nil)
        #expect(trash.title == "Delete")
        #expect(UIBarButtonItem.SystemItem.flexibleSpace.rawValue == 5)
        #expect(UIBarButtonItem.SystemItem.fixedSpace.rawValue == 6)
        #expect(UIBarButtonItem.SystemItem.pageCurl.rawValue == 23)
        #expect(UIBarButtonItem.flexibleSpace().title == nil)
        let bar = toolbar([
            trash, .flexibleSpace(), UIBarButtonItem(barButtonSystemItem: .save, target: nil, action: nil),
        ])
        #expect(bar.itemViews.map { $0?.title(for: .normal) } == ["Delete", nil, "Save"])
    }

    @Test func tapsRunTheItemsActionAndChangesShow() throws {
        let scene = EventScene()
        var taps = 0
        let item = UIBarButtonItem(title: "Go", style: .plain, target: nil) { _ in taps += 1 }
        let bar = UIToolbar(frame: CGRect(x: 0, y: 256, width: 400, height: 44))
        bar.setItems([item], animated: true)
        scene.window.addSubview(bar)
        scene.clock.advance(by: 0.05)
        let button = try #require(bar.itemViews[0])
        scene.input.tap(at: scene.screenPoint(CGPoint(x: button.bounds.midX, y: 22), in: button), time: scene.clock.now)
        scene.clock.advance(by: 1.0 / 60)
        #expect(taps == 1)
        item.title = "Stop"
        #expect(try #require(bar.itemViews[0]).title(for: .normal) == "Stop")
        item.isEnabled = false
        #expect(try #require(bar.itemViews[0]).isEnabled == false)
        bar.items = []
        #expect(bar.itemViews.isEmpty)
        item.title = "Again"  // no longer shown: nothing to update
        #expect(bar.itemViews.isEmpty)
    }

    @Test func barStyleTintAndTranslucency() {
        let bar = UIToolbar()
        let light = bar.backgroundColor
        bar.barStyle = .black
        #expect(bar.backgroundColor != light)
        bar.isTranslucent = false
        #expect(bar.backgroundColor == UIColor(white: 0.11, alpha: 1))
        bar.barTintColor = .orange
        #expect(bar.backgroundColor == .orange)
        bar.barTintColor = nil
        bar.barStyle = .default
        bar.isTranslucent = true
        #expect(bar.backgroundColor == light)
    }

    @Test func snapshotToolbar() throws {
        let items = [
            UIBarButtonItem(barButtonSystemItem: .reply, target: nil, action: nil), .flexibleSpace(),
            UIBarButtonItem(title: "Archive", style: .plain, target: nil, action: nil), .fixedSpace(20),
            UIBarButtonItem(barButtonSystemItem: .done, target: nil, action: nil),
        ]
        let bar = UIToolbar(frame: CGRect(x: 0, y: 8, width: 400, height: 44))
        bar.isTranslucent = false
        bar.items = items
        try assertSnapshot(of: renderAlone(bar, width: 400, height: 60), named: "toolbar-reply-archive-done")
    }

    // MARK: A navigation controller's toolbar

    @Test func theNavigationControllersToolbarIsHiddenUntilAsked() throws {
        let s = NavigationScene()
        let navigation = s.navigation
        #expect(navigation.isToolbarHidden)
        let toolbar = try #require(navigation.toolbar)
        #expect(toolbar.isHidden)
        #expect(s.root.view.safeAreaInsets.bottom == 0)
        let item = UIBarButtonItem(title: "Share", style: .plain, target: nil, action: nil)
        s.root.toolbarItems = [item]
        #expect(toolbar.items?.first === item)
        navigation.isToolbarHidden = false
        s.navigation.view.layoutIfNeeded()
        #expect(!toolbar.isHidden)
        #expect(toolbar.frame == CGRect(x: 0, y: 256, width: 400, height: 44))
        #expect(toolbar.superview === navigation.view)
        #expect(s.root.view.safeAreaInsets.bottom == 44)
        navigation.setToolbarHidden(true, animated: true)
        #expect(navigation.isToolbarHidden)
        s.finishTransition()
        #expect(toolbar.isHidden)
        #expect(s.root.view.safeAreaInsets.bottom == 0)
        navigation.setToolbarHidden(false, animated: true)
        s.finishTransition()
        #expect(!toolbar.isHidden && toolbar.frame.minY == 256)
    }

    @Test func itemsFollowTheTopControllerThroughPushAndPop() throws {
        let s = NavigationScene()
        let navigation = s.navigation
        navigation.isToolbarHidden = false
        let toolbar = try #require(navigation.toolbar)
        let aItem = UIBarButtonItem(title: "A", style: .plain, target: nil, action: nil)
        let bItem = UIBarButtonItem(title: "B", style: .plain, target: nil, action: nil)
        s.root.setToolbarItems([aItem], animated: false)
        let b = s.controller("B")
        b.toolbarItems = [bItem]
        navigation.pushViewController(b, animated: true)
        #expect(toolbar.items?.first === bItem)
        s.finishTransition()
        #expect(toolbar.items?.first === bItem)
        // Items set on a controller that is not on top do not show.
        s.root.toolbarItems = [aItem, .flexibleSpace()]
        #expect(toolbar.items?.first === bItem)
        navigation.popViewController(animated: true)
        s.finishTransition()
        #expect(toolbar.items?.count == 2 && toolbar.items?.first === aItem)
        // A controller without items empties the bar.
        navigation.pushViewController(s.controller("C"), animated: false)
        #expect(toolbar.items == nil)
    }

    @Test func hidesBottomBarWhenPushedHidesTheToolbarWhileOnTop() throws {
        let s = NavigationScene()
        let navigation = s.navigation
        navigation.isToolbarHidden = false
        let toolbar = try #require(navigation.toolbar)
        let b = s.controller("B")
        b.hidesBottomBarWhenPushed = true
        navigation.pushViewController(b, animated: false)
        navigation.view.layoutIfNeeded()
        #expect(toolbar.isHidden)
        #expect(!navigation.isToolbarHidden)
        #expect(b.view.safeAreaInsets.bottom == 0)
        navigation.popViewController(animated: false)
        navigation.view.layoutIfNeeded()
        #expect(!toolbar.isHidden)
        // The root is not "pushed": the flag does not hide the bar under it.
        s.root.hidesBottomBarWhenPushed = true
        navigation.view.setNeedsLayout()
        navigation.view.layoutIfNeeded()
        #expect(!toolbar.isHidden)
    }
}
