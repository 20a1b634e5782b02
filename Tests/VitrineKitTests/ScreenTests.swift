import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform

@testable import VitrineKit

@Suite("UIScreen") @MainActor struct ScreenTests {
    @Test func screensFollowTheBackendsOutputsAndMainIsTheFirst() {
        let rig = HeadlessRig()
        let second = rig.backend.addOutput(name: "HEADLESS-2", width: 640, height: 480)
        #expect(UIScreen.screens.count == 2)
        #expect(UIScreen.main === UIScreen.screens[0])
        #expect(UIScreen.main.output === rig.output)
        #expect(UIScreen.screens[1].output === second)
        #expect(UIScreen.screens[1].name == "HEADLESS-2")
        #expect(UIScreen.screens.allSatisfy { $0.isConnected })
    }

    @Test func boundsAreInPointsAndNativeBoundsInPixels() {
        let clock = ManualClock()
        let backend = HeadlessBackend(clock: clock)
        let output = HeadlessOutput(name: "DSI-1", width: 1920, height: 1080, clock: clock)
        // 326 pixels per inch: twice iOS's 163, so scale 2.
        output.physicalSize = CGSize(width: 1920 / 326.0 * 25.4, height: 1080 / 326.0 * 25.4)
        backend.connect(output)
        backend.addOutput(name: "HDMI-A-1", width: 800, height: 600)
        UIApplication.shared.setDisplayBackend(backend)

        let retina = UIScreen.screens[0]
        #expect(retina.scale == 2)
        #expect(retina.nativeScale == 2)
        #expect(retina.bounds == CGRect(x: 0, y: 0, width: 960, height: 540))
        #expect(retina.nativeBounds == CGRect(x: 0, y: 0, width: 1920, height: 1080))
        #expect(retina.coordinateSpace.bounds == retina.bounds)

        let plain = UIScreen.screens[1]  // no physical size reported: scale 1
        #expect(plain.scale == 1)
        #expect(plain.bounds == CGRect(x: 0, y: 0, width: 800, height: 600))
        #expect(plain.nativeBounds == plain.bounds)
    }

    @Test func aScale2ScreenRendersPointsAsTwoPixels() throws {
        let clock = ManualClock()
        let backend = HeadlessBackend(clock: clock)
        let output = HeadlessOutput(name: "DSI-1", width: 200, height: 200, clock: clock)
        output.physicalSize = CGSize(width: 200 / 326.0 * 25.4, height: 200 / 326.0 * 25.4)
        backend.connect(output)
        UIApplication.shared.setDisplayBackend(backend)
        let screen = UIScreen.main
        let window = makeVisibleWindow(on: screen, frame: CGRect(x: 10, y: 10, width: 20, height: 20), color: .red)
        clock.advance(by: 0)
        let shot = try #require(output.screenshot())
        #expect(shot.rgb(20, 20) == .red)  // point (10, 10)
        #expect(shot.rgb(59, 59) == .red)  // point (29.5, 29.5)
        #expect(shot.rgb(61, 61) == .black)
        #expect(shot.rgb(19, 30) == .black)
        _ = window
    }

    @Test func modesAndSwitchingTheCurrentMode() throws {
        let clock = ManualClock()
        let backend = HeadlessBackend(clock: clock)
        let modes = [
            DisplayMode(width: 320, height: 240, refreshMillihertz: 60_000, isPreferred: true),
            DisplayMode(width: 160, height: 120, refreshMillihertz: 60_000),
            DisplayMode(width: 320, height: 240, refreshMillihertz: 50_000),
        ]
        let output = HeadlessOutput(name: "HDMI-A-1", modes: modes, clock: clock)
        backend.connect(output)
        UIApplication.shared.setDisplayBackend(backend)
        let screen = UIScreen.main
        let recorder = NotificationRecorder([UIScreen.modeDidChangeNotification])
        defer { recorder.stop() }

        #expect(screen.availableModes.map(\.size) == modes.map(\.size))
        #expect(screen.availableModes.map(\.refreshRate) == [60, 60, 50])
        #expect(screen.preferredMode == screen.availableModes[0])
        #expect(screen.currentMode == screen.availableModes[0])
        #expect(screen.currentMode?.size == CGSize(width: 320, height: 240))
        #expect(screen.maximumFramesPerSecond == 60)

        let window = makeVisibleWindow(on: screen, frame: CGRect(x: 0, y: 0, width: 400, height: 400), color: .green)
        clock.advance(by: 0)  // the first frame is presented and waits for its vblank
        #expect(output.isPresentPending)

        // Assigned while a present is in flight: the switch waits for that vblank.
        screen.currentMode = screen.availableModes[1]
        #expect(output.currentMode.width == 320)
        #expect(recorder.names(for: screen).isEmpty)
        clock.advance(by: RigTiming.frame)
        #expect(output.currentMode.hasSameTiming(as: modes[1]))
        #expect(recorder.names(for: screen) == [UIScreen.modeDidChangeNotification])
        #expect(screen.currentMode?.size == CGSize(width: 160, height: 120))
        #expect(screen.bounds == CGRect(x: 0, y: 0, width: 160, height: 120))
        #expect(screen.nativeBounds == CGRect(x: 0, y: 0, width: 160, height: 120))
        // The new mode's first frame repaints everything.
        let shot = try #require(output.screenshot())
        #expect(shot.width == 160 && shot.height == 120)
        #expect(shot.rgb(0, 0) == .green && shot.rgb(159, 119) == .green)
        #expect(output.lastDamage == Region(PixelRect(x: 0, y: 0, width: 160, height: 120)))

        // Assigned while idle: at once. A different refresh rate of the same size is a mode.
        clock.advance(by: RigTiming.frame * 2)
        #expect(!output.isPresentPending)
        screen.currentMode = screen.availableModes[2]
        #expect(screen.maximumFramesPerSecond == 50)
        #expect(screen.currentMode?.refreshRate == 50)
        #expect(recorder.names(for: screen).count == 2)

        // A mode the display does not offer changes nothing.
        let foreign = HeadlessOutput(name: "X", width: 999, height: 99, clock: clock)
        let foreignScreen = UIScreen(output: foreign, clock: clock)
        foreignScreen.frameLoop.stop()
        screen.currentMode = foreignScreen.currentMode
        #expect(screen.currentMode == screen.availableModes[2])
        #expect(recorder.names(for: screen).count == 2)
        _ = window
    }

