import Foundation
import Testing
import VitrineGraphics

@testable import VitrineLayers

/// Layer time, as Core Animation's `CALayer` adopting `CAMediaTiming`: each layer's time is
/// `(t_parent - beginTime) · speed + timeOffset` from its superlayer's, its animations run in
/// it, and Apple's QA1673 pauses and resumes a layer's animations with it.
@Suite("Layer timing") @MainActor struct AnimationLayerTimingTests {
    /// QA1673's pause: the layer's time now becomes its frozen time.
    private func pause(_ layer: CALayer, now: Double) {
        let paused = layer.convertTime(now, from: nil)
        layer.speed = 0
        layer.timeOffset = paused
    }

    /// QA1673's resume: the layer's time continues from where it was frozen.
    private func resume(_ layer: CALayer, now: Double) {
        let paused = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        let since = layer.convertTime(now, from: nil) - paused
        layer.beginTime = since
    }

    /// a (begin 1, speed 2, offset 0.5) > b (begin 2, speed 4, offset -1) > c (begin 0.25,
    /// speed 0.5, offset 10), and d (speed 3) beside b.
    private func tree() -> (a: CALayer, b: CALayer, c: CALayer, d: CALayer) {
        func layer(begin: Double, speed: Float, offset: Double) -> CALayer {
            let layer = CALayer()
            layer.beginTime = begin
            layer.speed = speed
            layer.timeOffset = offset
            return layer
        }
        let a = layer(begin: 1, speed: 2, offset: 0.5)
        let b = layer(begin: 2, speed: 4, offset: -1)
        let c = layer(begin: 0.25, speed: 0.5, offset: 10)
        let d = layer(begin: 0, speed: 3, offset: 0)
        a.addSublayer(b)
        b.addSublayer(c)
        a.addSublayer(d)
        return (a, b, c, d)
    }

    @Test func layerTimeComesDownTheTreeThroughEachLayersTiming() {
        let (a, b, c, d) = tree()
        // Media time 3: a = (3 - 1)·2 + 0.5, b = (4.5 - 2)·4 - 1, c = (9 - 0.25)·0.5 + 10.
        #expect(a.convertTime(3, from: nil) == 4.5)
        #expect(b.convertTime(3, from: nil) == 9)
        #expect(c.convertTime(3, from: nil) == 14.375)
        #expect(d.convertTime(3, from: nil) == 13.5)
        // And back up.
        #expect(c.convertTime(14.375, to: nil) == 3)
        #expect(c.convertTime(14.375, to: a) == 4.5)
        #expect(a.convertTime(14.375, from: c) == 4.5)
        #expect(c.convertTime(9, from: b) == 14.375)
        #expect(b.convertTime(9, to: c) == 14.375)
        // Across branches: up to the common ancestor a, down to d.
        #expect(d.convertTime(14.375, from: c) == 13.5)
        #expect(c.convertTime(13.5, from: d) == 14.375)
        #expect(c.convertTime(7, from: c) == 7)
    }

    @Test func aFrozenAncestorStopsTimeBelowItButConvertsExactlyUnderIt() {
        let (a, b, c, d) = tree()
        a.speed = 0
        // a's time is its offset whatever the media time; b and c follow from it.
        #expect(a.convertTime(3, from: nil) == 0.5)
        #expect(a.convertTime(1000, from: nil) == 0.5)
        #expect(c.convertTime(3, from: nil) == 6.375)  // b = (0.5 - 2)·4 - 1 = -7
        // Layers under the frozen one still convert between each other.
        #expect(d.convertTime(14.375, from: c) == 13.5)
        // Up through it: its begin time (every media time maps to its one time).
        #expect(a.convertTime(0.5, to: nil) == 1)
        #expect(b.speed == 4 && a.speed == 0)
    }

    @Test func defaultTimingIsTheMediaTimeAndNonFiniteValuesCountAsDefaults() {
        let root = CALayer()
        let child = CALayer()
        root.addSublayer(child)
        #expect(root.speed == 1 && root.beginTime == 0 && root.timeOffset == 0)
        #expect(root.duration == 0 && root.repeatCount == 0 && root.fillMode == .removed && !root.autoreverses)
        #expect(child.convertTime(123.456, from: nil) == 123.456)
        #expect(child.timingBox == nil)  // nothing stored per layer until a value is set
        root.speed = .nan
        root.timeOffset = .infinity
        root.beginTime = -.infinity
        #expect(child.convertTime(123.456, from: nil) == 123.456)
        root.speed = 2
        #expect(child.convertTime(123.456, from: nil) == 246.912)
        // A layer in another tree converts through the media time.
        let other = CALayer()
        other.timeOffset = 1
        #expect(isClose(other.convertTime(123.456, from: child), 62.728))
    }

