import Foundation
import Testing
import VitrineKit
import VitrinePlatform

@MainActor @Suite struct TouchDeliveryTests {
    @Test func aTouchStaysWithTheViewItBeganIn() {
        let scene = EventScene()
        TouchLogView.log = []
        let left = TouchLogView("left", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let right = TouchLogView("right", frame: CGRect(x: 100, y: 0, width: 100, height: 100))
        scene.window.addSubview(left)
        scene.window.addSubview(right)
        var seen: UITouch?
        var phase: UITouch.Phase?
        final class Probe: UIView {
            var onBegan: ((UITouch) -> Void)?
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { onBegan?(touches.first!) }
        }
        scene.input.down(at: CGPoint(x: 50, y: 50), time: 1)
        scene.input.move(to: CGPoint(x: 150, y: 50), time: 1.1)
        scene.input.up(time: 1.2)
        #expect(TouchLogView.log == ["left began 1", "left moved 1", "left ended 1"])
        let probe = Probe(frame: CGRect(x: 200, y: 0, width: 100, height: 100))
        probe.onBegan = {
            seen = $0
            phase = $0.phase
        }
        scene.window.addSubview(probe)
        scene.input.down(at: CGPoint(x: 210, y: 20), time: 2)
        #expect(seen?.view === probe)
        #expect(seen?.window === scene.window)
        #expect(seen?.location(in: probe) == CGPoint(x: 10, y: 20))
        // The phase is the one of the event being delivered; afterwards the touch is stationary.
        #expect(phase == .began && seen?.phase == .stationary && seen?.timestamp == 2)
        scene.input.up(time: 2.1)
    }

    @Test func unhandledTouchesGoUpTheResponderChain() {
        let scene = EventScene()
        TouchLogView.log = []
        let container = TouchLogView("container", frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let leaf = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        container.addSubview(leaf)
        scene.window.addSubview(container)
        scene.input.tap(at: CGPoint(x: 20, y: 20), time: 1)
        #expect(TouchLogView.log == ["container began 1", "container ended 1"])
    }

    @Test func badInputIsIgnoredAndNothingSticks() {
        let scene = EventScene()
        TouchLogView.log = []
        let view = TouchLogView("view", frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        scene.window.addSubview(view)
        let source = scene.input.source
        source.inject(.motion(slot: 4, to: CGPoint(x: 0.5, y: 0.5), timestamp: 1))
        source.inject(.up(slot: 5, timestamp: 1))
        source.inject(.down(slot: 6, at: CGPoint(x: CGFloat.nan, y: 0.5), timestamp: 1))
        source.inject(.down(slot: 7, at: CGPoint(x: 3, y: 0.5), timestamp: 1))
        source.inject(TouchEvent.frame(timestamp: 1))
        #expect(TouchLogView.log.isEmpty)
        scene.input.down(at: CGPoint(x: 10, y: 10), time: 2)
        source.inject(.down(slot: 0, at: CGPoint(x: 0.9, y: 0.9), timestamp: 2.1))  // duplicate
        source.inject(TouchEvent.frame(timestamp: 2.1))
        scene.input.up(time: 2.2)
        #expect(TouchLogView.log == ["view began 1", "view ended 1"])
        // The slot is free again.
        scene.input.tap(at: CGPoint(x: 10, y: 10), time: 3)
        #expect(TouchLogView.log.count == 4)
    }

    @Test func aViewLeavingItsWindowMidTouchGetsCancelled() {
        let scene = EventScene()
        TouchLogView.log = []
        let view = TouchLogView("view", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scene.window.addSubview(view)
        scene.input.down(at: CGPoint(x: 10, y: 10), time: 1)
        view.removeFromSuperview()
        scene.input.move(to: CGPoint(x: 20, y: 20), time: 1.1)
        scene.input.up(time: 1.2)
        #expect(TouchLogView.log == ["view began 1", "view cancelled 1"])
    }

    @Test func tapCountCountsQuickTapsInOnePlace() {
        let scene = EventScene()
        final class TapCounter: UIView {
            var counts: [Int] = []
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
                counts.append(touches.first!.tapCount)
            }
        }
        let view = TapCounter(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        scene.window.addSubview(view)
        scene.input.tap(at: CGPoint(x: 50, y: 50), time: 1)
        scene.input.tap(at: CGPoint(x: 52, y: 51), time: 1.2)
        scene.input.tap(at: CGPoint(x: 53, y: 50), time: 1.4)
        scene.input.tap(at: CGPoint(x: 53, y: 50), time: 3)
        scene.input.tap(at: CGPoint(x: 200, y: 50), time: 3.2)
        #expect(view.counts == [1, 2, 3, 1, 1])
    }

    @Test func keyPressesGoToTheFirstResponderThenUpTheChain() {
        let scene = EventScene()
        final class KeyView: UIView {
            var keys: [String] = []
            override var canBecomeFirstResponder: Bool { true }
            override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
                keys.append("down " + (presses.first?.key?.characters ?? ""))
            }
            override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
                keys.append("up " + (presses.first?.key?.characters ?? ""))
            }
        }
        let container = KeyView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let field = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        container.addSubview(field)
        scene.window.addSubview(container)
        #expect(!field.becomeFirstResponder())  // cannot become first responder
        #expect(container.becomeFirstResponder() && container.isFirstResponder)
        scene.input.press(keyCode: 30, time: 1)
        #expect(container.keys == ["down a", "up a"])
        #expect(container.resignFirstResponder() && !container.isFirstResponder)
        // Without a first responder, presses go to the key window (and up to the app).
        scene.input.press(keyCode: 30, time: 2)
        #expect(container.keys.count == 2)
    }
}

@MainActor @Suite struct TouchEventTimestampTests {
    @Test func anEventCarriesItsOwnFramesTimestampEvenOnAnEarlierTimeBase() {
        final class StampView: UIView {
            var stamps: [Double] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                stamps.append(event?.timestamp ?? -1)
            }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
                stamps.append(event?.timestamp ?? -1)
            }
        }
        let first = EventScene()
        let view = StampView(frame: first.window.bounds)
        first.window.addSubview(view)
        first.input.tap(at: CGPoint(x: 10, y: 10), time: 50)
        // A new input source whose clock starts over: its events keep their own times.
        let second = EventScene()
        let other = StampView(frame: second.window.bounds)
        second.window.addSubview(other)
        second.input.tap(at: CGPoint(x: 10, y: 10), time: 2, duration: 0.5)
        #expect(view.stamps == [50, 50.05])
        #expect(other.stamps == [2, 2.5])
    }
}

