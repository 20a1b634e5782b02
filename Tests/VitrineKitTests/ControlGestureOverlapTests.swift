import Foundation
import Testing
import VitrineKit

/// A control's default action takes precedence over an overlapping recognizer on an ancestor,
/// as UIKit documents for iOS 6 and later.
@MainActor @Suite struct ControlGestureOverlapTests {
    @Test func aButtonsTapIsTheButtonsNotTheSuperviewsTapRecognizers() {
        let scene = EventScene()
        let container = UIView(frame: scene.window.bounds)
        scene.window.addSubview(container)
        var recognized = 0
        container.addGestureRecognizer(UITapGestureRecognizer { _ in recognized += 1 })
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 50, y: 50, width: 100, height: 40)
        container.addSubview(button)
        var pressed = 0
        button.addAction(UIAction { _ in pressed += 1 }, for: .touchUpInside)

        scene.input.tap(at: CGPoint(x: 100, y: 70), time: 1)
        #expect(pressed == 1 && recognized == 0)
        scene.input.tap(at: CGPoint(x: 300, y: 200), time: 2)
        #expect(pressed == 1 && recognized == 1)
        // A double-tap recognizer is not the button's default action: it may still recognize.
        var doubleTaps = 0
        let doubleTap = UITapGestureRecognizer { _ in doubleTaps += 1 }
        doubleTap.numberOfTapsRequired = 2
        container.addGestureRecognizer(doubleTap)
        scene.input.tap(at: CGPoint(x: 100, y: 70), time: 3)
        scene.input.tap(at: CGPoint(x: 100, y: 70), time: 3.2)
        #expect(doubleTaps == 1)
    }

    @Test func aSlidersDragIsNotTakenByAPanOnItsSuperview() {
        let scene = EventScene()
        let container = UIView(frame: scene.window.bounds)
        scene.window.addSubview(container)
        var panned = 0
        container.addGestureRecognizer(UIPanGestureRecognizer { _ in panned += 1 })
        let slider = UISlider(frame: CGRect(x: 50, y: 100, width: 200, height: 30))
        slider.value = 0
        container.addSubview(slider)
        let thumb = slider.convert(
            slider.thumbRect(forBounds: slider.bounds, trackRect: slider.trackRect(forBounds: slider.bounds), value: 0),
            to: nil)
        scene.input.down(at: CGPoint(x: thumb.midX, y: thumb.midY), time: 1)
        scene.input.move(to: CGPoint(x: thumb.midX + 60, y: thumb.midY), time: 1.1)
        scene.input.move(to: CGPoint(x: thumb.midX + 100, y: thumb.midY), time: 1.2)
        scene.input.up(time: 1.3)
        #expect(panned == 0)
        #expect(slider.value > 0.3)
    }
}

/// A recognizer reset without recognizing releases those waiting for it to fail.
@MainActor @Suite struct GestureFailureRequirementResetTests {
    @Test func aWaitingRecognizerGoesAheadWhenItsRequirementIsReset() {
        let scene = EventScene()
        let container = UIView(frame: scene.window.bounds)
        scene.window.addSubview(container)
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        container.addSubview(child)
        var singles = 0
        let single = UITapGestureRecognizer { _ in singles += 1 }
        let double = UITapGestureRecognizer { _ in }
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        container.addGestureRecognizer(single)
        child.addGestureRecognizer(double)
        scene.input.tap(at: CGPoint(x: 50, y: 50), time: 1)
        #expect(singles == 0)  // waiting for the double tap to fail
        child.removeFromSuperview()
        #expect(singles == 1)
    }
}
