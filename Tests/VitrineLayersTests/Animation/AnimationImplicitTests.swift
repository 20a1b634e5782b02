import Foundation
import Testing
import VitrineGraphics

@testable import VitrineLayers

/// A delegate with fixed answers to `action(for:forKey:)`.
@MainActor
private final class ActionDelegate: CALayerDelegate {
    var answer: (any CAAction)?
    var asked: [String] = []
    var valueSeen: CGPoint?
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        asked.append(event)
        if event == "position" { valueSeen = layer.position }
        return answer
    }
}

/// Implicit animations of standalone layers through actions.
@Suite("Implicit animations") @MainActor struct AnimationImplicitTests {
    @Test func aStandaloneLayerAnimatesAChangeWithTheTransactionsDuration() throws {
        let rig = AnimationRig()
        CATransaction.begin()
        rig.layer.position = CGPoint(x: 45, y: 5)
        CATransaction.commit()
        let animation = try #require(rig.layer.animation(forKey: "position") as? CABasicAnimation)
        #expect(animation.duration == 0.25)
        #expect(animation.keyPath == "position")
        #expect(rig.layer.position == CGPoint(x: 45, y: 5))  // the model changes at once
        rig.frame(at: 1)
        #expect(rig.value("position") as? CGPoint == CGPoint(x: 5, y: 5))  // from the old value
        rig.frame(at: 1.125)
        let eased = AnimationTimingFunctionTests.reference(0.5, 0.25, 0.1, 0.25, 1)  // the default curve
        #expect(abs(rig.scalar("position.x") - (5 + 40 * eased)) < 1e-6)
        #expect(!rig.frame(at: 1.25))
        #expect(rig.layer.animationKeys() == nil)
    }

    @Test func theTransactionsDurationAndCurveApply() throws {
        let rig = AnimationRig()
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        rig.layer.opacity = 0
        CATransaction.commit()
        let animation = try #require(rig.layer.animation(forKey: "opacity"))
        #expect(animation.duration == 2)
        rig.frame(at: 0)
        rig.frame(at: 0.5)
        #expect(isClose(rig.scalar("opacity"), 0.75))
    }

    @Test func disabledActionsNullMarkersAndUndrawnLayersDoNotAnimate() {
        let rig = AnimationRig()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rig.layer.position = CGPoint(x: 30, y: 30)
        CATransaction.commit()
        #expect(rig.layer.animationKeys() == nil)

        CATransaction.begin()
        rig.layer.actions = ["opacity": NSNull()]
        rig.layer.opacity = 0.5
        rig.layer.cornerRadius = 3
        CATransaction.commit()
        #expect(rig.layer.animationKeys() == ["cornerRadius"])

        let fresh = CALayer()  // never drawn
        rig.root.addSublayer(fresh)
        CATransaction.begin()
        fresh.position = CGPoint(x: 20, y: 20)
        CATransaction.commit()
        #expect(fresh.animationKeys() == nil)
        #expect(fresh.presentation() == nil)
    }

    @Test func theDelegateIsAskedFirstAndSeesTheOldValue() throws {
        let rig = AnimationRig()
        let delegate = ActionDelegate()
        rig.layer.delegate = delegate
        delegate.answer = NSNull()
        CATransaction.begin()
        rig.layer.position = CGPoint(x: 40, y: 40)
        CATransaction.commit()
        #expect(delegate.asked == ["position"])
        #expect(delegate.valueSeen == CGPoint(x: 5, y: 5))
        #expect(rig.layer.animationKeys() == nil)  // NSNull: no action
        #expect(rig.layer.action(forKey: "position") == nil)

        let custom = basic("position.x", from: 0.0, to: 1.0, duration: 3)
        delegate.answer = custom
        CATransaction.begin()
        rig.layer.position = CGPoint(x: 50, y: 40)
        CATransaction.commit()
        #expect(try #require(rig.layer.animation(forKey: "position")).duration == 3)

        delegate.answer = nil  // go on searching: the default action
        #expect(rig.layer.action(forKey: "opacity") is CABasicAnimation)
        #expect(rig.layer.action(forKey: "contents") == nil)
        #expect(CALayer.defaultAction(forKey: "bounds") is CABasicAnimation)
    }

    @Test func anInterruptedImplicitAnimationStartsFromWhatIsShown() {
        let rig = AnimationRig()
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        CATransaction.setAnimationDuration(1)
        rig.layer.opacity = 0
        CATransaction.commit()
        rig.frame(at: 0)
        rig.frame(at: 0.5)
        #expect(isClose(rig.scalar("opacity"), 0.5))
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        CATransaction.setAnimationDuration(1)
        rig.layer.opacity = 1
        CATransaction.commit()
        rig.frame(at: 0.6)  // the new one begins at 0.5 shown
        #expect(isClose(rig.scalar("opacity"), 0.5))
        rig.frame(at: 1.1)
        #expect(isClose(rig.scalar("opacity"), 0.75))
    }

    @Test func theCompositorDrawsThePresentation() {
        let rig = AnimationRig()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rig.layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        CATransaction.commit()
        rig.layer.add(basic("position.x", from: 5.0, to: 45.0), forKey: "x")
        rig.frame(at: 0)
        #expect(rig.buffer.pixel(x: 2, y: 5) & 0xffffff == 0xff0000)
        rig.frame(at: 0.5)  // x from 20 to 30
        #expect(rig.buffer.pixel(x: 2, y: 5) & 0xffffff == 0)
        #expect(rig.buffer.pixel(x: 25, y: 5) & 0xffffff == 0xff0000)
        rig.frame(at: 1)
        #expect(rig.buffer.pixel(x: 2, y: 5) & 0xffffff == 0xff0000)  // back at the model place
    }
}
