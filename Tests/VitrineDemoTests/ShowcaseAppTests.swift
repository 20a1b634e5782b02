import Foundation
import Testing
import VitrineDemo
import VitrineKit
import VitrinePlatform

/// The showcase's behaviour: its clock, buttons, switch, slider and animated panel.
@MainActor @Suite struct ShowcaseAppTests {
    @Test func theClockShowsTheWallClockTimeAndTicksEachSecond() {
        let rig = ShowcaseRig()
        let controller = rig.controller
        #expect(controller.clockLabel.text == "09:41:07")
        #expect(controller.dateLabel.text == "Tuesday 3 June 2025")
        rig.clock.advance(by: 0.7)  // 09:41:07.95: still the same second
        #expect(controller.clockLabel.text == "09:41:07")
        rig.clock.advance(by: 0.3)  // 1 s after launch
        #expect(controller.clockLabel.text == "09:41:08")
        rig.clock.advance(by: 1)  // 2 s after launch
        #expect(controller.clockLabel.text == "09:41:09")
    }

    @Test func theClockStaysOnWholeSecondsWhenTheWallClockDrifts() {
        // A wall clock running 0.5% slow against the media clock: each wake-up aims at the
        // next whole second as read then, so every second shows once and in order.
        let clock = ManualClock()
        let backend = HeadlessBackend(clock: clock)
        backend.addOutput(width: 320, height: 240)
        UIApplication.shared.setDisplayBackend(backend)
        let controller = ShowcaseViewController(
            wallClock: { Date(timeIntervalSince1970: 1_748_943_667.9 + clock.now * 0.995) },
            timeZone: TimeZone(identifier: "UTC")!)
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        var shown: [String] = []
        for _ in 0..<(4 * 60) {
            clock.advance(by: ShowcaseRig.frame)
            if let text = controller.clockLabel.text, shown.last != text { shown.append(text) }
        }
        #expect(shown == ["09:41:07", "09:41:08", "09:41:09", "09:41:10", "09:41:11"])
    }

    @Test func theClockStopsWithItsWindow() {
        let rig = ShowcaseRig()
        let window = try! #require(rig.app.window)
        window.isHidden = true
        rig.clock.advance(by: 3)
        #expect(rig.controller.clockLabel.text == "09:41:07")
        #expect(rig.controller.motionView.glider.layer.animationKeys() == nil)
        window.makeKeyAndVisible()
        rig.clock.advance(by: 0)
        #expect(rig.controller.clockLabel.text == "09:41:10")
        #expect(rig.controller.motionView.isAnimating)
    }

    @Test func checkInHighlightsWhileTouchedThenCounts() throws {
        let rig = ShowcaseRig()
        let controller = rig.controller
        let button = controller.checkInButton
        // A point on the button's fill, left of its title.
        let frame = button.frameOnScreen
        let probe = CGPoint(x: frame.minX + 8, y: frame.midY)
        rig.frames(2)
        let normal = try rig.output.rgb(at: probe)
        #expect(normal.blue > 200 && normal.red < 80)

        rig.input.down(at: controller.screenCenter(of: button), time: rig.clock.now + ShowcaseRig.frame)
        #expect(button.isHighlighted)
        rig.frames(2)
        let touched = try rig.output.rgb(at: probe)
        #expect(touched.red > 150, "the touched button shows its light fill, not \(touched)")

        rig.input.up(time: rig.clock.now + ShowcaseRig.frame)
        #expect(!button.isHighlighted)
        #expect(controller.visitorsLabel.text == "1")
        #expect(controller.statusLabel.text == "Checked in visitor 1")
        rig.frames(2)
        #expect(try rig.output.rgb(at: probe) == normal)

        rig.tap(button)
        #expect(controller.visitorsLabel.text == "2")
        #expect(controller.status.visitors == 2)
        rig.tap(controller.resetButton)
        #expect(controller.visitorsLabel.text == "0")
        #expect(controller.statusLabel.text == "Counter reset")
    }

