import Foundation
import Testing
import VitrineGraphics

@testable import VitrineLayers

/// Sampling basic, keyframe and group animations under Core Animation's timing model.
@Suite("Animation sampling") @MainActor struct AnimationSamplingTests {
    @Test func aBasicAnimationInterpolatesFromItsFirstFrameAndThenLeaves() {
        let rig = AnimationRig()
        rig.layer.add(basic("position.x", from: 0.0, to: 100.0), forKey: "move")
        #expect(rig.frame(at: 10))  // beginTime 0: begins at the first sample
        #expect(rig.scalar("position.x") == 0)
        rig.frame(at: 10.25)
        #expect(isClose(rig.scalar("position.x"), 25))
        rig.frame(at: 10.9)
        #expect(isClose(rig.scalar("position.x"), 90))
        #expect(!rig.frame(at: 11))  // ended: removed, the model shows
        #expect(rig.scalar("position.x") == 5)
        #expect(rig.layer.animationKeys() == nil)
    }

    @Test func theTimingCurveShapesProgress() {
        let rig = AnimationRig()
        let animation = basic("opacity", from: 0.0, to: 1.0, duration: 2)
        animation.timingFunction = CAMediaTimingFunction(name: .easeIn)
        rig.layer.add(animation, forKey: nil)
        rig.frame(at: 0)
        rig.frame(at: 0.5)
        let expected = AnimationTimingFunctionTests.reference(0.25, 0.42, 0, 1, 1)
        #expect(abs(rig.scalar("opacity") - expected) < 1e-6)
    }

    @Test func fromToAndByFollowCoreAnimationsRules() {
        let rig = AnimationRig()
        rig.layer.position = CGPoint(x: 40, y: 0)
        let cases: [(Any?, Any?, Any?, Double)] = [
            (10.0, nil, 5.0, 12.5),  // from, from + by
            (nil, 20.0, 5.0, 17.5),  // to - by, to
            (nil, 100.0, nil, 70),  // current (40), to
            (0.0, nil, nil, 20),  // from, current
            (nil, nil, 10.0, 45),  // current, current + by
            (0.0, 10.0, 99.0, 5),  // by ignored
        ]
        for (index, (from, to, by, expected)) in cases.enumerated() {
            let animation = CABasicAnimation(keyPath: "position.x")
            animation.fromValue = from
            animation.toValue = to
            animation.byValue = by
            animation.duration = 1
            let start = Double(index) * 10
            rig.layer.add(animation, forKey: "x")
            rig.frame(at: start)
            rig.frame(at: start + 0.5)
            #expect(isClose(rig.scalar("position.x"), expected), "case \(index)")
        }
    }

    @Test func additiveAddsToTheModelAndCumulativeCarriesOn() {
        let rig = AnimationRig()
        rig.layer.position = CGPoint(x: 50, y: 0)
        let additive = basic("position.x", from: 0.0, to: 10.0)
        additive.isAdditive = true
        rig.layer.add(additive, forKey: "a")
        rig.frame(at: 0)
        rig.frame(at: 0.5)
        #expect(isClose(rig.scalar("position.x"), 55))

        rig.layer.removeAllAnimations()
        let cumulative = basic("position.x", from: 0.0, to: 10.0)
        cumulative.isCumulative = true
        cumulative.repeatCount = 3
        rig.layer.add(cumulative, forKey: "c")
        rig.frame(at: 10)
        rig.frame(at: 12.5)  // third iteration, half way: 2·10 + 5
        #expect(isClose(rig.scalar("position.x"), 25))
    }

    @Test func repeatAndAutoreverse() {
        let rig = AnimationRig()
        let animation = basic("position.x", from: 0.0, to: 100.0)
        animation.autoreverses = true
        animation.repeatCount = 2  // active: 2 periods of 2 s
        rig.layer.add(animation, forKey: "x")
        rig.frame(at: 0)
        let samples: [(Double, Double)] = [(0.5, 50), (1, 100), (1.5, 50), (2.25, 25), (3.75, 25)]
        for (t, expected) in samples {
            rig.frame(at: t)
            #expect(isClose(rig.scalar("position.x"), expected), "t = \(t)")
        }
        #expect(rig.frame(at: 3.99))
        #expect(!rig.frame(at: 4))
        #expect(rig.scalar("position.x") == 5)

        let fractional = basic("position.x", from: 0.0, to: 100.0)
        fractional.repeatCount = 1.5
        fractional.fillMode = .forwards
        fractional.isRemovedOnCompletion = false
        rig.layer.add(fractional, forKey: "x")
        rig.frame(at: 10)
        rig.frame(at: 11.25)
        #expect(isClose(rig.scalar("position.x"), 25))
        #expect(!rig.frame(at: 20))  // ended half way through the second iteration, filling
        #expect(isClose(rig.scalar("position.x"), 50))

        let timed = basic("position.x", from: 0.0, to: 100.0)
        timed.repeatDuration = 2.5
        rig.layer.add(timed, forKey: "x")
        rig.frame(at: 30)
        rig.frame(at: 32.4)
        #expect(isClose(rig.scalar("position.x"), 40))
        #expect(!rig.frame(at: 32.5))
    }

