import Foundation
import Testing
import VitrineKit
import VitrinePlatform

/// UIKit's hit-testing rules.
@MainActor @Suite struct HitTestTests {
    private func tree() -> (root: UIView, back: UIView, front: UIView) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let front = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        root.addSubview(back)
        root.addSubview(front)
        return (root, back, front)
    }

    @Test func subviewsAreSearchedFrontToBack() {
        let (root, back, front) = tree()
        #expect(root.hitTest(CGPoint(x: 75, y: 75), with: nil) === front)
        #expect(root.hitTest(CGPoint(x: 25, y: 25), with: nil) === back)
        #expect(root.hitTest(CGPoint(x: 180, y: 20), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 250, y: 20), with: nil) == nil)
    }

    @Test(arguments: ["hidden", "interaction", "alpha"])
    func skippedViewsTakeTheirSubtreesWithThem(rule: String) {
        let (root, back, front) = tree()
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        front.addSubview(child)
        switch rule {
        case "hidden": front.isHidden = true
        case "interaction": front.isUserInteractionEnabled = false
        default: front.alpha = 0.009
        }
        // Where front and its child were, the back view (or the root) is hit instead.
        #expect(root.hitTest(CGPoint(x: 75, y: 75), with: nil) === back)
        #expect(root.hitTest(CGPoint(x: 125, y: 125), with: nil) === root)
        front.isHidden = false
        front.isUserInteractionEnabled = true
        front.alpha = 0.01
        #expect(root.hitTest(CGPoint(x: 75, y: 75), with: nil) === child)
    }

    @Test func aPointOutsideTheSuperviewNeverReachesItsSubviews() {
        let (root, _, front) = tree()
        // A subview drawn outside its superview's bounds.
        let overhang = UIView(frame: CGRect(x: 80, y: 80, width: 60, height: 60))
        front.addSubview(overhang)
        // (190, 190) is inside the overhang as drawn but outside front's bounds.
        #expect(root.hitTest(CGPoint(x: 185, y: 185), with: nil) === root)
        front.clipsToBounds = true
        #expect(root.hitTest(CGPoint(x: 185, y: 185), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 140, y: 140), with: nil) === overhang)
    }

    @Test func hitTestingFollowsTransformsAndBoundsOrigins() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let rotated = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 20))
        rotated.transform = CGAffineTransform(rotationAngle: .pi / 2)
        root.addSubview(rotated)
        // Rotated about its center (150, 110): it now spans x 140...160, y 60...160.
        #expect(root.hitTest(CGPoint(x: 150, y: 70), with: nil) === rotated)
        #expect(root.hitTest(CGPoint(x: 110, y: 110), with: nil) === root)
        let scroller = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let content = UIView(frame: CGRect(x: 0, y: 100, width: 100, height: 100))
        scroller.addSubview(content)
        root.addSubview(scroller)
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === scroller)
        scroller.bounds.origin.y = 100
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === content)
    }

    @Test func overridingPointInsideOrHitTestChangesTheOutcome() {
        final class BigTarget: UIView {
            override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
                bounds.insetBy(dx: -20, dy: -20).contains(point)
            }
        }
        final class PassThrough: UIView {
            override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
                let hit = super.hitTest(point, with: event)
                return hit === self ? nil : hit
            }
        }
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let target = BigTarget(frame: CGRect(x: 50, y: 50, width: 10, height: 10))
        root.addSubview(target)
        #expect(root.hitTest(CGPoint(x: 40, y: 40), with: nil) === target)
        let overlay = PassThrough(frame: root.bounds)
        root.addSubview(overlay)
        #expect(root.hitTest(CGPoint(x: 40, y: 40), with: nil) === target)
        #expect(root.hitTest(CGPoint(x: 150, y: 150), with: nil) === root)
    }

    @Test func windowsAreSearchedInLevelOrderAndOnlyInsideTheirBounds() {
        let scene = EventScene()
        TouchLogView.log = []
        let base = TouchLogView("base", frame: scene.window.bounds)
        scene.window.addSubview(base)
        let alert = UIWindow(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        alert.windowLevel = .alert
        let alertView = TouchLogView("alert", frame: alert.bounds)
        alert.addSubview(alertView)
        alert.isHidden = false
        // Shown after the alert, the normal-level window stays below it.
        let late = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let lateView = TouchLogView("late", frame: late.bounds)
        late.addSubview(lateView)
        late.isHidden = false
        scene.input.tap(at: CGPoint(x: 150, y: 150), time: 1)
        scene.input.tap(at: CGPoint(x: 50, y: 50), time: 2)
        late.isHidden = true
        scene.input.tap(at: CGPoint(x: 50, y: 50), time: 3)
        #expect(
            TouchLogView.log == [
                "alert began 1", "alert ended 1", "late began 1", "late ended 1", "base began 1", "base ended 1",
            ])
        _ = (alert, late)
    }
}
