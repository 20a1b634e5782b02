import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// The presentation animations sampled at 25/50/75% against independently computed curves.
@Suite("Modal presentation transitions") @MainActor struct PresentationTransitionTests {
    /// Core Animation's ease-out, the cubic Bézier (0,0) (0,0) (0.58,1) (1,1): the progress at
    /// time fraction `x`, the curve's parameter found by bisection.
    static func easeOut(_ x: Double) -> Double {
        func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var low = 0.0
        var high = 1.0
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if bezier(mid, 0, 0.58) < x { low = mid } else { high = mid }
        }
        return bezier((low + high) / 2, 0, 1)
    }

    /// Runs frames until the animation has begun (the frame after the one that first draws the
    /// new views) and returns when it began.
    private func animationBegin(_ s: PresentationScene, _ controller: UIViewController) throws -> Double {
        let presentation = try #require(controller.presentation)
        for _ in 0..<4 where presentation.animationBeginTime == nil { s.scene.clock.advance(by: 1.0 / 60) }
        return try #require(presentation.animationBeginTime)
    }

    private func sample(_ s: PresentationScene, begin: Double, frame k: Int) {
        // The frame showing at begin + k periods is rendered at the vblank a period earlier.
        let target = begin + Double(k - 1) / 60 + 1e-7
        if target > s.scene.clock.now { s.scene.clock.advance(to: target) }
    }

    private func shown(_ view: UIView) -> CALayer { view.layer.presentation() ?? view.layer }

    @Test func coverVerticalSlidesUpWithEaseOut() throws {
        let s = PresentationScene()
        let b = s.controller("B", style: .fullScreen)
        s.root.present(b, animated: true)
        let card = try #require(b.view.superview)
        // Before the slide begins, the card waits below the bottom edge.
        #expect(card.frame.origin.y == 300)
        let begin = try animationBegin(s, b)
        for fraction in [0.25, 0.5, 0.75] {
            let k = Int((fraction * 0.35 * 60).rounded())
            sample(s, begin: begin, frame: k)
            let p = Self.easeOut(Double(k) / 60 / 0.35)
            let y = Double(shown(card).position.y)
            #expect(abs(y - (150 + 300 * (1 - p))) < 0.01, "frame \(k): \(y)")
        }
        s.finishTransition()
        #expect(card.frame == s.scene.window.bounds && !b.isBeingPresented)
        // The dismissal slides it back down and takes it away.
        b.dismiss(animated: true)
        s.scene.clock.advance(by: 0.2)
        #expect(Double(shown(card).position.y) > 150)
        s.finishTransition()
        #expect(card.superview == nil && s.containers.isEmpty)
    }

    @Test func aFormSheetRisesWithItsDimmingFadingIn() throws {
        let s = PresentationScene(width: 1024, height: 768)
        let b = s.controller("B", style: .formSheet)
        s.root.present(b, animated: true)
        let card = try #require(b.view.superview)
        let dimming = try #require(s.containers.first?.subviews.first)
        let begin = try animationBegin(s, b)
        let k = 10
        sample(s, begin: begin, frame: k)
        let p = Self.easeOut(Double(k) / 60 / 0.35)
        #expect(abs(Double(shown(card).position.y) - (384 + 694 * (1 - p))) < 0.01)
        #expect(abs(Double(shown(dimming).opacity) - p) < 1e-3)
        s.finishTransition()
        #expect(card.frame == CGRect(x: 242, y: 74, width: 540, height: 620) && dimming.alpha == 1)
    }

    @Test func crossDissolveFadesTheCardIn() throws {
        let s = PresentationScene()
        let b = s.controller("B", style: .overFullScreen)
        b.modalTransitionStyle = .crossDissolve
        s.root.present(b, animated: true)
        let card = try #require(b.view.superview)
        #expect(card.alpha == 0 && card.frame.origin.y == 0)
        let begin = try animationBegin(s, b)
        sample(s, begin: begin, frame: 10)
        let opacity = Double(shown(card).opacity)
        #expect(opacity > 0.2 && opacity < 0.8)
        s.finishTransition()
        #expect(card.alpha == 1 && !b.isBeingPresented)
        b.dismiss(animated: true)
        s.finishTransition()
        #expect(s.containers.isEmpty && s.root.presentedViewController == nil)
    }

    @Test func flipHorizontalTurnsTheWindowAndEnds() throws {
        let s = PresentationScene()
        let b = s.controller("B", style: .fullScreen)
        b.modalTransitionStyle = .flipHorizontal
        s.root.present(b, animated: true) { s.log.add("completion") }
        s.scene.clock.advance(by: 0.1)
        #expect(s.scene.window.layer.animationKeys()?.isEmpty == false)
        s.scene.clock.advance(by: 0.6)
        #expect(s.log.take().last == "completion" && b.view.window === s.scene.window && s.root.view.window == nil)
        b.dismiss(animated: true) { s.log.add("completion") }
        s.scene.clock.advance(by: 0.7)
        #expect(s.log.take().last == "completion" && s.containers.isEmpty && s.root.view.window === s.scene.window)
    }
}
