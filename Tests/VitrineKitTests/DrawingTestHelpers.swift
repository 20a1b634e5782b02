import Foundation
import VitrineKit

/// A transparent premultiplied ARGB context of `width` x `height` pixels.
func makeDrawingContext(width: Int, height: Int, scale: CGFloat = 1) -> CGContext {
    CGContext(
        pixelBuffer: PixelBuffer(width: width, height: height, format: .argb8888Premultiplied), scale: scale)
}

/// Runs `body` with `context` current on the UIGraphics stack, popping it afterwards.
@MainActor
func drawing(in context: CGContext, _ body: () -> Void) {
    UIGraphicsPushContext(context)
    body()
    UIGraphicsPopContext()
}

extension PixelBuffer {
    /// The alpha byte at (x, y).
    func alpha(_ x: Int, _ y: Int) -> Int { Int(pixel(x: x, y: y) >> 24) }

    /// How many pixels have an alpha above `threshold`.
    func inkedPixelCount(threshold: Int = 127) -> Int {
        var count = 0
        for y in 0..<height {
            for x in 0..<width where alpha(x, y) > threshold { count += 1 }
        }
        return count
    }
}

let opaqueRedPixel: UInt32 = 0xffff_0000
let opaqueBluePixel: UInt32 = 0xff00_00ff
let opaqueGreenPixel: UInt32 = 0xff00_ff00
