import Testing

@testable import VitrineConfig

@Suite struct ValueParsingTests {
    @Test func modes() {
        #expect(ConfigMode(parsing: "preferred") == .preferred)
        #expect(ConfigMode(parsing: "Highest") == .highest)
        #expect(ConfigMode(parsing: "1280x800") == .size(width: 1280, height: 800))
        #expect(ConfigMode(parsing: "1920X1080@60") == .sizeAndRate(width: 1920, height: 1080, refreshHz: 60))
        #expect(ConfigMode(parsing: "1920x1080@59.94") == .sizeAndRate(width: 1920, height: 1080, refreshHz: 59.94))
        for bad in [
            "", "1920", "1920x", "x1080", "0x1080", "1920x0", "-1920x1080", "+1920x1080", "1920x1080@", "1920x1080@0",
            "1920x1080@1000", "1920x1080@-60", "1920x1080@6e1", "1920x1080@inf", "1920x1080@nan", "1920x1080@60@60",
            "1920x1080x2", " 1920x1080", "1920 x 1080", "1920x1080@59..9", "99999999999999999999x1",
        ] {
            #expect(ConfigMode(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func modeDescriptionsReadBack() {
        let modes: [ConfigMode] = [
            .preferred, .highest, .size(width: 800, height: 480),
            .sizeAndRate(width: 1920, height: 1080, refreshHz: 60),
            .sizeAndRate(width: 1920, height: 1080, refreshHz: 59.94),
        ]
        #expect(modes.map(\.description) == ["preferred", "highest", "800x480", "1920x1080@60", "1920x1080@59.94"])
        for mode in modes { #expect(ConfigMode(parsing: mode.description) == mode) }
    }

    @Test func backlights() {
        #expect(ConfigBacklight(parsing: "intel_backlight") == .name("intel_backlight"))
        #expect(
            ConfigBacklight(parsing: "/sys/class/backlight/acpi_video0") == .path("/sys/class/backlight/acpi_video0"))
        #expect(ConfigBacklight(parsing: "10-0045")?.directory == "/sys/class/backlight/10-0045")
        for bad in ["", ".", "..", "a/b", "../x"] { #expect(ConfigBacklight(parsing: bad) == nil, "\(bad)") }
    }

    @Test func rotationsAreQuarterTurns() {
        #expect(ConfigRotation.allCases.map(\.rawValue) == [0, 90, 180, 270])
        #expect(ConfigRotation(rawValue: 45) == nil)
    }

    @Test func messageHelpers() {
        #expect(ConfigValidator.alternatives(["a"]) == "a")
        #expect(ConfigValidator.alternatives(["a", "b", "c"]) == "a, b or c")
        #expect(ConfigValidator.decimal(90) == "90.0")
        #expect(ConfigValidator.decimal(-0.5) == "-0.5")
        #expect(ConfigValidator.decimal(.infinity) == "inf")
        #expect(ConfigValidator.editDistance("rotaton", "rotation") == 1)
        #expect(ConfigValidator.editDistance("", "abc") == 3)
        #expect(ConfigValidator.editDistance("kitten", "sitting") == 3)
        #expect(TOMLText.quoted("a\"b\\c\nd\u{1}") == #""a\"b\\c\nd\u0001""#)
    }
}
