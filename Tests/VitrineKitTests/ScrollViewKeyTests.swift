import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// A view that can take key presses.
@MainActor
final class KeyTakingView: UIView {
    override var canBecomeFirstResponder: Bool { true }
}

/// Keyboard and mouse-wheel scrolling.
@MainActor @Suite(.serialized) struct ScrollViewKeyTests {
    private func press(_ s: ScrollScene, _ code: UInt32, modifiers: KeyModifiers = []) {
        let t = s.now + 0.1
        s.clock.advance(to: t)
        s.scene.input.source.inject(KeyEvent(keyCode: code, isPressed: true, timestamp: t, modifiers: modifiers))
        s.scene.input.source.inject(
            KeyEvent(keyCode: code, isPressed: false, timestamp: t + 0.05, modifiers: modifiers))
        s.run(0.5)  // keyboard scrolling animates
    }

    @Test func keysScrollTheScrollViewHoldingTheFirstResponder() {
        let s = ScrollScene(contentSize: CGSize(width: 1000, height: 2000))
        let field = KeyTakingView(frame: CGRect(x: 10, y: 10, width: 50, height: 20))
        s.scrollView.addSubview(field)
        #expect(field.becomeFirstResponder())
        press(s, 108)  // down arrow: a line
        #expect(s.scrollView.contentOffset == CGPoint(x: 0, y: 40))
        press(s, 109)  // page down: the visible height
        #expect(s.scrollView.contentOffset == CGPoint(x: 0, y: 340))
        press(s, 103)  // up arrow
        #expect(s.scrollView.contentOffset == CGPoint(x: 0, y: 300))
        press(s, 106)  // right arrow
        #expect(s.scrollView.contentOffset == CGPoint(x: 40, y: 300))
        press(s, 107)  // end
        #expect(s.scrollView.contentOffset == CGPoint(x: 40, y: 1700))
        press(s, 109)  // already at the end: nothing
        #expect(s.scrollView.contentOffset == CGPoint(x: 40, y: 1700))
        press(s, 57, modifiers: .shift)  // shift-space: a page up
        #expect(s.scrollView.contentOffset == CGPoint(x: 40, y: 1400))
        press(s, 104)  // page up
        #expect(s.scrollView.contentOffset == CGPoint(x: 40, y: 1100))
        press(s, 103, modifiers: .command)  // command-up: the start
        #expect(s.scrollView.contentOffset == CGPoint(x: 40, y: 0))
        press(s, 108, modifiers: .alternate)  // option-down: a page
        #expect(s.scrollView.contentOffset == CGPoint(x: 40, y: 300))
        press(s, 102)  // home
        #expect(s.scrollView.contentOffset == CGPoint(x: 40, y: 0))
        #expect(s.log.events.suffix(2) == ["didScroll", "didEndScrollingAnimation"])
        // Two quick presses add up; the indicators show.
        let t = s.now
        for time in [t, t + 0.05] {
            s.scene.input.source.inject(KeyEvent(keyCode: 108, isPressed: true, timestamp: time))
            s.scene.input.source.inject(KeyEvent(keyCode: 108, isPressed: false, timestamp: time))
            s.clock.advance(to: time + 0.05)
        }
        #expect(s.scrollView.isScrollAnimating)
        #expect(s.scrollView.verticalScrollIndicator?.alpha == 1)
        s.run(0.5)
        #expect(s.scrollView.contentOffset == CGPoint(x: 40, y: 80))
        s.run(1)
        #expect(s.scrollView.verticalScrollIndicator?.alpha == 0)
        // allowsKeyboardScrolling off: the keys go on up the chain.
        s.scrollView.allowsKeyboardScrolling = false
        press(s, 108)
        #expect(s.scrollView.contentOffset == CGPoint(x: 40, y: 80))
        _ = field.resignFirstResponder()
    }

    @Test func theScrollViewItselfCanBeFirstResponder() {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 2000))
        #expect(s.scrollView.becomeFirstResponder())
        press(s, 108)
        #expect(s.scrollView.contentOffset == CGPoint(x: 0, y: 40))
        _ = s.scrollView.resignFirstResponder()
        s.scrollView.allowsKeyboardScrolling = false
        #expect(!s.scrollView.canBecomeFirstResponder)
    }

    @Test func withoutAFirstResponderKeysGoUnderThePointer() {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 2000))
        press(s, 108)
        #expect(s.scrollView.contentOffset == .zero)  // no first responder, no pointer yet
        s.scene.input.source.inject(PointerEvent(kind: .motionAbsolute(CGPoint(x: 0.5, y: 0.5)), timestamp: s.now))
        press(s, 108)
        #expect(s.scrollView.contentOffset == CGPoint(x: 0, y: 40))
    }

    @Test func theWheelScrollsTheScrollViewUnderThePointerThatCanMove() {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 2000))
        let strip = UIScrollView(frame: CGRect(x: 0, y: 100, width: 400, height: 100))
        strip.contentSize = CGSize(width: 1600, height: 100)
        s.scrollView.addSubview(strip)
        s.scene.input.source.inject(PointerEvent(kind: .motionAbsolute(CGPoint(x: 0.5, y: 0.5)), timestamp: 1))
        // Over the strip: sideways scrolls it, down goes to the list around it.
        s.scene.input.source.inject(PointerEvent(kind: .scroll(dx: 60, dy: 0), timestamp: 1.1))
        #expect(strip.contentOffset == CGPoint(x: 60, y: 0))
        s.scene.input.source.inject(PointerEvent(kind: .scroll(dx: 0, dy: 40), timestamp: 1.2))
        #expect(s.scrollView.contentOffset == CGPoint(x: 0, y: 40))
        s.scene.input.source.inject(PointerEvent(kind: .scroll(dx: 0, dy: -500), timestamp: 1.3))
        #expect(s.scrollView.contentOffset == .zero)  // kept within the content
        s.scrollView.isScrollEnabled = false
        s.scene.input.source.inject(PointerEvent(kind: .scroll(dx: 0, dy: 40), timestamp: 1.4))
        #expect(s.scrollView.contentOffset == .zero)
    }
}
