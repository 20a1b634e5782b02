import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform

@testable import VitrineKit

/// The guide's last section: view and layer animations together. Inside a view animation
/// block, a `CABasicAnimation` added to the view's layer (for a layer-only property) runs
/// alongside the view's animated properties.
@MainActor @Suite struct ViewAnimationMixedTests {
    @Test func aLayerAnimationAddedInsideAViewBlockRunsAlongside() {
        let scene = ViewAnimationScene()
        scene.start()
        UIView.animate(
            withDuration: 1, delay: 0, options: .curveLinear,
            animations: {
                scene.view.center.x = 120
                scene.view.alpha = 0
                let corner = CABasicAnimation(keyPath: "cornerRadius")
                corner.fromValue = CGFloat(0)
                corner.toValue = CGFloat(10)
                corner.duration = 1
                corner.timingFunction = CAMediaTimingFunction(name: .linear)
                scene.view.layer.cornerRadius = 10
                scene.view.layer.add(corner, forKey: "cornerRadius")
            })
        scene.frame(0)
        scene.frame(30)
        let shown = scene.shown
        // Half way: the view's center, its alpha and the layer's corner radius together.
        #expect(abs(Double(shown.position.x) - 70) < 1e-6)
        #expect(abs(Double(shown.opacity) - 0.5) < 1e-3)
        #expect(abs(Double(shown.cornerRadius) - 5) < 1e-6)
        scene.run(1.1)
        #expect(scene.view.layer.animationKeys() == nil)
        #expect(scene.shown.cornerRadius == 10 && scene.shown.position.x == 120)
    }
}
