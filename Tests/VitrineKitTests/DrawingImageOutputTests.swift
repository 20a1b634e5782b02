import Foundation
import Testing
import VitrineKit

/// The image-returning drawing functions: their size in points, scale and pixels.
@MainActor @Suite struct DrawingImageOutputTests {
    @Test func imageContextGivesAnImageAtItsScale() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 3), false, 2)
        UIColor.red.setFill()
        UIBezierPath(rect: CGRect(x: 0, y: 0, width: 2, height: 3)).fill()
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        #expect(image.scale == 2 && image.size == CGSize(width: 4, height: 3))
        let cgImage = try #require(image.cgImage)
        #expect(cgImage.width == 8 && cgImage.height == 6)
        #expect(cgImage.pixel(x: 1, y: 1) == 0xffff_0000)
        #expect(cgImage.pixel(x: 6, y: 1) == 0)
        #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
    }

    @Test func rendererGivesImagesAndTheCurrentImage() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 3
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2), format: format)
        var midway: UIImage?
        let image = renderer.image { context in
            UIColor.blue.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 2))
            midway = context.currentImage
            UIColor.green.setFill()
            context.fill(CGRect(x: 1, y: 0, width: 1, height: 2))
        }
        #expect(image.scale == 3 && image.size == CGSize(width: 2, height: 2))
        let pixels = try #require(image.cgImage)
        #expect(pixels.pixel(x: 0, y: 0) == 0xff00_00ff && pixels.pixel(x: 5, y: 5) == 0xff00_ff00)
        let early = try #require(midway?.cgImage)
        #expect(early.pixel(x: 5, y: 5) == 0)
    }
}
