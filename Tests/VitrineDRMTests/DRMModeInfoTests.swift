import Testing
import VitrineDRM
import VitrinePlatform

@Suite("DRMModeInfo")
struct DRMModeInfoTests {
    private let mode1080p = DRMModeInfo(clock: 148_500, hdisplay: 1920, htotal: 2200, vdisplay: 1080, vtotal: 1125)

    @Test func convertsToADisplayModeInMillihertz() throws {
        let mode = try #require(mode1080p.displayMode)
        #expect(mode == DisplayMode(width: 1920, height: 1080, refreshMillihertz: 60_000))
        #expect(!mode.isPreferred)
        #expect(mode1080p.name == "1920x1080")
    }

    @Test func keepsNTSCRatesApart() {
        // CEA 1080p59.94: 148.5 MHz / 1.001.
        let mode = DRMModeInfo(clock: 148_352, hdisplay: 1920, htotal: 2200, vdisplay: 1080, vtotal: 1125)
        #expect(mode.refreshMillihertz == 59_940)
    }

    @Test func appliesInterlaceDoubleScanAndVscanAsTheKernel() {
        var mode = mode1080p
        mode.flags = DRMModeInfo.flagInterlace
        #expect(mode.isInterlaced)
        #expect(mode.refreshMillihertz == 120_000)
        mode.flags = DRMModeInfo.flagDoubleScan
        #expect(mode.refreshMillihertz == 30_000)
        mode.flags = DRMModeInfo.flagInterlace | DRMModeInfo.flagDoubleScan
        #expect(mode.refreshMillihertz == 60_000)
        mode.flags = 0
        mode.vscan = 2
        #expect(mode.refreshMillihertz == 30_000)
        mode.vscan = 1
        #expect(mode.refreshMillihertz == 60_000)
    }

    @Test func carriesThePreferredType() throws {
        var mode = mode1080p
        mode.type = DRMModeInfo.typePreferred | DRMModeInfo.typeDriver
        #expect(mode.isPreferred)
        #expect(try #require(mode.displayMode).isPreferred)
    }

    @Test func refusesModesWithoutTotals() {
        let broken = DRMModeInfo(clock: 148_500, hdisplay: 1920, htotal: 0, vdisplay: 1080, vtotal: 1125)
        #expect(broken.refreshMillihertz == nil)
        #expect(broken.displayMode == nil)
    }
}