    @Test func aTimingChangeTellsTheTreeHostAndCopiesToThePresentation() {
        let host = ModelCountingHost()
        let root = CALayer()
        root.treeHost = host
        let child = CALayer()
        root.addSublayer(child)
        host.roots.removeAll()
        child.speed = 0
        #expect(host.roots.count == 1 && host.roots.first === root)
        child.timeOffset = 2
        child.beginTime = 1
        #expect(host.roots.count == 3)
        child.speed = 0  // the same value: nothing changes
        child.duration = 5  // stored, but does not map time
        #expect(host.roots.count == 3)
        let copy = CALayer(layer: child)
        #expect(copy.speed == 0 && copy.timeOffset == 2 && copy.beginTime == 1 && copy.duration == 5)
    }

    @Test func aParentsSpeedMakesTheChildsAnimationsRunFaster() {
        let rig = AnimationRig()
        let log = AnimationEventLog()
        rig.root.speed = 2
        rig.frame(at: 10)  // the root's time is 20 now
        let animation = basic("position.x", from: 0.0, to: 100.0, duration: 1)
        animation.delegate = log
        rig.layer.add(animation, forKey: "move")
        rig.frame(at: 10)  // begins at the layer's time 20
        #expect(rig.scalar("position.x") == 0)
        #expect(log.events == ["start ?"])
        rig.frame(at: 10.25)
        #expect(rig.scalar("position.x") == 50)
        #expect(rig.frame(at: 10.375))
        #expect(rig.scalar("position.x") == 75)
        #expect(log.events == ["start ?"])
        #expect(!rig.frame(at: 10.5))  // one second of the layer's time: half a second of media time
        #expect(log.events == ["start ?", "stop ? true"])
        #expect(rig.layer.animationKeys() == nil)

        // Speeds multiply down the tree: 2 · 2.
        rig.layer.speed = 2
        rig.layer.add(basic("position.x", from: 0.0, to: 100.0, duration: 1), forKey: "move")
        rig.frame(at: 11)
        rig.frame(at: 11.125)
        #expect(rig.scalar("position.x") == 50)
        rig.frame(at: 11.25)
        #expect(rig.layer.animationKeys() == nil)
    }

    @Test func beginTimesAreInTheLayersTime() {
        let rig = AnimationRig()
        rig.layer.timeOffset = 100
        let animation = basic("position.x", from: 0.0, to: 100.0, duration: 1)
        // Begins at media time 5: the layer's time 105.
        animation.beginTime = rig.layer.convertTime(5, from: nil)
        #expect(animation.beginTime == 105)
        animation.fillMode = .backwards
        rig.layer.add(animation, forKey: "move")
        rig.frame(at: 4)
        #expect(rig.scalar("position.x") == 0)
        rig.frame(at: 5.5)
        #expect(rig.scalar("position.x") == 50)
    }

    @Test func pausingTheQA1673WayFreezesTheLayerAndItsSublayersAndResumingContinues() {
        let rig = AnimationRig()
        let log = AnimationEventLog()
        let sublayer = CALayer()
        sublayer.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        rig.layer.addSublayer(sublayer)
        rig.frame(at: 10)
        var completed: [Double] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { completed.append(rig.clock.now) }
        let move = basic("position.x", from: 0.0, to: 100.0, duration: 1)
        move.delegate = log
        rig.layer.add(move, forKey: "move")
        let fade = basic("opacity", from: 0.0, to: 1.0, duration: 2)
        fade.delegate = log
        sublayer.add(fade, forKey: "fade")
        CATransaction.commit()
        log.track(rig.layer, key: "move", as: "move")
        log.track(sublayer, key: "fade", as: "fade")
        rig.frame(at: 10)
        rig.frame(at: 10.25)
        #expect(rig.scalar("position.x") == 25)
        #expect(rig.scalar("opacity", of: sublayer) == 0.125)

        pause(rig.layer, now: 10.25)
        #expect(rig.layer.timeOffset == 10.25)
        for time in [10.5, 11.0, 12.5, 20.0] {
            #expect(!rig.frame(at: time))  // frozen: nothing runs
            #expect(rig.scalar("position.x") == 25)
            #expect(rig.scalar("opacity", of: sublayer) == 0.125)
        }
        #expect(log.events == ["start move", "start fade"])
        #expect(completed.isEmpty)

        resume(rig.layer, now: 20)
        #expect(rig.layer.beginTime == 9.75)
        #expect(rig.frame(at: 20))
        #expect(rig.scalar("position.x") == 25)  // continues from where it froze
        #expect(rig.scalar("opacity", of: sublayer) == 0.125)
        rig.frame(at: 20.5)
        #expect(rig.scalar("position.x") == 75)
        #expect(rig.scalar("opacity", of: sublayer) == 0.375)
        rig.frame(at: 20.74)
        #expect(log.events == ["start move", "start fade"])
        rig.frame(at: 20.75)  // the layer's time 11: one second after the begin, 9.75 s late
        #expect(log.events == ["start move", "start fade", "stop move true"])
        #expect(rig.layer.animationKeys() == nil)
        #expect(rig.scalar("position.x") == 5)  // back at the model
        #expect(rig.frame(at: 21.74))
        #expect(completed.isEmpty)
        #expect(!rig.frame(at: 21.75))
        #expect(log.events == ["start move", "start fade", "stop move true", "stop fade true"])
        #expect(completed == [21.75])
    }

