import Foundation
import Testing
import VitrineKit
import VitrineTestSupport

@MainActor @Suite struct ProgressViewTests {
    private static let blue = RGB(0, 122, 255)
    private static let lightGrey = RGB(229, 229, 234)

    @Test func progressStaysWithinZeroAndOne() {
        let view = UIProgressView(progressViewStyle: .default)
        #expect(view.progress == 0 && view.progressViewStyle == .default)
        #expect(view.frame.height == 4)
        #expect(view.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: 4))
        view.progress = 1.5
        #expect(view.progress == 1)
        view.setProgress(-0.5, animated: true)
        #expect(view.progress == 0)
        view.progress = 0.25
        #expect(view.progress == 0.25)
        view.progress = .nan
        #expect(view.progress == 0)
        view.progress = .infinity
        #expect(view.progress == 1)
        view.progress = -.infinity
        #expect(view.progress == 0)
        view.progress = 0.5
        #expect(view.isAccessibilityElement && view.accessibilityValue == "50%")
        #expect(view.accessibilityTraits.contains(.updatesFrequently))
        #expect(UIProgressView(progressViewStyle: .bar).progressViewStyle == .bar)
        #expect(UIProgressView.Style.bar.rawValue == 1)
    }

    @Test func theFillCoversTheShareDone() {
        let view = UIProgressView(frame: CGRect(x: 10, y: 10, width: 200, height: 4))
        view.progress = 0.5
        var image = renderAlone(view, width: 220, height: 24)
        #expect(image.rgb(60, 12).isClose(to: Self.blue, tolerance: 2))  // 25% along: done
        #expect(image.rgb(160, 12).isClose(to: Self.lightGrey, tolerance: 2))  // 75%: the track
        #expect(image.rgb(60, 16) == .white)  // below the 4-point bar
        view.progressTintColor = .red
        view.trackTintColor = .green
        image = renderAlone(view, width: 220, height: 24)
        #expect(image.rgb(60, 12) == .red && image.rgb(160, 12) == .green)
        // The bar style's track is clear by default.
        let bar = UIProgressView(progressViewStyle: .bar)
        bar.frame = CGRect(x: 10, y: 10, width: 200, height: 4)
        bar.progress = 0.5
        image = renderAlone(bar, width: 220, height: 24)
        #expect(image.rgb(60, 12).isClose(to: Self.blue, tolerance: 2) && image.rgb(160, 12) == .white)
    }

    @Test func anAnimatedChangeMovesTheFillOverFrames() throws {
        let scene = EventScene()
        scene.window.backgroundColor = .white
        let view = UIProgressView(frame: CGRect(x: 100, y: 100, width: 200, height: 4))
        scene.window.addSubview(view)
        scene.clock.advance(by: 0.05)
        view.setProgress(1, animated: true)
        #expect(view.progress == 1)  // the model changes at once
        scene.clock.advance(by: 1.0 / 60)
        var image = try scene.screenshot()
        #expect(image.rgb(290, 102).isClose(to: Self.lightGrey, tolerance: 2))  // not there yet
        scene.clock.advance(by: 0.5)
        image = try scene.screenshot()
        #expect(image.rgb(290, 102).isClose(to: Self.blue, tolerance: 2))
        // Without animation, at once.
        view.setProgress(0, animated: false)
        image = try scene.screenshot()
        #expect(image.rgb(110, 102).isClose(to: Self.lightGrey, tolerance: 2))
        // Set inside the caller's own UIView animation: it animates with it (1 s here).
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.progress = 1 })
        scene.clock.advance(by: 0.5)
        image = try scene.screenshot()
        #expect(image.rgb(150, 102).isClose(to: Self.blue, tolerance: 2))
        #expect(image.rgb(250, 102).isClose(to: Self.lightGrey, tolerance: 2))
        scene.clock.advance(by: 0.6)
        image = try scene.screenshot()
        #expect(image.rgb(290, 102).isClose(to: Self.blue, tolerance: 2))
    }

    @Test func snapshotDefaultAndBar() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 140, height: 40))
        root.backgroundColor = .white
        let standard = UIProgressView(progressViewStyle: .default)
        standard.frame = CGRect(x: 10, y: 10, width: 120, height: 4)
        standard.progress = 0.4
        let bar = UIProgressView(progressViewStyle: .bar)
        bar.frame = CGRect(x: 10, y: 26, width: 120, height: 4)
        bar.progress = 0.7
        root.addSubview(standard)
        root.addSubview(bar)
        let buffer = PixelBuffer(width: 140, height: 40, format: .xrgb8888)
        root.layer.layoutAndDisplayIfNeeded()
        Compositor().render(root.layer, into: buffer, bufferAge: 0)
        try assertSnapshot(of: buffer, named: "progress-view-default-bar")
    }
}
