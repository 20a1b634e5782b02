import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// A button that logs its control events and tracking calls.
@MainActor
final class LoggingButton: UIButton {
    var lines: [String] = []

    convenience init(logging frame: CGRect) {
        self.init(type: .system)
        self.frame = frame
        let names: [(UIControl.Event, String)] = [
            (.touchDown, "touchDown"), (.touchDragInside, "dragInside"), (.touchUpInside, "touchUpInside"),
            (.touchUpOutside, "touchUpOutside"), (.touchCancel, "touchCancel"),
        ]
        for (event, name) in names {
            addTarget(for: event) { [unowned self] _, _ in self.lines.append(name) }
        }
    }

    override func cancelTracking(with event: UIEvent?) {
        lines.append("cancelTracking")
        super.cancelTracking(with: event)
    }
}

/// A scroll view that lets drags take touches from controls too (a common UIKit override).
@MainActor
final class ControlCancellingScrollView: UIScrollView {
    override func touchesShouldCancel(in view: UIView) -> Bool { true }
}

/// A scroll view that keeps touches from some views.
@MainActor
final class PickyScrollView: UIScrollView {
    var refused: UIView?
    var asked: [UIView] = []
    override func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool {
        asked.append(view)
        return view !== refused
    }
}

/// Touches on a scroll view's content: the 150 ms delay, cancelling, and the two hooks.
@MainActor @Suite(.serialized) struct ScrollViewContentTouchTests {
    private func sceneWithButton(
        _ scrollView: UIScrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
    )
        -> (ScrollScene, LoggingButton)
    {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 2000), scrollView: scrollView)
        let button = LoggingButton(logging: CGRect(x: 50, y: 50, width: 200, height: 60))
        s.scrollView.addSubview(button)
        return (s, button)
    }

    @Test func aHeldTouchReachesTheButtonAfterTheDelay() {
        let (s, button) = sceneWithButton()
        s.down(at: CGPoint(x: 100, y: 80), time: 1)
        s.run(0.1)
        #expect(button.lines.isEmpty && !button.isHighlighted)  // still waiting
        s.run(0.06)  // 160 ms after touch-down
        #expect(button.lines == ["touchDown"] && button.isHighlighted)
        s.up(time: s.now + 0.05)
        #expect(button.lines == ["touchDown", "touchUpInside"])
        #expect(s.scrollView.contentOffset == .zero)
    }

    @Test func aQuickTapReachesTheButtonWhenTheFingerLifts() {
        let (s, button) = sceneWithButton()
        s.down(at: CGPoint(x: 100, y: 80), time: 1)
        s.up(time: 1.05)
        #expect(button.lines == ["touchDown", "touchUpInside"])
    }

    @Test func aDragStartingOnTheButtonScrollsAndTheButtonNeverSeesIt() {
        let (s, button) = sceneWithButton()
        s.drag(
            from: CGPoint(x: 100, y: 200),
            through: [CGPoint(x: 100, y: 190), CGPoint(x: 100, y: 150), CGPoint(x: 100, y: 100)],
            time: 1)
        #expect(s.scrollView.contentOffset.y == 100)
        s.run(0.5)
        s.up(time: s.now)
        s.run(2)
        #expect(button.lines.isEmpty)
    }

    @Test func afterTheDelayAButtonKeepsTheTouchUnlessTheScrollViewCancelsControls() {
        // UIKit's default touchesShouldCancel(in:) is false for a control: no scrolling.
        let (s, button) = sceneWithButton()
        s.down(at: CGPoint(x: 100, y: 100), time: 1)
        s.run(0.2)
        s.move(to: CGPoint(x: 100, y: 80), time: s.now)
        s.move(to: CGPoint(x: 100, y: 60), time: s.now + 0.02)
        #expect(s.scrollView.contentOffset == .zero && !s.scrollView.isDragging)
        s.up(time: s.now + 0.02)
        #expect(button.lines == ["touchDown", "dragInside", "dragInside", "touchUpInside"])

        // Overridden to true: the drag scrolls, and the button's tracking is cancelled.
        let (c, other) = sceneWithButton(
            ControlCancellingScrollView(frame: CGRect(x: 0, y: 0, width: 400, height: 300)))
        c.down(at: CGPoint(x: 100, y: 100), time: 1)
        c.run(0.2)
        #expect(other.lines == ["touchDown"])
        c.move(to: CGPoint(x: 100, y: 95), time: c.now)
        c.move(to: CGPoint(x: 100, y: 60), time: c.now + 0.02)
        #expect(c.scrollView.isDragging && c.scrollView.contentOffset.y == 40)
        #expect(other.lines == ["touchDown", "dragInside", "cancelTracking", "touchCancel"])
        #expect(!other.isHighlighted)
        c.up(time: c.now + 0.02)
        #expect(other.lines.last == "touchCancel")
    }

    @Test func plainContentIsCancelledUnlessCanCancelContentTouchesIsOff() {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 2000))
        TouchLogView.log = []
        let content = TouchLogView("content", frame: CGRect(x: 0, y: 0, width: 400, height: 2000))
        s.scrollView.addSubview(content)
        s.down(at: CGPoint(x: 100, y: 200), time: 1)
        s.run(0.2)
        s.move(to: CGPoint(x: 100, y: 150), time: s.now)
        #expect(s.scrollView.contentOffset.y == 50)
        #expect(TouchLogView.log == ["content began 1", "content cancelled 1"])
        s.up(time: s.now + 0.05)

        TouchLogView.log = []
        s.scrollView.canCancelContentTouches = false
        s.down(at: CGPoint(x: 100, y: 200), time: s.now + 1)
        s.run(0.2)
        s.move(to: CGPoint(x: 100, y: 150), time: s.now)
        #expect(s.scrollView.contentOffset.y == 50)  // unchanged
        s.up(time: s.now + 0.05)
        #expect(TouchLogView.log == ["content began 1", "content moved 1", "content ended 1"])
    }

    @Test func withoutTheDelayTheContentHearsAtOnceAndTouchesShouldBeginDecides() {
        let picky = PickyScrollView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let (s, button) = sceneWithButton(picky)
        s.scrollView.delaysContentTouches = false
        s.down(at: CGPoint(x: 100, y: 80), time: 1)
        #expect(button.lines == ["touchDown"])
        #expect(picky.asked.count == 1 && picky.asked[0] === button)
        s.up(time: 1.05)
        #expect(button.lines == ["touchDown", "touchUpInside"])
        // Refused: the button hears nothing of the touch.
        picky.refused = button
        s.down(at: CGPoint(x: 100, y: 80), time: 2)
        s.up(time: 2.05)
        #expect(button.lines == ["touchDown", "touchUpInside"])
        #expect(picky.asked.count == 2)
    }

    @Test func aTouchThatStopsADecelerationDoesNotPressTheContent() {
        let (s, button) = sceneWithButton()
        button.frame = CGRect(x: 0, y: 0, width: 400, height: 2000)
        let last = s.drag(
            from: CGPoint(x: 200, y: 280),
            through: ScrollScene.steps(from: CGPoint(x: 200, y: 280), by: CGPoint(x: 0, y: -20), count: 8), time: 1)
        s.up(time: last + 0.004)
        s.run(0.2)
        #expect(s.scrollView.isDecelerating)
        s.down(at: CGPoint(x: 100, y: 100), time: s.now)
        s.run(0.3)
        s.up(time: s.now)
        #expect(button.lines.isEmpty)
        // The next tap is the content's again.
        s.down(at: CGPoint(x: 100, y: 100), time: s.now + 1)
        s.up(time: s.now + 0.05)
        #expect(button.lines == ["touchDown", "touchUpInside"])
    }

    @Test func anInnerScrollViewScrollsFirstAlongItsAxis() {
        // A vertical list with a horizontal strip inside it.
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 2000))
        let strip = UIScrollView(frame: CGRect(x: 0, y: 100, width: 400, height: 100))
        strip.contentSize = CGSize(width: 1600, height: 100)
        s.scrollView.addSubview(strip)
        s.drag(
            from: CGPoint(x: 300, y: 150), through: [CGPoint(x: 288, y: 150), CGPoint(x: 200, y: 152)], time: 1)
        #expect(strip.contentOffset == CGPoint(x: 100, y: 0))
        #expect(s.scrollView.contentOffset == .zero)
        s.up(time: 1.5)
        // Across the strip's axis the outer one scrolls.
        s.drag(
            from: CGPoint(x: 300, y: 150), through: [CGPoint(x: 300, y: 138), CGPoint(x: 302, y: 50)], time: 3)
        #expect(s.scrollView.contentOffset == CGPoint(x: 0, y: 100))
        #expect(strip.contentOffset == CGPoint(x: 100, y: 0))
        s.up(time: 3.5)
        // Nested along the same axis: the inner one takes the drag.
        let inner = UIScrollView(frame: CGRect(x: 0, y: 300, width: 400, height: 150))
        inner.contentSize = CGSize(width: 400, height: 600)
        s.scrollView.addSubview(inner)
        s.drag(
            from: CGPoint(x: 200, y: 280), through: [CGPoint(x: 200, y: 268), CGPoint(x: 200, y: 230)], time: 5)
        // (Touch positions go through the panel's normalised coordinates: within rounding.)
        #expect(inner.contentOffset.x == 0 && near(inner.contentOffset.y, 50, 1e-9))
        #expect(s.scrollView.contentOffset == CGPoint(x: 0, y: 100))
    }
}
