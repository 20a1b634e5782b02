import Testing

@testable import VitrineConfig

@Suite struct MatchingTests {
    private func output(_ match: OutputMatch, scale: Double) -> OutputConfig {
        OutputConfig(match: match, scale: scale)
    }

    @Test func connectorRulesBeatEDIDRulesWhateverTheOrder() {
        let config = VitrineConfiguration(outputs: [
            output(OutputMatch(make: "DEL"), scale: 1),
            output(OutputMatch(connector: "HDMI-A-1"), scale: 2),
            output(OutputMatch(connector: "HDMI-A-1"), scale: 3),
        ])
        #expect(config.outputSettings(connector: "HDMI-A-1", make: "DEL", model: "U2415", serial: nil)?.scale == 2)
        #expect(config.outputSettings(connector: "DP-1", make: "DEL", model: "U2415", serial: nil)?.scale == 1)
        #expect(config.outputSettings(connector: "DP-1", make: "ACR", model: nil, serial: nil) == nil)
    }

    @Test func firstMatchingEDIDRuleWins() {
        let config = VitrineConfiguration(outputs: [
            output(OutputMatch(make: "DEL", serial: "123"), scale: 1),
            output(OutputMatch(make: "DEL"), scale: 2),
        ])
        #expect(config.outputSettings(connector: "DP-1", make: "DEL", model: "x", serial: "123")?.scale == 1)
        #expect(config.outputSettings(connector: "DP-1", make: "DEL", model: "x", serial: "456")?.scale == 2)
    }

    @Test func everyGivenKeyMustMatch() {
        let match = OutputMatch(connector: "HDMI-A-1", make: "DEL", model: "DELL U2415")
        #expect(match.matches(connector: "HDMI-A-1", make: "DEL", model: "DELL U2415", serial: "anything"))
        #expect(!match.matches(connector: "HDMI-A-2", make: "DEL", model: "DELL U2415", serial: nil))
        #expect(!match.matches(connector: "HDMI-A-1", make: "del", model: "DELL U2415", serial: nil))
        // A display without EDID cannot meet an EDID key.
        #expect(!OutputMatch(model: "X").matches(connector: "DSI-1", make: nil, model: nil, serial: nil))
    }

    @Test func connectorAndEDIDTogetherCountAsAConnectorRule() {
        let config = VitrineConfiguration(outputs: [
            output(OutputMatch(model: "Panel"), scale: 1),
            output(OutputMatch(connector: "DSI-1", model: "Panel"), scale: 2),
        ])
        #expect(config.outputSettings(connector: "DSI-1", make: nil, model: "Panel", serial: nil)?.scale == 2)
        #expect(config.outputSettings(connector: "DSI-2", make: nil, model: "Panel", serial: nil)?.scale == 1)
    }

    private func touch(_ match: TouchDeviceMatch, output: String) -> TouchDeviceConfig {
        TouchDeviceConfig(match: match, output: output)
    }

    @Test func touchRulesBySpecificity() {
        let config = VitrineConfiguration(touchDevices: [
            touch(TouchDeviceMatch(udevProperties: ["ID_INPUT_TOUCHSCREEN": "1"]), output: "all"),
            touch(TouchDeviceMatch(name: "ILITEK"), output: "by-name"),
            touch(TouchDeviceMatch(sysname: "event5"), output: "by-sysname"),
            touch(TouchDeviceMatch(name: "ILITEK"), output: "by-name-again"),
        ])
        let touchscreen = ["ID_INPUT_TOUCHSCREEN": "1", "ID_BUS": "usb"]
        #expect(
            config.touchSettings(name: "ILITEK", sysname: "event5", properties: touchscreen)?.output == "by-sysname")
        #expect(config.touchSettings(name: "ILITEK", sysname: "event3", properties: touchscreen)?.output == "by-name")
        #expect(config.touchSettings(name: "Goodix", sysname: "event3", properties: touchscreen)?.output == "all")
        #expect(
            config.touchSettings(name: "Goodix", sysname: "event3", properties: ["ID_INPUT_TOUCHSCREEN": "0"]) == nil)
        #expect(config.touchSettings(name: "Goodix", sysname: "event3", properties: [:]) == nil)
    }

    @Test func touchRuleNeedsEveryKeyAndEveryProperty() {
        let match = TouchDeviceMatch(name: "ILITEK", udevProperties: ["ID_INPUT_TOUCHSCREEN": "1", "ID_BUS": "usb"])
        #expect(
            match.matches(
                name: "ILITEK", sysname: "event1", properties: ["ID_INPUT_TOUCHSCREEN": "1", "ID_BUS": "usb", "X": "y"])
        )
        #expect(!match.matches(name: "ILITEK", sysname: "event1", properties: ["ID_INPUT_TOUCHSCREEN": "1"]))
        #expect(
            !match.matches(
                name: "Goodix", sysname: "event1", properties: ["ID_INPUT_TOUCHSCREEN": "1", "ID_BUS": "usb"]))
    }

    @Test func matchingFromAFile() throws {
        let config = try ConfigFixtures.load("good/full.toml").configuration
        #expect(
            config.outputSettings(connector: "DP-2", make: "DEL", model: "DELL U2415", serial: "7MT0167G1A2L")?.enabled
                == false)
        #expect(
            config.outputSettings(connector: "DP-1", make: "DEL", model: "DELL U2415", serial: "7MT0167G1A2L")?.mode
                == .highest)
        #expect(
            config.touchSettings(
                name: "ILITEK ILITEK-TP", sysname: "event2", properties: ["ID_INPUT_TOUCHSCREEN": "1"])?.output
                == "HDMI-A-1")
        #expect(
            config.touchSettings(
                name: "eGalax", sysname: "event7", properties: ["ID_INPUT_TOUCHSCREEN": "1", "ID_BUS": "usb"])?
                .match.sysname == "event7")
    }
}