@MainActor @Suite struct HitTestShortcutTests {
    @Test func untransformedSubviewsWithOddGeometryAndTransformedOnesAreHitWhereTheyShow() {
        _ = EventScene()
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        // Bounds origin and anchor point moved: the shortcut must account for both.
        let shifted = UIView(frame: CGRect(x: 100, y: 50, width: 100, height: 100))
        shifted.layer.anchorPoint = CGPoint(x: 0, y: 1)
        shifted.frame = CGRect(x: 100, y: 50, width: 100, height: 100)
        shifted.bounds.origin = CGPoint(x: 20, y: 30)
        let inner = UIView(frame: CGRect(x: 20, y: 30, width: 10, height: 10))
        shifted.addSubview(inner)
        root.addSubview(shifted)
        #expect(root.hitTest(CGPoint(x: 105, y: 55), with: nil) === inner)
        #expect(root.hitTest(CGPoint(x: 115, y: 55), with: nil) === shifted)
        // A transformed subview and a superview with a sublayer transform take the general path.
        let turned = UIView(frame: CGRect(x: 250, y: 150, width: 100, height: 20))
        turned.transform = CGAffineTransform(rotationAngle: .pi / 2)
        root.addSubview(turned)
        #expect(root.hitTest(CGPoint(x: 300, y: 200), with: nil) === turned)
        #expect(root.hitTest(CGPoint(x: 340, y: 160), with: nil) === root)
        let shiftedContent = UIView(frame: CGRect(x: 0, y: 200, width: 100, height: 100))
        shiftedContent.layer.sublayerTransform = CATransform3DMakeTranslation(50, 0, 0)
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        shiftedContent.addSubview(child)
        root.addSubview(shiftedContent)
        #expect(root.hitTest(CGPoint(x: 55, y: 205), with: nil) === child)
        #expect(root.hitTest(CGPoint(x: 5, y: 205), with: nil) === shiftedContent)
    }
}

/// A mouse acts as a single finger, for development.
@MainActor @Suite struct PointerAsTouchTests {
    @Test func theLeftButtonHeldIsATouchAtTheCursor() {
        let scene = EventScene()
        TouchLogView.log = []
        let view = TouchLogView("view", frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        scene.window.addSubview(view)
        let source = scene.input.source
        source.inject(PointerEvent(kind: .motionAbsolute(CGPoint(x: 0.25, y: 0.5)), timestamp: 1))
        // Relative motion: 50 points right, clamped to the screen.
        source.inject(PointerEvent(kind: .motion(dx: 50, dy: 0), timestamp: 1.1))
        source.inject(PointerEvent(kind: .button(button: 0x110, isPressed: true), timestamp: 1.2))
        source.inject(PointerEvent(kind: .motion(dx: 10, dy: 0), timestamp: 1.3))
        source.inject(PointerEvent(kind: .button(button: 0x111, isPressed: false), timestamp: 1.35))  // right button
        source.inject(PointerEvent(kind: .button(button: 0x110, isPressed: false), timestamp: 1.4))
        source.inject(PointerEvent(kind: .motion(dx: 1000, dy: 1000), timestamp: 1.5))
        #expect(TouchLogView.log == ["view began 1", "view moved 1", "view ended 1"])
    }
}
