import Foundation
import Testing

@testable import VitrineKit

/// String and image drawing into a context (what `draw(_:)` code does through
/// `UIGraphicsGetCurrentContext()`).
@Suite struct TextDrawingTests {
    static func whiteContext(width: Int, height: Int) -> (CGContext, PixelBuffer) {
        let buffer = PixelBuffer(width: width, height: height, format: .xrgb8888)
        let context = CGContext(pixelBuffer: buffer)
        context.setFillColor(.white)
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        return (context, buffer)
    }

    /// Pixels where some channel dropped well below white.
    static func inked(_ buffer: PixelBuffer) -> [(x: Int, y: Int, pixel: UInt32)] {
        var result: [(x: Int, y: Int, pixel: UInt32)] = []
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let pixel = buffer.pixel(x: x, y: y)
                if [16, 8, 0].contains(where: { (pixel >> UInt32($0)) & 0xff < 0x60 }) { result.append((x, y, pixel)) }
            }
        }
        return result
    }

    @Test func attributeKeysHaveUIKitsRawValues() {
        #expect(NSAttributedString.Key.font.rawValue == "NSFont")
        #expect(NSAttributedString.Key.foregroundColor.rawValue == "NSColor")
    }

    @Test func sizeWithAttributesUsesTheFont() {
        let small = "Hello".size(withAttributes: [.font: UIFont.systemFont(ofSize: 10)])
        let large = "Hello".size(withAttributes: [.font: UIFont.systemFont(ofSize: 30)])
        #expect(small.width > 0 && abs(large.width - 3 * small.width) < 1)
        // Without a font: UIKit's 12-point default.
        #expect("Hello".size() == "Hello".size(withAttributes: [.font: UIFont.systemFont(ofSize: 12)]))
        #expect(("Hello" as NSString).size(withAttributes: nil) == "Hello".size())
        #expect("".size() == .zero)
        // A value of the wrong type is ignored.
        #expect("Hello".size(withAttributes: [.font: 40]) == "Hello".size())
    }

    @Test func drawAtPointUsesTheForegroundColour() {
        let (context, buffer) = Self.whiteContext(width: 80, height: 30)
        "Hi".draw(
            at: CGPoint(x: 10, y: 5),
            withAttributes: [.font: UIFont.boldSystemFont(ofSize: 18), .foregroundColor: UIColor.red], in: context)
        let ink = Self.inked(buffer)
        #expect(!ink.isEmpty)
        #expect(ink.allSatisfy { $0.x >= 10 && $0.y >= 5 })
        // The darkest inked pixels are red.
        #expect(ink.contains { $0.pixel & 0xffffff == 0xff0000 })
        #expect(!ink.contains { $0.pixel >> 16 & 0xff < 0x80 })
    }

    @Test func drawInRectWrapsAndClips() {
        let (context, buffer) = Self.whiteContext(width: 100, height: 100)
        let rect = CGRect(x: 10, y: 10, width: 60, height: 30)
        String(repeating: "wrap ", count: 30).draw(in: rect, withAttributes: nil, in: context)
        let ink = Self.inked(buffer)
        #expect(!ink.isEmpty)
        #expect(ink.allSatisfy { rect.contains(CGPoint(x: CGFloat($0.x) + 0.5, y: CGFloat($0.y) + 0.5)) })
        // Wrapped onto a second line within the rect.
        #expect(ink.contains { $0.y > 25 })
    }

    static func quadrantImage(scale: CGFloat) -> UIImage {
        let buffer = PixelBuffer(width: 4, height: 4, format: .xrgb8888)
        for y in 0..<4 {
            for x in 0..<4 {
                buffer.setPixel(x: x, y: y, [0xffff_0000, 0xff00_ff00, 0xff00_00ff, 0xffff_ff00][(y / 2) * 2 + x / 2])
            }
        }
        return UIImage(cgImage: CGImage(copying: buffer), scale: scale, orientation: .up)
    }

    @Test func imageDrawsUprightScaledIntoItsRect() {
        let (context, buffer) = Self.whiteContext(width: 40, height: 40)
        context.interpolationQuality = .none
        Self.quadrantImage(scale: 1).draw(in: CGRect(x: 0, y: 0, width: 40, height: 40), context: context)
        #expect(buffer.pixel(x: 5, y: 5) == 0xffff_0000)
        #expect(buffer.pixel(x: 35, y: 5) == 0xff00_ff00)
        #expect(buffer.pixel(x: 5, y: 35) == 0xff00_00ff)
        #expect(buffer.pixel(x: 35, y: 35) == 0xffff_ff00)
    }

    @Test func drawAtPointUsesThePointSize() {
        let (context, buffer) = Self.whiteContext(width: 10, height: 10)
        // 4 pixels at scale 2: 2x2 points.
        Self.quadrantImage(scale: 2).draw(at: CGPoint(x: 3, y: 3), context: context)
        #expect(buffer.pixel(x: 3, y: 3) == 0xffff_0000 && buffer.pixel(x: 4, y: 4) == 0xffff_ff00)
        #expect(buffer.pixel(x: 5, y: 5) == 0xffff_ffff && buffer.pixel(x: 2, y: 2) == 0xffff_ffff)
    }

    @Test func resizableImagesDrawInNineParts() {
        // 6x6 pixels: a 2-pixel red frame around green, caps of 2 points at scale 1.
        let pixels = PixelBuffer(width: 6, height: 6, format: .xrgb8888)
        for y in 0..<6 {
            for x in 0..<6 {
                pixels.setPixel(x: x, y: y, (2..<4).contains(x) && (2..<4).contains(y) ? 0xff00_ff00 : 0xffff_0000)
            }
        }
        let base = UIImage(cgImage: CGImage(copying: pixels))
        let insets = UIEdgeInsets(top: 2, left: 2, bottom: 2, right: 2)
        for mode in [UIImage.ResizingMode.stretch, .tile] {
            let (context, buffer) = Self.whiteContext(width: 30, height: 20)
            context.interpolationQuality = .none
            base.resizableImage(withCapInsets: insets, resizingMode: mode)
                .draw(in: CGRect(x: 0, y: 0, width: 30, height: 20), context: context)
            for (x, y) in [(0, 0), (1, 10), (15, 0), (29, 19), (28, 10), (15, 18)] {
                #expect(buffer.pixel(x: x, y: y) == 0xffff_0000, "\(mode) (\(x), \(y))")
            }
            for (x, y) in [(2, 2), (15, 10), (27, 17)] {
                #expect(buffer.pixel(x: x, y: y) == 0xff00_ff00, "\(mode) (\(x), \(y))")
            }
        }
        let pieces = base.resizableImage(withCapInsets: insets).nineSlicePieces(
            in: CGRect(x: 0, y: 0, width: 2, height: 2))
        // Smaller than the caps: only the corners, shrunk to half.
        #expect(pieces.count == 4 && pieces.allSatisfy { $0.destination.width == 1 && $0.destination.height == 1 })
    }
}
