import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform

@testable import VitrineKit

/// Display links on a headless screen's vblanks.
@Suite("CADisplayLink") @MainActor struct DisplayLinkTests {
    private struct Tick: Equatable {
        var timestamp: Double
        var target: Double
        var duration: Double
    }

    @Test func aLinkFiresOncePerVblankWithItsTimes() throws {
        let rig = HeadlessRig()
        let window = makeVisibleWindow(on: rig.screen, frame: CGRect(x: 0, y: 0, width: 50, height: 50), color: .red)
        defer { withExtendedLifetime(window) {} }
        rig.settle()
        let presents = rig.output.presentCount
        var ticks: [Tick] = []
        let link = try #require(
            rig.screen.displayLink { link in
                ticks.append(Tick(timestamp: link.timestamp, target: link.targetTimestamp, duration: link.duration))
            })
        link.add(to: .main, forMode: .common)
        let period = RigTiming.frame
        let first = rig.output.nextVblank(after: rig.clock.now)
        rig.clock.advance(to: first + 4 * period + period / 2)
        #expect(ticks.count == 5)
        for (index, tick) in ticks.prefix(5).enumerated() {
            let vblank = first + Double(index) * period
            #expect(abs(tick.timestamp - vblank) < 1e-9)
            #expect(abs(tick.target - (vblank + period)) < 1e-9)
            #expect(abs(tick.duration - period) < 1e-12)
        }
        // Nothing to draw: nothing presented, but for the back buffer catching up once.
        #expect(rig.output.presentCount <= presents + 1)
        let caughtUp = rig.output.presentCount
        rig.clock.advance(by: 3 * period)
        #expect(ticks.count == 8)
        #expect(rig.output.presentCount == caughtUp)
        link.isPaused = true
        rig.clock.advance(by: 10 * period)
        #expect(ticks.count == 8)
        #expect(rig.clock.pendingCount == 0)
        link.isPaused = false
        rig.clock.advance(by: 2 * period)
        #expect(ticks.count == 10)
        link.invalidate()
        rig.clock.advance(by: 10 * period)
        #expect(ticks.count == 10)
        #expect(rig.clock.pendingCount == 0)
        link.add(to: .main, forMode: .default)  // an invalidated link stays off
        rig.clock.advance(by: 5 * period)
        #expect(ticks.count == 10)
    }

    @Test func aPreferredRateThinsOutTheCallbacks() {
        let rig = HeadlessRig()
        rig.settle()
        var ticks: [Tick] = []
        let link = CADisplayLink { link in
            ticks.append(Tick(timestamp: link.timestamp, target: link.targetTimestamp, duration: link.duration))
        }
        link.preferredFramesPerSecond = 30
        link.add(to: .main, forMode: .common)
        let period = RigTiming.frame
        rig.clock.advance(by: 12 * period + period / 2)
        #expect(ticks.count == 6)
        for tick in ticks {
            #expect(abs(tick.target - tick.timestamp - 2 * period) < 1e-9)
            #expect(abs(tick.duration - period) < 1e-12)
        }
        for pair in zip(ticks, ticks.dropFirst()) {
            #expect(abs(pair.1.timestamp - pair.0.timestamp - 2 * period) < 1e-9)
        }
        link.invalidate()
        var ranged = 0
        let second = CADisplayLink { _ in ranged += 1 }
        second.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 20, preferred: 20)
        second.add(to: .main, forMode: .common)
        rig.clock.advance(by: 30 * period + period / 2)
        #expect(ranged == 10)
        second.invalidate()
    }

    @Test func linksFireBeforeAnimationsAreSampledAndDrivePresents() throws {
        let rig = HeadlessRig()
        let window = makeVisibleWindow(
            on: rig.screen, frame: CGRect(x: 0, y: 0, width: 100, height: 100), color: .black)
        let square = CALayer()
        square.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        square.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        window.layer.addSublayer(square)
        rig.settle()
        final class Starts: CAAnimationDelegate {
            var started = 0
            func animationDidStart(_ anim: CAAnimation) { started += 1 }
        }
        let starts = Starts()
        var startedDuringCallback: [Int] = []
        var targets: [Double] = []
        let link = CADisplayLink { link in
            startedDuringCallback.append(starts.started)
            targets.append(link.targetTimestamp)
            if targets.count == 1 {
                // Added in the callback: sampled in this same frame, beginning at its target time.
                let animation = CABasicAnimation(keyPath: "position.x")
                animation.fromValue = 5.0
                animation.toValue = 85.0
                animation.duration = 0.5
                animation.delegate = starts
                square.add(animation, forKey: "move")
            }
        }
        link.add(to: .main, forMode: .common)
        let presents = rig.output.presentCount
        rig.clock.advance(to: rig.output.nextVblank(after: rig.clock.now))
        #expect(starts.started == 1)  // started within the first link's frame
        #expect(startedDuringCallback == [0])
        #expect(rig.output.presentCount == presents + 1)
        let begin = try #require(targets.first)
        rig.clock.advance(to: begin + 0.25 - RigTiming.frame)
        let shot = try #require(rig.output.screenshot())
        #expect(shot.rgb(45, 5) == .blue)  // centre 45 at the half-way frame
        #expect(shot.rgb(30, 5) == .black)
        link.invalidate()
        rig.clock.advance(by: 1)
        #expect(rig.clock.pendingCount == 0)
    }

    @Test func aDisconnectedScreenMakesNoLinks() {
        let rig = HeadlessRig()
        let screen = rig.screen
        rig.backend.disconnect(rig.output)
        #expect(!screen.isConnected)
        #expect(screen.displayLink { _ in } == nil)
    }

    @Test func mediaTimeIsTheBackendsClock() {
        let rig = HeadlessRig()
        rig.clock.advance(by: 12.5)
        #expect(CACurrentMediaTime() == 12.5)
    }
}
