import Foundation
import Testing
import VitrineKit

@MainActor final class LayoutCountingView: UIView {
    static var order: [Int] = []
    var passes = 0

    override func layoutSubviews() {
        passes += 1
        Self.order.append(tag)
    }
}

/// Layout passes and autoresizing, as UIKit does them.
@MainActor @Suite struct ViewLayoutTests {
    @Test func layoutRunsOncePerPassParentsBeforeChildren() {
        LayoutCountingView.order = []
        let parent = LayoutCountingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        parent.tag = 1
        let child = LayoutCountingView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        child.tag = 2
        parent.addSubview(child)
        parent.layoutIfNeeded()
        #expect(LayoutCountingView.order == [1, 2])
        #expect(parent.passes == 1 && child.passes == 1)

        // Many requests, one pass.
        for _ in 0..<10 {
            child.setNeedsLayout()
            parent.setNeedsLayout()
        }
        LayoutCountingView.order = []
        child.layoutIfNeeded()
        #expect(LayoutCountingView.order == [1, 2])
        parent.layoutIfNeeded()
        #expect(parent.passes == 2 && child.passes == 2)
        // Nothing marked: nothing runs.
        parent.layoutIfNeeded()
        #expect(parent.passes == 2)
    }

    @Test func boundsSizeChangeMarksForLayoutButMovingDoesNot() {
        let view = LayoutCountingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.layoutIfNeeded()
        view.center = CGPoint(x: 10, y: 10)
        view.layoutIfNeeded()
        #expect(view.passes == 1)
        view.bounds.size = CGSize(width: 80, height: 80)
        view.layoutIfNeeded()
        #expect(view.passes == 2)
    }

    @Test(arguments: [
        // mask, child frame in a 100x100 parent that becomes 200x150, expected frame
        (
            UIView.AutoresizingMask([]), CGRect(x: 10, y: 10, width: 30, height: 20),
            CGRect(x: 10, y: 10, width: 30, height: 20)
        ),
        (.flexibleWidth, CGRect(x: 10, y: 10, width: 30, height: 20), CGRect(x: 10, y: 10, width: 130, height: 20)),
        (
            .flexibleLeftMargin, CGRect(x: 10, y: 10, width: 30, height: 20),
            CGRect(x: 110, y: 10, width: 30, height: 20)
        ),
        (.flexibleHeight, CGRect(x: 10, y: 10, width: 30, height: 20), CGRect(x: 10, y: 10, width: 30, height: 70)),
        (.flexibleTopMargin, CGRect(x: 10, y: 10, width: 30, height: 20), CGRect(x: 10, y: 60, width: 30, height: 20)),
        // Both margins flexible: the 100-point change is shared 10 : 60 by the margins.
        (
            UIView.AutoresizingMask([.flexibleLeftMargin, .flexibleRightMargin]),
            CGRect(x: 10, y: 10, width: 30, height: 20),
            CGRect(x: 10 + 100.0 * 10 / 70, y: 10, width: 30, height: 20)
        ),
        // Width and right margin: shared 30 : 60.
        (
            UIView.AutoresizingMask([.flexibleWidth, .flexibleRightMargin]),
            CGRect(x: 10, y: 10, width: 30, height: 20),
            CGRect(x: 10, y: 10, width: 30 + 100.0 * 30 / 90, height: 20)
        ),
        // All three: shared 10 : 30 : 60, so the frame scales with the parent.
        (
            UIView.AutoresizingMask([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin]),
            CGRect(x: 10, y: 10, width: 30, height: 20),
            CGRect(x: 20, y: 10, width: 60, height: 20)
        ),
    ])
    func autoresizingFollowsUIKitArithmetic(mask: UIView.AutoresizingMask, start: CGRect, expected: CGRect) {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: start)
        child.autoresizingMask = mask
        parent.addSubview(child)
        parent.frame.size = CGSize(width: 200, height: 150)
        let frame = child.frame
        #expect(abs(frame.minX - expected.minX) < 1e-9 && abs(frame.minY - expected.minY) < 1e-9)
        #expect(abs(frame.width - expected.width) < 1e-9 && abs(frame.height - expected.height) < 1e-9)
    }

    @Test func autoresizingCanBeTurnedOff() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        parent.autoresizesSubviews = false
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        child.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        parent.addSubview(child)
        parent.bounds.size = CGSize(width: 300, height: 300)
        #expect(child.frame.size == CGSize(width: 100, height: 100))
    }

    @Test func sizeToFitUsesSizeThatFitsAndKeepsTheOrigin() {
        final class FixedSizeView: UIView {
            override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: 42, height: 17) }
        }
        let view = FixedSizeView(frame: CGRect(x: 5, y: 6, width: 100, height: 100))
        view.sizeToFit()
        #expect(view.frame == CGRect(x: 5, y: 6, width: 42, height: 17))
        let plain = UIView(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(plain.sizeThatFits(CGSize(width: 100, height: 100)) == CGSize(width: 3, height: 4))
        #expect(plain.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
    }

    @Test func layoutMarginsDefaultToEightAndMarkLayout() {
        let view = LayoutCountingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(view.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        view.layoutIfNeeded()
        view.layoutMargins = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        view.layoutIfNeeded()
        #expect(view.passes == 2)
        #expect(view.bounds.inset(by: view.layoutMargins) == CGRect(x: 2, y: 1, width: 94, height: 96))
    }
}
