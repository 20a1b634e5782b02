import Foundation
import Testing

@testable import VitrineConfig

@Suite struct GoodConfigTests {
    @Test func fullFileSetsEveryValue() throws {
        let loaded = try ConfigFixtures.load("good/full.toml")
        #expect(loaded.warnings == [])
        let config = loaded.configuration
        #expect(config.logLevel == .debug)
        #expect(config.seat == "seat1")
        #expect(config.idle == IdleBlankingConfig(timeout: 300, blank: .black))
        #expect(
            config.keyboard
                == KeyboardConfig(
                    mode: .onscreen, layout: "de", variant: "nodeadkeys", composeLocale: "de_DE.UTF-8",
                    repeatDelay: 0.4, repeatRate: 40))
        #expect(
            config.outputs == [
                OutputConfig(
                    match: OutputMatch(connector: "HDMI-A-1"), enabled: true,
                    mode: .sizeAndRate(width: 1920, height: 1080, refreshHz: 59.94), rotation: .clockwise180,
                    scale: 1.5,
                    brightness: 0.8, backlight: .name("intel_backlight"),
                    overscan: ConfigOverscan(left: 24, right: 24)),
                OutputConfig(
                    match: OutputMatch(make: "DEL", model: "DELL U2415", serial: "7MT0167G1A2L"), mode: .highest,
                    backlight: .path("/sys/devices/platform/backlight/backlight/backlight")),
                OutputConfig(match: OutputMatch(connector: "DP-2"), enabled: false),
            ])
        #expect(
            config.touchDevices == [
                TouchDeviceConfig(
                    match: TouchDeviceMatch(name: "ILITEK ILITEK-TP"), output: "HDMI-A-1",
                    calibration: [-1, 0, 1, 0, -1, 1]),
                TouchDeviceConfig(
                    match: TouchDeviceMatch(udevProperties: ["ID_INPUT_TOUCHSCREEN": "1", "ID_BUS": "usb"]),
                    output: "DP-2"),
                TouchDeviceConfig(match: TouchDeviceMatch(sysname: "event7")),
            ])
        #expect(config.outputs[2].isEnabled == false)
        #expect(config.outputs[1].isEnabled)
        #expect(config.outputs[0].backlight?.directory == "/sys/class/backlight/intel_backlight")
    }

    @Test func minimalFileSetsOnlyWhatItSays() throws {
        let loaded = try ConfigFixtures.load("good/minimal.toml")
        #expect(loaded.warnings == [])
        var expected = VitrineConfiguration.defaults
        expected.outputs = [OutputConfig(match: OutputMatch(connector: "DSI-1"), rotation: .clockwise90)]
        #expect(loaded.configuration == expected)
        #expect(loaded.configuration.outputs[0].mode == nil)
        #expect(loaded.configuration.outputs[0].scale == nil)
    }

    @Test(arguments: ["good/empty.toml", "good/comments-only.toml"])
    func emptyFilesGiveTheDefaults(_ fixture: String) throws {
        let loaded = try ConfigFixtures.load(fixture)
        #expect(loaded.configuration == .defaults)
        #expect(loaded.warnings == [])
    }

    @Test func keyboardModeMayBeWrittenAlone() throws {
        for mode in KeyboardMode.allCases {
            let loaded = try ConfigLoader.parse(text: "keyboard = \"\(mode.rawValue)\"\n", file: "f")
            #expect(loaded.warnings == [])
            #expect(loaded.configuration.keyboard == KeyboardConfig(mode: mode))
        }
    }

    @Test func everyRendererIsAccepted() throws {
        for choice in RendererChoice.allCases {
            let loaded = try ConfigLoader.parse(text: "[render]\nrenderer = \"\(choice.rawValue)\"\n", file: "f")
            #expect(loaded.warnings == [])
            #expect(loaded.configuration.render == RenderConfig(renderer: choice))
        }
        #expect(VitrineConfiguration.defaults.render.renderer == .auto)
        let misspelt = try ConfigLoader.parse(text: "[render]\nrender = \"gles\"\n", file: "f")
        #expect(misspelt.configuration.render.renderer == .auto)
        #expect(misspelt.warnings.map(\.description).first?.hasPrefix("f:2: render.render: unknown key") == true)
    }

    @Test func windowResizeIsAModeChangeOrRefused() throws {
        #expect(try ConfigLoader.parse(text: "", file: "f").configuration.window.resize == .modeChange)
        let refused = try ConfigLoader.parse(text: "[window]\nresize = \"refuse\"\n", file: "f")
        #expect(refused.configuration.window == WindowConfig(resize: .refuse))
        #expect(refused.warnings == [])
        #expect {
            try ConfigLoader.parse(text: "[window]\nresize = \"stretch\"\n", file: "f")
        } throws: { error in
            "\(error)".contains("f:2: window.resize: must be \"mode-change\" or \"refuse\", not \"stretch\"")
        }
    }

    @Test func keyRepeatTakesDecimalsAndRateZero() throws {
        let loaded = try ConfigLoader.parse(text: "[keyboard]\nrepeat_delay = 1\nrepeat_rate = 0\n", file: "f")
        #expect(loaded.configuration.keyboard == KeyboardConfig(repeatDelay: 1, repeatRate: 0))
        #expect(
            loaded.warnings.map(\.description) == [
                "f:2: keyboard.repeat_delay: has no effect with keyboard.repeat_rate 0 (keys never repeat)"
            ])
        let decimal = try ConfigLoader.parse(text: "[keyboard]\nrepeat_delay = 0.25\nrepeat_rate = 12.5\n", file: "f")
        #expect(decimal.configuration.keyboard == KeyboardConfig(repeatDelay: 0.25, repeatRate: 12.5))
    }

    @Test func aVariantWithoutItsLayoutWarns() throws {
        let loaded = try ConfigLoader.parse(text: "[keyboard]\nvariant = \"intl\"\nrepeat = 3\n", file: "f")
        #expect(loaded.configuration.keyboard == KeyboardConfig(variant: "intl"))
        #expect(
            loaded.warnings.map(\.description) == [
                #"f:2: keyboard.variant: is a variant of the default layout "us"; name the layout too"#,
                "f:3: keyboard.repeat: unknown key (ignored)",
            ])
    }

    @Test func defaultsWithoutAnyFile() {
        let defaults = VitrineConfiguration.defaults
        #expect(defaults.logLevel == .info)
        #expect(defaults.seat == "seat0")
        #expect(defaults.idle == nil)
        #expect(defaults.keyboard == KeyboardConfig(mode: .auto))
        #expect(defaults.keyboard.layout == nil && defaults.keyboard.repeatRate == nil)
        #expect(defaults.outputs.isEmpty)
        #expect(defaults.touchDevices.isEmpty)
        #expect(VitrineConfiguration.defaultPath == "/etc/vitrine/vitrine.toml")
        #expect(LoadedConfiguration.defaults.configuration == defaults)
        #expect(LoadedConfiguration.defaults.file == nil)
    }

    @Test func zeroTimeoutMeansNeverBlank() throws {
        let loaded = try ConfigLoader.parse(text: "[idle]\ntimeout = 0\nblank = \"black\"\n", file: "idle.toml")
        #expect(loaded.configuration.idle == nil)
        #expect(loaded.warnings == [])
        let decimal = try ConfigLoader.parse(text: "[idle]\ntimeout = 2.5\n", file: "idle.toml")
        #expect(decimal.configuration.idle == IdleBlankingConfig(timeout: 2.5, blank: .dpms))
    }

    @Test func outputsMayBeWrittenAsAnInlineArray() throws {
        let text = #"output = [{ connector = "HDMI-A-1", rotation = 270 }, { make = "DEL" }]"#
        let config = try ConfigLoader.parse(text: text, file: "inline.toml").configuration
        #expect(
            config.outputs == [
                OutputConfig(match: OutputMatch(connector: "HDMI-A-1"), rotation: .clockwise270),
                OutputConfig(match: OutputMatch(make: "DEL")),
            ])
    }

    @Test func everyLogLevelIsAccepted() throws {
        for level in ConfigLogLevel.allCases {
            let config = try ConfigLoader.parse(text: "log_level = \"\(level.rawValue)\"", file: "f").configuration
            #expect(config.logLevel == level)
        }
        #expect(
            ConfigLogLevel.allCases.map(\.rawValue) == [
                "trace", "debug", "info", "notice", "warning", "error", "critical",
            ])
    }
}
