import Testing
import VitrinePlatform

@Suite("DisplayMode")
struct DisplayModeTests {
    @Test func derivesRateAndPeriodFromMillihertz() {
        let mode = DisplayMode(width: 1280, height: 800, refreshMillihertz: 59_940)
        #expect(mode.refreshRate == 59.94)
        #expect(abs(mode.refreshPeriod - 1 / 59.94) < 1e-12)
        #expect(mode.description == "1280x800@59.940Hz")
        #expect(DisplayMode(width: 800, height: 480, isPreferred: true).description == "800x480@60.000Hz*")
    }

    @Test func sameTimingIgnoresThePreferredFlag() {
        let preferred = DisplayMode(width: 1920, height: 1080, isPreferred: true)
        let plain = DisplayMode(width: 1920, height: 1080)
        #expect(preferred.hasSameTiming(as: plain))
        #expect(preferred != plain)
        #expect(!plain.hasSameTiming(as: DisplayMode(width: 1920, height: 1080, refreshMillihertz: 50_000)))
    }
}
