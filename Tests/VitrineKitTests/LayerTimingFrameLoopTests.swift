import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform

@testable import VitrineKit

/// Layer time on a screen: a layer paused the QA1673 way freezes its UIView animations and
/// lets the frame loop go idle, as in Core Animation; resuming continues them.
@Suite("Layer timing on a screen") @MainActor struct LayerTimingFrameLoopTests {
    /// Apple's QA1673 pause.
    private func pause(_ layer: CALayer) {
        let paused = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.speed = 0
        layer.timeOffset = paused
    }

    /// Apple's QA1673 resume.
    private func resume(_ layer: CALayer) {
        let paused = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        let since = layer.convertTime(CACurrentMediaTime(), from: nil) - paused
        layer.beginTime = since
    }

    @Test func aPausedLayersViewAnimationFreezesIdlesTheScreenAndResumes() {
        let scene = ViewAnimationScene()
        let rig = scene.rig
        var finished: [Bool] = []
        UIView.animate(
            withDuration: 1, delay: 0, options: .curveLinear, animations: { scene.view.alpha = 0 },
            completion: { finished.append($0) })
        rig.clock.advance(by: 0.25)
        let shownAtPause = scene.shown.opacity
        #expect(shownAtPause > 0.6 && shownAtPause < 0.85)
        pause(scene.view.layer)
        rig.settle()
        // Frozen at the layer's time when paused (the frame before showed a frame ahead).
        let frozen = scene.shown.opacity
        #expect(abs(frozen - shownAtPause) < 0.05)
        let presents = rig.output.presentCount
        for _ in 0..<120 { rig.clock.advance(by: HeadlessRig.frame) }
        #expect(rig.output.presentCount == presents)  // nothing runs: no frame
        #expect(rig.clock.pendingCount == 0)  // and no wake-up
        #expect(scene.shown.opacity == frozen)
        #expect(finished.isEmpty)

        resume(scene.view.layer)
        rig.clock.advance(by: 0)
        #expect(rig.output.presentCount > presents)  // the resume asks for a frame
        #expect(abs(scene.shown.opacity - frozen) < 0.05)  // and continues from the frozen value
        rig.clock.advance(by: 0.4)
        #expect(scene.shown.opacity < frozen - 0.3)
        #expect(finished.isEmpty)
        rig.clock.advance(by: 0.5)
        #expect(finished == [true])
        #expect(scene.shown.opacity == 0)
        for _ in 0..<10 { rig.clock.advance(by: HeadlessRig.frame) }
        #expect(rig.clock.pendingCount == 0)
    }

    @Test func aDelayRunsInTheLayersTime() {
        let scene = ViewAnimationScene()
        let rig = scene.rig
        pause(scene.view.layer)
        rig.clock.advance(by: 2)
        var finished: [Bool] = []
        UIView.animate(
            withDuration: 0.5, delay: 0.5, options: .curveLinear, animations: { scene.view.alpha = 0 },
            completion: { finished.append($0) })
        rig.clock.advance(by: 2)
        #expect(scene.shown.opacity == 1)  // paused before its delay began
        #expect(rig.clock.pendingCount == 0)
        resume(scene.view.layer)
        // The delay is half a second of the layer's time from when it was asked for: the
        // layer's time stood still in between.
        rig.clock.advance(by: 0.4)
        #expect(scene.shown.opacity == 1)
        rig.clock.advance(by: 0.35)
        #expect(abs(scene.shown.opacity - 0.5) < 0.05)
        #expect(finished.isEmpty)
        rig.clock.advance(by: 0.3)
        #expect(finished == [true])
    }
}
