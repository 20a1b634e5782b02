import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform

@testable import VitrineKit

/// A fresh app on a manual-clock headless backend with one 400x300 panel: a red window with
/// a blue button, synthetic input, and idle blanking as given (set after the first frame).
/// Tests reset `idleBlanking` to nil when they end, since the application is shared.
@MainActor
private struct IdleScene {
    let clock = ManualClock()
    let backend: HeadlessBackend
    let output: HeadlessOutput
    let input: SyntheticInput
    let window: UIWindow
    let button: UIButton
    let log: ControlEventLog

    init(_ blanking: IdleBlanking?, makeWindow: () -> UIWindow = { UIWindow() }) {
        backend = HeadlessBackend(clock: clock)
        output = backend.addOutput(name: "PANEL-1", width: 400, height: 300)
        UIApplication.shared.setDisplayBackend(backend)
        input = SyntheticInput().install()
        // Made once the backend is installed, so that it is on this backend's screen.
        window = makeWindow()
        window.frame = UIScreen.main.bounds
        window.backgroundColor = .red
        button = UIButton(frame: CGRect(x: 100, y: 100, width: 100, height: 50))
        button.backgroundColor = .blue
        window.addSubview(button)
        log = ControlEventLog(button)
        window.makeKeyAndVisible()
        settle()
        UIApplication.shared.idleBlanking = blanking
    }

    var screen: UIScreen { UIScreen.main }
    var buttonCentre: CGPoint { CGPoint(x: 150, y: 125) }
    /// A point on the window, away from the button.
    var elsewhere: CGPoint { CGPoint(x: 30, y: 250) }
    var isBlanked: Bool { UIApplication.shared.areScreensBlanked }

    /// The frame due now, its vblank, and a frame waiting for that.
    func settle() {
        clock.advance(by: 0)
        clock.advance(by: 1.0 / 60)
        clock.advance(by: 1.0 / 60)
    }

    /// The colour shown at a point (in points) of the screen.
    func shown(at point: CGPoint) throws -> RGB {
        let image = try #require(output.screenshot())
        return image.rgb(Int(point.x * screen.scale), Int(point.y * screen.scale))
    }
}

@MainActor @Suite("Idle blanking") struct IdleBlankingTests {
    @Test func theScreensBlankAtTheTimeoutAndNotBefore() {
        let scene = IdleScene(IdleBlanking(timeout: 10))
        defer { UIApplication.shared.idleBlanking = nil }
        let recorder = NotificationRecorder([
            UIApplication.screensDidBlankNotification, UIApplication.screensDidWakeNotification,
        ])
        defer { recorder.stop() }
        let start = scene.clock.now
        scene.clock.advance(to: start + 9.99)
        #expect(!scene.isBlanked && scene.output.isPoweredOn)
        scene.clock.advance(to: start + 10)
        #expect(scene.isBlanked && !scene.output.isPoweredOn)
        #expect(recorder.names(for: UIApplication.shared) == [UIApplication.screensDidBlankNotification])
    }

    @Test func inputPostponesBlankingWithoutATimerPerEvent() {
        let scene = IdleScene(IdleBlanking(timeout: 10))
        defer { UIApplication.shared.idleBlanking = nil }
        let start = scene.clock.now
        // Settled: the idle timer is the only wake-up.
        #expect(scene.clock.pendingCount == 1)
        scene.clock.advance(to: start + 6)
        // A drag of 50 moves on the window: the timer is not rescheduled per event.
        scene.input.down(at: scene.elsewhere, time: 6)
        for step in 1...50 {
            scene.input.move(to: CGPoint(x: 30 + CGFloat(step), y: 250), time: 6 + Double(step) / 1000)
        }
        scene.input.up(time: 6.1)
        #expect(scene.clock.pendingCount == 1)
        let lastInput = scene.clock.now
        scene.clock.advance(to: start + 10)
        #expect(!scene.isBlanked && scene.output.isPoweredOn)
        scene.clock.advance(to: lastInput + 9.99)
        #expect(!scene.isBlanked)
        scene.clock.advance(to: lastInput + 10)
        #expect(scene.isBlanked && !scene.output.isPoweredOn)
    }

