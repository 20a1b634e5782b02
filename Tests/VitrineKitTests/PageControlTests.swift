import Foundation
import Testing
import VitrineKit
import VitrineTestSupport

@MainActor @Suite struct PageControlTests {
    private static let dark = UIColor(white: 0.15, alpha: 1)
    private static let darkRGB = RGB(38, 38, 38)

    /// What the screen shows once the frames for the changes so far have been presented.
    private func shot(_ scene: EventScene) throws -> PixelBuffer {
        for _ in 0..<3 { scene.clock.advance(by: 1.0 / 60) }
        return try scene.screenshot()
    }

    @Test func pagesStayInTheRangeAndSizeFollows() {
        let control = UIPageControl(frame: .zero)
        #expect(control.numberOfPages == 0 && control.currentPage == 0)
        #expect(control.hidesForSinglePage == false && control.allowsContinuousInteraction)
        #expect(control.backgroundStyle == .automatic && control.pageIndicatorTintColor == nil)
        control.currentPage = 3
        #expect(control.currentPage == 0)
        control.numberOfPages = 5
        control.currentPage = 7
        #expect(control.currentPage == 4)
        control.currentPage = -2
        #expect(control.currentPage == 0)
        control.currentPage = 4
        control.numberOfPages = 3
        #expect(control.currentPage == 2)
        control.numberOfPages = -1
        #expect(control.numberOfPages == 0 && control.currentPage == 0)
        #expect(control.size(forNumberOfPages: 0) == CGSize(width: 0, height: 26))
        #expect(control.size(forNumberOfPages: 1) == CGSize(width: 32, height: 26))
        #expect(control.size(forNumberOfPages: 5) == CGSize(width: 96, height: 26))
        control.numberOfPages = 5
        #expect(control.intrinsicContentSize == CGSize(width: 96, height: 26))
        #expect(control.sizeThatFits(CGSize(width: 10, height: 10)) == CGSize(width: 96, height: 26))
    }

    /// Five pages in a control 200 points wide at (100, 100): the indicators' centres are at
    /// x 68, 84, 100, 116 and 132 in its bounds, 168 to 232 on the screen, at y 113.
    private func setUp(pages: Int = 5, current: Int = 2) -> (EventScene, UIPageControl, ControlEventLog) {
        let scene = EventScene()
        let control = UIPageControl(frame: CGRect(x: 100, y: 100, width: 200, height: 26))
        control.numberOfPages = pages
        control.currentPage = current
        scene.window.backgroundColor = .white
        scene.window.addSubview(control)
        return (scene, control, ControlEventLog(control))
    }

    @Test func tapsLeftAndRightOfTheCurrentIndicatorStepOnePage() {
        let (scene, control, log) = setUp()
        scene.input.tap(at: CGPoint(x: 280, y: 113), time: 1)
        #expect(control.currentPage == 3)
        #expect(log.entries == ["down", "valueChanged", "primary", "upInside"])
        // Just left of the current (fourth) indicator's centre.
        scene.input.tap(at: CGPoint(x: 214, y: 110), time: 2)
        scene.input.tap(at: CGPoint(x: 105, y: 120), time: 3)
        #expect(control.currentPage == 1)
        log.entries.removeAll()
        control.currentPage = 0
        scene.input.tap(at: CGPoint(x: 150, y: 113), time: 4)
        #expect(control.currentPage == 0)
        #expect(log.entries == ["down", "upInside"])
        control.currentPage = 4
        scene.input.tap(at: CGPoint(x: 290, y: 113), time: 5)
        #expect(control.currentPage == 4 && !log.entries.contains("valueChanged"))
    }

    @Test func draggingScrubsThroughThePages() {
        let (scene, control, log) = setUp(current: 0)
        var seen: [Int] = []
        control.addAction(UIAction { [unowned control] _ in seen.append(control.currentPage) }, for: .valueChanged)
        scene.input.down(at: CGPoint(x: 168, y: 113), time: 1)
        scene.input.move(to: CGPoint(x: 175, y: 113), time: 1.1)  // not yet a drag
        #expect(control.currentPage == 0)
        scene.input.move(to: CGPoint(x: 190, y: 115), time: 1.2)
        scene.input.move(to: CGPoint(x: 215, y: 140), time: 1.3)
        scene.input.move(to: CGPoint(x: 360, y: 113), time: 1.4)  // past the last: the last
        scene.input.up(time: 1.5)
        #expect(seen == [1, 3, 4])
        #expect(control.currentPage == 4)
        #expect(log.entries.last == "upInside" && log.entries.filter { $0 == "valueChanged" }.count == 3)
    }

