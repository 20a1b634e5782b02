import Foundation
import Testing
import VitrineDemo
import VitrineKit
import VitrinePlatform

/// The demo kiosk the main job shows: it lays out on any screen size and reacts to touch.
@MainActor @Suite struct KioskViewControllerTests {
    @Test(arguments: [(1920, 1080), (800, 480)])
    func tilesAndControlsRespondToTouch(width: Int, height: Int) throws {
        let clock = ManualClock()
        let backend = HeadlessBackend(clock: clock)
        let output = backend.addOutput(width: width, height: height)
        UIApplication.shared.setDisplayBackend(backend)
        let input = SyntheticInput().install()
        let controller = KioskViewController()
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        clock.advance(by: 0)
        #expect(output.completedPresentCount == 0 && output.presentCount == 1)

        let tile = try #require(controller.tileCenter(4))
        #expect(window.bounds.contains(tile))
        input.tap(at: tile, time: clock.now + 0.1)
        #expect(controller.statusLabel.text == "Events selected")
        let button = controller.startButton.convert(
            CGPoint(x: controller.startButton.bounds.midX, y: controller.startButton.bounds.midY), to: nil)
        input.tap(at: button, time: clock.now + 1)
        input.tap(at: button, time: clock.now + 2)
        #expect(controller.statusLabel.text == "Started 2 times")
    }
}
