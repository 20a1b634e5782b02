import Foundation
import Testing
import VitrineConfig
import VitrinePlatform
import VitrineService

@testable import VitrineKiosk
@_spi(Service) @testable import VitrineKit

/// The config's `overscan` as the service applies it: a screen's `overscanInsets` in points, at
/// start, on hotplug, on reload and when the screen's scale, rotation or mode changes.
@MainActor @Suite(.serialized) struct KioskServiceOverscanTests {
    /// A service running on a config file of its own, its screen settings installed; `stop()`
    /// removes both.
    @MainActor private struct Rig {
        let service: KioskService
        let path: String

        init(_ text: String) throws {
            path = NSTemporaryDirectory() + "vitrine-overscan-\(UUID().uuidString.prefix(8)).toml"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            service = KioskService(
                options: try LaunchOptions.parse(["--config", path]), environment: [:], registry: .standard)
            service.loaded = try service.readConfig()
            service.installScreenSettings()
        }

        /// Writes `text` over the config file and sends the service its SIGHUP.
        func reload(_ text: String) throws {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            service.reload()
        }

        func stop() {
            UIApplication.shared.screenSettingsProvider = nil
            if let observer = service.overscanObserver { NotificationCenter.default.removeObserver(observer) }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// A headless backend with `outputs`, installed as the app's: their screens are made now.
    @discardableResult
    private func install(_ outputs: [HeadlessOutput], clock: ManualClock) -> HeadlessBackend {
        let backend = HeadlessBackend(clock: clock)
        for output in outputs { backend.connect(output) }
        UIApplication.shared.setDisplayBackend(backend)
        return backend
    }

    private func screen(_ name: String) throws -> UIScreen {
        try #require(UIScreen.screens.first { $0.name == name })
    }

    @Test func screensAtStartGetTheirOverscanInPoints() throws {
        let rig = try Rig(
            """
            [[output]]
            connector = "HDMI-A-1"
            scale = 2
            overscan = { top = 8, left = 24, right = 24 }

            [[output]]
            connector = "HDMI-A-2"
            overscan = 16
            """)
        defer { rig.stop() }
        let clock = ManualClock()
        install(
            ["HDMI-A-1", "HDMI-A-2", "DSI-1"].map {
                HeadlessOutput(name: $0, width: 640, height: 480, clock: clock)
            }, clock: clock)
        // Pixels over the scale the same rule gives.
        #expect(try screen("HDMI-A-1").overscanInsets == UIEdgeInsets(top: 4, left: 12, bottom: 0, right: 12))
        #expect(try screen("HDMI-A-2").overscanInsets == UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16))
        // No rule: nothing hidden.
        #expect(try screen("DSI-1").overscanInsets == .zero)
    }

    @Test func aScreenConnectedLaterHasItsOverscanWhenItIsAnnounced() throws {
        let rig = try Rig("[[output]]\nconnector = \"HDMI-A-1\"\nscale = 1.5\noverscan = { left = 30, bottom = 15 }\n")
        defer { rig.stop() }
        let clock = ManualClock()
        let backend = install([HeadlessOutput(name: "HEADLESS-1", width: 320, height: 240, clock: clock)], clock: clock)
        var announced: [String: UIEdgeInsets] = [:]
        let observer = NotificationCenter.default.addObserver(
            forName: UIScreen.didConnectNotification, object: nil, queue: nil
        ) { notification in
            guard let screen = notification.object as? UIScreen else { return }
            MainActor.assumeIsolated { announced[screen.name] = screen.overscanInsets }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        backend.addOutput(name: "HDMI-A-1", width: 1280, height: 720)
        #expect(announced["HDMI-A-1"] == UIEdgeInsets(top: 0, left: 20, bottom: 10, right: 0))
        #expect(try screen("HDMI-A-1").scale == 1.5)
        // Unplugged and plugged in again: a new screen, the same edges.
        let output = try #require(backend.headlessOutputs.first { $0.name == "HDMI-A-1" })
        backend.disconnect(output)
        announced = [:]
        backend.connect(output)
        #expect(announced["HDMI-A-1"] == UIEdgeInsets(top: 0, left: 20, bottom: 10, right: 0))
    }

    @Test func theEdgesAreThoseOfThePictureAsSeen() throws {
        // A 320x240 mode turned a quarter is 240 across and 320 down.
        let rig = try Rig(
            "[[output]]\nconnector = \"HEADLESS-1\"\nrotation = 90\noverscan = { top = 100, left = 10 }\n")
        defer { rig.stop() }
        let panel = KioskTestScreen(width: 320, height: 240)
        // Not moved to the panel's edges: the app's top is the viewer's top.
        #expect(panel.screen.bounds.size == CGSize(width: 240, height: 320))
        #expect(panel.screen.overscanInsets == UIEdgeInsets(top: 100, left: 10, bottom: 0, right: 0))

        // 260 pixels of left and right fit the 320 of the mode, not the 240 of the picture.
        try rig.reload(
            "[[output]]\nconnector = \"HEADLESS-1\"\nrotation = 90\noverscan = { left = 130, right = 130 }\n")
        #expect(panel.screen.overscanInsets == .zero)
        try rig.reload("[[output]]\nconnector = \"HEADLESS-1\"\noverscan = { left = 130, right = 130 }\n")
        #expect(panel.screen.rotation == .upright)
        #expect(panel.screen.overscanInsets == UIEdgeInsets(top: 0, left: 130, bottom: 0, right: 130))
    }

    @Test func reloadChangesTheInsetsAndRemovingTheKeyClearsThem() throws {
        let rig = try Rig("[[output]]\nconnector = \"HEADLESS-1\"\nscale = 2\noverscan = 16\n")
        defer { rig.stop() }
        let screen = KioskTestScreen(width: 640, height: 480).screen
        #expect(screen.overscanInsets == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))

        try rig.reload("[[output]]\nconnector = \"HEADLESS-1\"\nscale = 1\noverscan = { left = 24 }\n")
        #expect(screen.scale == 1)
        #expect(screen.overscanInsets == UIEdgeInsets(top: 0, left: 24, bottom: 0, right: 0))

        // A config that does not load changes nothing.
        try rig.reload("[[output]]\nconnector = \"HEADLESS-1\"\noverscan = { left = -24 }\n")
        #expect(screen.overscanInsets == UIEdgeInsets(top: 0, left: 24, bottom: 0, right: 0))

        // The key gone from the rule, then the rule gone: nothing hidden.
        try rig.reload("[[output]]\nconnector = \"HEADLESS-1\"\nrotation = 180\n")
        #expect(screen.rotation == .clockwise180)
        #expect(screen.overscanInsets == .zero)
        try rig.reload("[[output]]\nconnector = \"HEADLESS-1\"\noverscan = 40\n")
        #expect(screen.overscanInsets == UIEdgeInsets(top: 40, left: 40, bottom: 40, right: 40))
        try rig.reload("")
        #expect(screen.overscanInsets == .zero)
    }

    @Test func reloadDroppingTheScaleUsesTheScaleTheScreenGoesBackTo() throws {
        let rig = try Rig("[[output]]\nconnector = \"DSI-1\"\nscale = 1\noverscan = 20\n")
        defer { rig.stop() }
        let clock = ManualClock()
        // 640 pixels on 50 mm: about 325 pixels per inch, a scale of 2 by its size.
        let output = HeadlessOutput(name: "DSI-1", width: 640, height: 480, clock: clock)
        output.physicalSize = CGSize(width: 50, height: 37.5)
        install([output], clock: clock)
        let screen = try screen("DSI-1")
        #expect(screen.overscanInsets == UIEdgeInsets(top: 20, left: 20, bottom: 20, right: 20))
        try rig.reload("[[output]]\nconnector = \"DSI-1\"\noverscan = 20\n")
        #expect(screen.scale == 2)
        #expect(screen.overscanInsets == UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10))
    }

    @Test func theInsetsFollowTheScreensScaleRotationAndMode() throws {
        let rig = try Rig("[[output]]\nconnector = \"HDMI-A-1\"\noverscan = { top = 12, left = 400, right = 400 }\n")
        defer { rig.stop() }
        let clock = ManualClock()
        let small = DisplayMode(width: 640, height: 480)
        let large = DisplayMode(width: 1280, height: 720, isPreferred: true)
        install([HeadlessOutput(name: "HDMI-A-1", modes: [large, small], clock: clock)], clock: clock)
        let screen = try screen("HDMI-A-1")
        let inPixels = UIEdgeInsets(top: 12, left: 400, bottom: 0, right: 400)
        #expect(screen.overscanInsets == inPixels)

        // The app's own scale: the same pixels are fewer points.
        screen.scaleOverride = 4
        #expect(screen.overscanInsets == UIEdgeInsets(top: 3, left: 100, bottom: 0, right: 100))
        screen.scaleOverride = nil
        #expect(screen.overscanInsets == inPixels)

        // A 640-pixel mode has nothing left between 800 pixels of sides: not used, until the
        // mode has room again.
        screen.currentMode = UIScreenMode(small)
        #expect(screen.output.currentMode.width == 640)
        #expect(screen.overscanInsets == .zero)
        screen.currentMode = UIScreenMode(large)
        #expect(screen.overscanInsets == inPixels)

        // Turned a quarter, the 1280x720 picture is 720 across: not used either.
        screen.rotation = .clockwise270
        #expect(screen.overscanInsets == .zero)
        screen.rotation = .upright
        #expect(screen.overscanInsets == inPixels)
    }

    @Test func listOutputsShowsTheOverscanWithTheOtherSettings() throws {
        let configuration = try ConfigLoader.parse(
            text: """
                [[output]]
                connector = "HDMI-A-1"
                rotation = 90
                scale = 2
                overscan = { left = 24, right = 24 }

                [[output]]
                connector = "HDMI-A-2"
                overscan = 16

                [[output]]
                connector = "DP-1"
                overscan = 0
                """, file: "f"
        ).configuration
        let context = KioskService.listingContext(configuration)
        #expect(
            context.settingsNote(OutputIdentity(name: "HDMI-A-1"))
                == "rotated 90°, scale 2.0, overscan left 24 px, right 24 px")
        #expect(context.settingsNote(OutputIdentity(name: "HDMI-A-2")) == "overscan 16 px")
        // Nothing hidden is nothing to say.
        #expect(context.settingsNote(OutputIdentity(name: "DP-1")) == nil)
    }
}
