import Foundation
import Testing
import VitrineConfig
import VitrineDRM
import VitrineInput
import VitrinePlatform
import VitrineService
import VitrineTestSupport

@testable import VitrineKiosk
@testable import VitrineKit

/// The config as the service applies it: policies for the backends, screen settings, idle
/// blanking, and SIGHUP's reload applied or rejected.
@MainActor @Suite(.serialized) struct KioskServiceConfigTests {
    private func parse(_ text: String) throws -> VitrineConfiguration {
        try ConfigLoader.parse(text: text, file: "test.toml").configuration
    }

    private func temporaryConfig(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "vitrine-service-\(UUID().uuidString.prefix(8)).toml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func service(configPath: String) throws -> KioskService {
        KioskService(
            options: try LaunchOptions.parse(["--config", configPath]), environment: [:], registry: .standard)
    }

    @Test func outputRulesBecomeDRMPolicies() throws {
        let configuration = try parse(
            """
            [[output]]
            connector = "HDMI-A-1"
            mode = "1280x720@60"
            [[output]]
            make = "DEL"
            model = "U2415"
            enabled = false
            """)
        let hdmi = KioskService.outputPolicy(configuration, OutputIdentity(name: "HDMI-A-1"))
        #expect(
            hdmi
                == OutputPolicy(
                    isEnabled: true, modeSelection: .sizeAndRate(width: 1280, height: 720, refreshMillihertz: 60_000)))
        let dell = KioskService.outputPolicy(
            configuration, OutputIdentity(name: "DP-1", make: "DEL", model: "U2415", serial: "X"))
        #expect(!dell.isEnabled)
        #expect(KioskService.outputPolicy(configuration, OutputIdentity(name: "DSI-1")) == OutputPolicy())
    }

    @Test func touchRulesMapDevicesAndCalibrateThem() throws {
        let configuration = try parse(
            """
            [[touch]]
            name = "ILITEK ILITEK-TP"
            output = "DSI-1"
            calibration = [0, 1, 0, -1, 0, 1]
            """)
        let ilitek = InputDeviceDescription(
            sysname: "event3", name: "ILITEK ILITEK-TP", isTouchscreen: true, isPointer: false, isKeyboard: false)
        #expect(KioskService.touchOutput(configuration, ilitek) == "DSI-1")
        #expect(
            KioskService.touchCalibration(configuration, ilitek)
                == CalibrationMatrix(a: 0, b: 1, c: 0, d: -1, e: 0, f: 1))
        // Not in the config: udev's WL_OUTPUT, libinput's own calibration.
        let other = InputDeviceDescription(
            sysname: "event4", name: "Other", isTouchscreen: true, isPointer: false, isKeyboard: false,
            properties: ["WL_OUTPUT": "HDMI-A-1"])
        #expect(KioskService.touchOutput(configuration, other) == "HDMI-A-1")
        #expect(KioskService.touchCalibration(configuration, other) == nil)
    }

    @Test func idleBlankingFollowsTheIdleTable() throws {
        #expect(KioskService.idleBlanking(try parse("")) == nil)
        #expect(
            KioskService.idleBlanking(try parse("[idle]\ntimeout = 300\n"))
                == IdleBlanking(timeout: 300, mode: .powerOff))
        #expect(
            KioskService.idleBlanking(try parse("[idle]\ntimeout = 30\nblank = \"black\"\n"))
                == IdleBlanking(timeout: 30, mode: .blackFrame))
    }

    @Test func keyRepeatAndTheOnScreenKeyboardFollowTheKeyboardTable() throws {
        #expect(KioskService.keyRepeat(try parse("")) == .standard)
        #expect(KioskService.keyboardPreference(try parse("")) == .automatic)
        let configuration = try parse(
            "[keyboard]\nmode = \"hardware\"\nrepeat_delay = 0.3\nrepeat_rate = 0\n")
        #expect(KioskService.keyRepeat(configuration) == KeyRepeatSettings(delay: 0.3, rate: 0))
        #expect(KioskService.keyboardPreference(configuration) == .hardware)
        #expect(
            KioskService.keyRepeat(try parse("[keyboard]\nrepeat_rate = 40\n"))
                == KeyRepeatSettings(delay: 0.5, rate: 40))
        #expect(KioskService.keyboardPreference(try parse("keyboard = \"onscreen\"\n")) == .onScreen)

        let path = try temporaryConfig("[keyboard]\nmode = \"onscreen\"\nrepeat_delay = 0.25\nrepeat_rate = 30\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let service = try service(configPath: path)
        defer {
            UIApplication.shared.keyRepeat = .standard
            UIApplication.shared.keyboardPreference = .automatic
        }
        service.loaded = try service.readConfig()
        service.applyKeyboardSettings()
        #expect(UIApplication.shared.keyRepeat == KeyRepeatSettings(delay: 0.25, rate: 30))
        #expect(UIApplication.shared.keyboardPreference == .onScreen)
        // A reload applies the new values.
        try "[keyboard]\nmode = \"hardware\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        service.reload()
        #expect(UIApplication.shared.keyRepeat == .standard)
        #expect(UIApplication.shared.keyboardPreference == .hardware)
    }

    @Test func theOnScreenKeyboardTakesTheKeyboardLayout() throws {
        let path = try temporaryConfig("[keyboard]\nlayout = \"de\"\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let service = try service(configPath: path)
        defer { UIApplication.shared.onScreenKeyboardLayout = nil }
        service.loaded = try service.readConfig()
        service.applyKeyboardSettings()
        #expect(UIApplication.shared.onScreenKeyboardLayout == .german)
        try "[keyboard]\n".write(toFile: path, atomically: true, encoding: .utf8)
        service.reload()
        #expect(UIApplication.shared.onScreenKeyboardLayout == nil)
    }

    @Test func theBackendsAreLaunchedWithTheKeyboardLayout() {
        let context = BackendLaunchContext(keyboardLayout: "de", keyboardVariant: "nodeadkeys", composeLocale: "C")
        #expect(context.keyboardLayout == "de" && context.keyboardVariant == "nodeadkeys")
        #expect(BackendLaunchContext().keyboardLayout == "us")
    }

    @Test func screensTakeRotationScaleBrightnessAndBacklightFromTheConfig() throws {
        let tree = try FakeBacklightTree()
        defer { tree.remove() }
        let device = try tree.add("panel0")
        let rig = KioskTestScreen(width: 320, height: 240)
        let configuration = try parse(
            """
            [[output]]
            connector = "HEADLESS-1"
            rotation = 270
            scale = 2
            brightness = 0.5
            backlight = "\(device)"
            """)
        let settings = try #require(KioskService.screenSettings(configuration, rig.screen))
        #expect(settings.rotation == .clockwise270)
        #expect(settings.scale == 2)
        #expect(settings.brightness == 0.5)
        #expect(settings.backlight?.path == device)
        rig.screen.apply(settings)
        #expect(rig.screen.bounds.size == CGSize(width: 120, height: 160))
        #expect(try tree.level("panel0").trimmingCharacters(in: .whitespacesAndNewlines) == "128")
    }

    @Test func anUnusableBacklightLeavesBrightnessToSoftwareDimming() throws {
        let rig = KioskTestScreen()
        let configuration = try parse(
            """
            [[output]]
            connector = "HEADLESS-1"
            brightness = 0.4
            backlight = "/nonexistent/backlight/panel9"
            """)
        let settings = try #require(KioskService.screenSettings(configuration, rig.screen))
        #expect(settings.backlight == nil)
        rig.screen.apply(settings)
        #expect(rig.screen.brightness == 0.4)
        #expect(rig.screen.wantsSoftwareDimming)
    }

    @Test func aScreenNoRuleNamesIsLeftAlone() throws {
        let rig = KioskTestScreen()
        let configuration = try parse("[[output]]\nconnector = \"DSI-1\"\nrotation = 90\n")
        #expect(KioskService.screenSettings(configuration, rig.screen) == nil)
    }

    @Test func sighupAppliesAValidConfigAndKeepsTheRunningOneForABadOne() throws {
        let path = try temporaryConfig("[[output]]\nconnector = \"HEADLESS-1\"\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let service = try service(configPath: path)
        service.loaded = try service.readConfig()
        service.installScreenSettings()
        defer { UIApplication.shared.screenSettingsProvider = nil }
        let rig = KioskTestScreen(width: 320, height: 240)
        #expect(rig.screen.rotation == .upright)

        try "[[output]]\nconnector = \"HEADLESS-1\"\nrotation = 90\n[idle]\ntimeout = 60\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        service.reload()
        defer { UIApplication.shared.idleBlanking = nil }
        #expect(rig.screen.rotation == .clockwise90)
        #expect(rig.screen.bounds.size == CGSize(width: 240, height: 320))
        #expect(UIApplication.shared.idleBlanking == IdleBlanking(timeout: 60))

        try "[[output]]\nconnector = \"HEADLESS-1\"\nrotation = 45\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        service.reload()
        #expect(rig.screen.rotation == .clockwise90)
        #expect(service.configuration.outputs.first?.rotation == .clockwise90)
        #expect(UIApplication.shared.idleBlanking == IdleBlanking(timeout: 60))
    }
}