    @Test func theWakingTapIsSwallowedAndTheNextOneLands() throws {
        let scene = IdleScene(IdleBlanking(timeout: 5))
        defer { UIApplication.shared.idleBlanking = nil }
        scene.clock.advance(by: 5)
        #expect(scene.isBlanked && !scene.output.isPoweredOn)
        let presents = scene.output.presentCount
        scene.input.down(at: scene.buttonCentre, time: 10)
        #expect(!scene.isBlanked && scene.output.isPoweredOn)
        #expect(!scene.button.isHighlighted && !scene.button.isTracking)
        scene.input.up(time: 10.05)
        scene.settle()
        #expect(scene.log.entries.isEmpty)
        // The first frame after waking repaints every pixel.
        #expect(scene.output.presentCount == presents + 1)
        #expect(scene.output.lastDamage == Region(PixelRect(x: 0, y: 0, width: 400, height: 300)))
        #expect(try scene.shown(at: scene.buttonCentre) == .blue)
        #expect(try scene.shown(at: scene.elsewhere) == .red)

        scene.input.tap(at: scene.buttonCentre, time: 11)
        #expect(scene.log.entries.first == "down")
        #expect(scene.log.entries.filter { $0 == "upInside" }.count == 1)
    }

    @Test func everyEventOfTheWakingFingersIsSwallowed() {
        TouchLogView.log = []
        let scene = IdleScene(IdleBlanking(timeout: 5))
        defer { UIApplication.shared.idleBlanking = nil }
        let view = TouchLogView("v", frame: scene.window.bounds)
        scene.window.addSubview(view)
        UIApplication.shared.blankScreens()
        #expect(scene.isBlanked)
        scene.input.down(0, at: CGPoint(x: 50, y: 50), time: 1)
        scene.input.move(0, to: CGPoint(x: 80, y: 60), time: 1.1)
        scene.input.batch(time: 1.2) {
            scene.input.down(1, at: CGPoint(x: 200, y: 200), time: 1.2)
            scene.input.move(0, to: CGPoint(x: 90, y: 70), time: 1.2)
        }
        scene.input.up(0, time: 1.3)
        scene.input.move(1, to: CGPoint(x: 210, y: 190), time: 1.4)
        scene.input.up(1, time: 1.5)
        #expect(!scene.isBlanked)
        #expect(TouchLogView.log.isEmpty)
        scene.input.tap(at: CGPoint(x: 50, y: 50), time: 2)
        #expect(TouchLogView.log == ["v began 1", "v ended 1"])
    }

    @Test func aFingerRestingThroughTheTimeoutIsCancelledAndItsLaterEventsSwallowed() {
        TouchLogView.log = []
        let scene = IdleScene(IdleBlanking(timeout: 5))
        defer { UIApplication.shared.idleBlanking = nil }
        let view = TouchLogView("v", frame: scene.window.bounds)
        scene.window.addSubview(view)
        scene.input.down(at: CGPoint(x: 50, y: 50), time: 1)
        scene.clock.advance(by: 5)
        #expect(scene.isBlanked)
        #expect(TouchLogView.log == ["v began 1", "v cancelled 1"])
        scene.input.move(to: CGPoint(x: 60, y: 50), time: 7)
        #expect(!scene.isBlanked)
        scene.input.up(time: 7.1)
        #expect(TouchLogView.log == ["v began 1", "v cancelled 1"])
        scene.input.tap(at: CGPoint(x: 50, y: 50), time: 8)
        #expect(TouchLogView.log.suffix(2) == ["v began 1", "v ended 1"])
    }

