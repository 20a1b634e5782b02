import Foundation
import Testing

@testable import VitrineKit

@Suite struct ImageResizingTests {
    /// A `size`-pixel square: a `border`-pixel red frame around a green middle.
    static func framedImage(size: Int, border: Int) -> CGImage {
        let buffer = PixelBuffer(width: size, height: size, format: .xrgb8888)
        for y in 0..<size {
            for x in 0..<size {
                let inside = (border..<size - border).contains(x) && (border..<size - border).contains(y)
                buffer.setPixel(x: x, y: y, inside ? 0xff00_ff00 : 0xffff_0000)
            }
        }
        return CGImage(copying: buffer)
    }

    @Test func resizableImageKeepsPixelsAndStoresCaps() {
        let plain = UIImage(cgImage: Self.framedImage(size: 6, border: 2), scale: 2, orientation: .up)
        #expect(plain.capInsets == .zero && plain.resizingMode == .stretch)
        let insets = UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1)
        let tiled = plain.resizableImage(withCapInsets: insets)
        #expect(tiled.capInsets == insets && tiled.resizingMode == .tile)
        #expect(tiled.cgImage === plain.cgImage && tiled.scale == 2 && tiled.size == plain.size)
        let stretched = plain.resizableImage(withCapInsets: insets, resizingMode: .stretch)
        #expect(stretched.resizingMode == .stretch)
        let cleaned = plain.resizableImage(
            withCapInsets: UIEdgeInsets(top: -1, left: .nan, bottom: 2, right: .infinity))
        #expect(cleaned.capInsets == UIEdgeInsets(top: 0, left: 0, bottom: 2, right: 0))
    }

    @Test func contentsCenterIsTheMiddleBetweenTheCapsNormalised() {
        let image = UIImage(cgImage: Self.framedImage(size: 40, border: 4), scale: 2, orientation: .up)
        #expect(image.layerContentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1))
        // 20x20 points; caps of 2, 4, 6 and 8 points are 4, 8, 12 and 16 pixels of 40.
        let center = image.resizableImage(withCapInsets: UIEdgeInsets(top: 2, left: 4, bottom: 6, right: 8))
            .layerContentsCenter
        #expect(abs(center.minX - 0.2) < 1e-12 && abs(center.width - 0.4) < 1e-12)
        #expect(abs(center.minY - 0.1) < 1e-12 && abs(center.height - 0.6) < 1e-12)
        // Caps that fill the image leave one pixel in the middle.
        let full = image.resizableImage(withCapInsets: UIEdgeInsets(top: 10, left: 12, bottom: 10, right: 12))
            .layerContentsCenter
        #expect(abs(full.width - 1.0 / 40) < 1e-12 && abs(full.height - 1.0 / 40) < 1e-12)
        #expect(full.maxX <= 1 && full.maxY <= 1 && full.minX >= 0)
        #expect(abs(full.minY - 0.5) < 1e-12)
    }

    @Test @MainActor func layerShowsTheImageWithScaleAndCentre() {
        let layer = CALayer()
        let image = UIImage(cgImage: Self.framedImage(size: 6, border: 2), scale: 2, orientation: .up)
            .resizableImage(withCapInsets: UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1))
        layer.setContents(image)
        #expect((layer.contents as? CGImage) === image.cgImage)
        #expect(layer.contentsScale == 2)
        #expect(layer.contentsCenter == image.layerContentsCenter)
        layer.setContents(nil)
        #expect(layer.contents == nil && layer.contentsScale == 1)
        #expect(layer.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1))
    }

    /// The compositor draws the caps at their size and stretches only the middle.
    @Test @MainActor func capsKeepTheirSizeOnScreen() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        let image = UIImage(cgImage: Self.framedImage(size: 6, border: 2), scale: 2, orientation: .up)
            .resizableImage(withCapInsets: UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1), resizingMode: .stretch)
        root.setContents(image)
        let buffer = PixelBuffer(width: 40, height: 20, format: .xrgb8888)
        Compositor(scale: 2).render(root, into: buffer, bufferAge: 0)
        let red: UInt32 = 0xffff_0000
        let green: UInt32 = 0xff00_ff00
        for (x, y) in [(0, 0), (1, 1), (39, 19), (38, 18), (20, 0), (20, 1), (0, 10), (39, 10)] {
            #expect(buffer.pixel(x: x, y: y) == red, "(\(x), \(y))")
        }
        for (x, y) in [(3, 3), (20, 10), (36, 16), (10, 5)] {
            #expect(buffer.pixel(x: x, y: y) == green, "(\(x), \(y))")
        }
    }
}