    @Test func softwareDimmingHalvesThePictureAtBrightnessOneHalf() throws {
        let rig = HeadlessRig()
        let screen = rig.screen
        let window = makeVisibleWindow(
            on: screen, frame: screen.bounds, color: UIColor(red: 0.8, green: 0.4, blue: 1, alpha: 1))
        let white = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        white.backgroundColor = .white
        window.addSubview(white)
        rig.settle()
        let before = try #require(rig.output.screenshot())
        #expect(before.rgb(100, 100) == RGB(204, 102, 255))
        #expect(before.rgb(10, 10) == .white)

        let recorder = NotificationRecorder([UIScreen.brightnessDidChangeNotification])
        defer { recorder.stop() }
        // Brightness alone (no software dimming) leaves the picture alone.
        screen.brightness = 0.5
        #expect(recorder.names(for: screen) == [UIScreen.brightnessDidChangeNotification])
        rig.settle()
        #expect(try #require(rig.output.screenshot()).hasSamePixels(as: before))

        screen.wantsSoftwareDimming = true
        rig.settle()
        let dimmed = try #require(rig.output.screenshot())
        for y in stride(from: 0, to: dimmed.height, by: 7) {
            for x in stride(from: 0, to: dimmed.width, by: 7) {
                let expected = before.rgb(x, y)
                let half = RGB(expected.red / 2, expected.green / 2, expected.blue / 2)
                #expect(dimmed.rgb(x, y).isClose(to: half), "pixel (\(x), \(y))")
            }
        }
        #expect(dimmed.rgb(100, 100).isClose(to: RGB(102, 51, 127)))
        #expect(dimmed.rgb(10, 10).isClose(to: RGB(127, 127, 127)))

        // Back to full brightness: the original picture.
        screen.brightness = 1
        rig.settle()
        let restored = try #require(rig.output.screenshot())
        #expect(restored.hasSamePixels(as: before))
        // Out-of-range values are clamped; the same value posts nothing.
        screen.brightness = 7
        #expect(screen.brightness == 1)
        #expect(recorder.names(for: screen).count == 2)
        screen.brightness = -1
        #expect(screen.brightness == 0)
        #expect(recorder.names(for: screen).count == 3)
    }

    @Test func coordinateSpaceConvertsBetweenViewsAndTheScreen() {
        let rig = HeadlessRig()
        let window = makeVisibleWindow(
            on: rig.screen, frame: CGRect(x: 100, y: 50, width: 100, height: 100), color: .blue)
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 30))
        window.addSubview(view)
        let space = rig.screen.coordinateSpace
        #expect(view.convert(CGPoint(x: 1, y: 2), to: space) == CGPoint(x: 111, y: 72))
        #expect(view.convert(CGPoint(x: 111, y: 72), from: space) == CGPoint(x: 1, y: 2))
        #expect(
            space.convert(CGRect(x: 110, y: 70, width: 5, height: 5), to: view)
                == CGRect(x: 0, y: 0, width: 5, height: 5))
    }

    @Test func connectAndDisconnectPostNotificationsWithTheScreen() {
        let rig = HeadlessRig()
        let recorder = NotificationRecorder([UIScreen.didConnectNotification, UIScreen.didDisconnectNotification])
        defer { recorder.stop() }
        var screensSeenAtConnect: [UIScreen] = []
        let token = NotificationCenter.default.addObserver(
            forName: UIScreen.didConnectNotification, object: nil, queue: nil
        ) { _ in MainActor.assumeIsolated { screensSeenAtConnect = UIScreen.screens } }
        defer { NotificationCenter.default.removeObserver(token) }

        let output = rig.backend.addOutput(name: "HDMI-A-1", width: 64, height: 48)
        let external = UIScreen.screens[1]
        #expect(external.output === output)
        #expect(recorder.names(for: external) == [UIScreen.didConnectNotification])
        #expect(screensSeenAtConnect.contains { $0 === external })  // already in `screens`
        #expect(UIScreen.main === rig.screen)

        rig.backend.disconnect(output)
        #expect(recorder.names(for: external) == [UIScreen.didConnectNotification, UIScreen.didDisconnectNotification])
        #expect(UIScreen.screens.count == 1)
        #expect(!external.isConnected)
        #expect(external.currentMode == nil)
        // Plugged back in: a new screen object, as UIKit makes.
        rig.backend.connect(output)
        #expect(UIScreen.screens.count == 2)
        #expect(UIScreen.screens[1] !== external)
        #expect(recorder.received.filter { $0.name == UIScreen.didConnectNotification }.count == 2)
    }

    @Test func mainIsAPlaceholderWhenNothingIsConnected() {
        UIApplication.shared.setDisplayBackend(HeadlessBackend(clock: ManualClock()))
        #expect(UIScreen.screens.isEmpty)
        #expect(UIScreen.main.bounds.size == CGSize(width: 1920, height: 1080))
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.makeKeyAndVisible()  // does not crash
        #expect(window.screen === UIScreen.main)
    }
}

/// Timing shared by the screen tests.
enum RigTiming {
    static let frame = 1.0 / 60
}
