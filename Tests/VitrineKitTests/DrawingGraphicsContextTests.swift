import Foundation
import Testing
import VitrineKit

@Suite @MainActor struct DrawingGraphicsContextTests {
    @Test func pushAndPopNest() {
        #expect(UIGraphicsGetCurrentContext() == nil)
        let outer = makeDrawingContext(width: 2, height: 2)
        let inner = makeDrawingContext(width: 2, height: 2)
        UIGraphicsPushContext(outer)
        #expect(UIGraphicsGetCurrentContext() === outer)
        UIGraphicsPushContext(inner)
        #expect(UIGraphicsGetCurrentContext() === inner)
        UIGraphicsPopContext()
        #expect(UIGraphicsGetCurrentContext() === outer)
        UIGraphicsPopContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        UIGraphicsPopContext()  // unbalanced: nothing happens
        #expect(UIGraphicsGetCurrentContext() == nil)
    }

    @Test func imageContextIsScaledAndInPoints() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 10.5, height: 4), false, 2)
        let context = try #require(UIGraphicsGetCurrentContext())
        #expect(context.width == 21)
        #expect(context.height == 8)
        #expect(context.ctm == CGAffineTransform(scaleX: 2, y: 2))
        #expect(context.pixelBuffer.format == .argb8888Premultiplied)
        #expect(context.pixelBuffer.pixel(x: 0, y: 0) == 0)
        context.setFillColor(.init(red: 0, green: 1, blue: 0, alpha: 1))
        UIBezierPath(rect: CGRect(x: 1, y: 1, width: 2, height: 1)).fill()
        #expect(context.pixelBuffer.pixel(x: 2, y: 2) == opaqueGreenPixel)
        #expect(context.pixelBuffer.pixel(x: 5, y: 3) == opaqueGreenPixel)
        #expect(context.pixelBuffer.pixel(x: 6, y: 2) == 0)
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
    }

    @Test func opaqueImageContextHasNoAlphaAndStartsBlack() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 3, height: 3), true, 1)
        let context = try #require(UIGraphicsGetCurrentContext())
        #expect(context.pixelBuffer.format == .xrgb8888)
        #expect(context.pixelBuffer.pixel(x: 1, y: 1) & 0x00ff_ffff == 0)
        UIGraphicsEndImageContext()
    }

    @Test func zeroScaleMeansTheScreenScale() throws {
        UIGraphicsBeginImageContext(CGSize(width: 3, height: 5))
        #expect(UIGraphicsGetCurrentContext()?.width == 3)
        UIGraphicsEndImageContext()
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 3, height: 5), false, 0)
        let context = try #require(UIGraphicsGetCurrentContext())
        #expect(context.width == 3)
        #expect(context.height == 5)
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
    }

    @Test func endImageContextLeavesAPushedContextAlone() {
        let pushed = makeDrawingContext(width: 2, height: 2)
        UIGraphicsPushContext(pushed)
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() === pushed)
        UIGraphicsPopContext()
    }

    @Test func badSizesMakeNoContext() {
        let sizes = [
            CGSize.zero, CGSize(width: -3, height: 4), CGSize(width: CGFloat.nan, height: 4),
            CGSize(width: CGFloat.infinity, height: 1), CGSize(width: 100_000, height: 100_000),
            CGSize(width: 10, height: 10),
        ]
        let scales: [CGFloat] = [1, 1, 1, 1, 1, 1e9]
        for (size, scale) in zip(sizes, scales) {
            UIGraphicsBeginImageContextWithOptions(size, false, scale)
            #expect(UIGraphicsGetCurrentContext() == nil, "size \(size) at \(scale)")
            UIGraphicsEndImageContext()
        }
    }
}
