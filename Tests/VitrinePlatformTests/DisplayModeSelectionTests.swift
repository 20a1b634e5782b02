import Testing
import VitrinePlatform

/// The mode policy: parsing the configuration's spellings and choosing among a connector's modes.
@Suite("Display mode selection")
struct DisplayModeSelectionTests {
    let modes = [
        DisplayMode(width: 1024, height: 768, refreshMillihertz: 60_004, isPreferred: true),
        DisplayMode(width: 1920, height: 1080, refreshMillihertz: 60_000),
        DisplayMode(width: 1920, height: 1080, refreshMillihertz: 59_940),
        DisplayMode(width: 1920, height: 1080, refreshMillihertz: 50_000),
        DisplayMode(width: 800, height: 600, refreshMillihertz: 60_317),
        DisplayMode(width: 800, height: 600, refreshMillihertz: 56_250),
    ]

    @Test func parsesEverySpelling() {
        #expect(DisplayModeSelection(parsing: "preferred") == .preferred)
        #expect(DisplayModeSelection(parsing: " Highest ") == .highest)
        #expect(DisplayModeSelection(parsing: "800x600") == .size(width: 800, height: 600))
        #expect(
            DisplayModeSelection(parsing: "1920x1080@59.94")
                == .sizeAndRate(width: 1920, height: 1080, refreshMillihertz: 59_940))
        #expect(
            DisplayModeSelection(parsing: "1920x1080@60")
                == .sizeAndRate(width: 1920, height: 1080, refreshMillihertz: 60_000))
    }

    @Test(arguments: ["800", "x600", "800x", "0x600", "800x600@", "800x600@fast", "800x600@60@60", "big", "-1x5"])
    func rejectsGarbage(_ text: String) {
        #expect(DisplayModeSelection(parsing: text) == nil)
    }

    @Test func preferredIsTheFlaggedMode() throws {
        let choice = try #require(DisplayModeSelection.preferred.choose(from: modes))
        #expect(choice.mode == modes[0])
        #expect(choice.warning == nil)
    }

    @Test func sizeTakesItsFastestRate() throws {
        let choice = try #require(DisplayModeSelection.size(width: 1920, height: 1080).choose(from: modes))
        #expect(choice.mode.refreshMillihertz == 60_000)
        #expect(choice.warning == nil)
    }

    @Test func sizeAndRateTakesTheClosestRate() throws {
        let ntsc = try #require(DisplayModeSelection(parsing: "1920x1080@59.94")?.choose(from: modes))
        #expect(ntsc.mode.refreshMillihertz == 59_940)
        let pal = try #require(DisplayModeSelection(parsing: "1920x1080@50")?.choose(from: modes))
        #expect(pal.mode.refreshMillihertz == 50_000)
        let sixty = try #require(DisplayModeSelection(parsing: "800x600@60")?.choose(from: modes))
        #expect(sixty.mode.refreshMillihertz == 60_317)
    }

    @Test func highestIsTheLargestThenFastest() throws {
        let choice = try #require(DisplayModeSelection.highest.choose(from: modes))
        #expect(choice.mode == modes[1])
    }

    @Test func anUnknownModeFallsBackToPreferredWithAWarningListingTheModes() throws {
        let choice = try #require(DisplayModeSelection(parsing: "1234x567")?.choose(from: modes))
        #expect(choice.mode == modes[0])
        let warning = try #require(choice.warning)
        #expect(warning.contains("1234x567"))
        for mode in modes { #expect(warning.contains(mode.description)) }
        let rate = try #require(DisplayModeSelection(parsing: "800x600@75")?.choose(from: modes))
        #expect(rate.mode == modes[0])
        #expect(rate.warning != nil)
    }

    @Test func noModesNoChoiceAndNoPreferredFlagTakesTheFirst() throws {
        #expect(DisplayModeSelection.preferred.choose(from: []) == nil)
        let unflagged = [DisplayMode(width: 640, height: 480), DisplayMode(width: 800, height: 600)]
        let choice = try #require(DisplayModeSelection(parsing: "1x1")?.choose(from: unflagged))
        #expect(choice.mode.width == 640)
    }
}