    @Test func fillModesAndBeginTime() {
        let rig = AnimationRig()
        let later = basic("position.x", from: 20.0, to: 120.0)
        later.beginTime = 5
        rig.layer.add(later, forKey: "later")
        #expect(rig.frame(at: 4))  // waiting counts as running
        #expect(rig.scalar("position.x") == 5)  // no backwards fill: the model
        rig.frame(at: 5.5)
        #expect(isClose(rig.scalar("position.x"), 70))

        let backwards = basic("position.x", from: 20.0, to: 120.0)
        backwards.beginTime = 10
        backwards.fillMode = .backwards
        rig.layer.add(backwards, forKey: "later")
        rig.frame(at: 9)
        #expect(rig.scalar("position.x") == 20)

        let forwards = basic("position.x", from: 20.0, to: 120.0)
        forwards.fillMode = .forwards
        forwards.isRemovedOnCompletion = false
        rig.layer.add(forwards, forKey: "later")
        rig.frame(at: 20)
        #expect(!rig.frame(at: 25))  // filling does not need frames
        #expect(rig.scalar("position.x") == 120)
        #expect(rig.layer.animationKeys() == ["later"])
        #expect(rig.layer.position.x == 5)  // the model is untouched

        // forwards fill with removal on completion: removed, so the model shows.
        let removed = basic("position.x", from: 20.0, to: 120.0)
        removed.fillMode = .both
        rig.layer.add(removed, forKey: "later")
        rig.frame(at: 30)
        rig.frame(at: 31)
        #expect(rig.scalar("position.x") == 5)
    }

    @Test func speedAndTimeOffset() {
        let rig = AnimationRig()
        let fast = basic("position.x", from: 0.0, to: 100.0)
        fast.speed = 2
        rig.layer.add(fast, forKey: "x")
        rig.frame(at: 0)
        rig.frame(at: 0.25)
        #expect(isClose(rig.scalar("position.x"), 50))
        #expect(!rig.frame(at: 0.5))

        let offset = basic("position.x", from: 0.0, to: 100.0)
        offset.timeOffset = 0.5
        rig.layer.add(offset, forKey: "x")
        rig.frame(at: 10)
        #expect(isClose(rig.scalar("position.x"), 50))
        rig.frame(at: 10.25)
        #expect(isClose(rig.scalar("position.x"), 75))
        rig.frame(at: 10.6)  // wrapped: 1.1 → 0.1
        #expect(isClose(rig.scalar("position.x"), 10))
        #expect(!rig.frame(at: 11))

        let paused = basic("position.x", from: 0.0, to: 100.0)
        paused.speed = 0
        paused.timeOffset = 0.3
        rig.layer.add(paused, forKey: "x")
        rig.frame(at: 20)
        rig.frame(at: 50)
        #expect(isClose(rig.scalar("position.x"), 30))

        let backwards = basic("position.x", from: 0.0, to: 100.0)
        backwards.speed = -1
        rig.layer.add(backwards, forKey: "x")
        rig.frame(at: 60)
        #expect(isClose(rig.scalar("position.x"), 100))
        rig.frame(at: 60.25)
        #expect(isClose(rig.scalar("position.x"), 75))
    }

