import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform

@testable import VitrineKit

/// A view that records its layout passes and changes a subview's colour while laying out.
@MainActor
private final class RecoloringView: UIView {
    var log: [String] = []
    let child = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    var nextColor: UIColor = .green

    override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(child)
    }

    required init?(coder: NSCoder) { nil }

    override func layoutSubviews() {
        log.append("layoutSubviews")
        child.backgroundColor = nextColor
    }
}

@Suite("ScreenFrameLoop") @MainActor struct ScreenFrameLoopTests {
    @Test func anIdleScreenPresentsNothingAndWakesNothing() {
        let rig = HeadlessRig()
        let window = makeVisibleWindow(on: rig.screen, frame: CGRect(x: 0, y: 0, width: 50, height: 50), color: .red)
        rig.settle()
        let presents = rig.output.presentCount
        #expect(presents >= 1)
        #expect(rig.clock.pendingCount == 0)
        for _ in 0..<600 { rig.clock.advance(by: RigTiming.frame / 3) }
        #expect(rig.output.presentCount == presents)
        #expect(rig.clock.pendingCount == 0)
        _ = window
    }

    @Test func aChangePresentsExactlyOneFrameAtTheNextClockTurn() throws {
        let rig = HeadlessRig()
        let window = makeVisibleWindow(on: rig.screen, frame: CGRect(x: 0, y: 0, width: 50, height: 50), color: .red)
        let view = UIView(frame: CGRect(x: 100, y: 100, width: 20, height: 20))
        view.backgroundColor = .blue
        window.addSubview(view)
        rig.settle()
        let presents = rig.output.presentCount

        // Several changes before the clock turns: one frame.
        view.backgroundColor = .yellow
        view.frame.origin.x = 120
        window.backgroundColor = .green
        #expect(rig.output.presentCount == presents)  // nothing happens synchronously
        rig.clock.advance(by: 0)
        #expect(rig.output.presentCount == presents + 1)
        let shot = try #require(rig.output.screenshot())
        #expect(shot.rgb(125, 105) == .yellow)
        #expect(shot.rgb(105, 105) == .black)  // outside the green window
        #expect(shot.rgb(10, 10) == .green)
        // Only the changed pixels were reported as damage.
        #expect(rig.output.lastDamage.contains(x: 125, y: 105))
        #expect(!rig.output.lastDamage.contains(x: 300, y: 200))

        for _ in 0..<120 { rig.clock.advance(by: RigTiming.frame) }
        #expect(rig.output.presentCount <= presents + 2)  // at most the back buffer catching up
        let settled = rig.output.presentCount
        for _ in 0..<120 { rig.clock.advance(by: RigTiming.frame) }
        #expect(rig.output.presentCount == settled)
    }

    @Test func theNextFrameAfterAPresentWaitsForItsVblank() throws {
        let rig = HeadlessRig()
        let window = makeVisibleWindow(on: rig.screen, frame: CGRect(x: 0, y: 0, width: 50, height: 50), color: .red)
        rig.settle()
        let start = rig.clock.now
        let presents = rig.output.presentCount

        window.backgroundColor = .green
        rig.clock.advance(by: 0)
        #expect(rig.output.presentCount == presents + 1)
        #expect(rig.output.isPresentPending)
        let vblank = rig.output.nextVblank(after: start)
        #expect(vblank > start)

        // A change while the present waits for its vblank: nothing until that vblank.
        window.backgroundColor = .blue
        rig.clock.advance(to: vblank - 0.001)
        #expect(rig.output.presentCount == presents + 1)
        #expect(try #require(rig.output.screenshot()).rgb(5, 5) == .green)
        rig.clock.advance(to: vblank)
        #expect(rig.output.presentCount == presents + 2)
        #expect(try #require(rig.output.screenshot()).rgb(5, 5) == .blue)
    }

