import Foundation
import Testing
import VitrinePlatform
import VitrineTestSupport

@testable import VitrineKit

/// UITabBar on its own: its delegate, template images and a pixel reference.
@Suite("UITabBar") @MainActor struct TabBarTests {
    @Test func aStandaloneBarSelectsOnATapAndTellsItsDelegate() {
        final class Delegate: UITabBarDelegate {
            var selected: [String] = []
            func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) { selected.append(item.title ?? "?") }
        }
        let scene = EventScene()
        let bar = UITabBar(frame: CGRect(x: 0, y: 251, width: 400, height: 49))
        let delegate = Delegate()
        bar.delegate = delegate
        let items = ["One", "Two"].map { UITabBarItem(title: $0, image: nil, tag: 0) }
        bar.items = items
        bar.selectedItem = items[0]
        scene.window.addSubview(bar)
        scene.clock.advance(by: 0.05)
        let button = bar.buttons[1]
        scene.input.tap(at: scene.screenPoint(CGPoint(x: button.bounds.midX, y: 24), in: button), time: scene.clock.now)
        scene.clock.advance(by: 1.0 / 60)
        #expect(delegate.selected == ["Two"] && bar.selectedItem === items[1])
        // An item not on the bar cannot be selected.
        bar.selectedItem = UITabBarItem()
        #expect(bar.selectedItem === items[1])
    }

    @Test func templateImagesAreFilledWithTheItemsColourAndOriginalsAreNot() throws {
        let icon = tabIcon()
        #expect(icon.renderingMode == .automatic)
        #expect(icon.withRenderingMode(.alwaysTemplate).renderingMode == .alwaysTemplate)
        #expect(icon.withRenderingMode(.automatic) === icon)
        let bar = UITabBar(frame: CGRect(x: 0, y: 0, width: 400, height: 49))
        let template = UITabBarItem(title: "T", image: icon, tag: 0)
        let original = UITabBarItem(title: "O", image: icon.withRenderingMode(.alwaysOriginal), tag: 0)
        bar.items = [template, original]
        bar.selectedItem = template
        let tinted = try #require(bar.buttons[0].imageView.image)
        #expect(tinted !== icon && tinted.size == icon.size)
        #expect(bar.buttons[1].imageView.image === original.image)
    }

    @Test func snapshotOfABarWithThreeItemsOneSelectedOneBadged() throws {
        let bar = UITabBar(frame: CGRect(x: 0, y: 0, width: 400, height: 49))
        let items = [
            UITabBarItem(title: "Home", image: tabIcon(), tag: 0),
            UITabBarItem(title: "Alerts", image: tabIcon(), tag: 1),
            UITabBarItem(title: "Settings", image: tabIcon(), tag: 2),
        ]
        items[1].badgeValue = "3"
        bar.items = items
        bar.selectedItem = items[0]
        try assertSnapshot(of: renderAlone(bar, width: 400, height: 49), named: "tab-bar-three-items-badge-selected")
    }
}
