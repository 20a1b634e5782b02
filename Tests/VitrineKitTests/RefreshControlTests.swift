import Foundation
import Testing
import VitrinePlatform
import VitrineTestSupport

@testable import VitrineKit

/// UIRefreshControl on scroll and table views, driven by synthetic touches through the
/// scroll view's pan on the manual clock.
@MainActor @Suite(.serialized) struct RefreshControlTests {
    /// A 400x300 scroll view with a refresh control logging its events.
    private func scene(contentHeight: CGFloat = 2000) -> (ScrollScene, UIRefreshControl, ControlEventLog) {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: contentHeight))
        let control = UIRefreshControl()
        s.scrollView.refreshControl = control
        return (s, control, ControlEventLog(control))
    }

    /// Pulls down from y 20 by `step` points a frame, `count` times, and returns the time.
    @discardableResult
    private func pull(_ s: ScrollScene, step: CGFloat, count: Int, time: Double = 1) -> Double {
        s.drag(
            from: CGPoint(x: 200, y: 20),
            through: ScrollScene.steps(from: CGPoint(x: 200, y: 20), by: CGPoint(x: 0, y: step), count: count),
            time: time)
    }

    @Test func theControlSitsBehindTheContentOfItsScrollView() {
        let (s, control, _) = scene()
        #expect(s.scrollView.refreshControl === control)
        #expect(control.superview === s.scrollView)
        #expect(s.scrollView.subviews.first === control)
        #expect(!control.isRefreshing)
        #expect(control.isHidden)  // nothing pulled: nothing shown
        // Another scroll view taking it takes it away from the first.
        let other = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        other.refreshControl = control
        #expect(s.scrollView.refreshControl == nil && control.superview === other)
        other.refreshControl = nil
        #expect(control.superview == nil)
    }

    @Test func pullingPastTheThresholdRefreshesOnceWhileTheFingerIsDown() {
        let (s, control, log) = scene()
        // 20 points a frame for 4 frames: the content shows about 30 points pulled.
        var t = pull(s, step: 20, count: 4)
        #expect(s.scrollView.contentOffset.y < 0)
        #expect(!control.isRefreshing && log.entries.isEmpty)
        #expect(!control.isHidden && control.frame.maxY == 0)
        // On to 280 points of finger: about 100 pulled, past the 60-point threshold.
        for step in 5...14 {
            t += 1.0 / 60
            s.move(to: CGPoint(x: 200, y: 20 + 20 * CGFloat(step)), time: t)
        }
        #expect(-s.scrollView.contentOffset.y > UIRefreshControl.pullThreshold)
        #expect(control.isRefreshing)
        #expect(log.entries == ["valueChanged"])
        // Under the finger the inset is not added yet (the content does not jump).
        #expect(s.scrollView.adjustedContentInset.top == 0)
        #expect(s.scrollView.contentInset.top == 0)
        // Still pulling: no second event.
        t += 1.0 / 60
        s.move(to: CGPoint(x: 200, y: 295), time: t)
        #expect(log.entries == ["valueChanged"])
        // Lifted after a pause: the inset is added and the content rests under the spinner.
        s.up(time: t + 0.3)
        #expect(s.scrollView.adjustedContentInset.top == UIRefreshControl.refreshingHeight)
        #expect(s.scrollView.contentInset.top == 0)
        s.run(2)
        #expect(s.scrollView.contentOffset.y == -60)
        #expect(control.frame == CGRect(x: 0, y: -60, width: 400, height: 60))
        #expect(!control.isHidden)
        // Ending: the inset goes and the content goes back to the top.
        control.endRefreshing()
        #expect(!control.isRefreshing)
        #expect(s.scrollView.adjustedContentInset.top == 0)
        s.run(1)
        #expect(s.scrollView.contentOffset.y == 0)
        #expect(log.entries == ["valueChanged"])
    }

    @Test func aShortPullSpringsBackWithoutRefreshing() {
        let (s, control, log) = scene()
        let t = pull(s, step: 15, count: 4)
        #expect(s.scrollView.contentOffset.y < 0)
        #expect(-s.scrollView.contentOffset.y < UIRefreshControl.pullThreshold)
        s.up(time: t + 0.3)
        s.run(2)
        #expect(s.scrollView.contentOffset.y == 0)
        #expect(!control.isRefreshing && log.entries.isEmpty)
        #expect(control.isHidden)
    }

    @Test func contentThatFitsCanStillBePulled() {
        let (s, control, log) = scene(contentHeight: 100)
        #expect(!s.scrollView.alwaysBounceVertical)
        let t = pull(s, step: 20, count: 14)
        #expect(control.isRefreshing && log.entries == ["valueChanged"])
        s.up(time: t + 0.3)
        s.run(2)
        #expect(s.scrollView.contentOffset.y == -60)
    }

    @Test func aDisabledControlDoesNotRefresh() {
        let (s, control, log) = scene()
        control.isEnabled = false
        let t = pull(s, step: 20, count: 14)
        s.up(time: t + 0.3)
        s.run(2)
        #expect(!control.isRefreshing && log.entries.isEmpty)
        #expect(s.scrollView.contentOffset.y == 0)
    }

    @Test func oneRefreshPerDragEvenWhenEndedUnderTheFinger() {
        let (s, control, log) = scene()
        var t = pull(s, step: 20, count: 14)
        #expect(log.entries == ["valueChanged"])
        control.endRefreshing()
        t += 1.0 / 60
        s.move(to: CGPoint(x: 200, y: 298), time: t)
        #expect(!control.isRefreshing && log.entries == ["valueChanged"])
        s.up(time: t + 0.3)
        s.run(2)
        #expect(s.scrollView.contentOffset.y == 0)
        // The next drag may refresh again.
        pull(s, step: 20, count: 14, time: s.now + 0.5)
        #expect(control.isRefreshing && log.entries == ["valueChanged", "valueChanged"])
    }

    @Test func beginRefreshingInCodeSendsNothingAndDoesNotScroll() {
        let (s, control, log) = scene()
        control.beginRefreshing()
        #expect(control.isRefreshing)
        #expect(log.entries.isEmpty)
        #expect(s.scrollView.adjustedContentInset.top == 60)
        #expect(s.scrollView.contentOffset.y == 0)
        #expect(s.scrollView.contentOffsetLimits.minimum.y == -60)
        #expect(control.spinner.isAnimating)
        // Scrolled to show it, the content rests below it; ending takes it back.
        s.scrollView.setContentOffset(CGPoint(x: 0, y: -60), animated: false)
        control.endRefreshing()
        #expect(!control.spinner.isAnimating)
        #expect(s.scrollView.adjustedContentInset.top == 0)
        s.run(1)
        #expect(s.scrollView.contentOffset.y == 0)
        // Ending twice, or beginning twice, changes nothing more.
        control.endRefreshing()
        control.beginRefreshing()
        control.beginRefreshing()
        #expect(s.scrollView.adjustedContentInset.top == 60)
    }

    @Test func theRefreshInsetAddsToTheContentInset() {
        let (s, control, _) = scene()
        s.scrollView.contentInset = UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        control.beginRefreshing()
        #expect(s.scrollView.adjustedContentInset.top == 70)
        #expect(s.scrollView.contentInset.top == 10)
        control.endRefreshing()
        #expect(s.scrollView.adjustedContentInset.top == 10)
    }

    @Test func aTableViewInheritsTheProperty() {
        let scene = EventScene()
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 400, height: 300), style: .plain)
        scene.window.addSubview(table)
        let control = UIRefreshControl()
        table.refreshControl = control
        #expect(control.superview === table)
        control.beginRefreshing()
        #expect(table.adjustedContentInset.top == 60)
        control.endRefreshing()
        #expect(table.adjustedContentInset.top == 0)
    }

    @Test func tintAndTitle() {
        let control = UIRefreshControl()
        #expect(control.tintColor == UIColor.secondaryLabel)
        #expect(control.spinner.color == UIColor.secondaryLabel)
        control.tintColor = .red
        #expect(control.tintColor == .red)
        #expect(control.spinner.color == .red)
        control.attributedTitle = NSAttributedString(string: "Updating")
        #expect(control.attributedTitle?.string == "Updating")
        let label = control.subviews.compactMap { $0 as? UILabel }.first
        #expect(label?.text == "Updating")
        #expect(label?.isHidden == false)
        #expect(label?.textColor == .red)
        control.attributedTitle = nil
        #expect(label?.isHidden == true)
    }

    @Test func snapshotRefreshingWithTitle() throws {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 240, height: 140))
        scrollView.backgroundColor = .white
        scrollView.contentSize = CGSize(width: 240, height: 600)
        for row in 0..<6 {
            let label = UILabel(frame: CGRect(x: 12, y: CGFloat(row) * 40, width: 216, height: 40))
            label.text = "Row \(row + 1)"
            scrollView.addSubview(label)
        }
        let control = UIRefreshControl()
        control.tintColor = UIColor(red: 0.1, green: 0.4, blue: 0.8, alpha: 1)
        control.attributedTitle = NSAttributedString(string: "Updating the menu")
        scrollView.refreshControl = control
        control.beginRefreshing()
        scrollView.setContentOffset(CGPoint(x: 0, y: -60), animated: false)
        try assertSnapshot(
            of: renderAlone(scrollView, width: 240, height: 140), named: "refresh-control-refreshing-title")
    }
}
