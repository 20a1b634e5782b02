import Foundation
import Testing
import VitrineKit
import VitrineTestSupport

@MainActor @Suite struct ActivityIndicatorTests {
    @Test func stylesHaveUIKitsSizesAndColours() {
        let medium = UIActivityIndicatorView(style: .medium)
        #expect(medium.frame.size == CGSize(width: 20, height: 20))
        #expect(medium.intrinsicContentSize == CGSize(width: 20, height: 20))
        let large = UIActivityIndicatorView(style: .large)
        #expect(large.intrinsicContentSize == CGSize(width: 37, height: 37))
        #expect(UIActivityIndicatorView(style: .whiteLarge).sizeThatFits(.zero) == CGSize(width: 37, height: 37))
        #expect(UIActivityIndicatorView(style: .white).intrinsicContentSize == CGSize(width: 20, height: 20))
        #expect(UIActivityIndicatorView(style: .white).color == .white)
        #expect(UIActivityIndicatorView(style: .gray).color == .gray)
        #expect(UIActivityIndicatorView(frame: .zero).style == .medium)
        #expect(UIActivityIndicatorView.Style.large.rawValue == 101 && UIActivityIndicatorView.Style.gray.rawValue == 2)
        medium.color = .red
        #expect(medium.color == .red)
        medium.style = .large
        #expect(medium.intrinsicContentSize.width == 37 && medium.color == .red)
    }

    @Test func startingAndStoppingShowsAndHides() {
        let view = UIActivityIndicatorView(style: .medium)
        #expect(view.hidesWhenStopped && !view.isAnimating && view.isHidden)
        #expect(view.isAccessibilityElement && view.accessibilityLabel == "Progress halted")
        view.startAnimating()
        #expect(view.isAnimating && !view.isHidden)
        #expect(view.accessibilityLabel == "In progress")
        view.stopAnimating()
        #expect(!view.isAnimating && view.isHidden)
        view.hidesWhenStopped = false
        #expect(!view.isHidden)
        view.startAnimating()
        view.stopAnimating()
        #expect(!view.isHidden && !view.isAnimating)
    }

    /// Dark pixels of a spinner at (100, 100) in a screenshot (the 37-point square).
    private func darkPixels(_ image: PixelBuffer) -> [Int] {
        var result: [Int] = []
        for y in 100..<137 {
            for x in 100..<137 where image.rgb(x, y).red < 128 { result.append(y * 1000 + x) }
        }
        return result
    }

    @Test func theSpokesTurnInStepsOnTheFrameLoop() throws {
        let scene = EventScene()
        scene.window.backgroundColor = .white
        let view = UIActivityIndicatorView(style: .large)
        view.color = .black
        view.frame.origin = CGPoint(x: 100, y: 100)
        scene.window.addSubview(view)
        view.startAnimating()
        scene.clock.advance(by: 0.01)
        let first = darkPixels(try scene.screenshot())
        #expect(!first.isEmpty)
        // Within one step (1/8 s) nothing moves; a step later the spokes have turned.
        scene.clock.advance(by: 1.0 / 30)
        #expect(darkPixels(try scene.screenshot()) == first)
        scene.clock.advance(by: 0.125)
        let turned = darkPixels(try scene.screenshot())
        #expect(turned != first)
        // A whole turn later it looks as it did.
        scene.clock.advance(by: 1 - 0.125 - 1.0 / 30)
        #expect(darkPixels(try scene.screenshot()) == first)
        // Stopped: hidden.
        view.stopAnimating()
        scene.clock.advance(by: 1.0 / 30)
        #expect(darkPixels(try scene.screenshot()).isEmpty)
    }

    @Test func snapshotMediumLargeAndGray() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 120, height: 50))
        root.backgroundColor = .white
        let medium = UIActivityIndicatorView(style: .medium)
        medium.frame.origin = CGPoint(x: 8, y: 15)
        let large = UIActivityIndicatorView(style: .large)
        large.frame.origin = CGPoint(x: 38, y: 7)
        let gray = UIActivityIndicatorView(style: .gray)
        gray.frame.origin = CGPoint(x: 85, y: 15)
        for view in [medium, large, gray] {
            view.hidesWhenStopped = false
            root.addSubview(view)
        }
        let buffer = PixelBuffer(width: 120, height: 50, format: .xrgb8888)
        root.layer.layoutAndDisplayIfNeeded()
        Compositor().render(root.layer, into: buffer, bufferAge: 0)
        try assertSnapshot(of: buffer, named: "activity-indicator-medium-large-gray")
    }
}
