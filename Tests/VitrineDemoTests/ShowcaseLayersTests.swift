import Foundation
import Testing
import VitrineDemo
import VitrineKit
import VitrinePlatform

/// The main screen's layer work: the gradient background, the cards' shadows, the visitors'
/// progress ring, and the segmented control choosing the panel's speed.
@MainActor @Suite struct ShowcaseLayersTests {
    @Test func theGradientLayerFillsTheBackground() throws {
        let rig = ShowcaseRig(width: 800, height: 480)
        let c = rig.controller
        rig.frames(2)
        let background = c.backgroundView
        let gradient = try #require(background.gradientLayer)
        #expect(background.layer === gradient)
        #expect(c.view.subviews.first === background, "behind everything")
        #expect(background.frameOnScreen == CGRect(x: 0, y: 0, width: 800, height: 480))
        #expect(gradient.colors?.count == GradientBackgroundView.colors.count)
        #expect(gradient.startPoint == CGPoint(x: 0, y: 0) && gradient.endPoint == CGPoint(x: 1, y: 1))
        // The corners show the first and last colours.
        for (point, color) in [
            (CGPoint(x: 1, y: 1), GradientBackgroundView.colors[0]),
            (CGPoint(x: 798, y: 478), try #require(GradientBackgroundView.colors.last)),
        ] {
            var red: CGFloat = 0
            var green: CGFloat = 0
            var blue: CGFloat = 0
            var alpha: CGFloat = 0
            _ = color.getRed(&red, green: &green, blue: &blue, alpha: &alpha)
            let shown = try rig.output.rgb(at: point)
            for (value, expected) in [(shown.red, red), (shown.green, green), (shown.blue, blue)] {
                #expect(abs(Double(value) - Double(expected) * 255) < 8, "\(shown) at \(point)")
            }
        }
    }

    @Test(arguments: [(1920, 1080), (1080, 1920), (800, 480)])
    func theCardsCastShadowsAlongTheirRoundedRects(width: Int, height: Int) throws {
        let rig = ShowcaseRig(width: width, height: height)
        let c = rig.controller
        rig.frames(2)
        for card in [c.pictureCard, c.motionCard, c.menuCard, c.visitorsCard] {
            try expectShadow(on: card)
        }
    }

    @Test func theShadowsFollowTheCardsWhenTheScreenTurns() throws {
        let rig = ShowcaseRig(width: 1024, height: 768)
        let c = rig.controller
        rig.frames(2)
        let before = c.motionCard.bounds
        UIScreen.main.rotation = .clockwise90
        rig.frames(2)
        #expect(c.motionCard.bounds != before)
        for card in [c.pictureCard, c.motionCard, c.menuCard, c.visitorsCard] {
            try expectShadow(on: card)
        }
    }

    @Test func theRingsStrokeEndFollowsTheVisitors() throws {
        let rig = ShowcaseRig(width: 1920, height: 1080)
        let c = rig.controller
        let ring = c.visitorsRing
        #expect(ring.progressLayer.strokeEnd == 0)
        #expect(ring.progress == 0)
        rig.frames(2)
        let path = try #require(ring.progressLayer.path)
        #expect(ring.trackLayer.path == path)
        // A circle as large as the ring's bounds allow, the line inside them.
        let box = path.boundingBox.insetBy(dx: -ring.lineWidth / 2, dy: -ring.lineWidth / 2)
        #expect(abs(box.width - min(ring.bounds.width, ring.bounds.height)) < 1)
        #expect(abs(box.width - box.height) < 1)
        #expect(ring.bounds.width > 100)

        for count in 1...3 {
            rig.tap(c.checkInButton)
            #expect(abs(ring.progressLayer.strokeEnd - CGFloat(count) / 10) < 1e-9)
        }
        // The change animates from what was shown.
        let animation = try #require(ring.progressLayer.animation(forKey: "progress") as? CABasicAnimation)
        #expect(animation.keyPath == "strokeEnd")
        #expect((animation.toValue as? CGFloat) == 0.3)
        rig.frames(60)
        let shown = try #require(ring.progressLayer.presentation()).strokeEnd
        #expect(abs(shown - 0.3) < 1e-6)

        rig.tap(c.resetButton)
        #expect(ring.progressLayer.strokeEnd == 0)
        for _ in 0..<12 { rig.tap(c.checkInButton) }
        #expect(c.status.visitors == 12)
        #expect(ring.progressLayer.strokeEnd == 1, "past the goal the ring is full")
    }

    @Test func theMinuteRingFollowsTheSeconds() throws {
        let rig = ShowcaseRig(width: 1920, height: 1080)
        let c = rig.controller
        let ring = c.minuteRing
        // 09:41:07.25: the eighth second of the minute.
        #expect(abs(ring.progressLayer.strokeEnd - 8.0 / 60) < 1e-9)
        rig.clock.advance(to: 1)  // 09:41:08.25: the arc moves on over 0.45 s
        #expect(abs(ring.progressLayer.strokeEnd - 9.0 / 60) < 1e-9)
        #expect(ring.progressLayer.animation(forKey: "progress") != nil)
        rig.clock.advance(to: 53)  // 09:42:00.25: a new minute starts at once
        #expect(abs(ring.progressLayer.strokeEnd - 1.0 / 60) < 1e-9)
        #expect(ring.progressLayer.animation(forKey: "progress") == nil)
        // In the panel's card, beside its title.
        #expect(c.motionCard.frameOnScreen.contains(ring.frameOnScreen))
        #expect(ring.bounds.width > 0 && ring.bounds.width == ring.bounds.height)
    }

    @Test func theRingTakesTheColoursOfTheSwitch() {
        let rig = ShowcaseRig()
        let c = rig.controller
        #expect(c.visitorsRing.progressLayer.strokeColor == UIColor.systemTeal.cgColor)
        rig.tap(c.warmSwitch)
        #expect(c.visitorsRing.progressLayer.strokeColor == UIColor.systemOrange.cgColor)
        #expect(c.speedControl.selectedSegmentTintColor == .systemOrange)
    }

    @Test func theSegmentedControlSetsTheSpeedAndTheBoardsMirrorIt() throws {
        let rig = ShowcaseRig(width: 1920, height: 1080)
        let c = rig.controller
        let output = rig.backend.addOutput(name: "HDMI-A-2", width: 1280, height: 720)
        let screen = try #require(UIScreen.screens.first { $0.output === output })
        let board = try #require(rig.app.infoBoard(on: screen))
        rig.frames(2)
        let control = c.speedControl
        #expect(control.numberOfSegments == ShowcaseViewController.speedPresets.count)
        #expect(control.selectedSegmentIndex == 1)

        tap(segment: "Fast", of: control, rig: rig)
        #expect(control.selectedSegmentIndex == 2)
        #expect(c.status.motionSpeed == 2)
        #expect(c.motionView.speed == 2)
        #expect(c.speedSlider.value == 2)
        #expect(c.speedValueLabel.text == "2.0×")
        #expect(c.statusLabel.text == "Speed 2.0×")
        #expect(board.status.motionSpeed == 2)
        #expect(board.statusLabel.text == "0 visitors · motion 2.0× · cool colours")

        tap(segment: "Slow", of: control, rig: rig)
        #expect(c.status.motionSpeed == 0.5)
        #expect(board.statusLabel.text == "0 visitors · motion 0.5× · cool colours")

        // A speed between the presets selects no segment; a preset's speed selects its own.
        c.speedSlider.value = 1.3
        c.speedSlider.sendActions(for: .valueChanged)
        #expect(c.status.motionSpeed == 1.3)
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
        #expect(board.status.motionSpeed == 1.3)
        c.speedSlider.value = 1
        c.speedSlider.sendActions(for: .valueChanged)
        #expect(control.selectedSegmentIndex == 1)
        rig.backend.disconnect(output)
    }

    @Test(arguments: [(1920, 1080), (1080, 1920), (800, 480), (1280, 800)])
    func theRingAndTheSegmentsStayInTheirCards(width: Int, height: Int) throws {
        let rig = ShowcaseRig(width: width, height: height)
        let c = rig.controller
        rig.frames(2)
        let ring = c.visitorsRing.frameOnScreen
        #expect(!ring.isEmpty)
        #expect(c.visitorsCard.frameOnScreen.contains(ring))
        for other in [c.nameField, c.pinField, c.checkInButton, c.resetButton] as [UIView] {
            #expect(!overlap(ring, other.frameOnScreen), "the ring \(ring) covers \(other.frameOnScreen)")
        }
        // The number sits inside the ring's hole.
        let number = c.visitorsLabel.frameOnScreen
        #expect(ring.contains(CGPoint(x: number.midX, y: number.midY)))

        let segments = c.speedControl.frameOnScreen
        #expect(c.motionCard.frameOnScreen.contains(segments))
        #expect(!overlap(segments, c.motionView.frameOnScreen))
        #expect(segments.height >= 31 && segments.width >= 3 * 44, "\(segments) is a small target")
        // Every title fits its segment.
        for label in c.speedControl.subviews.compactMap({ $0 as? UILabel }) {
            let needed = label.sizeThatFits(
                CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
            #expect(needed.width <= label.bounds.width + 0.5, "\"\(label.text ?? "")\" is cut")
        }
    }

    /// A shadow with a path: the card's rounded rectangle at its bounds and radius.
    private func expectShadow(on card: ShowcaseCardView) throws {
        let layer = card.layer
        #expect(layer.shadowOpacity > 0)
        #expect(layer.shadowColor != nil)
        #expect(layer.shadowRadius > 0)
        #expect(layer.shadowOffset.height > 0)
        let path = try #require(layer.shadowPath)
        #expect(path == UIBezierPath(roundedRect: card.bounds, cornerRadius: layer.cornerRadius).cgPath)
        #expect(path.boundingBox == card.bounds)
        #expect(layer.cornerRadius > 0)
    }

    /// A tap on the middle of the segment titled `title`.
    private func tap(segment title: String, of control: UISegmentedControl, rig: ShowcaseRig) {
        let label = control.subviews.compactMap { $0 as? UILabel }.first { $0.text == title }
        #expect(label != nil, "no segment \(title)")
        guard let label else { return }
        rig.input.tap(at: rig.controller.screenCenter(of: label), time: rig.clock.now + ShowcaseRig.frame)
    }
}