    @Test func keysAndClicksWakeAndAreSwallowed() throws {
        final class PressWindow: UIWindow {
            var presses: [String] = []
            override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
                self.presses.append("began")
            }
            override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
                self.presses.append("ended")
            }
        }
        let scene = IdleScene(IdleBlanking(timeout: 5)) { PressWindow() }
        let window = try #require(scene.window as? PressWindow)
        defer { UIApplication.shared.idleBlanking = nil }
        scene.clock.advance(by: 5)
        #expect(scene.isBlanked)
        scene.input.press(keyCode: 30, time: 10)
        #expect(!scene.isBlanked && window.presses.isEmpty)
        scene.input.press(keyCode: 30, time: 11)
        #expect(window.presses == ["began", "ended"])

        // A mouse: its click on the button wakes and does not press it; the next one does.
        scene.clock.advance(by: 5)
        #expect(scene.isBlanked)
        func click(time: Double) {
            scene.input.source.inject(PointerEvent(kind: .button(button: 0x110, isPressed: true), timestamp: time))
            scene.input.source.inject(PointerEvent(kind: .button(button: 0x110, isPressed: false), timestamp: time))
        }
        let overButton = PointerEvent(kind: .motionAbsolute(CGPoint(x: 150.0 / 400, y: 125.0 / 300)), timestamp: 20)
        scene.input.source.inject(overButton)
        #expect(!scene.isBlanked)
        scene.input.source.inject(overButton)  // the waking motion was swallowed; this one moves the cursor
        UIApplication.shared.blankScreens()
        click(time: 21)
        #expect(!scene.isBlanked && scene.log.entries.isEmpty)
        click(time: 22)
        #expect(scene.log.entries.filter { $0 == "upInside" }.count == 1)
    }

    @Test func nothingRunsWhileTheDisplayIsOff() {
        let scene = IdleScene(IdleBlanking(timeout: 2))
        defer { UIApplication.shared.idleBlanking = nil }
        let box = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        box.backgroundColor = .green
        scene.window.addSubview(box)
        scene.settle()  // drawn once, so that it animates
        UIView.animate(withDuration: 0.5, delay: 0, options: [.repeat, .autoreverse, .curveLinear]) {
            box.alpha = 0.2
        }
        var ticks = 0
        let link = scene.screen.displayLink { _ in ticks += 1 }
        link?.add(to: .main, forMode: .common)
        defer { link?.invalidate() }
        scene.clock.advance(by: 1)
        #expect(ticks > 50 && scene.output.presentCount > 50)
        scene.clock.advance(by: 1)
        #expect(scene.isBlanked && !scene.output.isPoweredOn)
        // The flip in flight lands; then nothing at all is scheduled.
        scene.clock.advance(by: 1.0 / 60)
        #expect(scene.clock.pendingCount == 0)
        let frames = scene.screen.frameLoop.frameCount
        let presents = scene.output.presentCount
        let ticksWhileOff = ticks
        scene.clock.advance(by: 5)
        #expect(scene.screen.frameLoop.frameCount == frames)
        #expect(scene.output.presentCount == presents)
        #expect(ticks == ticksWhileOff)
        // A change while dark runs at most one frame, presents nothing and leaves nothing scheduled.
        box.backgroundColor = .yellow
        scene.clock.advance(by: 1)
        #expect(scene.screen.frameLoop.frameCount <= frames + 1)
        #expect(scene.output.presentCount == presents && scene.clock.pendingCount == 0)

        scene.input.tap(at: scene.elsewhere, time: 20)
        scene.clock.advance(by: 0.5)
        #expect(ticks > ticksWhileOff + 20)
        #expect(scene.output.presentCount > presents + 20)
    }

    @Test func aDisplayLinkStopsTheMomentTheDisplayGoesOff() {
        let scene = IdleScene(nil)
        defer { UIApplication.shared.idleBlanking = nil }
        var ticks = 0
        let link = scene.screen.displayLink { _ in ticks += 1 }
        link?.add(to: .main, forMode: .common)
        defer { link?.invalidate() }
        // Nothing to draw: the link runs on stand-in vblank wake-ups, one of them armed now.
        scene.clock.advance(by: 0.5)
        #expect(ticks > 25 && !scene.output.isPresentPending && scene.clock.pendingCount == 1)
        let ticksAtBlank = ticks
        UIApplication.shared.blankScreens()
        scene.clock.advance(by: 1)
        #expect(ticks == ticksAtBlank && scene.clock.pendingCount == 0)
        UIApplication.shared.wakeScreens()
        scene.clock.advance(by: 0.5)
        #expect(ticks > ticksAtBlank + 25)
    }

    @Test func withoutATimeoutTheScreensNeverBlank() {
        let scene = IdleScene(nil)
        defer { UIApplication.shared.idleBlanking = nil }
        scene.clock.advance(by: 10_000)
        #expect(!scene.isBlanked && scene.output.isPoweredOn && scene.clock.pendingCount == 0)
        UIApplication.shared.idleBlanking = IdleBlanking(timeout: 1)
        scene.clock.advance(by: 1)
        #expect(scene.isBlanked)
        // Turning blanking off wakes the screens and keeps them awake.
        UIApplication.shared.idleBlanking = nil
        #expect(!scene.isBlanked && scene.output.isPoweredOn)
        scene.clock.advance(by: 10_000)
        #expect(!scene.isBlanked)
    }

    @Test func changingTheTimeoutRestartsTheCountdown() {
        let scene = IdleScene(IdleBlanking(timeout: 100))
        defer { UIApplication.shared.idleBlanking = nil }
        scene.clock.advance(by: 10)
        let shortened = scene.clock.now
        UIApplication.shared.idleBlanking = IdleBlanking(timeout: 20)
        scene.clock.advance(to: shortened + 19.99)
        #expect(!scene.isBlanked)
        scene.clock.advance(to: shortened + 20)
        #expect(scene.isBlanked)

        UIApplication.shared.idleBlanking = IdleBlanking(timeout: 5)  // wakes
        #expect(!scene.isBlanked)
        scene.clock.advance(by: 3)
        let lengthened = scene.clock.now
        UIApplication.shared.idleBlanking = IdleBlanking(timeout: 50)
        scene.clock.advance(to: lengthened + 49.99)
        #expect(!scene.isBlanked)
        scene.clock.advance(to: lengthened + 50)
        #expect(scene.isBlanked)

        // Refused: the configuration stays.
        UIApplication.shared.idleBlanking = IdleBlanking(timeout: -1)
        UIApplication.shared.idleBlanking = IdleBlanking(timeout: .nan)
        #expect(UIApplication.shared.idleBlanking == IdleBlanking(timeout: 50))
    }

    @Test func aBlackFrameCoversEverythingAndTheDisplayStaysOn() throws {
        let scene = IdleScene(IdleBlanking(timeout: 5, mode: .blackFrame))
        defer { UIApplication.shared.idleBlanking = nil }
        scene.screen.wantsSoftwareDimming = true
        scene.screen.brightness = 0.5
        let alert = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        alert.windowLevel = .alert
        alert.backgroundColor = .white
        alert.isHidden = false
        defer { alert.isHidden = true }
        scene.clock.advance(by: 5)
        scene.settle()
        #expect(scene.isBlanked && scene.output.isPoweredOn)
        for point in [scene.buttonCentre, scene.elsewhere, CGPoint(x: 50, y: 50), CGPoint(x: 399, y: 299)] {
            #expect(try scene.shown(at: point) == .black)
        }
        scene.screen.brightness = 1
        scene.input.tap(at: scene.buttonCentre, time: 10)
        scene.settle()
        #expect(!scene.isBlanked && scene.log.entries.isEmpty)
        #expect(try scene.shown(at: scene.buttonCentre) == .blue)
        #expect(try scene.shown(at: CGPoint(x: 50, y: 50)) == .white)
    }

    @Test func blankingAndWakingByHandSwallowsNothingOnWake() throws {
        let scene = IdleScene(nil)
        defer { UIApplication.shared.idleBlanking = nil }
        UIApplication.shared.blankScreens(mode: .blackFrame)
        scene.settle()
        #expect(scene.isBlanked && scene.output.isPoweredOn)
        #expect(try scene.shown(at: scene.buttonCentre) == .black)
        UIApplication.shared.wakeScreens()
        scene.settle()
        #expect(!scene.isBlanked)
        #expect(try scene.shown(at: scene.buttonCentre) == .blue)
        scene.input.tap(at: scene.buttonCentre, time: 5)
        #expect(scene.log.entries.filter { $0 == "upInside" }.count == 1)
        // Without a configuration nothing blanks them again.
        scene.clock.advance(by: 1000)
        #expect(!scene.isBlanked && scene.clock.pendingCount == 0)
    }

    @Test func aScreenConnectedWhileBlankedIsBlankedAndWakesWithTheOthers() {
        let scene = IdleScene(IdleBlanking(timeout: 5))
        defer { UIApplication.shared.idleBlanking = nil }
        scene.clock.advance(by: 5)
        let second = scene.backend.addOutput(name: "PANEL-2", width: 200, height: 100)
        #expect(!second.isPoweredOn && !scene.output.isPoweredOn)
        scene.input.tap(at: scene.elsewhere, time: 10)
        #expect(second.isPoweredOn && scene.output.isPoweredOn)
    }

    @Test func anotherBackendWakesTheOldScreensAndCountsOnItsOwnClock() {
        let scene = IdleScene(IdleBlanking(timeout: 5))
        defer { UIApplication.shared.idleBlanking = nil }
        scene.clock.advance(by: 5)
        #expect(scene.isBlanked)
        let clock = ManualClock(now: 1000)
        let backend = HeadlessBackend(clock: clock)
        let output = backend.addOutput(name: "OTHER-1", width: 200, height: 100)
        UIApplication.shared.setDisplayBackend(backend)
        #expect(!scene.isBlanked && scene.output.isPoweredOn)
        scene.clock.advance(by: 100)
        #expect(!scene.isBlanked)
        clock.advance(by: 5)
        #expect(scene.isBlanked && !output.isPoweredOn)
    }
}
