import Foundation
import Testing
import VitrineDemo
import VitrineKit
import VitrinePlatform

/// The main screen's layout on landscape, portrait and small panels: every control on the
/// screen, none covering another, touch targets at least 44 points, text not cut.
@MainActor @Suite struct ShowcaseLayoutTests {
    @Test(arguments: [(1920, 1080), (1080, 1920), (768, 1024), (800, 480), (1280, 800)])
    func everythingFitsWithoutOverlapping(width: Int, height: Int) throws {
        let rig = ShowcaseRig(width: width, height: height)
        let c = rig.controller
        let screen = CGRect(x: 0, y: 0, width: width, height: height)
        rig.tap(c.checkInButton)
        rig.tap(c.checkInButton)  // "Checked in visitor 2": a long status
        rig.frames(40)  // the counter's bounce is over

        let topLevel: [UIView] = [
            c.titleLabel, c.subtitleLabel, c.clockLabel, c.dateLabel, c.pictureCard, c.motionCard, c.visitorsCard,
            c.controlBar,
        ]
        try expectInsideAndApart(topLevel, within: screen, "screen")
        try expectInsideAndApart(c.controlBarStack.arrangedSubviews, within: c.controlBar.frameOnScreen, "bar")
        try expectInsideAndApart(c.visitorsCard.subviews, within: c.visitorsCard.frameOnScreen, "visitors card")
        try expectInsideAndApart(c.pictureCard.subviews, within: c.pictureCard.frameOnScreen, "picture card")
        try expectInsideAndApart(c.motionCard.subviews, within: c.motionCard.frameOnScreen, "motion card")
        for control in [c.checkInButton, c.resetButton, c.warmSwitch, c.speedSlider] as [UIView] {
            let frame = control.frameOnScreen
            #expect(frame.height >= 31 && frame.width >= 44, "\(control) is a small target: \(frame)")
        }
        // The animated parts stay in their panel, whatever their phase.
        let panel = c.motionView.frameOnScreen
        for part in [c.motionView.track, c.motionView.spinner] + c.motionView.bars {
            #expect(
                panel.insetBy(dx: -1, dy: -1).contains(part.frameOnScreen), "\(part.frameOnScreen) outside \(panel)")
        }
        // The spinner's rounded corners stay inside while it turns (widest at 45°).
        let spinner = c.motionView.spinner.frameOnScreen
        let radius = c.motionView.spinner.layer.cornerRadius
        let reach = (spinner.width / 2 - radius) * 2.squareRoot() + radius
        #expect(spinner.midX - reach >= panel.minX - 1)

        // Text that must be read in full fits its label.
        let labels =
            [c.titleLabel, c.subtitleLabel, c.clockLabel, c.dateLabel, c.statusLabel, c.speedValueLabel]
            + c.controlBarStack.arrangedSubviews.compactMap { $0 as? UILabel }
        for label in labels {
            let needed = label.sizeThatFits(
                CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
            #expect(
                needed.width <= label.bounds.width + 0.5,
                "\"\(label.text ?? "")\" is cut: \(needed.width) > \(label.bounds.width)")
            #expect(needed.height <= label.bounds.height + 0.5, "\"\(label.text ?? "")\" is cut vertically")
        }
    }

    /// Each view lies within `area` and shares no area with the others.
    private func expectInsideAndApart(_ views: [UIView], within area: CGRect, _ name: String) throws {
        let visible = views.filter { !$0.isHidden }
        for view in visible {
            let frame = view.frameOnScreen
            #expect(!frame.isEmpty, "\(view) in the \(name) is empty")
            #expect(area.insetBy(dx: -0.5, dy: -0.5).contains(frame), "\(view): \(frame) leaves the \(name) \(area)")
        }
        for (index, view) in visible.enumerated() {
            for other in visible[(index + 1)...] {
                #expect(
                    !overlap(view.frameOnScreen, other.frameOnScreen),
                    "in the \(name), \(view.frameOnScreen) overlaps \(other.frameOnScreen)")
            }
        }
    }
}
