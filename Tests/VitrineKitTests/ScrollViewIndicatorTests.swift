import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// Scroll indicators: UIKit's thin rounded bars, shown while scrolling and faded after.
@MainActor @Suite(.serialized) struct ScrollViewIndicatorTests {
    @Test func theyAppearWhileDraggingAndFadeAfter() throws {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 2000))
        #expect(s.scrollView.subviews.isEmpty)  // made when first needed
        s.down(at: CGPoint(x: 200, y: 250), time: 1)
        s.move(to: CGPoint(x: 200, y: 238), time: 1.02)
        s.move(to: CGPoint(x: 200, y: 150), time: 1.04)
        let bar = try #require(s.scrollView.verticalScrollIndicator)
        #expect(bar.alpha == 1 && bar.superview === s.scrollView)
        #expect(s.scrollView.horizontalScrollIndicator == nil)  // nothing to scroll across
        #expect(bar.layer.cornerRadius == 1.5 && !bar.isUserInteractionEnabled)
        // 3 points wide, 3 points from the right edge, as long as the visible share of the
        // 294-point track (6 points of margins), where the offset is along it; in content
        // coordinates, so it stays in place on screen.
        let offset = s.scrollView.contentOffset.y
        let length = 294 * 300.0 / 2000
        let start = 3 + offset / 1700 * (294 - length)
        #expect(near(bar.frame.minX, 394, 1e-9) && bar.frame.width == 3)
        #expect(near(bar.frame.height, length, 1e-9))
        #expect(near(bar.frame.minY, offset + start, 1e-9))
        // Content added while scrolling stays under it.
        s.scrollView.addSubview(UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400)))
        #expect(s.scrollView.subviews.last === bar)
        s.up(time: 1.5)
        s.run(0.4)
        #expect(bar.alpha == 1)
        s.run(0.2)  // the fade begins half a second after scrolling stopped
        #expect(bar.alpha == 0)
        #expect(bar.layer.animationKeys()?.isEmpty == false)
        s.run(0.5)
        #expect(bar.layer.animationKeys()?.isEmpty ?? true)
    }

    @Test func theyShrinkWhileRubberBandingAndFollowTheInsets() throws {
        let s = ScrollScene(contentSize: CGSize(width: 1200, height: 2000))
        s.scrollView.verticalScrollIndicatorInsets = UIEdgeInsets(top: 20, left: 0, bottom: 10, right: 5)
        s.drag(from: CGPoint(x: 200, y: 50), through: [CGPoint(x: 190, y: 60), CGPoint(x: 150, y: 90)], time: 1)
        let vertical = try #require(s.scrollView.verticalScrollIndicator)
        let horizontal = try #require(s.scrollView.horizontalScrollIndicator)
        #expect(s.scrollView.contentOffset.y < 0)
        let overshoot = -s.scrollView.contentOffset.y
        // Track: from 20 + 3 to 300 - 10 - 3, less the corner the horizontal bar takes.
        let track = (300.0 - 10 - 3 - 6) - 23
        let full = max(36, track * 300 / 2000)
        #expect(near(vertical.frame.height, full - overshoot, 1e-9))
        #expect(near(vertical.frame.minY, s.scrollView.contentOffset.y + 23, 1e-9))  // pinned to the top
        #expect(near(vertical.frame.maxX, s.scrollView.contentOffset.x + 400 - 5 - 3, 1e-9))
        #expect(horizontal.alpha == 1 && horizontal.frame.height == 3)
        #expect(near(horizontal.frame.maxY, s.scrollView.contentOffset.y + 300 - 3, 1e-9))
        s.up(time: 2)
    }

    @Test func flashingShowsThemAndHiddenOnesStayHidden() throws {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 2000))
        s.scrollView.flashScrollIndicators()
        let bar = try #require(s.scrollView.verticalScrollIndicator)
        #expect(bar.alpha == 1)
        s.run(1)
        #expect(bar.alpha == 0)
        s.scrollView.showsVerticalScrollIndicator = false
        s.scrollView.flashScrollIndicators()
        #expect(bar.alpha == 0)
        s.drag(from: CGPoint(x: 200, y: 250), through: [CGPoint(x: 200, y: 238), CGPoint(x: 200, y: 150)], time: 3)
        #expect(bar.alpha == 0)
    }

    @Test func theyShowDuringAnimatedScrollsAndTheStyleColoursThem() throws {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 2000))
        s.scrollView.indicatorStyle = .white
        s.scrollView.setContentOffset(CGPoint(x: 0, y: 500), animated: true)
        let bar = try #require(s.scrollView.verticalScrollIndicator)
        #expect(bar.alpha == 1)
        #expect(bar.backgroundColor == UIColor(white: 1, alpha: 0.5))
        s.run(0.6)
        #expect(bar.alpha == 1)
        s.run(0.5)
        #expect(bar.alpha == 0)
    }
}

/// The indicators as pixels: drawn over the content.
@MainActor @Suite(.serialized) struct ScrollViewIndicatorPixelTests {
    @Test func theBarIsDrawnOverTheContent() throws {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 2000))
        let content = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 2000))
        content.backgroundColor = .red
        s.scrollView.addSubview(content)
        s.drag(from: CGPoint(x: 200, y: 250), through: [CGPoint(x: 200, y: 238), CGPoint(x: 200, y: 100)], time: 1)
        s.run(0.1)
        let bar = try #require(s.scrollView.verticalScrollIndicator)
        let output = try #require(s.scene.backend.outputs.first as? HeadlessOutput)
        let shot = try #require(output.screenshot())
        let y = Int(bar.frame.midY - s.scrollView.contentOffset.y)
        // Black at 35% over red, in the bar's middle column; plain red beside it.
        let shaded = shot.rgb(395, y)
        #expect(shaded.red > 155 && shaded.red < 175 && shaded.green == 0 && shaded.blue == 0)
        #expect(shot.rgb(390, y) == .red)
        #expect(shot.rgb(395, y + Int(bar.frame.height)) == .red)
        s.up(time: s.now + 0.01)
    }
}
