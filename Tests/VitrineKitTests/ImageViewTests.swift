import Foundation
import Testing
import VitrineTestSupport

@testable import VitrineKit

@MainActor @Suite struct ImageViewTests {
    static func image(width: Int, height: Int, scale: CGFloat, color: UInt32 = 0xff20_40c0) -> UIImage {
        let buffer = PixelBuffer(width: width, height: height, format: .xrgb8888)
        for y in 0..<height {
            for x in 0..<width { buffer.setPixel(x: x, y: y, color) }
        }
        return UIImage(cgImage: CGImage(copying: buffer), scale: scale, orientation: .up)
    }

    @Test func initWithImageTakesTheImageSize() {
        let image = Self.image(width: 40, height: 20, scale: 2)
        let view = UIImageView(image: image)
        #expect(view.frame == CGRect(x: 0, y: 0, width: 20, height: 10))
        #expect(view.image === image && view.highlightedImage == nil)
        #expect(!view.isUserInteractionEnabled && !view.isOpaque)
        #expect(view.sizeThatFits(CGSize(width: 500, height: 1)) == CGSize(width: 20, height: 10))
        #expect(view.intrinsicContentSize == CGSize(width: 20, height: 10))
        #expect((view.layer.contents as? CGImage) === image.cgImage)
        #expect(view.layer.contentsScale == 2)
    }

    @Test func noImageMeansNoContentsAndNoIntrinsicSize() {
        let view = UIImageView(frame: CGRect(x: 5, y: 5, width: 30, height: 30))
        #expect(view.image == nil && view.layer.contents == nil)
        #expect(view.sizeThatFits(CGSize(width: 100, height: 100)) == .zero)
        #expect(view.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
        let empty = UIImageView(image: nil)
        #expect(empty.frame == .zero)
        view.image = Self.image(width: 3, height: 3, scale: 1)
        #expect(view.layer.contents != nil && view.frame.size == CGSize(width: 30, height: 30))
        view.image = nil
        #expect(view.layer.contents == nil)
    }

    @Test func highlightingShowsTheHighlightedImage() {
        let normal = Self.image(width: 4, height: 4, scale: 1)
        let highlighted = Self.image(width: 8, height: 6, scale: 2)
        let view = UIImageView(image: normal, highlightedImage: highlighted)
        #expect((view.layer.contents as? CGImage) === normal.cgImage)
        view.isHighlighted = true
        #expect((view.layer.contents as? CGImage) === highlighted.cgImage)
        #expect(view.layer.contentsScale == 2 && view.intrinsicContentSize == CGSize(width: 4, height: 3))
        view.highlightedImage = nil
        #expect((view.layer.contents as? CGImage) === normal.cgImage && view.layer.contentsScale == 1)
        view.isHighlighted = false
        #expect((view.layer.contents as? CGImage) === normal.cgImage)
    }

    @Test func theImageScaleSurvivesMovingToAWindow() {
        let view = UIImageView(image: Self.image(width: 6, height: 6, scale: 3))
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        #expect(view.layer.contentsScale == 3)
        view.removeFromSuperview()
    }

    @Test func resizableImagesKeepTheirCapsInTheLayer() {
        // 6x6 pixels at scale 2: a 2-pixel red frame around a green middle, caps of 1 point.
        let buffer = PixelBuffer(width: 6, height: 6, format: .xrgb8888)
        for y in 0..<6 {
            for x in 0..<6 {
                buffer.setPixel(x: x, y: y, (2..<4).contains(x) && (2..<4).contains(y) ? 0xff00_ff00 : 0xffff_0000)
            }
        }
        let image = UIImage(cgImage: CGImage(copying: buffer), scale: 2, orientation: .up)
            .resizableImage(withCapInsets: UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1), resizingMode: .stretch)
        let view = UIImageView(image: image)
        view.frame = CGRect(x: 0, y: 0, width: 30, height: 12)
        let center = view.layer.contentsCenter
        for value in [center.minX, center.minY, center.width, center.height] {
            #expect(abs(value - 1.0 / 3) < 1e-12)
        }
        let pixels = PixelBuffer(width: 60, height: 24, format: .xrgb8888)
        Compositor(scale: 2).render(view.layer, into: pixels, bufferAge: 0)
        for (x, y) in [(0, 0), (1, 12), (30, 1), (59, 23), (58, 12)] {
            #expect(pixels.pixel(x: x, y: y) == 0xffff_0000, "(\(x), \(y))")
        }
        for (x, y) in [(3, 3), (30, 12), (56, 20)] {
            #expect(pixels.pixel(x: x, y: y) == 0xff00_ff00, "(\(x), \(y))")
        }
    }
}

/// Image views through the display pass and the compositor.
@MainActor @Suite struct ImageViewDisplayTests {
    /// 20x20 pixels: red, green / blue, yellow quadrants.
    static func quadrants(scale: CGFloat = 1) -> UIImage {
        let buffer = PixelBuffer(width: 20, height: 20, format: .xrgb8888)
        for y in 0..<20 {
            for x in 0..<20 {
                buffer.setPixel(
                    x: x, y: y, [0xffff_0000, 0xff00_ff00, 0xff00_00ff, 0xffff_ff00][(y / 10) * 2 + x / 10])
            }
        }
        return UIImage(cgImage: CGImage(copying: buffer), scale: scale, orientation: .up)
    }

    @Test func aDisplayPassKeepsTheImage() {
        let image = Self.quadrants()
        let view = UIImageView(image: image)
        view.layer.layoutAndDisplayIfNeeded()
        #expect((view.layer.contents as? CGImage) === image.cgImage)
        view.setNeedsDisplay()
        view.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        view.layer.layoutAndDisplayIfNeeded()
        #expect((view.layer.contents as? CGImage) === image.cgImage)
    }

    @Test func contentModesPlaceTheImage() throws {
        let modes: [UIView.ContentMode] = [
            .scaleToFill, .scaleAspectFit, .scaleAspectFill, .center, .topLeft, .bottomRight,
        ]
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 6 * 50, height: 40))
        root.backgroundColor = .white
        for (index, mode) in modes.enumerated() {
            let view = UIImageView(image: Self.quadrants())
            view.contentMode = mode
            view.clipsToBounds = true
            view.frame = CGRect(x: CGFloat(index) * 50 + 5, y: 5, width: 40, height: 30)
            view.backgroundColor = .lightGray
            root.addSubview(view)
        }
        root.layer.layoutAndDisplayIfNeeded()
        let pixels = PixelBuffer(width: 300, height: 40, format: .xrgb8888)
        Compositor(scale: 1).render(root.layer, into: pixels, bufferAge: 0)
        // .topLeft: red at the view's top-left corner; .bottomRight: yellow at its bottom right.
        #expect(pixels.pixel(x: 4 * 50 + 6, y: 6) == 0xffff_0000)
        #expect(pixels.pixel(x: 5 * 50 + 43, y: 33) == 0xffff_ff00)
        // .center: the 20x20 image in the middle of the 40x30 view, grey around it.
        #expect(pixels.pixel(x: 3 * 50 + 5 + 12, y: 5 + 7) == 0xffff_0000)
        #expect(pixels.pixel(x: 3 * 50 + 5 + 2, y: 5 + 2) != 0xffff_0000)
        try assertSnapshot(of: pixels, named: "image-view-content-modes")
    }
}
