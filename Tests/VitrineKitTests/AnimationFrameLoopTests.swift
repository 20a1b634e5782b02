import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform

@testable import VitrineKit

/// Animations on a headless screen: sampled at the time each frame shows, drawn, and idle after.
@Suite("Animation frame loop") @MainActor struct AnimationFrameLoopTests {
    /// A black full-screen window with a red 20x20 standalone layer at (40, 100).
    private func scene(_ rig: HeadlessRig) -> (UIWindow, CALayer) {
        let window = makeVisibleWindow(
            on: rig.screen, frame: CGRect(x: 0, y: 0, width: 320, height: 240), color: .black)
        let square = CALayer()
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        square.frame = CGRect(x: 40, y: 100, width: 20, height: 20)
        window.layer.addSublayer(square)
        rig.settle()
        return (window, square)
    }

    /// The x of the first red pixel on row 110.
    private func redLeftEdge(_ rig: HeadlessRig) throws -> Int? {
        let shot = try #require(rig.output.screenshot())
        return (0..<320).first { shot.rgb($0, 110) == .red }
    }

    @Test func aMovingLayerShowsAtTheInterpolatedPlaceOfEachFrame() throws {
        let rig = HeadlessRig()
        let (window, square) = scene(rig)
        let period = RigTiming.frame
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.fromValue = 50.0
        animation.toValue = 250.0
        animation.duration = 1
        let start = rig.clock.now
        square.add(animation, forKey: "move")
        // The first frame runs at the next clock turn and is sampled when it shows: the next vblank.
        let begin = rig.output.nextVblank(after: start)
        rig.clock.advance(by: 0)
        #expect(try redLeftEdge(rig) == 40)  // centre 50
        // The frame rendered at the vblank before `begin + 0.5` shows at `begin + 0.5`.
        rig.clock.advance(to: begin + 0.5 - period)
        #expect(try redLeftEdge(rig) == 140)  // centre 150
        rig.clock.advance(to: begin + 0.75 - period)
        #expect(try redLeftEdge(rig) == 190)
        #expect(square.position.x == 50)  // the model never moved
        // Hit-testing uses the model place.
        let hit = window.layer.hitTest(CGPoint(x: 50, y: 110))
        #expect(hit === square)
        rig.clock.advance(to: begin + 1.5)
        #expect(try redLeftEdge(rig) == 40)  // removed: back at the model
    }

    @Test func anAnimationAddedDuringLayoutRunsWithoutAnotherChange() throws {
        let rig = HeadlessRig()
        let window = makeVisibleWindow(
            on: rig.screen, frame: CGRect(x: 0, y: 0, width: 320, height: 240), color: .black)
        let view = AnimatingInLayoutView(frame: CGRect(x: 40, y: 100, width: 20, height: 20))
        view.backgroundColor = .red
        window.addSubview(view)
        let start = rig.clock.now
        rig.clock.advance(by: 0)
        #expect(view.layer.animation(forKey: "slide") != nil)
        // Nothing else changes: the animation alone keeps frames coming and moves the square.
        rig.clock.advance(to: start + 0.5)
        let halfway = try #require(try redLeftEdge(rig))
        #expect(halfway > 60 && halfway < 240)
        rig.clock.advance(to: start + 0.9)
        let later = try #require(try redLeftEdge(rig))
        #expect(later > halfway)
    }

    @Test func theScreenGoesIdleAfterTheLastAnimation() {
        let rig = HeadlessRig()
        let (window, square) = scene(rig)
        defer { withExtendedLifetime(window) {} }
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0.0
        animation.toValue = 1.0
        animation.duration = 0.5
        square.add(animation, forKey: "fade")
        let before = rig.output.presentCount
        for _ in 0..<15 { rig.clock.advance(by: RigTiming.frame) }
        #expect(rig.output.presentCount >= before + 14)  // a frame at every vblank while it runs
        #expect(rig.clock.pendingCount > 0)
        for _ in 0..<30 { rig.clock.advance(by: RigTiming.frame) }
        #expect(square.animationKeys() == nil)
        #expect(rig.clock.pendingCount == 0)
        let settled = rig.output.presentCount
        for _ in 0..<120 { rig.clock.advance(by: RigTiming.frame) }
        #expect(rig.output.presentCount == settled)
        #expect(rig.clock.pendingCount == 0)
    }

    @Test func aViewsOwnLayerDoesNotAnimateImplicitly() throws {
        let rig = HeadlessRig()
        let (window, square) = scene(rig)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(view)
        rig.settle()
        view.frame.origin.x = 100
        view.alpha = 0.5
        #expect(view.layer.animationKeys() == nil)
        square.position.x = 200  // a standalone layer does
        #expect(square.animationKeys() == ["position"])
        #expect(square.action(forKey: "position") is CABasicAnimation)
        #expect(view.layer.action(forKey: "position") == nil)
    }

    @Test func aTransactionCompletionRunsWhenItsImplicitAnimationEnds() {
        let rig = HeadlessRig()
        let (window, square) = scene(rig)
        defer { withExtendedLifetime(window) {} }
        var done = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { done = true }
        square.opacity = 0.2
        CATransaction.commit()
        rig.clock.advance(by: 0.2)
        #expect(!done)
        rig.clock.advance(by: 0.2)
        #expect(done)
        #expect(square.presentation()?.opacity == 0.2)
    }
}

/// Starts a one-second slide of its layer the first time it is laid out.
private final class AnimatingInLayoutView: UIView {
    override func layoutSubviews() {
        super.layoutSubviews()
        guard layer.animation(forKey: "slide") == nil else { return }
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.fromValue = 50.0
        animation.toValue = 250.0
        animation.duration = 1
        layer.add(animation, forKey: "slide")
    }
}
