import Foundation
import GLKit
import Testing

/// GLKViewController's loop on a headless screen's vblanks, stepped by the manual clock.
@Suite("GLKViewController") @MainActor struct GLKViewControllerTests {
    final class CountingController: GLKViewController {
        var updates = 0
        override func update() { updates += 1 }
    }

    @MainActor final class Recorder: GLKViewControllerDelegate {
        var updates = 0
        var pauses: [Bool] = []
        func glkViewControllerUpdate(_ controller: GLKViewController) { updates += 1 }
        func glkViewController(_ controller: GLKViewController, willPause pause: Bool) { pauses.append(pause) }
    }

    /// A controller whose GLKView draws a triangle, shown as the window's root.
    private func show(_ controller: GLKViewController, on rig: GLRig) throws -> (UIWindow, TriangleDrawer) {
        let view = try #require(controller.view as? GLKView)
        view.context = try makeContext()
        let drawer = TriangleDrawer()
        view.delegate = drawer
        let window = rig.window()
        window.rootViewController = controller
        rig.settle()
        // Halfway between vblanks: each whole number of frames from here holds that many vblanks.
        rig.clock.advance(by: GLRig.frame / 2)
        return (window, drawer)
    }

    @Test func updatesAndDrawsFollowTheDisplayLink() throws {
        let rig = GLRig()
        let controller = CountingController()
        #expect(controller.preferredFramesPerSecond == 30)
        let (window, drawer) = try show(controller, on: rig)
        defer { withExtendedLifetime(window) {} }
        #expect(controller.framesPerSecond == 30)
        let updates = controller.updates
        let draws = drawer.draws
        let frames = controller.framesDisplayed
        #expect(updates > 0)
        // 30 of the screen's 60 Hz: every other vblank.
        rig.clock.advance(by: 10 * GLRig.frame)
        #expect(controller.updates == updates + 5)
        #expect(controller.framesDisplayed == frames + 5)
        #expect(drawer.draws == draws + 5)  // drawn by the loop only
        #expect(abs(controller.timeSinceLastUpdate - 2 * GLRig.frame) < 1e-9)
        #expect(abs(controller.timeSinceLastDraw - 2 * GLRig.frame) < 1e-9)
        let screen = try #require(rig.output.screenshot())
        #expect(screen.rgb(10, 140).isClose(to: RGBA(255, 0, 0)))

        // Paused: no updates, no draws.
        controller.isPaused = true
        rig.clock.advance(by: 10 * GLRig.frame)
        #expect(controller.updates == updates + 5)
        #expect(drawer.draws == draws + 5)
        controller.isPaused = false
        rig.clock.advance(by: 2 * GLRig.frame)
        #expect(controller.updates == updates + 6)
        #expect(controller.timeSinceLastUpdate == 0)  // the first update after a resume
        #expect(controller.timeSinceLastResume == 0)
        rig.clock.advance(by: 2 * GLRig.frame)
        #expect(abs(controller.timeSinceLastResume - 2 * GLRig.frame) < 1e-9)
        #expect(controller.timeSinceFirstResume > controller.timeSinceLastResume)

        // 60 per second: every vblank.
        controller.preferredFramesPerSecond = 60
        #expect(controller.framesPerSecond == 60)
        let before = controller.updates
        rig.clock.advance(by: 4 * GLRig.frame)
        #expect(controller.updates == before + 4)
        // Gone from the window: the loop stops.
        window.rootViewController = nil
        rig.settle()
        let after = controller.updates
        rig.clock.advance(by: 10 * GLRig.frame)
        #expect(controller.updates == after)
    }

    @Test func aDelegateUpdatesInsteadOfUpdateAndHearsOfPauses() throws {
        let rig = GLRig()
        let controller = CountingController()
        let recorder = Recorder()
        controller.delegate = recorder
        controller.preferredFramesPerSecond = 60
        let (window, _) = try show(controller, on: rig)
        defer { withExtendedLifetime(window) {} }
        let updates = recorder.updates
        rig.clock.advance(by: 3 * GLRig.frame)
        #expect(recorder.updates == updates + 3)
        #expect(controller.updates == 0)
        controller.isPaused = true
        controller.isPaused = false
        #expect(recorder.pauses == [true, false])
    }

    @Test func theLoopPausesWhileTheAppIsInactive() throws {
        let rig = GLRig()
        let controller = CountingController()
        controller.preferredFramesPerSecond = 60
        let (window, _) = try show(controller, on: rig)
        defer { withExtendedLifetime(window) {} }
        NotificationCenter.default.post(name: UIApplication.willResignActiveNotification, object: UIApplication.shared)
        #expect(controller.isPaused)
        let updates = controller.updates
        rig.clock.advance(by: 5 * GLRig.frame)
        #expect(controller.updates == updates)
        NotificationCenter.default.post(name: UIApplication.didBecomeActiveNotification, object: UIApplication.shared)
        #expect(!controller.isPaused)
        rig.clock.advance(by: 2 * GLRig.frame)
        #expect(controller.updates == updates + 2)
        // Opted out: the loop keeps running.
        controller.pauseOnWillResignActive = false
        NotificationCenter.default.post(name: UIApplication.willResignActiveNotification, object: UIApplication.shared)
        #expect(!controller.isPaused)
    }
}
