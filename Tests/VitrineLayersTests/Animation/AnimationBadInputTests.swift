import Foundation
import Testing
import VitrineGraphics

@testable import VitrineLayers

/// Bad input is ignored, as Core Animation ignores it, and never traps.
@Suite("Animation bad input") @MainActor struct AnimationBadInputTests {
    @Test func zeroNegativeAndNonFiniteDurationsUseTheTransactionsDuration() {
        let rig = AnimationRig()
        for (index, duration) in [0.0, -3, .nan, .infinity].enumerated() {
            rig.layer.add(basic("position.x", from: 0.0, to: 100.0, duration: duration), forKey: "x")
            #expect(rig.layer.animation(forKey: "x")?.duration == 0.25)
            let start = Double(index) * 10
            rig.frame(at: start)
            rig.frame(at: start + 0.125)
            #expect(isClose(rig.scalar("position.x"), 50))
        }
    }

    @Test func notAnimatableKeyPathsAreIgnored() {
        let rig = AnimationRig()
        for path in ["contents", "hidden", "position.z", "transform.rotation.x", "bounds.size.depth", "", "frame"] {
            rig.layer.add(basic(path, from: 0.0, to: 1.0), forKey: path)
        }
        rig.layer.add(CABasicAnimation(), forKey: "no key path")
        rig.layer.add(CAAnimationGroup(), forKey: "empty group")
        rig.layer.add(CAAnimation(), forKey: "base")
        #expect(rig.layer.animationKeys() == nil)
        #expect(!rig.frame(at: 1))
    }

    @Test func nanAndWrongValuesApplyNothing() {
        let rig = AnimationRig()
        rig.layer.add(basic("position.x", from: Double.nan, to: 100.0), forKey: "a")
        rig.layer.add(basic("opacity", from: "zero", to: 1.0), forKey: "b")
        rig.layer.add(basic("position", from: 3.0, to: CGPoint(x: 1, y: 1)), forKey: "c")
        rig.layer.add(
            basic("bounds", from: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1), to: CGRect.zero), forKey: "d")
        let keyframes = CAKeyframeAnimation(keyPath: "position.y")
        keyframes.values = [0.0, Double.nan]
        rig.layer.add(keyframes, forKey: "e")
        rig.frame(at: 0)
        rig.frame(at: 0.5)
        #expect(rig.scalar("position.x") == 5)
        #expect(rig.scalar("position.y") == 5)
        #expect(rig.scalar("opacity") == 1)
        #expect(rig.value("bounds") as? CGRect == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(rig.layer.presentation()?.hasFiniteGeometry == true)
    }

    @Test func oddTimingNeverTraps() {
        let rig = AnimationRig()
        let animation = basic("position.x", from: 0.0, to: 100.0)
        animation.speed = .nan
        animation.timeOffset = .infinity
        animation.repeatCount = .nan
        animation.repeatDuration = -1
        animation.beginTime = .nan
        rig.layer.add(animation, forKey: "a")
        rig.frame(at: 0)
        rig.frame(at: 0.5)
        #expect(isClose(rig.scalar("position.x"), 50))  // counted as speed 1, offset 0, once
        let forever = basic("opacity", from: 0.0, to: 1.0)
        forever.repeatCount = .infinity
        rig.layer.add(forever, forKey: "b")
        #expect(rig.frame(at: 1000))
        #expect(!rig.engine.advance(rig.root, to: .nan))
        let keyframes = CAKeyframeAnimation(keyPath: "position.x")
        keyframes.values = [0.0, 10.0, 20.0]
        keyframes.keyTimes = [0, 2, 1]  // invalid: spread evenly
        keyframes.timingFunctions = []
        rig.layer.add(keyframes, forKey: "a")
        rig.frame(at: 2000)
        rig.frame(at: 2000.25)
        #expect(isClose(rig.scalar("position.x"), 5))
        rig.layer.setValue("nonsense", forKeyPath: "position")
        rig.layer.setValue(CGFloat.nan, forKeyPath: "opacity")
        rig.layer.setValue(1.0, forKeyPath: "unknown")
        #expect(rig.layer.position == CGPoint(x: 5, y: 5))
        #expect(rig.layer.opacity == 1)
        #expect(rig.layer.value(forKeyPath: "unknown") == nil)
    }
}