    @Test func updatingARunningAnimationPausesScrubsAndResumes() {
        let rig = AnimationRig()
        rig.layer.add(basic("position.x", from: 0.0, to: 100.0, duration: 2), forKey: "x")
        rig.frame(at: 0)
        rig.frame(at: 0.5)
        #expect(
            rig.layer.updateAnimation(forKey: "x") {
                $0.speed = 0
                $0.timeOffset = 1.5
            })
        rig.frame(at: 5)
        #expect(isClose(rig.scalar("position.x"), 75))
        rig.layer.updateAnimation(forKey: "x") {
            $0.speed = 1
            $0.timeOffset = 0
            $0.beginTime = 5 - 1.5
        }
        rig.frame(at: 5.25)
        #expect(isClose(rig.scalar("position.x"), 87.5))
        #expect(!rig.layer.updateAnimation(forKey: "nothing") { _ in })
    }

    @Test func keyframesLinearDiscretePacedAndPerSegmentCurves() {
        let rig = AnimationRig()
        let keyframes = CAKeyframeAnimation(keyPath: "position.x")
        keyframes.values = [0.0, 100.0, 50.0]
        keyframes.keyTimes = [0, 0.25, 1]
        keyframes.duration = 1
        rig.layer.add(keyframes, forKey: "k")
        rig.frame(at: 0)
        for (t, expected) in [(0.125, 50.0), (0.25, 100), (0.625, 75)] {
            rig.frame(at: t)
            #expect(isClose(rig.scalar("position.x"), expected), "linear at \(t)")
        }

        let discrete = CAKeyframeAnimation(keyPath: "position.x")
        discrete.values = [0.0, 100.0, 50.0]
        discrete.calculationMode = .discrete
        discrete.duration = 1
        rig.layer.add(discrete, forKey: "k")
        rig.frame(at: 10)
        for (t, expected) in [(0.3, 0.0), (0.4, 100), (0.7, 50)] {
            rig.frame(at: 10 + t)
            #expect(rig.scalar("position.x") == expected, "discrete at \(t)")
        }

        let paced = CAKeyframeAnimation(keyPath: "position.x")
        paced.values = [0.0, 100.0, 50.0]  // 150 travelled: key times 0, 2/3, 1
        paced.keyTimes = [0, 0.1, 1]  // ignored
        paced.calculationMode = .paced
        paced.duration = 1
        rig.layer.add(paced, forKey: "k")
        rig.frame(at: 20)
        rig.frame(at: 20 + 1.0 / 3)
        #expect(isClose(rig.scalar("position.x"), 50, 1e-6))
        rig.frame(at: 20 + 5.0 / 6)
        #expect(isClose(rig.scalar("position.x"), 75, 1e-6))

        let curved = CAKeyframeAnimation(keyPath: "position.x")
        curved.values = [0.0, 100.0, 0.0]
        curved.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)]
        curved.duration = 2
        rig.layer.add(curved, forKey: "k")
        rig.frame(at: 30)
        rig.frame(at: 30.3)  // segment 0 at 0.3
        let expected = 100 * AnimationTimingFunctionTests.reference(0.3, 0.42, 0, 1, 1)
        #expect(abs(rig.scalar("position.x") - expected) < 1e-6)
        rig.frame(at: 31.5)
        #expect(isClose(rig.scalar("position.x"), 50))

        let cubic = CAKeyframeAnimation(keyPath: "position.x")
        cubic.values = [0.0, 10.0, 20.0, 30.0]  // collinear: Catmull-Rom stays on the line
        cubic.calculationMode = .cubic
        cubic.duration = 3
        rig.layer.add(cubic, forKey: "k")
        rig.frame(at: 40)
        rig.frame(at: 41.5)
        #expect(isClose(rig.scalar("position.x"), 15))
    }

    @Test func groupsRunTheirChildrenOnTheGroupsTime() {
        let rig = AnimationRig()
        let move = basic("position.x", from: 0.0, to: 100.0)
        let fade = basic("opacity", from: 1.0, to: 0.0)
        fade.beginTime = 1
        let group = CAAnimationGroup()
        group.animations = [move, fade]
        group.duration = 2
        rig.layer.add(group, forKey: "g")
        rig.frame(at: 0)
        rig.frame(at: 0.5)
        #expect(isClose(rig.scalar("position.x"), 50))
        #expect(rig.scalar("opacity") == 1)
        rig.frame(at: 1.5)
        #expect(rig.scalar("position.x") == 5)  // the move ended and does not fill
        #expect(isClose(rig.scalar("opacity"), 0.5))
        #expect(!rig.frame(at: 2))
    }

    @Test func transformsInterpolateByDecompositionAndThroughSubKeyPaths() {
        let rig = AnimationRig()
        rig.layer.add(
            basic("transform", from: CATransform3DIdentity, to: CATransform3DMakeRotation(.pi / 2, 0, 0, 1)),
            forKey: "t")
        rig.frame(at: 0)
        rig.frame(at: 0.5)
        let half = rig.value("transform") as? CATransform3D
        // Rigid, not shrunk.
        #expect(half.map { isClose($0.m11, cos(.pi / 4)) && isClose($0.m12, sin(.pi / 4)) } == true)

        rig.layer.add(basic("transform.rotation.z", from: 0.0, to: 2 * Double.pi), forKey: "t")
        rig.frame(at: 10)
        rig.frame(at: 10.25)
        let quarter = rig.value("transform") as? CATransform3D
        #expect(quarter.map { isClose($0.m11, 0, 1e-12) && isClose($0.m12, 1) } == true)
        #expect(isClose(rig.scalar("transform.rotation.z"), .pi / 2))

        rig.layer.transform = CATransform3DMakeTranslation(7, 0, 0)
        rig.layer.add(basic("transform.scale", from: 1.0, to: 3.0), forKey: "t")
        rig.frame(at: 20)
        rig.frame(at: 20.5)
        let scaled = rig.value("transform") as? CATransform3D
        #expect(scaled.map { isClose($0.m11, 2) && isClose($0.m22, 2) && isClose($0.m41, 7) } == true)

        rig.layer.add(
            basic("transform.translation", from: CGSize(width: 0, height: 0), to: CGSize(width: 10, height: 20)),
            forKey: "t")
        rig.frame(at: 30)
        rig.frame(at: 30.5)
        let moved = rig.value("transform") as? CATransform3D
        #expect(moved.map { isClose($0.m41, 5) && isClose($0.m42, 10) } == true)
    }

    @Test func geometryColoursAndRectanglesInterpolateComponentWise() {
        let rig = AnimationRig()
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let group = CAAnimationGroup()
        group.duration = 1
        group.animations = [
            basic("backgroundColor", from: red, to: blue),
            basic(
                "bounds", from: CGRect(x: 0, y: 0, width: 10, height: 10),
                to: CGRect(x: 10, y: 0, width: 30, height: 50)),
            basic("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 40)),
            basic("cornerRadius", from: 0.0, to: 8.0),
            basic(
                "contentsRect", from: CGRect(x: 0, y: 0, width: 1, height: 1),
                to: CGRect(x: 0.5, y: 0, width: 0.5, height: 1)),
            basic("borderWidth", from: Float(0), to: Float(4)),
            basic("anchorPoint.x", from: 0.5, to: 0.0),
        ]
        rig.layer.add(group, forKey: "g")
        rig.frame(at: 0)
        rig.frame(at: 0.5)
        #expect(rig.value("backgroundColor") as? CGColor == CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1))
        #expect(rig.value("bounds") as? CGRect == CGRect(x: 5, y: 0, width: 20, height: 30))
        #expect(rig.value("position") as? CGPoint == CGPoint(x: 50, y: 20))
        #expect(rig.scalar("cornerRadius") == 4)
        #expect(rig.value("contentsRect") as? CGRect == CGRect(x: 0.25, y: 0, width: 0.75, height: 1))
        #expect(rig.scalar("borderWidth") == 2)
        #expect(rig.scalar("anchorPoint.x") == 0.25)
    }

    @Test func presentationShowsTheSampledValuesAndTheModelStaysPut() throws {
        let rig = AnimationRig()
        rig.layer.position = CGPoint(x: 300, y: 300)  // the final value, set as apps do
        rig.layer.add(basic("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 300, y: 300)), forKey: "p")
        rig.layer.add(basic("opacity", from: 0.0, to: 1.0), forKey: "o")
        rig.frame(at: 0)
        rig.frame(at: 0.25)
        let presentation = try #require(rig.layer.presentation())
        #expect(presentation !== rig.layer)
        #expect(presentation.position == CGPoint(x: 75, y: 75))
        #expect(presentation.opacity == 0.25)
        #expect(presentation.model() === rig.layer)
        #expect(rig.layer.position == CGPoint(x: 300, y: 300))
        #expect(rig.layer.opacity == 1)
        // Hit-testing uses the model: the layer answers at its model place only.
        #expect(rig.root.hitTest(CGPoint(x: 300, y: 300)) === rig.layer)
        #expect(rig.root.hitTest(CGPoint(x: 75, y: 75)) !== rig.layer)
    }
}
