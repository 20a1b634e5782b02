import Foundation
import Testing
import VitrineTestSupport

@testable import VitrineGraphics

/// `Canvas.move`: a scroll's copy within one buffer, whose source and destination overlap.
@Suite struct CanvasMoveTests {
    /// A buffer whose every pixel is different.
    static func numbered(width: Int, height: Int, format: PixelFormat = .xrgb8888) -> PixelBuffer {
        let buffer = PixelBuffer(width: width, height: height, format: format)
        for y in 0..<height {
            for x in 0..<width { buffer.setPixel(x: x, y: y, 0xff00_0000 | UInt32(y << 12 | x)) }
        }
        return buffer
    }

    /// In every direction, by small and large offsets, inside an area that touches or crosses
    /// the buffer's edges and at a canvas origin: each pixel whose source is in the area takes
    /// the source's old value, and every other pixel keeps its own.
    @Test func movesMatchACopyFromTheOldPixels() {
        var random = SeededGenerator(state: 7)
        for _ in 0..<300 {
            let buffer = Self.numbered(width: 37, height: 29)
            let old = buffer.copy()
            let originX = Int.random(in: -5...5, using: &random)
            let originY = Int.random(in: -5...5, using: &random)
            var area = PixelRect(
                x: Int.random(in: -8...30, using: &random), y: Int.random(in: -8...25, using: &random),
                width: Int.random(in: 0...45, using: &random), height: Int.random(in: 0...35, using: &random))
            var dx = Int.random(in: -20...20, using: &random)
            if Int.random(in: 0..<4, using: &random) == 0 {
                // Whole rows, up or down.
                area.x = originX
                area.width = 37
                dx = 0
            }
            let dy = Int.random(in: -20...20, using: &random)
            Canvas(target: buffer, originX: originX, originY: originY).move(area, dx: dx, dy: dy)
            // In the buffer's own pixels.
            let local = PixelRect(x: area.x - originX, y: area.y - originY, width: area.width, height: area.height)
                .intersection(buffer.bounds)
            var wrong = 0
            for y in 0..<29 {
                for x in 0..<37 {
                    let moved = local.contains(x: x, y: y) && local.contains(x: x - dx, y: y - dy)
                    let expected = moved ? old.pixel(x: x - dx, y: y - dy) : old.pixel(x: x, y: y)
                    if buffer.pixel(x: x, y: y) != expected { wrong += 1 }
                }
            }
            #expect(wrong == 0, "area \(area) origin \(originX),\(originY) by \(dx),\(dy)")
            if wrong > 0 { return }
        }
    }
}
