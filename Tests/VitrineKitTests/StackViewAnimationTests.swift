import Foundation
import Testing

@testable import VitrineKit

/// A row of three boxes (40, 60 and 50 wide, spacing 10) at (20, 50) in a drawn window.
@MainActor private func animatedRow() -> (ViewAnimationScene, UIStackView, [StackBox]) {
    let scene = ViewAnimationScene()
    let views = threeBoxes()
    for view in views { view.backgroundColor = .blue }
    let stack = UIStackView(arrangedSubviews: views)
    stack.spacing = 10
    stack.translatesAutoresizingMaskIntoConstraints = false
    scene.window.addSubview(stack)
    NSLayoutConstraint.activate([
        stack.leadingAnchor.constraint(equalTo: scene.window.leadingAnchor, constant: 20),
        stack.topAnchor.constraint(equalTo: scene.window.topAnchor, constant: 50),
    ])
    scene.rig.settle()
    return (scene, stack, views)
}

/// Hiding and showing arranged views inside animation blocks.
@MainActor @Suite struct StackViewAnimationTests {
    @Test func hidingInsideAnAnimationBlockAnimatesTheCollapse() {
        let (scene, stack, views) = animatedRow()
        #expect(views[2].frame.minX == 120)
        scene.start()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
            views[1].isHidden = true
            stack.layoutIfNeeded()
        }
        // The model is at the end at once; the layers animate there.
        #expect(views[2].frame.minX == 50)
        #expect(stack.frame.width == 100)
        #expect(views[2].layer.animationKeys()?.contains("position") == true)
        #expect(stack.layer.animationKeys()?.contains("bounds") == true)
        scene.frame(30)  // half way
        let shown = views[2].layer.presentation()?.frame.minX ?? -1
        #expect(shown > 50 && shown < 120)
        #expect(abs(shown - 85) <= 2)
        scene.run(1)
        #expect(views[2].layer.animationKeys() == nil)
        #expect(views[2].layer.presentation()?.frame.minX == 50)
    }

    @Test func hidingInAnAnimationBlockWithoutLayoutIfNeededAnimatesToo() {
        // As the example in Apple's UIStackView documentation: only `isHidden` in the block.
        let (scene, stack, views) = animatedRow()
        scene.start()
        UIView.animate(withDuration: 0.5) { views[0].isHidden = true }
        #expect(views[1].frame.minX == 0)
        #expect(stack.frame.width == 120)
        #expect(views[1].layer.animationKeys()?.contains("position") == true)
        scene.frame(10)
        let shown = views[1].layer.presentation()?.frame.minX ?? -1
        #expect(shown > 0 && shown < 50)
    }

    @Test func showingInsideAnAnimationBlockAnimatesTheExpansion() {
        let (scene, stack, views) = animatedRow()
        views[1].isHidden = true
        stack.layoutIfNeeded()
        scene.rig.settle()
        #expect(views[2].frame.minX == 50)
        scene.start()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
            views[1].isHidden = false
            stack.layoutIfNeeded()
        }
        #expect(views[2].frame.minX == 120)
        scene.frame(30)
        let shown = views[2].layer.presentation()?.frame.minX ?? -1
        #expect(shown > 50 && shown < 120)
    }

    @Test func aPropertyChangeInAnAnimationBlockAnimates() {
        let (scene, stack, views) = animatedRow()
        scene.start()
        UIView.animate(withDuration: 1) { stack.spacing = 30 }
        #expect(views[2].frame.minX == 160)
        #expect(views[2].layer.animationKeys()?.contains("position") == true)
    }

    @Test func hidingOutsideABlockDoesNotAnimate() {
        let (scene, stack, views) = animatedRow()
        views[1].isHidden = true
        stack.layoutIfNeeded()
        #expect(views[2].frame.minX == 50)
        #expect(views[2].layer.animationKeys() == nil)
        scene.rig.settle()
        #expect(views[2].layer.presentation()?.frame.minX ?? 50 == 50)
    }
}
