import Foundation
import Testing

@testable import VitrineGraphics

@MainActor
@Suite("CGGradient, gradients in CGContext, AlphaBlur")
struct GradientAndBlurTests {
    /// The red byte of a premultiplied ARGB pixel.
    private func red(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> Int { Int((buffer.pixel(x: x, y: y) >> 16) & 0xff) }

    @Test func gradientStops() throws {
        let gradient = try #require(CGGradient(colors: [.black, .white], locations: [1, 0]))
        // Sorted with their colours: white at 0, black at 1.
        #expect(gradient.color(at: 0) == .white)
        #expect(gradient.color(at: 1) == .black)
        #expect(abs(gradient.color(at: 0.25).red - 0.75) < 1e-9)
        #expect(CGGradient(colors: [], locations: nil) == nil)
        // A count that differs spreads the colours evenly.
        let even = try #require(CGGradient(colors: [.black, .white], locations: [0.9]))
        #expect(even.stops.map(\.location) == [0, 1])
    }

    /// A linear gradient from x 0 to 100, red 0 → 255; with no extend flags nothing beyond it.
    @Test func linearGradient() throws {
        let buffer = PixelBuffer(width: 200, height: 10, format: .argb8888Premultiplied)
        let context = CGContext(pixelBuffer: buffer)
        let gradient = try #require(
            CGGradient(
                colors: [CGColor(red: 0, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 0, blue: 0, alpha: 1)],
                locations: nil))
        context.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 100, y: 0), options: [])
        context.flush()
        #expect(abs(red(buffer, 50, 5) - 128) <= 3)
        #expect(red(buffer, 99, 5) > 245)
        #expect(buffer.pixel(x: 150, y: 5) == 0)
        context.drawLinearGradient(
            gradient, start: .zero, end: CGPoint(x: 100, y: 0), options: [.drawsAfterEndLocation])
        context.flush()
        #expect(red(buffer, 150, 5) == 255)
    }

    /// The blur keeps a row's total and spreads an edge over about three sigma (a band of
    /// columns, tall enough that the middle row does not see the top and bottom).
    @Test func blurSpreadsAndConserves() {
        let mask = PixelBuffer(width: 100, height: 60, format: .alpha8)
        for y in 0..<60 {
            let row = mask.baseAddress.advanced(by: y * mask.stride).assumingMemoryBound(to: UInt8.self)
            for x in 40..<60 { row[x] = 255 }
        }
        AlphaBlur.blur(mask, sigma: 4)
        let row = mask.baseAddress.advanced(by: 30 * mask.stride).assumingMemoryBound(to: UInt8.self)
        let values = (0..<100).map { Int(row[$0]) }
        let total = values.reduce(0, +)
        #expect(abs(total - 20 * 255) < 60)
        #expect(values[50] > 230)
        #expect(values[40] > 100 && values[40] < 160)
        #expect(values[30] < 10)
        #expect(values[25] == 0)
        // Near the top the column fades into the transparent outside.
        let top = mask.baseAddress.assumingMemoryBound(to: UInt8.self)
        #expect(Int(top[50]) < values[50] - 60)
    }

    /// A wide blur (done on a shrunk copy) still behaves as a Gaussian of that sigma: half at
    /// the edge, about 16% one sigma out, about 2% two sigma out, and the total kept.
    @Test func wideBlurIsGaussian() {
        let mask = PixelBuffer(width: 400, height: 300, format: .alpha8)
        for y in 0..<300 {
            let row = mask.baseAddress.advanced(by: y * mask.stride).assumingMemoryBound(to: UInt8.self)
            for x in 200..<400 { row[x] = 255 }
        }
        AlphaBlur.blur(mask, sigma: 24)
        let row = mask.baseAddress.advanced(by: 150 * mask.stride).assumingMemoryBound(to: UInt8.self)
        #expect(abs(Int(row[200]) - 134) < 14)
        #expect(abs(Int(row[176]) - 41) < 10)
        #expect(abs(Int(row[152]) - 6) < 6)
        #expect(row[100] == 0)
        #expect(row[300] > 250)
    }

    /// The alpha of a colour buffer comes out as a mask with a margin.
    @Test func alphaMaskWithMargin() {
        let colour = PixelBuffer(width: 4, height: 4, format: .argb8888Premultiplied)
        colour.setPixel(x: 1, y: 2, 0x8000_0000)
        let mask = AlphaBlur.alphaMask(of: colour, in: colour.bounds, margin: 3)
        #expect(mask.width == 10 && mask.height == 10)
        #expect(mask.pixel(x: 4, y: 5) == 0x8000_0000)
        #expect(mask.pixel(x: 0, y: 0) == 0)
    }
}
