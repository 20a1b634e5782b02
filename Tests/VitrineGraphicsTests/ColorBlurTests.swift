import Foundation
import Testing

@testable import VitrineGraphics

@Suite("ColorBlur")
struct ColorBlurTests {
    static func buffer(width: Int, height: Int, _ pixel: (Int, Int) -> UInt32) -> PixelBuffer {
        let buffer = PixelBuffer(width: width, height: height, format: .argb8888Premultiplied)
        for y in 0..<height { for x in 0..<width { buffer.setPixel(x: x, y: y, pixel(x, y)) } }
        return buffer
    }

    /// One colour stays that colour, edges included (they are extended, not faded to black).
    @Test(arguments: [0.5, 3, 20, 64, 10_000])
    func uniformStaysUniform(sigma: Double) {
        let buffer = Self.buffer(width: 37, height: 23) { _, _ in 0xff40_80c0 }
        ColorBlur.blur(buffer, sigma: sigma)
        for (x, y) in [(0, 0), (36, 22), (18, 11), (0, 22)] {
            #expect(
                buffer.pixel(x: x, y: y) == 0xff40_80c0, "at \(x),\(y): \(String(buffer.pixel(x: x, y: y), radix: 16))")
        }
    }

    /// An edge between two colours becomes a ramp across it, symmetric about the edge, and
    /// stays sharp far from it.
    @Test(arguments: [2.0, 8, 30])
    func edgeBecomesRamp(sigma: Double) {
        let buffer = Self.buffer(width: 200, height: 8) { x, _ in x < 100 ? 0xffff_0000 : 0xff00_00ff }
        ColorBlur.blur(buffer, sigma: sigma)
        let left = buffer.pixel(x: 99, y: 4)
        let right = buffer.pixel(x: 100, y: 4)
        let red = { (pixel: UInt32) in Int((pixel >> 16) & 0xff) }
        let blue = { (pixel: UInt32) in Int(pixel & 0xff) }
        #expect(abs(red(left) - blue(right)) <= 8)
        #expect(red(left) > 110 && red(left) < 170, "\(red(left))")
        #expect(red(buffer.pixel(x: 0, y: 4)) >= 250)
        #expect(blue(buffer.pixel(x: 199, y: 4)) >= 250)
        // Wider blurs reach further.
        let reach = red(buffer.pixel(x: 100 + Int(sigma), y: 4))
        #expect(reach > 20 && reach < 100, "one sigma in: \(reach)")
    }

    /// Premultiplied pixels stay valid (no colour above alpha), and too small a sigma or NaN
    /// change nothing.
    @Test func premultipliedAndNoOp() {
        let buffer = Self.buffer(width: 30, height: 30) { x, y in (x + y) % 2 == 0 ? 0x8080_0000 : 0 }
        ColorBlur.blur(buffer, sigma: 3)
        for y in 0..<30 {
            for x in 0..<30 {
                let p = buffer.pixel(x: x, y: y)
                #expect((p >> 16) & 0xff <= p >> 24)
            }
        }
        let copy = Self.buffer(width: 5, height: 5) { x, _ in x == 2 ? 0xffff_ffff : 0xff00_0000 }
        ColorBlur.blur(copy, sigma: .nan)
        ColorBlur.blur(copy, sigma: 0.05)
        #expect(copy.pixel(x: 2, y: 0) == 0xffff_ffff && copy.pixel(x: 1, y: 0) == 0xff00_0000)
    }
}
