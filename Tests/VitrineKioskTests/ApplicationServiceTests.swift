import Foundation
import Testing
import VitrinePlatform
import VitrineSystemd
import VitrineTestSupport

@testable import VitrineKiosk
@testable import VitrineKit

/// Under systemd the app says READY once a frame is on screen: the service observes
/// `UIScreen.didPresentFirstFrameNotification`, which the screen registry posts when the first
/// present completed.
@MainActor @Suite(.serialized) struct ApplicationServiceTests {
    @Test func readyIsSentOnceTheFirstFrameIsOnScreen() throws {
        let path = DatagramListener.temporaryPath()
        let listener = try DatagramListener(name: path)
        let clock = ManualClock()
        let backend = HeadlessBackend(clock: clock)
        backend.addOutput(name: "PANEL-1", width: 320, height: 240)
        UIApplication.shared.setDisplayBackend(backend)
        let notifications = ServiceNotifications(
            notifier: try #require(SystemdNotifier(environment: ["NOTIFY_SOCKET": path])))
        defer { notifications.stop() }
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.backgroundColor = .blue
        window.makeKeyAndVisible()
        clock.advance(by: 0)
        // Presented, but not on screen until its vblank.
        #expect(!notifications.hasNotifiedReady)
        clock.advance(by: 0.02)
        #expect(listener.receive() == "READY=1\nSTATUS=Showing 1 screen(s): PANEL-1\n")
        #expect(notifications.hasNotifiedReady)
        // Only once.
        window.backgroundColor = .red
        clock.advance(by: 0.1)
        notifications.screenPresentedFirstFrame()
        #expect(listener.receive(containing: "READY", timeout: 0.1) == nil, "READY only once")
    }

    @Test func theFirstFrameHandlerIsTheApplicationsNotAGlobalOfTheFrameLoop() {
        let clock = ManualClock()
        let backend = HeadlessBackend(clock: clock)
        backend.addOutput(name: "PANEL-1", width: 64, height: 48)
        backend.addOutput(name: "PANEL-2", width: 64, height: 48)
        var shown: [String] = []
        UIApplication.shared.screenFirstFrameHandler = { screen in shown.append(screen.name) }
        defer { UIApplication.shared.screenFirstFrameHandler = nil }
        UIApplication.shared.setDisplayBackend(backend)
        for screen in UIScreen.screens {
            let window = UIWindow(frame: screen.bounds)
            window.screen = screen
            window.isHidden = false
        }
        clock.advance(by: 0)
        #expect(shown.isEmpty, "queued, not yet on screen")
        clock.advance(by: 0.02)
        clock.advance(by: 0.1)
        #expect(shown.sorted() == ["PANEL-1", "PANEL-2"], "once per screen")
    }

    /// The service learns of the first frame by its notification, so the app's own handler
    /// stays the app's: both are told.
    @Test func theServiceAndTheAppBothLearnOfTheFirstFrame() throws {
        let path = DatagramListener.temporaryPath()
        let listener = try DatagramListener(name: path)
        let clock = ManualClock()
        let backend = HeadlessBackend(clock: clock)
        backend.addOutput(name: "PANEL-1", width: 64, height: 48)
        var shown: [String: Double] = [:]
        UIApplication.shared.screenFirstFrameHandler = { screen in
            shown[screen.name] = screen.firstFramePresentationTime
        }
        defer { UIApplication.shared.screenFirstFrameHandler = nil }
        UIApplication.shared.setDisplayBackend(backend)
        let notifications = ServiceNotifications(
            notifier: try #require(SystemdNotifier(environment: ["NOTIFY_SOCKET": path])))
        defer { notifications.stop() }
        #expect(UIApplication.shared.screenFirstFrameHandler != nil, "the service left the app's handler alone")
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.backgroundColor = .blue
        window.makeKeyAndVisible()
        defer { window.isHidden = true }
        clock.advance(by: 0)
        clock.advance(by: 0.05)
        #expect(listener.receive() == "READY=1\nSTATUS=Showing 1 screen(s): PANEL-1\n")
        #expect(shown.keys.sorted() == ["PANEL-1"])
        #expect(abs((shown["PANEL-1"] ?? 0) - 1.0 / 60) < 1e-9, "the flip's vblank time")
    }

    @Test func withNoScreenTheAppIsReadyAtOnce() throws {
        let path = DatagramListener.temporaryPath()
        let listener = try DatagramListener(name: path)
        UIApplication.shared.setDisplayBackend(HeadlessBackend(clock: ManualClock()))
        let notifications = ServiceNotifications(
            notifier: try #require(SystemdNotifier(environment: ["NOTIFY_SOCKET": path])))
        defer { notifications.stop() }
        #expect(listener.receive() == "READY=1\nSTATUS=Running with no display connected\n")
    }
}
