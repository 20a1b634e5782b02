import Foundation
import Testing

@testable import VitrineConfig

/// The configuration files in `Configs/`, which users read and copy: they must load cleanly.
@Suite struct ShippedConfigTests {
    private func load(_ relative: String) throws -> LoadedConfiguration {
        let path = ConfigFixtures.packageRoot.appendingPathComponent("Configs").appendingPathComponent(relative).path
        return try ConfigLoader.load(path: path)
    }

    @Test func defaultConfigIsTheDefaults() throws {
        let loaded = try load("vitrine.toml")
        #expect(loaded.warnings == [])
        #expect(loaded.configuration == .defaults)
    }

    @Test func defaultConfigDocumentsEveryKey() throws {
        // Each key, commented out, in the documented default file.
        let path = ConfigFixtures.packageRoot.appendingPathComponent("Configs/vitrine.toml").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for key in [
            "log_level", "seat", "timeout", "blank", "layout", "variant", "compose_locale", "repeat_delay",
            "repeat_rate", "connector", "make", "model", "serial", "enabled", "mode",
            "rotation",
            "scale", "brightness", "backlight", "overscan", "name", "sysname", "udev_property", "output", "calibration",
        ] {
            #expect(text.contains("\n#\(key) = "), "\(key)")
        }
    }

    @Test func uncommentingTheDefaultConfigGivesAValidFile() throws {
        // Every "#key = value" line of the default file, uncommented, must still load: the
        // examples in it are valid values.
        let path = ConfigFixtures.packageRoot.appendingPathComponent("Configs/vitrine.toml").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let uncommented = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("#") && (line.contains(" = ") || line.hasPrefix("#["))
                ? String(line.dropFirst()) : String(line)
        }.joined(separator: "\n")
        let loaded = try ConfigLoader.parse(text: uncommented, file: "uncommented.toml")
        #expect(loaded.warnings == [])
        #expect(loaded.configuration.outputs.count == 1)
        #expect(loaded.configuration.outputs.first?.overscan == ConfigOverscan(left: 24, right: 24))
        #expect(loaded.configuration.touchDevices.count == 1)
        #expect(
            loaded.configuration.keyboard
                == KeyboardConfig(
                    mode: .auto, layout: "us", variant: "intl", composeLocale: "en_US.UTF-8", repeatDelay: 0.5,
                    repeatRate: 25))
    }

    @Test func portraitExample() throws {
        let loaded = try load("examples/portrait-rotated-touch.toml")
        #expect(loaded.warnings == [])
        let config = loaded.configuration
        #expect(config.idle == IdleBlankingConfig(timeout: 120, blank: .black))
        let panel = try #require(config.outputSettings(connector: "DSI-1", make: nil, model: nil, serial: nil))
        #expect(panel.rotation == .clockwise90)
        #expect(panel.scale == 2)
        #expect(panel.overscan == ConfigOverscan(bottom: 48))
        let touch = try #require(
            config.touchSettings(name: "Goodix Capacitive TouchScreen", sysname: "event1", properties: [:]))
        #expect(touch.output == "DSI-1")
        // libinput's matrix for a quarter turn clockwise.
        #expect(touch.calibration == [-1, 0, 1, 0, 1, 0])
    }

    @Test func twoScreensExample() throws {
        let loaded = try load("examples/two-screens.toml")
        #expect(loaded.warnings == [])
        let config = loaded.configuration
        #expect(config.outputs.count == 2)
        let panel = try #require(config.outputSettings(connector: "HDMI-A-1", make: "AUO", model: "x", serial: nil))
        #expect(panel.mode == .sizeAndRate(width: 1280, height: 800, refreshHz: 60))
        let monitor = try #require(
            config.outputSettings(connector: "DP-3", make: "DEL", model: "DELL P2422H", serial: "X"))
        #expect(monitor.mode == .size(width: 1920, height: 1080))
        #expect(
            config.touchSettings(name: "eGalax", sysname: "event4", properties: ["ID_INPUT_TOUCHSCREEN": "1"])?.output
                == "HDMI-A-1")
    }
}