    @Test func anAnimationAddedToAPausedLayerWaitsForTheResume() {
        let rig = AnimationRig()
        rig.frame(at: 3)
        pause(rig.layer, now: 3)
        rig.layer.add(basic("position.x", from: 0.0, to: 100.0, duration: 1), forKey: "move")
        #expect(!rig.frame(at: 4))  // begins at the frozen time 3 and stays there
        #expect(rig.scalar("position.x") == 0)
        #expect(!rig.frame(at: 8))
        #expect(rig.scalar("position.x") == 0)
        resume(rig.layer, now: 8)
        #expect(rig.frame(at: 8.5))
        #expect(rig.scalar("position.x") == 50)
        #expect(!rig.frame(at: 9))
        #expect(rig.layer.animationKeys() == nil)
    }

    @Test func frozenAnimationsDoNotKeepFramesComingButOthersDo() {
        let rig = AnimationRig()
        let other = CALayer()
        other.frame = CGRect(x: 20, y: 20, width: 4, height: 4)
        rig.root.addSublayer(other)
        rig.frame(at: 1)
        rig.layer.add(basic("position.x", from: 0.0, to: 100.0, duration: 10), forKey: "move")
        other.add(basic("opacity", from: 0.0, to: 1.0, duration: 2), forKey: "fade")
        #expect(rig.frame(at: 1))
        #expect(rig.frame(at: 1.5))
        pause(rig.root, now: 1.5)  // freezes both
        #expect(!rig.frame(at: 2))
        #expect(!rig.frame(at: 3))
        resume(rig.root, now: 3)
        pause(rig.layer, now: 3)  // freezes one; the other runs on
        #expect(rig.frame(at: 3.5))
        #expect(rig.scalar("opacity", of: other) == 0.5)
        #expect(rig.scalar("position.x") == 5)
        #expect(!rig.frame(at: 4.5))  // the fade ended at the root's time 3
        #expect(other.animationKeys() == nil)
        #expect(!rig.frame(at: 100))
        #expect(rig.layer.animationKeys() == ["move"])  // frozen: it never ends
        #expect(rig.scalar("position.x") == 5)
    }

    @Test func anAnimationFrozenByItsOwnSpeedStopsFramesOnceBegun() {
        let rig = AnimationRig()
        let held = basic("position.x", from: 0.0, to: 100.0, duration: 1)
        held.speed = 0
        held.timeOffset = 0.5
        held.beginTime = 2
        held.fillMode = .backwards
        rig.layer.add(held, forKey: "held")
        #expect(rig.frame(at: 1))  // waiting for its begin
        #expect(!rig.frame(at: 2))
        #expect(rig.scalar("position.x") == 50)
        #expect(!rig.frame(at: 50))
        #expect(rig.layer.animationKeys() == ["held"])
    }

    @Test func scrubbingAPausedLayerRedrawsWhatItsAnimationsShow() {
        let rig = AnimationRig()
        let host = ModelCountingHost()
        rig.root.treeHost = host
        /// A frame at `time`, returning its damage.
        func damage(at time: Double) -> Region {
            rig.clock.advance(to: time)
            rig.engine.advance(rig.root, to: time)
            return rig.compositor.render(rig.root, into: rig.buffer, bufferAge: 1).frameDamage
        }
        rig.frame(at: 0)
        rig.layer.add(basic("position.x", from: 0.0, to: 40.0, duration: 1), forKey: "move")
        rig.frame(at: 0)
        pause(rig.layer, now: 0)
        #expect(damage(at: 0.5).isEmpty)  // frozen: nothing changed
        host.roots.removeAll()
        rig.layer.timeOffset = 0.5  // scrub to the middle
        #expect(host.roots.count == 1)  // a frame is asked for
        let scrubbed = damage(at: 0.6)
        #expect(rig.scalar("position.x") == 20)
        // The old place (x -5...5) and the new one (x 15...25) are damaged, nothing else.
        #expect(scrubbed.contains(x: 2, y: 2))
        #expect(scrubbed.contains(x: 20, y: 2))
        #expect(!scrubbed.contains(x: 10, y: 2))
    }
}
