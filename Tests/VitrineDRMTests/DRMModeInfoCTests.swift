import CDRM
import Testing
import VitrinePlatform

@testable import VitrineDRM

/// The internal bridge to libdrm's `drmModeModeInfo`, field by field.
@Suite("DRMModeInfo C bridge")
struct DRMModeInfoCTests {
    @Test func copiesEveryFieldFromLibdrm() throws {
        var c = drmModeModeInfo()
        c.clock = 74_250
        c.hdisplay = 1920
        c.hsync_start = 2008
        c.hsync_end = 2052
        c.htotal = 2200
        c.vdisplay = 1080
        c.vsync_start = 1084
        c.vsync_end = 1094
        c.vtotal = 1125
        c.vrefresh = 60
        c.flags = DRMModeInfo.flagInterlace
        c.type = DRMModeInfo.typePreferred
        withUnsafeMutableBytes(of: &c.name) { raw in
            raw.copyBytes(from: Array("1920x1080i".utf8))
        }
        let mode = DRMModeInfo(c)
        #expect(mode.name == "1920x1080i")
        #expect(mode.hsyncStart == 2008 && mode.hsyncEnd == 2052 && mode.vsyncStart == 1084 && mode.vsyncEnd == 1094)
        #expect(mode.isInterlaced && mode.isPreferred)
        #expect(try #require(mode.displayMode) == DisplayMode(width: 1920, height: 1080, isPreferred: true))
    }

    @Test func roundTripsThroughLibdrm() {
        let mode = DRMModeInfo(
            clock: 148_500, hdisplay: 1920, hsyncStart: 2008, hsyncEnd: 2052, htotal: 2200, vdisplay: 1080,
            vsyncStart: 1084, vsyncEnd: 1089, vtotal: 1125, vrefresh: 60, flags: 0b101, type: DRMModeInfo.typeDriver)
        #expect(DRMModeInfo(mode.cValue) == mode)
        var long = mode
        long.name = String(repeating: "x", count: 40)
        #expect(DRMModeInfo(long.cValue).name == String(repeating: "x", count: 31))
    }
}
