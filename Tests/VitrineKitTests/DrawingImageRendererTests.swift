import Foundation
import Testing
import VitrineKit
import VitrinePlatform

@Suite @MainActor struct DrawingImageRendererTests {
    func format(scale: CGFloat, opaque: Bool = false) -> UIGraphicsImageRendererFormat {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        format.opaque = opaque
        return format
    }

    @Test func defaultFormat() {
        // The default scale is the main screen's: a 1x headless screen here.
        let backend = HeadlessBackend(clock: ManualClock())
        backend.addOutput(width: 640, height: 480)
        UIApplication.shared.setDisplayBackend(backend)
        let format = UIGraphicsImageRendererFormat()
        #expect(UIScreen.main.scale == 1)
        #expect(format.scale == UIScreen.main.scale)
        #expect(!format.opaque)
        #expect(format.preferredRange == .automatic)
        #expect(format.bounds == .zero)
        #expect(UIGraphicsImageRendererFormat.preferred().scale == format.scale)
        #expect(UIGraphicsImageRendererFormat.default().scale == format.scale)
    }

    @Test func rendererKeepsItsOwnCopyOfTheFormat() {
        let original = format(scale: 3)
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 5), format: original)
        original.scale = 1
        #expect(renderer.imageFormat.scale == 3)
        #expect(renderer.format.bounds == CGRect(x: 0, y: 0, width: 4, height: 5))
        #expect(original.bounds == .zero)
        #expect(renderer.allowsImageOutput)
    }

    @Test func pngDataIsTheDrawingAtTheFormatsScale() throws {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 6), format: format(scale: 2))
        var sawContext = false
        let data = renderer.pngData { context in
            sawContext = UIGraphicsGetCurrentContext() === context.cgContext
            #expect(context.format.bounds == CGRect(x: 0, y: 0, width: 10, height: 6))
            context.cgContext.setFillColor(.init(red: 1, green: 0, blue: 0, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: 5, height: 3))
            context.cgContext.setFillColor(.init(red: 0, green: 0, blue: 1, alpha: 1))
            UIBezierPath(rect: CGRect(x: 5, y: 3, width: 5, height: 3)).fill()
        }
        #expect(sawContext)
        #expect(UIGraphicsGetCurrentContext() == nil)
        let image = try ImageCodec.decodePNG(data)
        #expect(image.width == 20)
        #expect(image.height == 12)
        #expect(image.pixel(x: 0, y: 0) == opaqueRedPixel)
        #expect(image.pixel(x: 9, y: 5) == opaqueRedPixel)
        #expect(image.pixel(x: 10, y: 5) == 0)
        #expect(image.pixel(x: 10, y: 6) == opaqueBluePixel)
        #expect(image.pixel(x: 19, y: 11) == opaqueBluePixel)
        #expect(image.pixel(x: 9, y: 6) == 0)
    }

    @Test func boundsOriginIsTheTopLeftCorner() throws {
        let renderer = UIGraphicsImageRenderer(
            bounds: CGRect(x: 100, y: 50, width: 4, height: 4), format: format(scale: 1))
        let data = renderer.pngData { context in
            context.cgContext.setFillColor(.init(red: 0, green: 1, blue: 0, alpha: 1))
            context.fill(CGRect(x: 100, y: 50, width: 1, height: 1))
            context.fill(CGRect(x: 103, y: 53, width: 5, height: 5))
        }
        let image = try ImageCodec.decodePNG(data)
        #expect(image.width == 4)
        #expect(image.pixel(x: 0, y: 0) == opaqueGreenPixel)
        #expect(image.pixel(x: 1, y: 1) == 0)
        #expect(image.pixel(x: 3, y: 3) == opaqueGreenPixel)
    }

    @Test func opaqueFormatStartsBlack() throws {
        let renderer = UIGraphicsImageRenderer(
            size: CGSize(width: 2, height: 2), format: format(scale: 1, opaque: true))
        let image = try ImageCodec.decodePNG(renderer.pngData { _ in })
        #expect(image.pixel(x: 1, y: 1) == 0xff00_0000)
    }

    @Test func strokeClipAndBlendMode() throws {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: format(scale: 1))
        let data = renderer.pngData { context in
            context.cgContext.setStrokeColor(.init(red: 0, green: 0, blue: 1, alpha: 1))
            context.cgContext.setLineWidth(2)
            context.stroke(CGRect(x: 2, y: 2, width: 16, height: 16))
            context.cgContext.setFillColor(.init(red: 1, green: 0, blue: 0, alpha: 1))
            context.fill(CGRect(x: 9, y: 9, width: 2, height: 2), blendMode: .normal)
            context.clip(to: CGRect(x: 0, y: 0, width: 10, height: 20))
            context.fill(CGRect(x: 0, y: 0, width: 20, height: 1), blendMode: .copy)
            context.stroke(CGRect(x: 5, y: 5, width: 10, height: 10), blendMode: .normal)
        }
        let image = try ImageCodec.decodePNG(data)
        #expect(image.pixel(x: 1, y: 10) == opaqueBluePixel)  // 2-wide stroke centred on x = 2
        #expect(image.pixel(x: 2, y: 10) == opaqueBluePixel)
        #expect(image.pixel(x: 3, y: 10) == 0)
        #expect(image.pixel(x: 10, y: 10) == opaqueRedPixel)
        #expect(image.pixel(x: 9, y: 0) == opaqueRedPixel)  // inside the clip
        #expect(image.pixel(x: 10, y: 0) == 0)  // clipped away
        #expect(image.pixel(x: 5, y: 10) == opaqueBluePixel)  // second stroke, left edge
        #expect(image.pixel(x: 15, y: 10) == 0)  // right edge clipped
    }

    @Test func contextsLeftPushedByTheActionsAreDropped() {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2), format: format(scale: 1))
        _ = renderer.pngData { _ in
            UIGraphicsPushContext(makeDrawingContext(width: 1, height: 1))
        }
        #expect(UIGraphicsGetCurrentContext() == nil)
    }

    @Test func unrenderableBoundsGiveNoDataButRunTheActions() {
        for bounds in [
            CGRect.zero, CGRect(x: 0, y: 0, width: -5, height: 5), CGRect(x: CGFloat.nan, y: 0, width: 5, height: 5),
            CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 5), CGRect(x: 0, y: 0, width: 1e6, height: 1e6),
        ] {
            var ran = false
            let data = UIGraphicsImageRenderer(bounds: bounds, format: format(scale: 1)).pngData { context in
                ran = true
                context.cgContext.setFillColor(.init(red: 1, green: 0, blue: 0, alpha: 1))
                context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
                #expect(context.cgContext.pixelBuffer.pixel(x: 0, y: 0) == 0)
            }
            #expect(ran)
            #expect(data.isEmpty)
        }
    }
}
