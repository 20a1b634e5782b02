import Foundation
import Testing

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
