import Foundation
import Testing
import VitrinePlatform
import VitrineTestSupport

@testable import VitrineKit

/// `UIMenu`, `UIAction` in menus, `UIContextMenuInteraction` and a button's `menu`, as UIKit
/// documents them.
@MainActor @Suite struct ContextMenuTests {
    /// A delegate that gives a fixed menu and records what it was asked.
    final class MenuDelegate: UIContextMenuInteractionDelegate {
        var menu: UIMenu
        var log: [String] = []
        init(menu: UIMenu) { self.menu = menu }
        func contextMenuInteraction(
            _ interaction: UIContextMenuInteraction, configurationForMenuAtLocation location: CGPoint
        ) -> UIContextMenuConfiguration? {
            log.append("configuration at \(Int(location.x)),\(Int(location.y))")
            let menu = self.menu
            return UIContextMenuConfiguration(identifier: "row" as NSString, previewProvider: nil) { suggested in
                #expect(suggested.isEmpty)
                return menu
            }
        }
        func contextMenuInteraction(
            _ interaction: UIContextMenuInteraction, willDisplayMenuFor configuration: UIContextMenuConfiguration,
            animator: (any UIContextMenuInteractionAnimating)?
        ) {
            log.append("display \(configuration.identifier as? NSString ?? "?")")
        }
        func contextMenuInteraction(
            _ interaction: UIContextMenuInteraction, willEndFor configuration: UIContextMenuConfiguration,
            animator: (any UIContextMenuInteractionAnimating)?
        ) {
            animator?.addCompletion { self.log.append("ended") }
        }
    }

    private func menuView(in window: UIWindow) -> ContextMenuView? {
        window.subviews.compactMap { $0 as? ContextMenuView }.first
    }

    /// Taps `point` (window coordinates) and lets the frames run.
    private func tap(_ scene: EventScene, at point: CGPoint) {
        let start = scene.clock.now
        scene.input.down(at: point, time: start)
        scene.clock.advance(by: 0.05)
        scene.input.up(time: start + 0.05)
        scene.clock.advance(by: 0.3)
    }

    /// The window point in the middle of the menu's row `index`.
    private func rowCenter(_ menu: ContextMenuView, _ index: Int, in window: UIWindow) -> CGPoint {
        menu.layoutIfNeeded()
        menu.tableView.layoutIfNeeded()
        let rect = menu.tableView.rectForRow(at: IndexPath(row: index, section: 0))
        return menu.tableView.convert(CGPoint(x: rect.midX, y: rect.midY), to: window)
    }

    private func sampleMenu(log: @escaping (String) -> Void) -> UIMenu {
        UIMenu(
            title: "Photo",
            children: [
                UIAction(title: "Copy", image: nil) { action in log("copy from \(type(of: action.sender!))") },
                UIAction(title: "Share", attributes: .disabled) { _ in log("share") },
                UIMenu(
                    title: "", options: .displayInline,
                    children: [UIAction(title: "Delete", attributes: .destructive) { _ in log("delete") }]),
                UIAction(title: "Secret", attributes: .hidden) { _ in log("secret") },
            ])
    }

    @Test func menuModel() {
        let action = UIAction(title: "A", subtitle: "sub", attributes: [.destructive], state: .on) { _ in }
        #expect(action.title == "A" && action.subtitle == "sub" && action.state == .on)
        #expect(action.attributes == .destructive)
        let menu = UIMenu(title: "M", identifier: "m", options: [.singleSelection], children: [action])
        #expect(menu.identifier == UIMenu.Identifier("m") && menu.children.count == 1)
        #expect(menu.selectedElements.count == 1)
        let replaced = menu.replacingChildren([])
        #expect(replaced.title == "M" && replaced.identifier == menu.identifier && replaced.children.isEmpty)
        #expect(replaced.options == .singleSelection)
        #expect(UIMenu().identifier != UIMenu().identifier)
        // Rows: the title, Copy, Share, a separator, Delete; Secret is hidden.
        let rows = ContextMenuView.rows(for: sampleMenu { _ in })
        #expect(rows.count == 5)
        #expect(!ContextMenuView.hasVisibleItems(UIMenu(title: "only a title")))
    }

