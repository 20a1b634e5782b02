import Foundation
import Testing
import VitrinePlatform
import VitrineService

@testable import VitrineKiosk
@_spi(Service) @testable import VitrineKit

/// The service side of `UIApplicationMain` that runs inside the app: control requests and the
/// screenshots they return.
@MainActor @Suite(.serialized) struct KioskServiceTests {
    private func installScreens() -> (ManualClock, HeadlessBackend) {
        let clock = ManualClock()
        let backend = HeadlessBackend(clock: clock)
        backend.addOutput(name: "PANEL-1", width: 320, height: 200)
        backend.addOutput(name: "PANEL-2", width: 160, height: 100)
        UIApplication.shared.setDisplayBackend(backend)
        return (clock, backend)
    }

    @Test func aScreenshotRequestGetsThePNGOfTheNamedScreen() throws {
        let (clock, backend) = installScreens()
        let second = UIScreen.screens[1]
        let window = UIWindow(frame: second.bounds)
        window.screen = second
        window.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        window.isHidden = false
        clock.advance(by: 0.1)
        guard case .image(let png, let name, let width, let height) = KioskService.answer("screenshot", ["PANEL-2"])
        else {
            Issue.record("no image")
            return
        }
        #expect(name == "PANEL-2")
        #expect(width == 160 && height == 100)
        let image = try ImageCodec.decode(png)
        #expect(image.width == 160 && image.height == 100)
        // The snapshot is what the output shows.
        let shown = try #require((backend.outputs[1] as? HeadlessOutput)?.screenshot())
        #expect(shown.pixel(x: 80, y: 50) == second.renderSnapshot().pixel(x: 80, y: 50))
        #expect(shown.pixel(x: 80, y: 50) & 0xFF_FFFF == 0xFF_0000)
    }

    @Test func badRequestsAreAnsweredWithTheReason() {
        _ = installScreens()
        guard case .failure(let unknownScreen) = KioskService.answer("screenshot", ["HDMI-A-9"]) else {
            Issue.record("screenshot of a missing screen succeeded")
            return
        }
        #expect(unknownScreen == "no screen named HDMI-A-9 (screens: PANEL-1, PANEL-2)")
        guard case .failure(let unknownCommand) = KioskService.answer("reboot", []) else {
            Issue.record("an unknown request succeeded")
            return
        }
        #expect(unknownCommand == "unknown request reboot")
    }

    @Test func theMainScreenIsCapturedWhenNoneIsNamed() {
        _ = installScreens()
        guard case .image(_, let name, let width, _) = KioskService.answer("screenshot", []) else {
            Issue.record("no image")
            return
        }
        #expect(name == "PANEL-1" && width == 320)
    }
}
