import Testing

@testable import VitrineConfig

@Suite struct WarningTests {
    @Test func unknownKeysAndDeadRulesWarnWithTheirLines() throws {
        let loaded = try ConfigFixtures.load("warnings.toml")
        #expect(
            loaded.warnings.map(\.description) == [
                "warnings.toml:1: log_lvel: unknown key (ignored); did you mean log_level?",
                "warnings.toml:4: idle.blank: has no effect without idle.timeout (displays never blank)",
                "warnings.toml:5: idle.blanking: unknown key (ignored)",
                "warnings.toml:9: output[0].rotaton: unknown key (ignored); did you mean rotation?",
                "warnings.toml:11: output[1]: never applies: output[0] has the same match keys and comes first",
                "warnings.toml:17: touch[0].colour: unknown key (ignored)",
                "warnings.toml:19: extra: unknown key (ignored)",
            ])
        #expect(loaded.warnings.allSatisfy { $0.severity == .warning })
        // Warnings change nothing: the known values still apply.
        let config = loaded.configuration
        #expect(config.logLevel == .info)
        #expect(config.idle == nil)
        #expect(config.outputs.map(\.rotation) == [nil, .clockwise180])
        #expect(config.outputSettings(connector: "HDMI-A-1", make: nil, model: nil, serial: nil)?.rotation == nil)
        #expect(config.touchDevices == [TouchDeviceConfig(match: TouchDeviceMatch(name: "ILITEK ILITEK-TP"))])
    }

    @Test func unknownKeysInsideUdevPropertiesAreProperties() throws {
        let loaded = try ConfigLoader.parse(
            text: "[[touch]]\nudev_property = { ANYTHING_AT_ALL = \"x\" }\n", file: "f")
        #expect(loaded.warnings == [])
        #expect(loaded.configuration.touchDevices[0].match.udevProperties == ["ANYTHING_AT_ALL": "x"])
    }

    @Test func shortKeysAreNotGuessedAtWildly() throws {
        let loaded = try ConfigLoader.parse(
            text: "[[output]]\nconnector = \"A\"\nnote = 1\nmodel2 = \"x\"\n", file: "f")
        #expect(
            loaded.warnings.map(\.description) == [
                "f:3: output[0].note: unknown key (ignored)",
                "f:4: output[0].model2: unknown key (ignored); did you mean model?",
            ])
    }

    @Test func quotedUnknownKeysAreShownQuoted() throws {
        let loaded = try ConfigLoader.parse(text: "\"log level\" = \"debug\"\n", file: "f")
        #expect(
            loaded.warnings.map(\.description) == [#"f:1: "log level": unknown key (ignored); did you mean log_level?"#]
        )
    }

    @Test func identicalTouchRulesWarn() throws {
        let text =
            "[[touch]]\nsysname = \"event3\"\noutput = \"A\"\n\n[[touch]]\nsysname = \"event3\"\noutput = \"B\"\n"
        let loaded = try ConfigLoader.parse(text: text, file: "f")
        #expect(
            loaded.warnings.map(\.description) == [
                "f:5: touch[1]: never applies: touch[0] has the same match keys and comes first"
            ])
    }
}
