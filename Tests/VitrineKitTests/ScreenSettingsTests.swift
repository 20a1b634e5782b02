import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform

@testable import VitrineKit

/// A kiosk configuration's per-output rotations, and the outputs it was asked about.
@MainActor
private final class FakeConfig {
    var rotations: [String: DisplayRotation]
    var asked: [String] = []

    init(rotations: [String: DisplayRotation]) { self.rotations = rotations }

    func settings(for screen: UIScreen) -> ScreenSettings? {
        asked.append(screen.name)
        return rotations[screen.name].map { ScreenSettings(rotation: $0) }
    }
}

@Suite("UIScreen settings") @MainActor struct ScreenSettingsTests {
    @Test func aScaleOverrideResizesFullScreenWindowsAndTheirContentScale() throws {
        let rig = HeadlessRig(width: 320, height: 240)
        let screen = rig.screen
        let derived = screen.scale
        let window = makeVisibleWindow(on: screen, frame: screen.bounds, color: .blue)
        let label = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        label.backgroundColor = .red
        window.addSubview(label)
        rig.settle()
        let recorder = NotificationRecorder([UIScreen.modeDidChangeNotification])
        defer { recorder.stop() }

        let scale = derived * 2
        screen.scaleOverride = scale
        #expect(screen.scale == scale)
        #expect(screen.scaleOverride == scale)
        #expect(screen.bounds == CGRect(x: 0, y: 0, width: 320 / scale, height: 240 / scale))
        #expect(screen.nativeBounds == CGRect(x: 0, y: 0, width: 320, height: 240))
        #expect(window.frame == screen.bounds)
        #expect(window.contentScaleFactor == scale)
        #expect(label.contentScaleFactor == scale)
        #expect(recorder.names(for: screen) == [UIScreen.modeDidChangeNotification])
        rig.settle()
        // 10 points are 10 x scale pixels now, and the whole buffer was repainted.
        #expect(rig.output.lastDamage == Region(PixelRect(x: 0, y: 0, width: 320, height: 240)))
        let shot = try #require(rig.output.screenshot())
        let edge = Int((10 * scale).rounded())
        #expect(shot.rgb(edge - 1, edge - 1) == .red)
        #expect(shot.rgb(edge, edge) == .blue)

        // Refused values change nothing; nil goes back to the derived scale.
        screen.scaleOverride = 0
        screen.scaleOverride = .nan
        #expect(screen.scale == scale)
        #expect(recorder.names(for: screen).count == 1)
        screen.scaleOverride = nil
        #expect(screen.scale == derived)
        #expect(window.frame == screen.bounds)
        #expect(label.contentScaleFactor == derived)
        #expect(recorder.names(for: screen).count == 2)
    }

    @Test func applyingSettingsTurnsScalesAndDimsInOneGo() throws {
        let rig = HeadlessRig(width: 320, height: 240)
        let screen = rig.screen
        let window = makeVisibleWindow(on: screen, frame: screen.bounds, color: .white)
        rig.settle()
        let recorder = NotificationRecorder([
            UIScreen.modeDidChangeNotification, UIScreen.brightnessDidChangeNotification,
        ])
        defer { recorder.stop() }

        screen.apply(ScreenSettings(rotation: .clockwise270, scale: 2, brightness: 0.5))
        #expect(screen.rotation == .clockwise270)
        #expect(screen.scale == 2)
        #expect(screen.bounds.size == CGSize(width: 120, height: 160))
        #expect(window.frame == screen.bounds)
        #expect(screen.brightness == 0.5)
        #expect(screen.wantsSoftwareDimming)
        #expect(
            recorder.names(for: screen) == [
                UIScreen.modeDidChangeNotification, UIScreen.brightnessDidChangeNotification,
            ])
        rig.settle()
        #expect(try #require(rig.output.screenshot()).rgb(5, 5).isClose(to: RGB(127, 127, 127)))

        // The same settings again change nothing.
        screen.apply(ScreenSettings(rotation: .clockwise270, scale: 2, brightness: 0.5))
        #expect(recorder.names(for: screen).count == 2)
        // Defaults: upright, derived scale; the brightness is left as it is.
        screen.apply(ScreenSettings())
        #expect(screen.rotation == .upright)
        #expect(screen.scaleOverride == nil)
        #expect(screen.bounds.size == CGSize(width: 320 / screen.scale, height: 240 / screen.scale))
        #expect(screen.brightness == 0.5)
        #expect(recorder.names(for: screen).count == 3)
    }

    @Test func theProviderSetsUpScreensBeforeTheirFirstFrameAndAgainOnRequest() throws {
        let config = FakeConfig(rotations: ["PANEL-1": .clockwise90, "PANEL-2": .clockwise180])
        UIApplication.shared.screenSettingsProvider = { screen in config.settings(for: screen) }
        defer { UIApplication.shared.screenSettingsProvider = nil }
        let clock = ManualClock()
        let backend = HeadlessBackend(clock: clock)
        let first = backend.addOutput(name: "PANEL-1", width: 320, height: 240)
        let connects = NotificationRecorder([UIScreen.didConnectNotification, UIScreen.modeDidChangeNotification])
        defer { connects.stop() }
        UIApplication.shared.setDisplayBackend(backend)

        // A screen present at launch.
        let screen = UIScreen.main
        #expect(config.asked == ["PANEL-1"])
        #expect(screen.rotation == .clockwise90)
        #expect(first.presentCount == 0)
        let window = makeVisibleWindow(on: screen, frame: screen.bounds, color: .green)
        let marker = UIView(frame: CGRect(x: 0, y: 0, width: 4 / screen.scale, height: 4 / screen.scale))
        marker.backgroundColor = .red
        window.addSubview(marker)
        clock.advance(by: 0)
        // Its first frame is already turned: the picture's top-left is the panel's top-right.
        #expect(first.presentCount == 1)
        let shot = try #require(first.screenshot())
        #expect(shot.rgb(319, 0) == .red && shot.rgb(0, 0) == .green)

        // A screen connected later gets its settings before it is announced, and no
        // modeDidChangeNotification for them.
        let second = backend.addOutput(name: "PANEL-2", width: 200, height: 100)
        let secondScreen = try #require(UIScreen.screens.first { $0.output === second })
        #expect(secondScreen.rotation == .clockwise180)
        #expect(connects.received.map(\.name) == [UIScreen.didConnectNotification])
        // An output the provider knows nothing of is left alone.
        let third = backend.addOutput(name: "PANEL-3", width: 200, height: 100)
        #expect(UIScreen.screens.first { $0.output === third }?.rotation == .upright)
        #expect(config.asked == ["PANEL-1", "PANEL-2", "PANEL-3"])

        // Reapplying (SIGHUP) asks again for every screen and applies live.
        config.rotations["PANEL-1"] = .upright
        config.asked = []
        UIApplication.shared.reapplyScreenSettings()
        #expect(config.asked == ["PANEL-1", "PANEL-2", "PANEL-3"])
        #expect(screen.rotation == .upright)
        #expect(window.frame == screen.bounds)
        #expect(screen.bounds.size == CGSize(width: 320 / screen.scale, height: 240 / screen.scale))
        #expect(secondScreen.rotation == .clockwise180)
        #expect(connects.names(for: screen) == [UIScreen.modeDidChangeNotification])
        clock.advance(by: HeadlessRig.frame)
        clock.advance(by: HeadlessRig.frame)
        #expect(try #require(first.screenshot()).rgb(0, 0) == .red)
        _ = window
    }
}
