import Foundation
import Testing

@testable import VitrineGraphics

/// Coverage images: a drawing in one opaque colour kept as a byte of coverage a pixel, which
/// must read, draw and encode exactly as its colour pixels.
@Suite struct CoverageImageTests {
    static let teal = CGColor(red: 0.1, green: 0.55, blue: 0.6, alpha: 1)
    /// UIKit's `secondaryLabel`: a translucent grey.
    static let secondaryGrey = CGColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6)

    /// Text and a rounded shape in one colour, anti-aliased edges included.
    static func oneColourDrawing(_ colour: CGColor = teal) -> PixelBuffer {
        let context = makeContext(width: 160, height: 60)
        context.drawText(
            "Gate B14 · 09:41", in: CGRect(x: 4, y: 4, width: 150, height: 30),
            font: FontDescriptor(family: "DejaVu Sans", size: 18), color: colour)
        context.setFillColor(colour)
        context.fillEllipse(in: CGRect(x: 20.3, y: 36.6, width: 40.2, height: 20.5))
        context.flush()
        return context.pixelBuffer
    }

    @Test(arguments: [teal, secondaryGrey])
    func aOneColourDrawingBecomesCoverageThatReadsTheSame(colour: CGColor) throws {
        let drawing = Self.oneColourDrawing(colour)
        let image = try #require(CGImage.coverageImage(of: drawing))
        #expect(image.isCoverageImage)
        #expect(image.pixels.format == .alpha8)
        #expect(image.pixels.byteCount * 4 <= drawing.byteCount + 4 * drawing.height)
        #expect(image.makePixelBuffer().hasSamePixels(as: drawing))
        var differing = 0
        for y in 0..<drawing.height {
            for x in 0..<drawing.width where image.pixel(x: x, y: y) != drawing.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0)
        let decoded = try ImageCodec.decodePNG(ImageCodec.encodePNG(image))
        #expect(decoded.makePixelBuffer().hasSamePixels(as: drawing))
        let cropped = try #require(image.cropping(to: CGRect(x: 10, y: 5, width: 60, height: 40)))
        #expect(cropped.isCoverageImage && cropped.pixel(x: 0, y: 0) == drawing.pixel(x: 10, y: 5))
    }

    @Test func otherDrawingsStayColourPixels() {
        // Two colours.
        let twoColours = Self.oneColourDrawing()
        let context = CGContext(pixelBuffer: twoColours)
        context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 100, y: 40, width: 10, height: 10))
        context.flush()
        #expect(CGImage.coverageImage(of: twoColours) == nil)
        // Two translucent colours.
        let faint = makeContext(width: 40, height: 20)
        faint.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))
        faint.fill(CGRect(x: 0, y: 0, width: 40, height: 20))
        faint.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        faint.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        faint.flush()
        #expect(CGImage.coverageImage(of: faint.pixelBuffer) == nil)
        // Nothing drawn.
        #expect(CGImage.coverageImage(of: PixelBuffer(width: 8, height: 8, format: .argb8888Premultiplied)) == nil)
        // A partly covered pixel of another colour before the first fully covered one (it is
        // checked once the colour is known), and one after it, in a row's last pixels.
        for (x, y) in [(1, 0), (6, 3)] {
            let mixed = PixelBuffer(width: 7, height: 4, format: .argb8888Premultiplied)
            mixed.setPixel(x: 3, y: 2, 0xff10_8090)
            mixed.setPixel(x: x, y: y, CGImage.covered(0xff90_1010, by: 0x80))
            #expect(CGImage.coverageImage(of: mixed) == nil)
            mixed.setPixel(x: x, y: y, CGImage.covered(0xff10_8090, by: 0x80))
            let image = CGImage.coverageImage(of: mixed)
            #expect(image?.pixel(x: x, y: y) == CGImage.covered(0xff10_8090, by: 0x80))
            #expect(image?.pixel(x: 3, y: 2) == 0xff10_8090 && image?.pixel(x: 0, y: 0) == 0)
        }
    }

    /// The compositor's draw: the same pixels as the colour image at full opacity, within one
    /// step per channel when faded (two for a translucent colour).
    @Test(arguments: [1.0, 0.6], [teal, secondaryGrey])
    func drawingCoverageMatchesDrawingColourPixels(opacity: Double, colour: CGColor) throws {
        let translucent = colour.alpha < 1
        let drawing = Self.oneColourDrawing(colour)
        let coverage = try #require(CGImage.coverageImage(of: drawing))
        let colourPixels = CGImage(copying: drawing)
        func composite(_ image: CGImage) -> PixelBuffer {
            let target = PixelBuffer(width: 200, height: 90, format: .xrgb8888)
            let canvas = Canvas(target: target)
            canvas.fill(Region(canvas.area), color: PremultipliedColor(red: 0.9, green: 0.8, blue: 0.2, alpha: 1))
            canvas.draw(
                image, sourceRect: PixelRect(x: 2, y: 1, width: 150, height: 55),
                transform: ProjectiveTransform(translationX: 17, y: 9), opacity: opacity, filter: .nearest,
                clip: Region(canvas.area))
            return target
        }
        let viaCoverage = composite(coverage)
        let viaColour = composite(colourPixels)
        var largest = 0
        for y in 0..<90 {
            for x in 0..<200 {
                let a = viaCoverage.pixel(x: x, y: y)
                let b = viaColour.pixel(x: x, y: y)
                for shift in [0, 8, 16] {
                    largest = max(largest, abs(Int((a >> shift) & 0xff) - Int((b >> shift) & 0xff)))
                }
            }
        }
        // Faded, the colour is scaled before the coverage rather than after: one rounding step
        // apart, two for a translucent colour (rounded once more).
        #expect(largest <= (opacity == 1 ? 0 : translucent ? 2 : 1))
    }
}
