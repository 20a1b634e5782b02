import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// Zooming: by program and by pinch, bouncing back inside the limits.
@MainActor @Suite(.serialized) struct ScrollViewZoomTests {
    private func zoomScene() -> (ScrollScene, UIView) {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 300))
        let picture = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        s.scrollView.addSubview(picture)
        s.log.zoomView = picture
        s.scrollView.minimumZoomScale = 0.5
        s.scrollView.maximumZoomScale = 3
        return (s, picture)
    }

    @Test func aPinchRecognizerExistsOnlyWhenZoomingIsPossible() {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 300))
        #expect(s.scrollView.pinchGestureRecognizer == nil)
        s.scrollView.maximumZoomScale = 2
        let pinch = s.scrollView.pinchGestureRecognizer
        #expect(pinch != nil && pinch?.view === s.scrollView)
        s.scrollView.maximumZoomScale = 1
        #expect(s.scrollView.pinchGestureRecognizer == nil)
    }

    @Test func setZoomScaleScalesTheViewAndTheContentSize() {
        let (s, picture) = zoomScene()
        s.scrollView.setZoomScale(2, animated: false)
        #expect(s.scrollView.zoomScale == 2)
        #expect(picture.transform == CGAffineTransform(scaleX: 2, y: 2))
        #expect(picture.frame == CGRect(x: 0, y: 0, width: 800, height: 600))
        #expect(s.scrollView.contentSize == CGSize(width: 800, height: 600))
        // About the middle of what was shown.
        #expect(s.scrollView.contentOffset == CGPoint(x: 200, y: 150))
        #expect(s.log.events == ["didZoom", "didScroll"])
        s.scrollView.zoomScale = 10
        #expect(s.scrollView.zoomScale == 3)  // kept within the limits
        s.scrollView.zoomScale = 0.1
        #expect(s.scrollView.zoomScale == 0.5 && s.scrollView.contentOffset == .zero)
    }

    @Test func animatedZoomsTellTheDelegateBeginAndEnd() {
        let (s, _) = zoomScene()
        s.scrollView.setZoomScale(2, animated: true)
        #expect(s.scrollView.zoomScale == 1)
        s.run(0.1)
        #expect(s.scrollView.zoomScale > 1 && s.scrollView.zoomScale < 2)
        s.run(0.5)
        #expect(s.scrollView.zoomScale == 2)
        #expect(s.log.events.first == "willBeginZooming")
        #expect(s.log.events.last == "didEndZooming 2.0")
        #expect(s.log.zoomScales.count > 3)
        // zoom(to:) fits the rectangle, within the limits, centred where it can be.
        s.scrollView.zoom(to: CGRect(x: 200, y: 150, width: 200, height: 150), animated: false)
        #expect(s.scrollView.zoomScale == 2)
        #expect(s.scrollView.contentOffset == CGPoint(x: 400, y: 300))
        s.scrollView.zoom(to: CGRect(x: 0, y: 0, width: 40, height: 30), animated: false)
        #expect(s.scrollView.zoomScale == 3)
        #expect(s.scrollView.contentOffset == .zero)
    }

    @Test func aPinchZoomsAboutTheFingersAndBouncesBackFromPastTheLimit() {
        let (s, picture) = zoomScene()
        s.scene.input.batch(time: 1) {
            s.scene.input.down(0, at: CGPoint(x: 150, y: 150), time: 1)
            s.scene.input.down(1, at: CGPoint(x: 250, y: 150), time: 1)
        }
        var t = 1.0
        for spread in stride(from: 60.0, through: 100, by: 10) {
            t += 1.0 / 60
            s.clock.advance(to: t)
            s.scene.input.batch(time: t) {
                s.scene.input.move(0, to: CGPoint(x: 200 - spread, y: 150), time: t)
                s.scene.input.move(1, to: CGPoint(x: 200 + spread, y: 150), time: t)
            }
        }
        #expect(s.scrollView.isZooming)
        // The fingers are twice as far apart: twice the scale, the middle still under them.
        #expect(near(s.scrollView.zoomScale, 2, 1e-9))
        #expect(near(picture.frame.width, 800, 1e-6))
        #expect(near(s.scrollView.contentOffset.x, 200, 1e-6) && near(s.scrollView.contentOffset.y, 150, 1e-6))
        #expect(s.log.events.first == "willBeginZooming")
        // On to four times: past the limit of 3, resisted.
        for spread in stride(from: 130.0, through: 190, by: 30) {
            t += 1.0 / 60
            s.clock.advance(to: t)
            s.scene.input.batch(time: t) {
                s.scene.input.move(0, to: CGPoint(x: 200 - spread, y: 150), time: t)
                s.scene.input.move(1, to: CGPoint(x: 200 + spread, y: 150), time: t)
            }
        }
        let past = s.scrollView.zoomScale
        #expect(past > 3 && past < 3.8)
        s.scene.input.batch(time: t + 0.02) {
            s.scene.input.up(0, time: t + 0.02)
            s.scene.input.up(1, time: t + 0.02)
        }
        #expect(!s.scrollView.isZooming && s.scrollView.isZoomBouncing)
        s.run(0.1)
        #expect(s.scrollView.zoomScale < past && s.scrollView.zoomScale > 3)
        s.run(1)
        #expect(s.scrollView.zoomScale == 3 && !s.scrollView.isZoomBouncing)
        #expect(s.scrollView.contentSize == CGSize(width: 1200, height: 900))
        #expect(s.log.events.last == "didEndZooming 3.0")
        let (minimum, maximum) = s.scrollView.contentOffsetLimits
        let offset = s.scrollView.contentOffset
        #expect(offset.x >= minimum.x && offset.x <= maximum.x && offset.y >= minimum.y && offset.y <= maximum.y)
    }

    @Test func withoutBouncesZoomThePinchStopsAtTheLimit() {
        let (s, _) = zoomScene()
        s.scrollView.bouncesZoom = false
        s.scene.input.batch(time: 1) {
            s.scene.input.down(0, at: CGPoint(x: 180, y: 150), time: 1)
            s.scene.input.down(1, at: CGPoint(x: 220, y: 150), time: 1)
        }
        var t = 1.0
        for spread in stride(from: 40.0, through: 190, by: 30) {
            t += 1.0 / 60
            s.clock.advance(to: t)
            s.scene.input.batch(time: t) {
                s.scene.input.move(0, to: CGPoint(x: 200 - spread, y: 150), time: t)
                s.scene.input.move(1, to: CGPoint(x: 200 + spread, y: 150), time: t)
            }
        }
        #expect(s.scrollView.zoomScale == 3)
        s.scene.input.batch(time: t + 0.02) {
            s.scene.input.up(0, time: t + 0.02)
            s.scene.input.up(1, time: t + 0.02)
        }
        #expect(!s.scrollView.isZoomBouncing)
    }
}
