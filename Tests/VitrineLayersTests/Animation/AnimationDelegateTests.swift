import Foundation
import Testing
import VitrineGraphics

@testable import VitrineLayers

/// Start and stop callbacks, `finished` flags, and transaction completion blocks.
@Suite("Animation delegates") @MainActor struct AnimationDelegateTests {
    @Test func startAndStopComeInOrderWithFinishedFlags() {
        let rig = AnimationRig()
        let log = AnimationEventLog()
        let short = basic("position.x", from: 0.0, to: 10.0, duration: 1)
        short.delegate = log
        let long = basic("opacity", from: 0.0, to: 1.0, duration: 2)
        long.delegate = log
        rig.layer.add(short, forKey: "short")
        rig.layer.add(long, forKey: "long")
        log.track(rig.layer, key: "short", as: "short")
        log.track(rig.layer, key: "long", as: "long")
        #expect(log.events.isEmpty)  // nothing happens before a frame
        rig.frame(at: 0)
        #expect(log.events == ["start short", "start long"])
        rig.frame(at: 0.5)
        #expect(log.events.count == 2)
        rig.frame(at: 1)
        #expect(log.events == ["start short", "start long", "stop short true"])
        rig.frame(at: 2.5)
        #expect(log.events == ["start short", "start long", "stop short true", "stop long true"])
        rig.frame(at: 3)
        #expect(log.events.count == 4)  // once each
    }

    @Test func removedAndReplacedAnimationsStopUnfinishedAtTheNextFrame() {
        let rig = AnimationRig()
        let log = AnimationEventLog()
        let animation = basic("position.x", from: 0.0, to: 10.0, duration: 1)
        animation.delegate = log
        rig.layer.add(animation, forKey: "a")
        log.track(rig.layer, key: "a", as: "first")
        rig.frame(at: 0)
        rig.layer.removeAnimation(forKey: "a")
        #expect(rig.layer.animation(forKey: "a") == nil)
        #expect(log.events == ["start first"])
        #expect(!rig.frame(at: 0.1))
        #expect(log.events == ["start first", "stop first false"])
        #expect(rig.scalar("position.x") == 5)

        rig.layer.add(animation, forKey: "a")
        log.track(rig.layer, key: "a", as: "second")
        rig.frame(at: 1)
        rig.layer.add(animation, forKey: "a")  // replaces "second"
        log.track(rig.layer, key: "a", as: "third")
        rig.frame(at: 1.1)
        #expect(log.events.suffix(3) == ["start second", "stop second false", "start third"])
        rig.layer.removeAllAnimations()
        rig.frame(at: 1.2)
        #expect(log.events.last == "stop third false")
        rig.frame(at: 5)
        #expect(log.events.count == 6)
    }

    @Test func theDelegateGetsTheAttachedCopy() {
        let rig = AnimationRig()
        let log = AnimationEventLog()
        let animation = basic("position.x", from: 0.0, to: 10.0)
        animation.delegate = log
        rig.layer.add(animation, forKey: "a")
        let attached = rig.layer.animation(forKey: "a")
        #expect(attached !== animation)
        animation.duration = 100  // the copy is unaffected
        #expect(attached?.duration == 1)
        rig.frame(at: 0)
        rig.frame(at: 1)
        #expect(log.events == ["start ?", "stop ? true"])  // the copy, not the original, was named nowhere
    }

    @Test func aCompletionBlockWaitsForTheTransactionsAnimations() {
        let rig = AnimationRig()
        var completed = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { completed += 1 }
        rig.layer.add(basic("position.x", from: 0.0, to: 10.0, duration: 1), forKey: "a")
        rig.layer.add(basic("opacity", from: 0.0, to: 1.0, duration: 2), forKey: "b")
        CATransaction.commit()
        #expect(completed == 0)
        rig.frame(at: 0)
        rig.frame(at: 1)
        #expect(completed == 0)
        rig.frame(at: 2)
        #expect(completed == 1)

        // Removal counts as the end; no animation: the block runs at commit.
        CATransaction.begin()
        CATransaction.setCompletionBlock { completed += 10 }
        rig.layer.add(basic("position.x", from: 0.0, to: 10.0, duration: 1), forKey: "a")
        CATransaction.commit()
        rig.frame(at: 3)
        rig.layer.removeAnimation(forKey: "a")
        #expect(completed == 1)
        rig.frame(at: 3.1)
        #expect(completed == 11)
        CATransaction.begin()
        CATransaction.setCompletionBlock { completed += 100 }
        CATransaction.commit()
        #expect(completed == 111)
    }

    @Test func aDelegateMayChainAnotherAnimation() {
        let rig = AnimationRig()
        final class Chainer: CAAnimationDelegate {
            let layer: CALayer
            var chained = false
            init(layer: CALayer) { self.layer = layer }
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                guard !chained else { return }
                chained = true
                layer.add(basic("position.x", from: 100.0, to: 200.0), forKey: "second")
            }
        }
        let chainer = Chainer(layer: rig.layer)
        let first = basic("position.x", from: 0.0, to: 100.0)
        first.delegate = chainer
        rig.layer.add(first, forKey: "first")
        rig.frame(at: 0)
        rig.frame(at: 1)  // the first ends; the second is added
        #expect(rig.layer.animationKeys() == ["second"])
        rig.frame(at: 1.1)  // the second begins here
        rig.frame(at: 1.6)
        #expect(isClose(rig.scalar("position.x"), 150))
    }
}
