import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform

@testable import VitrineKit

@Suite("UIWindow") @MainActor struct WindowTests {
    @Test func initFrameMakesAHiddenWindowOnTheMainScreen() {
        let rig = HeadlessRig()
        let window = UIWindow(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(window.isHidden)
        #expect(window.screen === rig.screen)
        #expect(window.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(window.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(window.window === window)
        #expect(window.windowLevel == .normal)
        #expect(!window.isKeyWindow)
        #expect(UIApplication.shared.windows.contains { $0 === window })
        #expect(window.next === UIApplication.shared)

        let covering = UIWindow(screen: rig.screen)
        #expect(covering.frame == rig.screen.bounds)
    }

    @Test func rootViewControllerInstallsItsViewSizedToTheWindow() {
        _ = HeadlessRig()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let first = UIViewController()
        #expect(!first.isViewLoaded)
        window.rootViewController = first
        #expect(first.isViewLoaded)
        #expect(first.view.superview === window)
        #expect(first.view.frame == window.bounds)
        #expect(first.view.next === first)
        #expect(first.next === window)

        // It follows the window's size.
        window.frame = CGRect(x: 0, y: 0, width: 300, height: 150)
        #expect(first.view.frame == CGRect(x: 0, y: 0, width: 300, height: 150))

        let second = UIViewController()
        window.rootViewController = second
        #expect(first.view.superview == nil)
        #expect(second.view.superview === window)
        #expect(window.subviews.count == 1)
        #expect(second.view.frame == window.bounds)
    }

    @Test func oneKeyWindowAtATimeWithItsNotifications() {
        let rig = HeadlessRig()
        let recorder = NotificationRecorder([UIWindow.didBecomeKeyNotification, UIWindow.didResignKeyNotification])
        defer { recorder.stop() }
        let first = makeVisibleWindow(on: rig.screen, frame: rig.screen.bounds, color: .red)
        let second = makeVisibleWindow(on: rig.screen, frame: rig.screen.bounds, color: .blue)
        func keyWindows() -> [UIWindow] { UIApplication.shared.windows.filter(\.isKeyWindow) }

        first.makeKeyAndVisible()
        #expect(first.isKeyWindow && !second.isKeyWindow)
        #expect(UIApplication.shared.keyWindow === first)
        #expect(keyWindows().count == 1)

        second.makeKey()
        #expect(!first.isKeyWindow && second.isKeyWindow)
        #expect(keyWindows().count == 1)
        #expect(
            recorder.received.map(\.name) == [
                UIWindow.didBecomeKeyNotification, UIWindow.didResignKeyNotification,
                UIWindow.didBecomeKeyNotification,
            ])
        #expect(recorder.received.map(\.object) == [first, first, second].map { ObjectIdentifier($0) })

        // Making the key window key again posts nothing.
        second.makeKey()
        #expect(recorder.received.count == 3)

        // Hiding the key window: it resigns, and the previous key window, still visible,
        // becomes key again.
        second.isHidden = true
        #expect(!second.isKeyWindow)
        #expect(first.isKeyWindow)
        #expect(recorder.names(for: second).last == UIWindow.didResignKeyNotification)
        #expect(recorder.names(for: first).last == UIWindow.didBecomeKeyNotification)
        #expect(keyWindows().count == 1)

        // Hiding the last visible key window leaves no key window.
        first.isHidden = true
        #expect(UIApplication.shared.keyWindow == nil)
        #expect(keyWindows().isEmpty)
    }

    @Test func becomeKeyAndResignKeyAreCalledOnSubclasses() {
        final class TrackingWindow: UIWindow {
            var log: [String] = []
            override func becomeKey() { log.append("becomeKey") }
            override func resignKey() { log.append("resignKey") }
        }
        let rig = HeadlessRig()
        let tracking = TrackingWindow(frame: rig.screen.bounds)
        let other = UIWindow(frame: rig.screen.bounds)
        tracking.makeKeyAndVisible()
        other.makeKeyAndVisible()
        #expect(tracking.log == ["becomeKey", "resignKey"])
    }

