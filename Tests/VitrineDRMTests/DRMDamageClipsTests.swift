import Testing
import VitrineGraphics

@testable import VitrineDRM

/// Frame damage to `FB_DAMAGE_CLIPS` rectangles.
@Suite("Damage clips")
struct DRMDamageClipsTests {
    @Test func aRectangleBecomesInclusiveExclusiveCorners() {
        let clips = DRMDamageRect.clips(
            for: Region(PixelRect(x: 10, y: 20, width: 30, height: 40)), width: 100, height: 100)
        #expect(clips == [DRMDamageRect(x1: 10, y1: 20, x2: 40, y2: 60)])
    }

    @Test func damageIsClippedToTheFramebuffer() {
        let clips = DRMDamageRect.clips(
            for: Region(PixelRect(x: -5, y: 90, width: 20, height: 30)), width: 100, height: 100)
        #expect(clips == [DRMDamageRect(x1: 0, y1: 90, x2: 15, y2: 100)])
        #expect(
            DRMDamageRect.clips(for: Region(PixelRect(x: 200, y: 0, width: 5, height: 5)), width: 100, height: 100)
                .isEmpty)
    }

    @Test func disjointDamageKeepsItsRectanglesAndEmptyDamageHasNone() {
        let region = Region([
            PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 50, y: 50, width: 10, height: 10),
        ])
        let clips = DRMDamageRect.clips(for: region, width: 100, height: 100)
        #expect(clips.count == 2)
        #expect(
            Set(clips) == [DRMDamageRect(x1: 0, y1: 0, x2: 10, y2: 10), DRMDamageRect(x1: 50, y1: 50, x2: 60, y2: 60)])
        #expect(DRMDamageRect.clips(for: Region(), width: 100, height: 100).isEmpty)
    }
}
