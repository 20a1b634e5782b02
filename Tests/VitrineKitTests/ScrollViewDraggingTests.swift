import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// Dragging, deceleration, bouncing, paging and animated scrolling, driven by synthetic
/// touches on the manual clock.
@MainActor @Suite(.serialized) struct ScrollViewDraggingTests {
    @Test func theContentFollowsTheFingerExactly() {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 2000))
        #expect(s.scrollView.panGestureRecognizer.view === s.scrollView)
        #expect(s.scrollView.pinchGestureRecognizer == nil)
        s.down(at: CGPoint(x: 200, y: 250), time: 1)
        #expect(s.scrollView.isTracking && !s.scrollView.isDragging)
        s.move(to: CGPoint(x: 200, y: 244), time: 1.016)
        #expect(s.scrollView.contentOffset == .zero)  // under the pan's 10 points
        var t = 1.016
        for y in [238.0, 200, 123.5, 180, 60] {
            t += 0.016
            s.move(to: CGPoint(x: 203, y: y), time: t)
            // The point touched stays under the finger (on the screen's pixel grid, as UIKit
            // puts a drag's offsets): no lag, no scaling; x cannot scroll.
            #expect(s.scrollView.contentOffset == CGPoint(x: 0, y: (250 - y).rounded()))
            #expect(s.scrollView.isDragging && s.scrollView.isTracking)
        }
        // A pause before lifting: no velocity, so no deceleration.
        s.up(time: t + 0.3)
        #expect(s.scrollView.contentOffset == CGPoint(x: 0, y: 190))
        #expect(!s.scrollView.isDragging && !s.scrollView.isTracking && !s.scrollView.isDecelerating)
        #expect(s.log.events == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging false"])
        #expect(s.log.endVelocity == .zero)
    }

    @Test func aFlingDeceleratesToTheProjectedOffsetInUIKitsOrder() {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 20000))
        // 20 points up every 1/60 s: 1200 points per second.
        let last = s.drag(
            from: CGPoint(x: 200, y: 280),
            through: ScrollScene.steps(from: CGPoint(x: 200, y: 280), by: CGPoint(x: 0, y: -20), count: 8),
            time: 1)
        s.up(time: last + 0.004)
        let velocity = try! #require(s.log.endVelocity)
        let offset = try! #require(s.log.offsetAtEndOfDrag)
        #expect(velocity.x == 0)
        #expect(velocity.y > 1.0 && velocity.y < 1.3)  // points per millisecond, with the content
        // UIKit's projection: offset + v·r/(1 − r) with v in points per millisecond.
        // On the pixel grid (1x here), as the offsets of a deceleration are.
        let projected = (offset.y + velocity.y * 0.998 / (1 - 0.998)).rounded()
        #expect(near(s.log.proposedTarget?.y ?? 0, projected, 1e-6))
        #expect(s.scrollView.isDecelerating && !s.scrollView.isDragging)
        s.run(0.2)
        let early = s.scrollView.contentOffset.y
        #expect(early > offset.y && early < projected)
        s.run(0.5)
        #expect(s.scrollView.contentOffset.y > early)
        s.run(8)
        #expect(near(s.scrollView.contentOffset.y, projected, 1e-9))
        #expect(!s.scrollView.isDecelerating)
        #expect(
            s.log.events == [
                "willBeginDragging", "didScroll", "willEndDragging", "didEndDragging true", "willBeginDecelerating",
                "didScroll", "didEndDecelerating",
            ])
        // The offsets never went back: a deceleration, not a spring.
        let ys = s.log.scrolledOffsets.map(\.y)
        #expect(zip(ys, ys.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func theFastRateStopsSooner() {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 20000))
        s.scrollView.decelerationRate = .fast
        let last = s.drag(
            from: CGPoint(x: 200, y: 280),
            through: ScrollScene.steps(from: CGPoint(x: 200, y: 280), by: CGPoint(x: 0, y: -20), count: 8),
            time: 1)
        s.up(time: last + 0.004)
        let velocity = try! #require(s.log.endVelocity)
        let offset = try! #require(s.log.offsetAtEndOfDrag)
        let projected = (offset.y + velocity.y * 0.99 / (1 - 0.99)).rounded()
        #expect(near(s.log.proposedTarget?.y ?? 0, projected, 1e-6))
        s.run(3)
        #expect(near(s.scrollView.contentOffset.y, projected, 1e-9))
    }

    @Test func theDelegatesTargetIsWhereTheContentStops() {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 20000))
        s.log.replacementTarget = CGPoint(x: 0, y: 777)
        let last = s.drag(
            from: CGPoint(x: 200, y: 280),
            through: ScrollScene.steps(from: CGPoint(x: 200, y: 280), by: CGPoint(x: 0, y: -20), count: 8),
            time: 1)
        s.up(time: last + 0.004)
        #expect(s.log.proposedTarget?.y != 777)
        s.run(0.3)
        let midway = s.scrollView.contentOffset.y
        #expect(midway > 150 && midway < 777)
        s.run(8)
        #expect(s.scrollView.contentOffset == CGPoint(x: 0, y: 777))
        #expect(s.log.events.last == "didEndDecelerating")
        // A target beyond the content is brought back inside it.
        let t = s.now + 1
        s.log.replacementTarget = CGPoint(x: 0, y: 50_000)
        let end = s.drag(
            from: CGPoint(x: 200, y: 280),
            through: ScrollScene.steps(from: CGPoint(x: 200, y: 280), by: CGPoint(x: 0, y: -20), count: 4),
            time: t)
        s.up(time: end + 0.004)
        s.run(10)
        #expect(s.scrollView.contentOffset == CGPoint(x: 0, y: 19700))
    }

    @Test func pastAnEdgeTheDragRubberBandsAndSpringsBack() {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 2000))
        s.down(at: CGPoint(x: 200, y: 50), time: 1)
        s.move(to: CGPoint(x: 200, y: 70), time: 1.02)
        s.move(to: CGPoint(x: 200, y: 150), time: 1.04)
        // 100 points of finger past the top show as UIKit's rubber band of them.
        let banded = expectedRubberBand(100, dimension: 300)
        #expect(s.scrollView.contentOffset.y == (-banded).rounded())
        #expect(banded < 100 && banded > 40)
        s.move(to: CGPoint(x: 200, y: 290), time: 1.06)
        #expect(s.scrollView.contentOffset.y == (-expectedRubberBand(240, dimension: 300)).rounded())
        // Back toward the edge and over it: inside the limits it is 1:1 again.
        s.move(to: CGPoint(x: 200, y: 20), time: 1.08)
        #expect(s.scrollView.contentOffset.y == 30)
        s.move(to: CGPoint(x: 200, y: 250), time: 1.10)
        let shown = s.scrollView.contentOffset.y
        #expect(shown == (-expectedRubberBand(200, dimension: 300)).rounded())
        // Held still, then released: the spring brings it back without passing the edge.
        s.up(time: 1.5)
        #expect(s.log.events.suffix(3) == ["willEndDragging", "didEndDragging true", "willBeginDecelerating"])
        #expect(s.log.proposedTarget == .zero)
        s.run(0.1)
        let returning = s.scrollView.contentOffset.y
        #expect(returning > shown && returning < 0)
        s.run(2)
        #expect(s.scrollView.contentOffset == .zero)
        #expect(s.log.events.last == "didEndDecelerating")
        let after = s.log.scrolledOffsets.drop { $0.y != shown }.map(\.y)
        #expect(after.allSatisfy { $0 <= 0 })
        #expect(zip(after, after.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func flungBackInFromPastTheEdgeItDeceleratesToTheProjection() {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 5000))
        // Pull down past the top, then fling up without lifting.
        var points = [CGPoint(x: 200, y: 60), CGPoint(x: 200, y: 200)]
        points += ScrollScene.steps(from: CGPoint(x: 200, y: 200), by: CGPoint(x: 0, y: -10), count: 8)
        let last = s.drag(from: CGPoint(x: 200, y: 50), through: points, time: 1)
        s.up(time: last + 0.004)
        let offset = try! #require(s.log.offsetAtEndOfDrag)
        let velocity = try! #require(s.log.endVelocity)
        #expect(offset.y < 0 && velocity.y > 0.5)
        let target = try! #require(s.log.proposedTarget)
        #expect(near(target.y, (offset.y + velocity.y * 499).rounded(), 1e-6))
        s.run(8)
        #expect(near(s.scrollView.contentOffset.y, target.y, 1e-9))
    }

    @Test func aFlingIntoTheEdgeBouncesOffIt() {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 600))
        s.scrollView.contentOffset = CGPoint(x: 0, y: 250)
        let last = s.drag(
            from: CGPoint(x: 200, y: 280),
            through: ScrollScene.steps(from: CGPoint(x: 200, y: 280), by: CGPoint(x: 0, y: -15), count: 6),
            time: 1)
        s.up(time: last + 0.004)
        #expect(s.log.proposedTarget?.y == 300)  // the projection, kept within the content
        var deepest: CGFloat = 0
        for _ in 0..<120 {
            s.run(1.0 / 60)
            deepest = max(deepest, s.scrollView.contentOffset.y)
        }
        #expect(deepest > 300)  // it went past the end
        s.run(2)
        #expect(s.scrollView.contentOffset.y == 300)
        #expect(!s.scrollView.isDecelerating)
    }

    @Test func withoutBouncesTheEdgesHold() {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 2000))
        s.scrollView.bounces = false
        s.drag(from: CGPoint(x: 200, y: 50), through: [CGPoint(x: 200, y: 70), CGPoint(x: 200, y: 200)], time: 1)
        #expect(s.scrollView.contentOffset == .zero)
        s.up(time: 2)
        #expect(s.log.events.last == "didEndDragging false")
    }

    @Test func contentThatFitsScrollsOnlyWithAlwaysBounce() {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 200))
        s.drag(from: CGPoint(x: 200, y: 50), through: [CGPoint(x: 200, y: 70), CGPoint(x: 200, y: 150)], time: 1)
        #expect(s.scrollView.contentOffset == .zero)
        #expect(s.log.events.isEmpty)
        s.up(time: 1.2)
        s.scrollView.alwaysBounceVertical = true
        s.drag(from: CGPoint(x: 200, y: 50), through: [CGPoint(x: 200, y: 70), CGPoint(x: 200, y: 150)], time: 2)
        #expect(s.scrollView.contentOffset.y == (-expectedRubberBand(100, dimension: 300)).rounded())
        s.up(time: 2.5)
        s.run(2)
        #expect(s.scrollView.contentOffset == .zero)
    }

    @Test func scrollEnabledTurnsThePanOff() {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 2000))
        s.scrollView.isScrollEnabled = false
        #expect(!s.scrollView.panGestureRecognizer.isEnabled)
        s.drag(from: CGPoint(x: 200, y: 250), through: [CGPoint(x: 200, y: 200), CGPoint(x: 200, y: 100)], time: 1)
        #expect(s.scrollView.contentOffset == .zero)
        s.up(time: 1.2)
        s.scrollView.isScrollEnabled = true
        s.drag(from: CGPoint(x: 200, y: 250), through: [CGPoint(x: 200, y: 200), CGPoint(x: 200, y: 100)], time: 2)
        #expect(s.scrollView.contentOffset.y == 150)
    }

    @Test func directionalLockKeepsADragOnItsAxis() {
        let s = ScrollScene(contentSize: CGSize(width: 2000, height: 2000))
        s.scrollView.isDirectionalLockEnabled = true
        s.drag(
            from: CGPoint(x: 300, y: 250),
            through: [CGPoint(x: 288, y: 248), CGPoint(x: 250, y: 230), CGPoint(x: 200, y: 200)],
            time: 1)
        #expect(s.scrollView.contentOffset == CGPoint(x: 100, y: 0))
        s.up(time: 1.5)
        // A diagonal start moves freely.
        s.scrollView.contentOffset = CGPoint(x: 500, y: 500)
        s.drag(
            from: CGPoint(x: 300, y: 250), through: [CGPoint(x: 290, y: 240), CGPoint(x: 200, y: 150)], time: 2)
        #expect(s.scrollView.contentOffset == CGPoint(x: 600, y: 600))
        s.up(time: 2.5)
        // Without the lock, the first movement does not matter.
        s.scrollView.isDirectionalLockEnabled = false
        s.scrollView.contentOffset = CGPoint(x: 500, y: 500)
        s.drag(
            from: CGPoint(x: 300, y: 250), through: [CGPoint(x: 288, y: 250), CGPoint(x: 200, y: 200)], time: 3)
        #expect(s.scrollView.contentOffset == CGPoint(x: 600, y: 550))
    }

    @Test func pagingSettlesOnPagesAndAFlickTurnsOne() {
        let s = ScrollScene(contentSize: CGSize(width: 1600, height: 300))
        s.scrollView.isPagingEnabled = true
        // 150 points slowly (under half a page): back to the first page.
        s.drag(from: CGPoint(x: 300, y: 150), through: [CGPoint(x: 290, y: 150), CGPoint(x: 150, y: 150)], time: 1)
        s.up(time: 1.5)
        #expect(s.log.proposedTarget == .zero)
        s.run(2)
        #expect(s.scrollView.contentOffset == .zero)
        // 250 points slowly: the next page.
        s.drag(from: CGPoint(x: 300, y: 150), through: [CGPoint(x: 290, y: 150), CGPoint(x: 50, y: 150)], time: 4)
        s.up(time: 4.5)
        #expect(s.log.proposedTarget == CGPoint(x: 400, y: 0))
        s.run(2)
        #expect(s.scrollView.contentOffset == CGPoint(x: 400, y: 0))
        #expect(s.log.events.last == "didEndDecelerating")
        // A quick flick of 60 points: the next page too.
        let last = s.drag(
            from: CGPoint(x: 300, y: 150),
            through: ScrollScene.steps(from: CGPoint(x: 300, y: 150), by: CGPoint(x: -20, y: 0), count: 3),
            time: 7)
        s.up(time: last + 0.004)
        #expect(s.log.proposedTarget == CGPoint(x: 800, y: 0))
        s.run(2)
        #expect(s.scrollView.contentOffset == CGPoint(x: 800, y: 0))
        // However fast, one page at a time.
        let fast = s.drag(
            from: CGPoint(x: 390, y: 150),
            through: ScrollScene.steps(from: CGPoint(x: 390, y: 150), by: CGPoint(x: -60, y: 0), count: 6),
            time: 10)
        s.up(time: fast + 0.004)
        s.run(2)
        #expect(s.scrollView.contentOffset == CGPoint(x: 1200, y: 0))
    }

    @Test func aTouchStopsTheDeceleration() {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 20000))
        let last = s.drag(
            from: CGPoint(x: 200, y: 280),
            through: ScrollScene.steps(from: CGPoint(x: 200, y: 280), by: CGPoint(x: 0, y: -20), count: 8),
            time: 1)
        s.up(time: last + 0.004)
        s.run(0.3)
        #expect(s.scrollView.isDecelerating)
        s.down(at: CGPoint(x: 100, y: 100), time: s.now)
        let stopped = s.scrollView.contentOffset
        #expect(!s.scrollView.isDecelerating && s.scrollView.isTracking)
        s.run(1)
        #expect(s.scrollView.contentOffset == stopped)
        s.up(time: s.now + 0.05)
        s.run(1)
        #expect(s.scrollView.contentOffset == stopped)
        #expect(!s.log.events.contains("didEndDecelerating"))
    }

    @Test func animatedSetContentOffsetEasesOutAndTellsTheDelegate() {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 2000))
        s.scrollView.setContentOffset(CGPoint(x: 0, y: 600), animated: true)
        #expect(s.scrollView.contentOffset == .zero)
        s.run(0.1)
        let early = s.scrollView.contentOffset.y
        // Easing out: well past a third of the way after a third of the time.
        #expect(early > 200 && early < 600)
        s.run(0.5)
        #expect(s.scrollView.contentOffset.y == 600)
        #expect(s.log.events == ["didScroll", "didEndScrollingAnimation"])
        #expect(s.log.scrolledOffsets.count > 5)
        // scrollRectToVisible animates the same way.
        s.scrollView.scrollRectToVisible(CGRect(x: 0, y: 1500, width: 10, height: 100), animated: true)
        s.run(1)
        #expect(s.scrollView.contentOffset.y == 1300)
        #expect(s.log.events.suffix(2) == ["didScroll", "didEndScrollingAnimation"])
        // Without animation: at once, no end-of-animation call.
        s.scrollView.setContentOffset(CGPoint(x: 0, y: 10), animated: false)
        #expect(s.scrollView.contentOffset.y == 10)
        #expect(s.log.events.filter { $0 == "didEndScrollingAnimation" }.count == 2)
    }

    @Test func stopScrollingAndZoomingStopsWhereItIsOrAtTheEdge() {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 2000))
        s.scrollView.setContentOffset(CGPoint(x: 0, y: 600), animated: true)
        s.run(0.1)
        #expect(s.scrollView.isScrollAnimating)
        let shown = s.scrollView.contentOffset
        s.scrollView.stopScrollingAndZooming()
        #expect(!s.scrollView.isScrollAnimating)
        s.run(1)
        #expect(s.scrollView.contentOffset == shown)
        #expect(!s.log.events.contains("didEndScrollingAnimation"))
        // Springing back from past the top: it goes to the edge.
        s.scrollView.contentOffset = .zero
        s.drag(from: CGPoint(x: 200, y: 50), through: [CGPoint(x: 200, y: 70), CGPoint(x: 200, y: 250)], time: 3)
        s.up(time: 3.5)
        #expect(s.scrollView.isDecelerating)
        s.scrollView.contentOffset.y = -50
        s.scrollView.stopScrollingAndZooming()
        #expect(s.scrollView.contentOffset == .zero && !s.scrollView.isDecelerating)
    }

    @Test func aScrollViewLeavingItsWindowStopsMovingAndLetsTheScreenIdle() {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 2000))
        s.scrollView.setContentOffset(CGPoint(x: 0, y: 600), animated: true)
        s.run(0.1)
        #expect(s.scrollView.motionLink != nil)
        s.scrollView.removeFromSuperview()
        #expect(!s.scrollView.isScrollAnimating && s.scrollView.motionLink == nil)
        s.run(0.5)
        // Nothing asks for frames any more.
        #expect(UIScreen.main.frameLoop.needsVblanks == false)
    }

    @Test func aTapDuringTheSpringBackLetsItFinishWhenTheFingerLifts() {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 2000))
        s.drag(from: CGPoint(x: 200, y: 50), through: [CGPoint(x: 200, y: 70), CGPoint(x: 200, y: 250)], time: 1)
        s.up(time: 1.5)
        s.run(0.05)
        #expect(s.scrollView.isDecelerating && s.scrollView.contentOffset.y < 0)
        s.down(at: CGPoint(x: 200, y: 150), time: s.now)
        let held = s.scrollView.contentOffset
        s.run(0.3)
        #expect(s.scrollView.contentOffset == held)  // held under the finger
        s.up(time: s.now)
        #expect(s.scrollView.isDecelerating)
        s.run(2)
        #expect(s.scrollView.contentOffset == .zero && !s.scrollView.isDecelerating)
        #expect(s.log.events.suffix(2) == ["didScroll", "didEndDecelerating"])
    }
}
