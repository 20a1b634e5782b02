import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform

@testable import VitrineKit

/// Touches on animating views: hit-testing uses the model values, and a view animated by a
/// UIView animation receives touches only with `.allowUserInteraction`.
@Suite("UIView animations and touches") @MainActor struct ViewAnimationInteractionTests {
    @Test(arguments: [true, false])
    func anAnimatingButtonIsTappedAtItsModelPositionOnlyWhenAllowed(allowed: Bool) {
        let scene = EventScene()
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 20, y: 20, width: 80, height: 40)
        scene.window.addSubview(button)
        var taps = 0
        button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        scene.clock.advance(by: 0)
        scene.clock.advance(by: 2.0 / 60)
        UIView.animate(
            withDuration: 1, delay: 0, options: allowed ? [.allowUserInteraction, .curveLinear] : .curveLinear
        ) { button.center.x = 300 }
        scene.clock.advance(by: 0.5)
        let shown = button.layer.presentation()?.position.x ?? 0
        #expect(shown > 150 && shown < 210)  // about half way on screen
        // At the place it shows: nothing there in the model.
        scene.input.tap(at: CGPoint(x: shown, y: 40), time: scene.clock.now)
        #expect(taps == 0)
        // At its model place: only when the animation allows interaction.
        scene.input.tap(at: CGPoint(x: 300, y: 40), time: scene.clock.now + 0.1)
        #expect(taps == (allowed ? 1 : 0))
        #expect(scene.window.hitTest(CGPoint(x: 300, y: 40), with: nil) === (allowed ? button : scene.window))
        // Once the animation ended the button takes touches again.
        scene.clock.advance(by: 0.6)
        #expect(button.layer.animationKeys() == nil)
        scene.input.tap(at: CGPoint(x: 300, y: 40), time: scene.clock.now)
        #expect(taps == (allowed ? 2 : 1))
    }

    @Test func aRemovedAnimationReleasesTheView() {
        let scene = EventScene()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        scene.window.addSubview(view)
        scene.clock.advance(by: 0)
        scene.clock.advance(by: 2.0 / 60)
        UIView.animate(withDuration: 5) { view.alpha = 0.5 }
        #expect(scene.window.hitTest(CGPoint(x: 10, y: 10), with: nil) === scene.window)
        view.layer.removeAllAnimations()
        scene.clock.advance(by: 1.0 / 30)
        #expect(scene.window.hitTest(CGPoint(x: 10, y: 10), with: nil) === view)
    }

    @Test func aPropertyAnimatorDecidesWithIsUserInteractionEnabled() {
        let scene = EventScene()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        scene.window.addSubview(view)
        scene.clock.advance(by: 0)
        scene.clock.advance(by: 2.0 / 60)
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0.5 }
        animator.isUserInteractionEnabled = false
        animator.startAnimation()
        #expect(scene.window.hitTest(CGPoint(x: 10, y: 10), with: nil) === scene.window)
        scene.clock.advance(by: 1.1)
        #expect(animator.state == .inactive)
        #expect(scene.window.hitTest(CGPoint(x: 10, y: 10), with: nil) === view)
        let interactive = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 1 }
        interactive.startAnimation()
        #expect(scene.window.hitTest(CGPoint(x: 10, y: 10), with: nil) === view)
    }
}