    @Test func withoutContinuousInteractionADragIsATapWhereItLifts() {
        let (scene, control, _) = setUp(current: 0)
        control.allowsContinuousInteraction = false
        scene.input.down(at: CGPoint(x: 168, y: 113), time: 1)
        scene.input.move(to: CGPoint(x: 225, y: 113), time: 1.1)
        #expect(control.currentPage == 0)
        scene.input.up(time: 1.2)
        #expect(control.currentPage == 1)
    }

    @Test func aDisabledControlDoesNotChange() {
        let (scene, control, log) = setUp()
        control.isEnabled = false
        scene.input.tap(at: CGPoint(x: 280, y: 113), time: 1)
        #expect(control.currentPage == 2 && log.entries.isEmpty)
    }

    /// The bytes of a control of `pages` pages rendered alone, 200x26 points, on a dark
    /// background.
    private func render(_ control: UIPageControl) -> PixelBuffer {
        control.frame = CGRect(x: 0, y: 0, width: 200, height: 26)
        control.backgroundColor = Self.dark
        return renderAlone(control, width: 200, height: 26)
    }

    /// Which indicators (by page) show in `color`, judged at their centres.
    private func indicators(in image: PixelBuffer, count: Int = 5, showing color: RGB) -> [Int] {
        (0..<count).filter { image.rgb(100 - count * 8 + 8 + $0 * 16, 13).isClose(to: color, tolerance: 3) }
    }

    @Test func theCurrentIndicatorIsDrawnInItsColour() {
        let control = UIPageControl(frame: .zero)
        control.numberOfPages = 5
        control.currentPage = 1
        var image = render(control)
        #expect(indicators(in: image, showing: .white) == [1])
        // The others: white at 30% over the dark background.
        let faint = RGB(103, 103, 103)
        #expect(indicators(in: image, showing: faint) == [0, 2, 3, 4])
        #expect(image.rgb(60, 13) == Self.darkRGB)  // between indicators
        control.currentPageIndicatorTintColor = .red
        control.pageIndicatorTintColor = .green
        image = render(control)
        #expect(indicators(in: image, showing: .red) == [1])
        #expect(indicators(in: image, showing: .green) == [0, 2, 3, 4])
    }

    @Test func aSinglePageHidesWhenAsked() {
        let control = UIPageControl(frame: .zero)
        control.numberOfPages = 1
        #expect(render(control).rgb(100, 13) == .white)
        control.hidesForSinglePage = true
        #expect(render(control).rgb(100, 13) == Self.darkRGB)
        control.numberOfPages = 2
        #expect(indicators(in: render(control), count: 2, showing: .white) == [0])
    }

    @Test func aDeferredChangeShowsWhenTheDisplayIsUpdated() {
        let (scene, control, _) = setUp()
        control.defersCurrentPageDisplay = true
        scene.input.tap(at: CGPoint(x: 280, y: 113), time: 1)
        #expect(control.currentPage == 3)
        // (The default white indicators would not show on the white window.)
        control.currentPageIndicatorTintColor = .red
        control.pageIndicatorTintColor = .blue
        var image = try? shot(scene)
        #expect(image?.rgb(200, 113) == .red)  // still page 2
        control.updateCurrentPageDisplay()
        image = try? shot(scene)
        #expect(image?.rgb(216, 113) == .red && image?.rgb(200, 113) == .blue)
    }

    /// The capsule behind the indicators: always when prominent, never when minimal, while
    /// touched when automatic.
    @Test func theBackgroundStyleDecidesWhenTheCapsuleShows() throws {
        let (scene, control, _) = setUp()
        control.currentPageIndicatorTintColor = .red
        control.pageIndicatorTintColor = .blue
        // Inside the capsule (x 152 to 248 on the screen), between two indicators.
        let between = CGPoint(x: 176, y: 113)
        let capsule = RGB(191, 191, 191)  // black at 25% over white
        #expect(try shot(scene).rgb(176, 113) == .white)
        scene.input.down(at: between, time: 1)
        #expect(try shot(scene).rgb(176, 113) == capsule)
        scene.input.up(time: 1.1)
        #expect(try shot(scene).rgb(176, 113) == .white)
        control.backgroundStyle = .prominent
        #expect(try shot(scene).rgb(176, 113) == capsule)
        control.backgroundStyle = .minimal
        scene.input.down(at: between, time: 2)
        #expect(try shot(scene).rgb(176, 113) == .white)
        scene.input.up(time: 2.1)
    }

