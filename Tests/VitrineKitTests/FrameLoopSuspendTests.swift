import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform

@testable import VitrineKit

/// The frame loop while its output is suspended (the session is away, as a DRM output after
/// `disableSession()` or a lost DRM master) and when it resumes: frames are held, not retried;
/// nothing wakes; the first frame back repaints every pixel.
@Suite("Frame loop suspension") @MainActor struct FrameLoopSuspendTests {
    @Test func changesWhileSuspendedPresentNothingAndWakeNothing() throws {
        let rig = HeadlessRig()
        let window = makeVisibleWindow(on: rig.screen, frame: CGRect(x: 0, y: 0, width: 50, height: 50), color: .red)
        defer { withExtendedLifetime(window) {} }
        rig.settle()
        let presents = rig.output.presentCount

        rig.output.suspend()
        window.backgroundColor = .green
        window.frame.origin.x = 100
        for _ in 0..<60 { rig.clock.advance(by: RigTiming.frame) }
        #expect(rig.output.presentCount == presents)
        #expect(try #require(rig.output.screenshot()).rgb(5, 5) == .red)
        #expect(rig.clock.pendingCount == 0, "a suspended screen arms no wake-ups")
    }

    @Test func theFirstFrameAfterTheResumeRepaintsEverything() throws {
        let rig = HeadlessRig()
        let window = makeVisibleWindow(on: rig.screen, frame: CGRect(x: 0, y: 0, width: 50, height: 50), color: .red)
        defer { withExtendedLifetime(window) {} }
        rig.settle()
        // An ordinary change damages only what changed.
        window.backgroundColor = .blue
        rig.settle()
        #expect(rig.output.lastDamage.contains(x: 5, y: 5))
        #expect(!rig.output.lastDamage.contains(x: 300, y: 200))
        let presents = rig.output.presentCount

        rig.output.suspend()
        window.backgroundColor = .green
        for _ in 0..<10 { rig.clock.advance(by: RigTiming.frame) }
        #expect(rig.output.presentCount == presents)

        rig.output.resume()
        #expect(rig.output.resumeCount == 1)
        rig.clock.advance(by: 0)
        #expect(rig.output.presentCount == presents + 1, "the held frame comes at the next clock turn")
        // Every pixel is repainted: what was on screen is gone after a session switch.
        #expect(rig.output.lastDamage == Region(PixelRect(x: 0, y: 0, width: 320, height: 240)))
        let shot = try #require(rig.output.screenshot())
        #expect(shot.rgb(5, 5) == .green)
        #expect(shot.rgb(300, 200) == .black)
    }

    @Test func aDisplayLinkDoesNotTickWhileSuspendedAndTicksAgainAfter() throws {
        let rig = HeadlessRig()
        let window = makeVisibleWindow(on: rig.screen, frame: CGRect(x: 0, y: 0, width: 50, height: 50), color: .red)
        defer { withExtendedLifetime(window) {} }
        rig.settle()
        var ticks = 0
        let link = try #require(rig.screen.displayLink { _ in ticks += 1 })
        link.add(to: .main, forMode: .common)
        defer { link.invalidate() }
        rig.clock.advance(by: 5 * RigTiming.frame)
        #expect(ticks >= 4)

        rig.output.suspend()
        // A present already in flight still completes (its vblank may tick once).
        rig.clock.advance(by: 2 * RigTiming.frame)
        let held = ticks
        for _ in 0..<30 { rig.clock.advance(by: RigTiming.frame) }
        #expect(ticks == held, "no vblanks while suspended")
        #expect(rig.clock.pendingCount == 0)

        rig.output.resume()
        rig.clock.advance(by: 0)
        rig.clock.advance(by: 4 * RigTiming.frame)
        #expect(ticks >= held + 3)
    }

    @Test func aResumeWhilePoweredOffWaitsForPowerOn() throws {
        let rig = HeadlessRig()
        let window = makeVisibleWindow(on: rig.screen, frame: CGRect(x: 0, y: 0, width: 50, height: 50), color: .red)
        defer { withExtendedLifetime(window) {} }
        rig.settle()
        let presents = rig.output.presentCount
        rig.output.suspend()
        try rig.output.setPowered(false)
        window.backgroundColor = .green
        rig.output.resume()
        #expect(rig.output.resumeCount == 0)
        for _ in 0..<10 { rig.clock.advance(by: RigTiming.frame) }
        #expect(rig.output.presentCount == presents, "dark: still held")
        try rig.output.setPowered(true)
        rig.clock.advance(by: 0)
        #expect(rig.output.presentCount == presents + 1)
        #expect(try #require(rig.output.screenshot()).rgb(5, 5) == .green)
    }
}
