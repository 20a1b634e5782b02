import Foundation
import Testing
import VitrineDemo
import VitrineKit
import VitrinePlatform
import VitrineTestSupport

/// The main screen at 1920x1080, pixel for pixel, at a fixed wall-clock time and a fixed point
/// of its animations. Record with `VITRINE_RECORD_SNAPSHOTS=1` (docs/testing.md).
@MainActor @Suite struct ShowcaseSnapshotTests {
    @Test func theMainScreenAt1920x1080() throws {
        let rig = ShowcaseRig(width: 1920, height: 1080)
        rig.tap(rig.controller.checkInButton)
        rig.clock.advance(to: 1.25)  // 09:41:08.5; the bounce is over, the panel mid-cycle
        #expect(rig.controller.clockLabel.text == "09:41:08")
        let shot = try #require(rig.output.screenshot())
        // Text is drawn by the installed fonts (DejaVu): a little slack for their versions.
        try assertSnapshot(of: shot, named: "showcase-1920x1080", tolerance: 3, maxDifferingPixels: 400)
    }
}
