import Foundation
import Testing
import VitrinePlatform
import VitrineSystemd
import VitrineTestSupport

@testable import VitrineKit

/// Under systemd the app says READY once a frame is on screen.
@MainActor @Suite(.serialized) struct ApplicationServiceTests {
    @Test func readyIsSentOnceTheFirstFrameIsOnScreen() throws {
        let path = DatagramListener.temporaryPath()
        let listener = try DatagramListener(name: path)
        let clock = ManualClock()
        let backend = HeadlessBackend(clock: clock)
        backend.addOutput(name: "PANEL-1", width: 320, height: 240)
        UIApplication.shared.setDisplayBackend(backend)
        UIApplication.shared.startServiceNotifications(SystemdNotifier(environment: ["NOTIFY_SOCKET": path]))
        defer { UIApplication.shared.startServiceNotifications(nil) }
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.backgroundColor = .blue
        window.makeKeyAndVisible()
        clock.advance(by: 0)
        // Presented, but not on screen until its vblank.
        #expect(!UIApplication.shared.hasNotifiedReady)
        clock.advance(by: 0.02)
        #expect(listener.receive() == "READY=1\nSTATUS=Showing 1 screen(s): PANEL-1\n")
        // Only once.
        window.backgroundColor = .red
        clock.advance(by: 0.1)
        UIApplication.shared.screenPresentedFirstFrame()
        #expect(UIApplication.shared.hasNotifiedReady)
    }

    @Test func withNoScreenTheAppIsReadyAtOnce() throws {
        let path = DatagramListener.temporaryPath()
        let listener = try DatagramListener(name: path)
        UIApplication.shared.setDisplayBackend(HeadlessBackend(clock: ManualClock()))
        UIApplication.shared.startServiceNotifications(SystemdNotifier(environment: ["NOTIFY_SOCKET": path]))
        defer { UIApplication.shared.startServiceNotifications(nil) }
        #expect(listener.receive() == "READY=1\nSTATUS=Running with no display connected\n")
    }
}
