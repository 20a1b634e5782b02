import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// Records what a scroll view tells its delegate, runs of `didScroll` folded into one line.
@MainActor
final class ScrollDelegateLog: UIScrollViewDelegate {
    var events: [String] = []
    var scrolledOffsets: [CGPoint] = []
    /// What `scrollViewWillEndDragging` was given, and the offset then.
    var endVelocity: CGPoint?
    var proposedTarget: CGPoint?
    var offsetAtEndOfDrag: CGPoint?
    /// A target the delegate puts in place of the proposed one.
    var replacementTarget: CGPoint?
    /// The view `viewForZooming(in:)` answers.
    var zoomView: UIView?
    var zoomScales: [CGFloat] = []

    private func note(_ line: String) {
        if line == "didScroll" && events.last == "didScroll" { return }
        if line == "didZoom" && events.last == "didZoom" { return }
        events.append(line)
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        scrolledOffsets.append(scrollView.contentOffset)
        note("didScroll")
    }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { note("willBeginDragging") }
    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        endVelocity = velocity
        proposedTarget = targetContentOffset.pointee
        offsetAtEndOfDrag = scrollView.contentOffset
        if let replacementTarget { targetContentOffset.pointee = replacementTarget }
        note("willEndDragging")
    }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        note("didEndDragging \(decelerate)")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { note("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { note("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { note("didEndScrollingAnimation") }
    func viewForZooming(in scrollView: UIScrollView) -> UIView? { zoomView }
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) { note("willBeginZooming") }
    func scrollViewDidZoom(_ scrollView: UIScrollView) {
        zoomScales.append(scrollView.zoomScale)
        note("didZoom")
    }
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
        note("didEndZooming \(scale)")
    }
}

/// A 400x300 scroll view filling the window of a fresh event scene (manual clock at 60 Hz),
/// with a delegate log, and input helpers that move the clock to each event's time first, so
/// that input timestamps and the media clock agree as on a panel.
@MainActor
struct ScrollScene {
    let scene: EventScene
    let scrollView: UIScrollView
    let log = ScrollDelegateLog()

    init(
        contentSize: CGSize, scrollView: UIScrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
    ) {
        scene = EventScene()
        self.scrollView = scrollView
        scrollView.contentSize = contentSize
        scrollView.delegate = log
        scene.window.addSubview(scrollView)
        // Let the first frame go out, so later frames come at vblanks.
        scene.clock.advance(by: 0.05)
    }

    var clock: ManualClock { scene.clock }
    var now: Double { scene.clock.now }

    private func reach(_ time: Double) {
        if time > clock.now { clock.advance(to: time) }
    }

    func down(_ finger: Int = 0, at point: CGPoint, time: Double) {
        reach(time)
        scene.input.down(finger, at: point, time: time)
    }

    func move(_ finger: Int = 0, to point: CGPoint, time: Double) {
        reach(time)
        scene.input.move(finger, to: point, time: time)
    }

    func up(_ finger: Int = 0, time: Double) {
        reach(time)
        scene.input.up(finger, time: time)
    }

    /// Runs frames for `seconds`.
    func run(_ seconds: Double) {
        clock.advance(by: seconds)
    }

    /// A drag from `start` through `points`, one every 1/60 s from `time`; returns the time of
    /// the last move.
    @discardableResult
    func drag(from start: CGPoint, through points: [CGPoint], time: Double) -> Double {
        down(at: start, time: time)
        var t = time
        for point in points {
            t += 1.0 / 60
            move(to: point, time: t)
        }
        return t
    }

    /// Points from `start` stepping by `step` `count` times.
    static func steps(from start: CGPoint, by step: CGPoint, count: Int) -> [CGPoint] {
        (1...count).map { CGPoint(x: start.x + step.x * CGFloat($0), y: start.y + step.y * CGFloat($0)) }
    }
}

/// UIKit's rubber band, written out independently for the tests.
func expectedRubberBand(_ overshoot: CGFloat, dimension: CGFloat) -> CGFloat {
    (1 - 1 / (overshoot * 0.55 / dimension + 1)) * dimension
}

func near(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-6) -> Bool { abs(a - b) <= tolerance }
