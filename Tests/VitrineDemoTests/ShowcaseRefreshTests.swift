import Foundation
import Testing
import VitrineDemo
import VitrineKit
import VitrinePlatform

/// The menu list's pull-to-refresh, pulled with a finger as on the panel.
@MainActor @Suite struct ShowcaseRefreshTests {
    @Test func pullingTheMenuDownRefreshesItForASecondAndAHalf() throws {
        let rig = ShowcaseRig(width: 1280, height: 800)
        rig.frames(5)
        let list = rig.controller.productList
        let table = list.tableView
        #expect(table.refreshControl === list.refreshControl)
        #expect(list.refreshControl.isHidden)
        let top = rig.controller.screenCenter(of: table)
        let start = CGPoint(x: top.x, y: top.y - table.bounds.height / 2 + 10)
        var time = rig.clock.now + ShowcaseRig.frame
        rig.input.down(at: start, time: time)
        for step in 1...12 {
            time += ShowcaseRig.frame
            rig.clock.advance(to: time)
            rig.input.move(to: CGPoint(x: start.x, y: start.y + CGFloat(step) * 25), time: time)
        }
        #expect(list.refreshControl.isRefreshing)
        #expect(list.refreshCount == 1)
        rig.clock.advance(to: time + 0.3)
        rig.input.up(time: time + 0.3)
        rig.frames(45)
        #expect(table.contentOffset.y == -table.adjustedContentInset.top)
        #expect(table.adjustedContentInset.top >= UIRefreshControl.refreshingHeight)
        // 1.5 s of media time after the pull the spinner stops and the list goes back up.
        rig.frames(90)
        #expect(!list.refreshControl.isRefreshing)
        #expect(table.contentOffset.y == -table.adjustedContentInset.top)
        #expect(list.refreshControl.isHidden)
        #expect(list.refreshCount == 1)
    }
}
