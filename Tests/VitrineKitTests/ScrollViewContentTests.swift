import Foundation
import Testing

@_spi(Service) @testable import VitrineKit

@MainActor final class ScrollRecorder: UIScrollViewDelegate {
    var events: [String] = []
    func scrollViewDidScroll(_ scrollView: UIScrollView) { events.append("didScroll \(scrollView.contentOffset)") }
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) { events.append("adjusted") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { events.append("endAnimation") }
}

/// UIScrollView's content model: the offset is the bounds' origin, insets and their limits.
@MainActor @Suite struct ScrollViewContentTests {
    @Test func theOffsetIsTheBoundsOriginAndTheDelegateHearsOfIt() {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 200))
        let recorder = ScrollRecorder()
        scrollView.delegate = recorder
        #expect(scrollView.clipsToBounds)
        scrollView.contentSize = CGSize(width: 100, height: 1000)
        scrollView.contentOffset = CGPoint(x: 0, y: 50)
        #expect(scrollView.bounds.origin == CGPoint(x: 0, y: 50))
        scrollView.bounds.origin.y = 70
        #expect(scrollView.contentOffset.y == 70)
        #expect(recorder.events == ["didScroll \(CGPoint(x: 0, y: 50))", "didScroll \(CGPoint(x: 0, y: 70))"])
        // A subview stays where it is in the content; the scroll view shows it 70 points up.
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 200))
        container.addSubview(scrollView)
        let row = UIView(frame: CGRect(x: 0, y: 100, width: 100, height: 20))
        scrollView.addSubview(row)
        #expect(row.frame.origin == CGPoint(x: 0, y: 100))
        #expect(row.convert(CGPoint.zero, to: container) == CGPoint(x: 0, y: 30))
    }

    @Test func scrollRectToVisibleScrollsTheLeastWithinTheLimits() {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 200))
        scrollView.contentSize = CGSize(width: 100, height: 1000)
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 500, width: 10, height: 50), animated: false)
        #expect(scrollView.contentOffset.y == 350)
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 400, width: 10, height: 50), animated: false)
        #expect(scrollView.contentOffset.y == 350)  // already visible
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 100, width: 10, height: 50), animated: false)
        #expect(scrollView.contentOffset.y == 100)
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 990, width: 10, height: 50), animated: false)
        #expect(scrollView.contentOffset.y == 800)  // the end of the content
        scrollView.contentInset = UIEdgeInsets(top: 10, left: 0, bottom: 30, right: 0)
        #expect(scrollView.contentOffsetLimits.minimum.y == -10)
        #expect(scrollView.contentOffsetLimits.maximum.y == 830)
    }

    @Test func adjustedInsetsTakeTheSafeAreaAsTheBehaviourSays() {
        let rig = HeadlessRig(width: 320, height: 240)
        let window = makeVisibleWindow(on: rig.screen, frame: rig.screen.bounds, color: .black)
        let scrollView = UIScrollView(frame: window.bounds)
        let recorder = ScrollRecorder()
        scrollView.delegate = recorder
        scrollView.contentSize = CGSize(width: 320, height: 1000)
        window.addSubview(scrollView)
        scrollView.contentInset = UIEdgeInsets(top: 4, left: 0, bottom: 0, right: 0)
        #expect(scrollView.adjustedContentInset == UIEdgeInsets(top: 4, left: 0, bottom: 0, right: 0))
        rig.screen.overscanInsets = UIEdgeInsets(top: 10, left: 12, bottom: 6, right: 12)
        // Vertical content: the top and bottom safe area join the insets, not the sides.
        #expect(scrollView.adjustedContentInset == UIEdgeInsets(top: 14, left: 0, bottom: 6, right: 0))
        #expect(recorder.events.filter { $0 == "adjusted" }.count == 2)
        scrollView.contentInsetAdjustmentBehavior = .always
        #expect(scrollView.adjustedContentInset == UIEdgeInsets(top: 14, left: 12, bottom: 6, right: 12))
        scrollView.contentInsetAdjustmentBehavior = .never
        #expect(scrollView.adjustedContentInset == UIEdgeInsets(top: 4, left: 0, bottom: 0, right: 0))
        rig.screen.overscanInsets = .zero
    }

    @Test func decelerationRatesAreUIKits() {
        #expect(UIScrollView.DecelerationRate.normal.rawValue == 0.998)
        #expect(UIScrollView.DecelerationRate.fast.rawValue == 0.99)
        let scrollView = UIScrollView()
        #expect(scrollView.decelerationRate == .normal)
        #expect(scrollView.delaysContentTouches && scrollView.canCancelContentTouches && scrollView.bounces)
    }

    @Test func constraintsToTheContentLayoutGuideGiveTheContentSize() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        let scrollView = UIScrollView(frame: root.bounds)
        root.addSubview(scrollView)
        let stack = UIStackView(arrangedSubviews: (0..<10).map { _ in StackBox(50, 100) })
        stack.axis = .vertical
        stack.translatesAutoresizingMaskIntoConstraints = false
        scrollView.addSubview(stack)
        let badge = UIView()
        badge.translatesAutoresizingMaskIntoConstraints = false
        scrollView.addSubview(badge)
        let content = scrollView.contentLayoutGuide
        let frame = scrollView.frameLayoutGuide
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: content.topAnchor),
            stack.bottomAnchor.constraint(equalTo: content.bottomAnchor),
            stack.leadingAnchor.constraint(equalTo: content.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: content.trailingAnchor),
            stack.widthAnchor.constraint(equalTo: frame.widthAnchor),
            badge.trailingAnchor.constraint(equalTo: frame.trailingAnchor, constant: -10),
            badge.topAnchor.constraint(equalTo: frame.topAnchor, constant: 10),
            badge.widthAnchor.constraint(equalToConstant: 20), badge.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        #expect(scrollView.contentSize == CGSize(width: 300, height: 1000))
        #expect(content.layoutFrame == CGRect(x: 0, y: 0, width: 300, height: 1000))
        #expect(badge.frame == CGRect(x: 270, y: 10, width: 20, height: 20))
        // Scrolled: the badge keeps its place on screen (it moves with the offset in content
        // coordinates); the stack does not move in the content.
        scrollView.contentOffset = CGPoint(x: 0, y: 250)
        root.layoutIfNeeded()
        #expect(badge.frame == CGRect(x: 270, y: 260, width: 20, height: 20))
        #expect(badge.convert(CGPoint.zero, to: root) == CGPoint(x: 270, y: 10))
        #expect(stack.frame.minY == 0)
        #expect(frame.layoutFrame == CGRect(x: 0, y: 250, width: 300, height: 400))
    }
}