    /// A long press shows the menu; a tap on an item runs it (sender: the view) and dismisses;
    /// a tap on a disabled item does nothing; a tap outside dismisses.
    @Test func longPressShowsTapRunsAndDismisses() throws {
        let scene = EventScene()
        var ran: [String] = []
        let delegate = MenuDelegate(menu: sampleMenu { ran.append($0) })
        let view = UIView(frame: CGRect(x: 20, y: 20, width: 100, height: 60))
        view.backgroundColor = .systemBlue
        scene.window.addSubview(view)
        let interaction = UIContextMenuInteraction(delegate: delegate)
        view.addInteraction(interaction)
        #expect(interaction.view === view && view.interactions.count == 1)
        #expect(interaction.delegate === delegate)

        scene.input.down(at: CGPoint(x: 50, y: 40), time: 1)
        scene.clock.advance(to: 1.3)
        #expect(menuView(in: scene.window) == nil)
        scene.clock.advance(to: 1.6)
        scene.input.up(time: 1.7)
        #expect(delegate.log == ["configuration at 30,20", "display row"])
        let menu = try #require(menuView(in: scene.window))
        #expect(interaction.location(in: view) == CGPoint(x: 30, y: 20))
        // The menu sits beside the touch, inside the window.
        #expect(scene.window.bounds.contains(menu.panel.frame))
        #expect(menu.panel.frame.minY >= 40)

        // Disabled: nothing happens, the menu stays.
        tap(scene, at: rowCenter(menu, 2, in: scene.window))
        #expect(ran.isEmpty && menuView(in: scene.window) != nil)
        // An item: runs, after the menu went.
        tap(scene, at: rowCenter(menu, 1, in: scene.window))
        #expect(ran == ["copy from UIView"])
        #expect(menuView(in: scene.window) == nil)
        #expect(delegate.log.last == "ended")

        // Again, then a tap outside the panel.
        scene.input.down(at: CGPoint(x: 50, y: 40), time: 3)
        scene.clock.advance(to: 3.6)
        scene.input.up(time: 3.7)
        let second = try #require(menuView(in: scene.window))
        let outside = CGPoint(x: 390, y: 5)
        #expect(!second.panel.frame.contains(outside))
        tap(scene, at: outside)
        #expect(menuView(in: scene.window) == nil)
        #expect(ran == ["copy from UIView"])

        view.removeInteraction(interaction)
        #expect(view.interactions.isEmpty && interaction.view == nil)
    }

    /// Destructive in red, disabled dimmed: the pixel reference.
    @Test func drawnAttributes() throws {
        let scene = EventScene(width: 300, height: 260)
        scene.window.backgroundColor = .white
        let delegate = MenuDelegate(menu: sampleMenu { _ in })
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 260))
        scene.window.addSubview(view)
        view.addInteraction(UIContextMenuInteraction(delegate: delegate))
        scene.input.down(at: CGPoint(x: 20, y: 20), time: 1)
        scene.clock.advance(to: 1.6)
        scene.input.up(time: 1.7)
        scene.clock.advance(by: 0.1)
        let menu = try #require(menuView(in: scene.window))
        let delete = try #require(menu.tableView.cellForRow(at: IndexPath(row: 4, section: 0)))
        #expect(delete.textLabel?.textColor == .systemRed)
        let share = try #require(menu.tableView.cellForRow(at: IndexPath(row: 2, section: 0)))
        #expect(share.textLabel?.textColor != .label)
        scene.clock.advance(by: 1.0 / 60)
        try assertSnapshot(of: try scene.screenshot(), named: "context-menu", tolerance: 8, maxDifferingPixels: 40)
    }

    /// A menu of 1,000 items fits the window and scrolls; choosing the last one works.
    @Test func thousandItemsScroll() throws {
        let scene = EventScene()
        var chosen: [Int] = []
        let items = (0..<1000).map { index in UIAction(title: "Item \(index)") { _ in chosen.append(index) } }
        let delegate = MenuDelegate(menu: UIMenu(children: items))
        scene.window.addSubview(UIView(frame: scene.window.bounds))
        scene.window.subviews[0].addInteraction(UIContextMenuInteraction(delegate: delegate))
        scene.input.down(at: CGPoint(x: 100, y: 100), time: 1)
        scene.clock.advance(to: 1.6)
        scene.input.up(time: 1.7)
        let menu = try #require(menuView(in: scene.window))
        #expect(menu.panel.frame.height <= scene.window.bounds.height - 32)
        #expect(menu.tableView.contentSize.height == 1000 * ContextMenuView.rowHeight)
        menu.tableView.contentOffset.y = menu.tableView.contentSize.height - menu.tableView.bounds.height
        scene.clock.advance(by: 0.1)
        tap(scene, at: rowCenter(menu, 999, in: scene.window))
        #expect(chosen == [999])
    }

    /// A button's menu: a long press shows it; with `showsMenuAsPrimaryAction` a tap shows it
    /// and sends `.menuActionTriggered`, not `.touchUpInside`. Single selection checks one.
    @Test func buttonMenu() throws {
        let scene = EventScene()
        let button = UIButton(type: .system)
        button.setTitle("Sort", for: .normal)
        button.frame = CGRect(x: 20, y: 20, width: 100, height: 44)
        scene.window.addSubview(button)
        var events: [String] = []
        button.addAction(UIAction { _ in events.append("tap") }, for: .touchUpInside)
        button.addAction(UIAction { _ in events.append("menu") }, for: .menuActionTriggered)
        let byName = UIAction(title: "Name", state: .on) { _ in events.append("name") }
        let byDate = UIAction(title: "Date") { action in events.append("date from \(action.sender is UIButton)") }
        button.menu = UIMenu(options: .singleSelection, children: [byName, byDate])
        #expect(button.interactions.count == 1)

        tap(scene, at: CGPoint(x: 60, y: 40))
        #expect(events == ["tap"] && menuView(in: scene.window) == nil)

        button.showsMenuAsPrimaryAction = true
        tap(scene, at: CGPoint(x: 60, y: 40))
        #expect(events == ["tap", "menu"])
        let menu = try #require(menuView(in: scene.window))
        #expect(menu.panel.frame.minY >= 64)
        tap(scene, at: rowCenter(menu, 1, in: scene.window))
        #expect(events == ["tap", "menu", "date from true"])
        #expect(byDate.state == .on && byName.state == .off)

        button.menu = nil
        #expect(button.interactions.isEmpty)
        tap(scene, at: CGPoint(x: 60, y: 40))
        #expect(events.last == "tap")
    }
}