    /// An indicator image replaces the dot, tinted with the indicator's colour; a page's own
    /// image wins over the preferred one.
    @Test func indicatorImagesAreTintedTemplates() {
        // A 5x5 square and a 3x9 bar, in any colour: only their shape counts.
        func image(width: Int, height: Int) -> UIImage {
            let pixels = PixelBuffer(width: width, height: height, format: .argb8888Premultiplied)
            for y in 0..<height { for x in 0..<width { pixels.setPixel(x: x, y: y, 0xff12_3456) } }
            return UIImage(cgImage: CGImage(copying: pixels))
        }
        let square = image(width: 5, height: 5)
        let bar = image(width: 3, height: 9)
        let control = UIPageControl(frame: .zero)
        control.numberOfPages = 3
        control.currentPage = 0
        control.currentPageIndicatorTintColor = .red
        control.pageIndicatorTintColor = .green
        control.preferredIndicatorImage = square
        control.setIndicatorImage(bar, forPage: 2)
        #expect(control.indicatorImage(forPage: 2) === bar && control.indicatorImage(forPage: 1) == nil)
        let pixels = render(control)
        // Centres at x 84, 100 and 116.
        #expect(pixels.rgb(84, 13) == .red && pixels.rgb(86, 15) == .red && pixels.rgb(87, 13) == Self.darkRGB)
        #expect(pixels.rgb(100, 13) == .green && pixels.rgb(102, 11) == .green)
        #expect(pixels.rgb(116, 9) == .green && pixels.rgb(116, 17) == .green && pixels.rgb(118, 13) == Self.darkRGB)
        control.setIndicatorImage(nil, forPage: 2)
        #expect(control.indicatorImage(forPage: 2) == nil)
        #expect(render(control).rgb(116, 9) == Self.darkRGB)
    }

    @Test func currentPageImagesReplaceTheCurrentIndicator() {
        let bar: UIImage = {
            let pixels = PixelBuffer(width: 3, height: 9, format: .argb8888Premultiplied)
            for y in 0..<9 { for x in 0..<3 { pixels.setPixel(x: x, y: y, 0xff12_3456) } }
            return UIImage(cgImage: CGImage(copying: pixels))
        }()
        let control = UIPageControl(frame: .zero)
        control.numberOfPages = 3
        control.currentPage = 0
        control.currentPageIndicatorTintColor = .red
        control.pageIndicatorTintColor = .green
        control.preferredCurrentPageIndicatorImage = bar
        // The current page (x 84) shows the 9-point bar in the current colour; the others dots.
        var pixels = render(control)
        #expect(pixels.rgb(84, 9) == .red && pixels.rgb(100, 9) == Self.darkRGB)
        control.currentPage = 1
        pixels = render(control)
        #expect(pixels.rgb(100, 9) == .red && pixels.rgb(84, 9) == Self.darkRGB && pixels.rgb(84, 13) == .green)
        control.preferredCurrentPageIndicatorImage = nil
        control.setCurrentPageIndicatorImage(bar, forPage: 2)
        #expect(
            control.currentPageIndicatorImage(forPage: 2) === bar
                && control.currentPageIndicatorImage(forPage: 1) == nil)
        #expect(render(control).rgb(100, 9) == Self.darkRGB)
        control.currentPage = 2
        #expect(render(control).rgb(116, 9) == .red)
    }

    @Test func theInteractionStateFollowsTheTouch() {
        let (scene, control, _) = setUp(current: 0)
        #expect(control.interactionState == .none)
        scene.input.down(at: CGPoint(x: 168, y: 113), time: 1)
        #expect(control.interactionState == .discrete)
        scene.input.move(to: CGPoint(x: 200, y: 113), time: 1.1)
        #expect(control.interactionState == .continuous)
        scene.input.up(time: 1.2)
        #expect(control.interactionState == .none)
        #expect(UIPageControl.InteractionState.continuous.rawValue == 2)
    }

    @Test func snapshotOfFivePages() throws {
        let control = UIPageControl(frame: CGRect(x: 0, y: 0, width: 140, height: 40))
        control.numberOfPages = 5
        control.currentPage = 1
        control.backgroundStyle = .prominent
        control.pageIndicatorTintColor = .systemGray3
        control.currentPageIndicatorTintColor = .systemBlue
        let image = renderAlone(control, width: 140, height: 40)
        try assertSnapshot(of: image, named: "page-control-5-pages")
    }
}
