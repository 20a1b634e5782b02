import Foundation
import VitrineGraphics

/// A context over a new, transparent premultiplied ARGB buffer.
func makeContext(width: Int, height: Int, format: PixelFormat = .argb8888Premultiplied) -> CGContext {
    CGContext(pixelBuffer: PixelBuffer(width: width, height: height, format: format))
}

extension CGContext {
    /// The pixel at (x, y) as premultiplied 0xAARRGGBB.
    func pixel(_ x: Int, _ y: Int) -> UInt32 { pixelBuffer.pixel(x: x, y: y) }

    /// The alpha byte at (x, y).
    func alpha(_ x: Int, _ y: Int) -> Int { Int(pixel(x, y) >> 24) }

    /// Every (x, y) whose alpha is above `threshold`.
    func inkedPixels(threshold: Int = 0) -> [(x: Int, y: Int)] {
        var result: [(x: Int, y: Int)] = []
        for y in 0..<height {
            for x in 0..<width where alpha(x, y) > threshold { result.append((x, y)) }
        }
        return result
    }
}

let opaqueRed: UInt32 = 0xffff_0000
let opaqueBlue: UInt32 = 0xff00_00ff

func approximatelyEqual(_ a: CGFloat, _ b: CGFloat, tolerance: CGFloat = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

func approximatelyEqual(_ a: CGPoint, _ b: CGPoint, tolerance: CGFloat = 1e-9) -> Bool {
    approximatelyEqual(a.x, b.x, tolerance: tolerance)
        && approximatelyEqual(a.y, b.y, tolerance: tolerance)
}

func approximatelyEqual(_ a: CGRect, _ b: CGRect, tolerance: CGFloat = 1e-9) -> Bool {
    approximatelyEqual(a.origin, b.origin, tolerance: tolerance)
        && approximatelyEqual(a.width, b.width, tolerance: tolerance)
        && approximatelyEqual(a.height, b.height, tolerance: tolerance)
}

func approximatelyEqual(_ a: CGAffineTransform, _ b: CGAffineTransform, tolerance: CGFloat = 1e-9)
    -> Bool
{
    [a.a - b.a, a.b - b.b, a.c - b.c, a.d - b.d, a.tx - b.tx, a.ty - b.ty].allSatisfy {
        abs($0) <= tolerance
    }
}
