import Foundation
import Testing
import VitrineDemo
import VitrineKit
import VitrinePlatform

/// The showcase on a panel mounted rotated: a raw panel touch (as libinput reports it,
/// normalised to the panel) lands on the button drawn there.
@MainActor @Suite(.serialized) struct ShowcaseRotatedPanelTests {
    @Test func aPanelTouchOnTheRotatedButtonChecksIn() throws {
        let rig = ShowcaseRig(width: 1024, height: 768)
        let screen = UIScreen.main
        screen.rotation = .clockwise90
        rig.frames(2)
        #expect(screen.bounds.size == CGSize(width: 768, height: 1024))
        let controller = rig.controller
        let upright = controller.screenCenter(of: controller.checkInButton)
        let panel = DisplayRotation.clockwise90.outputPoint(fromLogical: upright, logicalSize: screen.bounds.size)
        let source = HeadlessInputSource()
        UIApplication.shared.setInputSource(source)
        let position = CGPoint(x: panel.x / 1024, y: panel.y / 768)
        let time = rig.clock.now
        source.inject([
            .touch(.down(slot: 0, at: position, timestamp: time)), .touch(.frame(timestamp: time)),
            .touch(.up(slot: 0, timestamp: time + 0.08)), .touch(.frame(timestamp: time + 0.08)),
        ])
        #expect(controller.visitorsLabel.text == "1")
    }
}