    @Test func showingAndHidingPostVisibilityNotifications() {
        let rig = HeadlessRig()
        let recorder = NotificationRecorder([
            UIWindow.didBecomeVisibleNotification, UIWindow.didBecomeHiddenNotification,
            UIWindow.didBecomeKeyNotification, UIWindow.didResignKeyNotification,
        ])
        defer { recorder.stop() }
        let window = UIWindow(frame: rig.screen.bounds)
        window.isHidden = true  // already hidden: nothing
        window.makeKeyAndVisible()
        window.isHidden = false  // already visible: nothing
        window.isHidden = true
        #expect(
            recorder.names(for: window) == [
                UIWindow.didBecomeVisibleNotification, UIWindow.didBecomeKeyNotification,
                UIWindow.didResignKeyNotification, UIWindow.didBecomeHiddenNotification,
            ])
    }

    /// Windows of the levels `.normal`, `.normal + 1`, `.statusBar` and `.alert` overlap and
    /// are shown in an order unlike their levels; the screen composes them by level (equal
    /// levels: the one shown last in front). The screenshot must equal a picture painted by
    /// hand in level order.
    @Test func windowsAreComposedInLevelOrder() throws {
        let rig = HeadlessRig(width: 160, height: 120)
        let screen = rig.screen
        let specs: [(CGRect, UIColor, RGB, UIWindow.Level)] = [
            (CGRect(x: 10, y: 10, width: 60, height: 60), .red, .red, .alert),
            (CGRect(x: 40, y: 30, width: 60, height: 60), .green, .green, .normal),
            (CGRect(x: 60, y: 20, width: 60, height: 60), .blue, .blue, .statusBar),
            (CGRect(x: 30, y: 50, width: 60, height: 60), .yellow, .yellow, .normal + 1),
            (CGRect(x: 0, y: 40, width: 50, height: 50), .white, .white, .normal),
        ]
        let windows = specs.map { makeVisibleWindow(on: screen, frame: $0.0, color: $0.1, level: $0.3) }
        rig.settle()
        let shot = try #require(rig.output.screenshot())

        // Paint by hand: level order, ties in the order shown.
        let order = specs.indices.sorted { (specs[$0].3, $0) < (specs[$1].3, $1) }
        var expected = [[RGB]](repeating: [RGB](repeating: .black, count: 160), count: 120)
        for index in order {
            let rect = specs[index].0
            for y in Int(rect.minY)..<Int(rect.maxY) {
                for x in Int(rect.minX)..<Int(rect.maxX) { expected[y][x] = specs[index].2 }
            }
        }
        var mismatches = 0
        for y in 0..<120 {
            for x in 0..<160 where shot.rgb(x, y) != expected[y][x] { mismatches += 1 }
        }
        #expect(mismatches == 0)
        // Spot checks that name what is in front.
        #expect(shot.rgb(45, 45) == .red)  // alert above every other
        #expect(shot.rgb(90, 40) == .blue)  // status bar above normal and normal + 1
        #expect(shot.rgb(45, 85) == .yellow)  // normal + 1 above normal, though shown before white
        #expect(shot.rgb(20, 80) == .white)  // among .normal, white was shown after green
        #expect(screen.windows.map(\.windowLevel) == [.normal, .normal, .normal + 1, .statusBar, .alert])

        // Raising a level re-composes: green above the alert.
        windows[1].windowLevel = .alert + 1
        rig.settle()
        #expect(try #require(rig.output.screenshot()).rgb(45, 45) == .green)
    }

    @Test func makeKeyAndVisibleBringsTheWindowInFrontOfItsLevel() throws {
        let rig = HeadlessRig()
        let back = makeVisibleWindow(on: rig.screen, frame: CGRect(x: 0, y: 0, width: 50, height: 50), color: .red)
        let front = makeVisibleWindow(on: rig.screen, frame: CGRect(x: 0, y: 0, width: 50, height: 50), color: .blue)
        rig.settle()
        #expect(try #require(rig.output.screenshot()).rgb(5, 5) == .blue)
        back.makeKeyAndVisible()
        rig.settle()
        #expect(try #require(rig.output.screenshot()).rgb(5, 5) == .red)
        // Hiding and showing again also brings it to the front.
        front.isHidden = true
        front.isHidden = false
        rig.settle()
        #expect(try #require(rig.output.screenshot()).rgb(5, 5) == .blue)
    }

    @Test func assigningAnotherScreenMovesTheWindowThere() throws {
        let rig = HeadlessRig()
        let otherOutput = rig.backend.addOutput(name: "HDMI-A-1", width: 200, height: 100)
        let other = UIScreen.screens[1]
        let window = makeVisibleWindow(on: rig.screen, frame: CGRect(x: 10, y: 10, width: 40, height: 40), color: .red)
        window.makeKey()
        rig.settle()
        #expect(try #require(rig.output.screenshot()).rgb(20, 20) == .red)

        window.screen = other
        rig.settle()
        #expect(try #require(rig.output.screenshot()).rgb(20, 20) == .black)
        #expect(try #require(otherOutput.screenshot()).rgb(20, 20) == .red)
        #expect(!window.isHidden && window.isKeyWindow)
        #expect(window.frame == CGRect(x: 10, y: 10, width: 40, height: 40))
        #expect(other.windows.contains { $0 === window })
        #expect(!rig.screen.windows.contains { $0 === window })
    }

    @Test func movingToAScreenOfAnotherScaleChangesContentScaleWithoutWindowCallbacks() {
        final class CountingView: UIView {
            var windowMoves = 0
            override func didMoveToWindow() { windowMoves += 1 }
        }
        let clock = ManualClock()
        let backend = HeadlessBackend(clock: clock)
        backend.addOutput(name: "HDMI-A-1", width: 200, height: 100)
        let dense = HeadlessOutput(name: "DSI-1", width: 400, height: 400, clock: clock)
        dense.physicalSize = CGSize(width: 400 / 326.0 * 25.4, height: 400 / 326.0 * 25.4)
        backend.connect(dense)
        UIApplication.shared.setDisplayBackend(backend)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let view = CountingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let fixed = UIView(frame: .zero)
        fixed.contentScaleFactor = 3
        window.addSubview(view)
        view.addSubview(fixed)
        #expect(view.windowMoves == 1)
        #expect(view.contentScaleFactor == 1)
        window.screen = UIScreen.screens[1]
        #expect(window.contentScaleFactor == 2)
        #expect(view.contentScaleFactor == 2)
        #expect(fixed.contentScaleFactor == 3)
        #expect(view.windowMoves == 1)
    }

    @Test func aWindowNoOneHoldsIsReleasedAndLeavesItsScreen() throws {
        let rig = HeadlessRig()
        weak var released: UIWindow?
        do {
            let window = makeVisibleWindow(on: rig.screen, frame: rig.screen.bounds, color: .red)
            window.makeKey()
            window.rootViewController = UIViewController()
            released = window
            rig.settle()
            #expect(try #require(rig.output.screenshot()).rgb(5, 5) == .red)
        }
        #expect(released == nil)
        #expect(rig.screen.windows.isEmpty)
        #expect(UIApplication.shared.keyWindow == nil)
        rig.settle()
        #expect(try #require(rig.output.screenshot()).rgb(5, 5) == .black)
    }
}