    @Test func changesInsideAnOpenTransactionWaitForCommit() throws {
        let rig = HeadlessRig()
        let window = makeVisibleWindow(on: rig.screen, frame: CGRect(x: 0, y: 0, width: 50, height: 50), color: .red)
        rig.settle()
        let presents = rig.output.presentCount

        CATransaction.begin()
        window.backgroundColor = .green
        CATransaction.begin()
        window.frame.origin.x = 100
        CATransaction.commit()  // inner commit: still batching
        for _ in 0..<10 { rig.clock.advance(by: RigTiming.frame) }
        #expect(rig.output.presentCount == presents)
        #expect(try #require(rig.output.screenshot()).rgb(5, 5) == .red)
        CATransaction.commit()
        #expect(rig.output.presentCount == presents)  // the frame comes at the next clock turn
        rig.clock.advance(by: 0)
        #expect(rig.output.presentCount == presents + 1)
        let shot = try #require(rig.output.screenshot())
        #expect(shot.rgb(5, 5) == .black)
        #expect(shot.rgb(105, 5) == .green)
    }

    @Test func layoutRunsBeforeCompositingInTheSameFrame() throws {
        let rig = HeadlessRig()
        let window = makeVisibleWindow(on: rig.screen, frame: CGRect(x: 0, y: 0, width: 50, height: 50), color: .red)
        let view = RecoloringView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        window.addSubview(view)
        rig.settle()
        #expect(view.log == ["layoutSubviews"])
        #expect(try #require(rig.output.screenshot()).rgb(5, 5) == .green)
        let presents = rig.output.presentCount

        view.nextColor = .blue
        view.setNeedsLayout()
        rig.clock.advance(by: 0)
        #expect(view.log == ["layoutSubviews", "layoutSubviews"])
        #expect(rig.output.presentCount == presents + 1)
        #expect(try #require(rig.output.screenshot()).rgb(5, 5) == .blue)
    }

    @Test func aHiddenWindowsChangesPresentNothingNew() throws {
        let rig = HeadlessRig()
        let shown = makeVisibleWindow(on: rig.screen, frame: CGRect(x: 0, y: 0, width: 50, height: 50), color: .red)
        let hidden = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        hidden.backgroundColor = .blue
        for _ in 0..<4 {
            shown.backgroundColor = shown.backgroundColor == .red ? .green : .red
            rig.settle()
        }
        let before = try #require(rig.output.screenshot())
        let presentsBefore = rig.output.presentCount
        hidden.backgroundColor = .yellow
        hidden.frame.origin.x = 5
        rig.settle()
        // The back buffer may catch up with the last visible change (its age says it missed
        // it), but nothing on screen changes: no damage.
        #expect(rig.output.presentCount == presentsBefore || rig.output.lastDamage.isEmpty)
        #expect(try #require(rig.output.screenshot()).hasSamePixels(as: before))
        let presents = rig.output.presentCount
        hidden.backgroundColor = .green
        rig.settle()
        #expect(rig.output.presentCount == presents)
    }

    @Test func aFrameThatLandsPastTheNextVblankCountsTheVblanksItMissed() {
        let rig = HeadlessRig()
        let window = makeVisibleWindow(on: rig.screen, frame: CGRect(x: 0, y: 0, width: 50, height: 50), color: .red)
        rig.settle()
        var slowFrames = 0
        // A link that changes the window every vblank, so every frame presents; once told, a
        // frame takes two and a half periods (the clock moves on while it runs).
        let link = CADisplayLink { _ in
            if slowFrames > 0 {
                slowFrames -= 1
                rig.clock.advance(by: 2.5 * RigTiming.frame)
            }
            window.backgroundColor = window.backgroundColor == .red ? .green : .red
        }
        link.add(to: .main, forMode: .common)
        rig.clock.advance(by: 30 * RigTiming.frame)
        let presents = rig.output.presentCount
        #expect(presents > 25)
        #expect(rig.screen.frameLoop.missedVblankCount == 0)
        slowFrames = 1
        rig.clock.advance(by: 10 * RigTiming.frame)
        // Begun at vblank N, presented at N + 2.5, it lands at N + 3 instead of N + 1.
        #expect(rig.screen.frameLoop.missedVblankCount == 2)
        rig.clock.advance(by: 30 * RigTiming.frame)
        #expect(rig.screen.frameLoop.missedVblankCount == 2)
        link.invalidate()
    }
}