    @Test func theSwitchRecoloursTheAnimatedPanel() {
        let rig = ShowcaseRig()
        let controller = rig.controller
        let cool = controller.motionView.glider.backgroundColor
        rig.tap(controller.warmSwitch)
        #expect(controller.warmSwitch.isOn)
        #expect(controller.status.warmColors)
        #expect(controller.motionView.accentColor == .systemOrange)
        #expect(controller.motionView.glider.backgroundColor == .systemOrange)
        #expect(controller.motionView.glider.backgroundColor != cool)
        #expect(controller.statusLabel.text == "Warm colours")
        rig.tap(controller.warmSwitch)
        #expect(controller.motionView.glider.backgroundColor == cool)
    }

    @Test func theSliderChangesTheAnimationSpeedWithoutAJump() throws {
        let rig = ShowcaseRig()
        let controller = rig.controller
        let motion = controller.motionView
        let slider = controller.speedSlider
        rig.clock.advance(by: 0.8)  // the glider is half way along the track
        let before = try #require(motion.glider.layer.presentation()).position.x
        #expect(abs(before - motion.track.frame.midX) < motion.track.frame.width * 0.2)

        // Drag the thumb to the right.
        let thumb = slider.thumbRect(
            forBounds: slider.bounds, trackRect: slider.trackRect(forBounds: slider.bounds), value: slider.value)
        let grab = slider.convert(CGPoint(x: thumb.midX, y: thumb.midY), to: nil)
        let start = rig.clock.now + 0.001
        rig.input.down(at: grab, time: start)
        rig.input.move(to: CGPoint(x: grab.x + 40, y: grab.y), time: start + 0.001)
        rig.input.move(to: CGPoint(x: grab.x + 120, y: grab.y), time: start + 0.002)
        rig.input.up(time: start + 0.003)
        #expect(slider.value > 1.5)
        let speed = controller.status.motionSpeed
        #expect(speed > 1.5)
        #expect(motion.speed == speed)
        #expect(controller.speedValueLabel.text == controller.status.speedText)
        #expect(controller.statusLabel.text == "Speed \(controller.status.speedText)")
        #expect(motion.glider.layer.animation(forKey: "glide")?.speed == Float(speed))
        #expect(motion.spinner.layer.animation(forKey: "spin")?.speed == Float(speed))

        // The next frame continues from where the glider was (at most two frames' travel at
        // the new speed), rather than starting its cycle again at the end of the track.
        rig.frames(1)
        let after = try #require(motion.glider.layer.presentation()).position.x
        #expect(abs(after - before) < motion.track.frame.width * 0.2)
    }

    @Test func theAnimatedPanelMovesOnEveryFrame() throws {
        let rig = ShowcaseRig()
        let motion = rig.controller.motionView
        rig.frames(6)
        let glide1 = try #require(motion.glider.layer.presentation()).position.x
        let spin1 = try #require(motion.spinner.layer.presentation()).transform
        let bar1 = try #require(motion.bars[0].layer.presentation()).transform
        let panel = motion.frameOnScreen
        let shot1 = try #require(rig.output.screenshot())
        rig.frames(6)
        let glide2 = try #require(motion.glider.layer.presentation()).position.x
        #expect(glide2 > glide1)
        #expect(try #require(motion.spinner.layer.presentation()).transform != spin1)
        #expect(try #require(motion.bars[0].layer.presentation()).transform != bar1)
        // The model stays put: only the presentation moves.
        #expect(motion.glider.center.x == motion.track.frame.minX)
        // And the screen shows it.
        let shot2 = try #require(rig.output.screenshot())
        var changed = 0
        for y in stride(from: Int(panel.minY), to: Int(panel.maxY), by: 2) {
            for x in stride(from: Int(panel.minX), to: Int(panel.maxX), by: 2)
            where shot1.pixel(x: x, y: y) != shot2.pixel(x: x, y: y) {
                changed += 1
            }
        }
        #expect(changed > 100)
        #expect(rig.clock.pendingCount > 0)  // frames keep coming
    }
}
