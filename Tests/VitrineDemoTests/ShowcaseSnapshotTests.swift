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

/// The information board on a second screen, pixel for pixel. It was built in code until it
/// moved into `InfoBoard.xib`; the reference was recorded from the code-built board, so the
/// board loaded from the interface file draws the same pixels.
@MainActor @Suite struct InfoBoardSnapshotTests {
    @Test func theInfoBoardAt1280x720() throws {
        let rig = ShowcaseRig(width: 1920, height: 1080)
        let output = rig.backend.addOutput(name: "HDMI-A-2", width: 1280, height: 720)
        let screen = try #require(UIScreen.screens.first { $0.output === output })
        let board = try #require(rig.app.infoBoard(on: screen))
        rig.tap(rig.controller.checkInButton)
        rig.clock.advance(to: 1.25)
        #expect(board.clockLabel.text == "09:41:08")
        let shot = try #require(output.screenshot())
        try assertSnapshot(of: shot, named: "infoboard-1280x720", tolerance: 3, maxDifferingPixels: 300)
        rig.backend.disconnect(output)
    }
}
