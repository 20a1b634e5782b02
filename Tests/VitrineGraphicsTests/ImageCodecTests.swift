import Foundation
import Testing
import VitrineGraphics

@Suite struct ImageCodecTests {
    @Test func xrgbRoundTripIsPixelExact() throws {
        let buffer = PixelBuffer(width: 5, height: 3, format: .xrgb8888)
        for y in 0..<3 {
            for x in 0..<5 {
                buffer.setPixel(x: x, y: y, UInt32(x * 40) << 16 | UInt32(y * 90) << 8 | 0x17)
            }
        }
        let data = try ImageCodec.encodePNG(buffer)
        #expect(data.starts(with: [0x89, 0x50, 0x4e, 0x47]))
        let image = try ImageCodec.decodePNG(data)
        #expect(image.width == 5 && image.height == 3)
        #expect(image.format == .xrgb8888 && image.isOpaque)
        #expect(image.makePixelBuffer().hasSamePixels(as: buffer))
    }

    @Test func premultipliedRoundTripKeepsOpaqueAndClearExactly() throws {
        let buffer = PixelBuffer(width: 3, height: 1, format: .argb8888Premultiplied)
        buffer.setPixel(x: 0, y: 0, 0xff10_2030)  // opaque: exact
        buffer.setPixel(x: 1, y: 0, 0x0000_0000)  // clear: exact
        // Half alpha: PNG stores straight alpha, so the colour may round.
        buffer.setPixel(x: 2, y: 0, 0x8040_2000)
        let image = try ImageCodec.decodePNG(try ImageCodec.encodePNG(buffer))
        #expect(image.format == .argb8888Premultiplied)
        #expect(image.pixel(x: 0, y: 0) == 0xff10_2030)
        #expect(image.pixel(x: 1, y: 0) == 0)
        let half = image.pixel(x: 2, y: 0)
        #expect(half >> 24 == 0x80)
        for shift in [16, 8, 0] as [UInt32] {
            let expected = Int((0x8040_2000 as UInt32) >> shift & 0xff)
            #expect(abs(Int(half >> shift & 0xff) - expected) <= 1)
        }
    }

    @Test func corruptBytesThrow() {
        #expect(throws: ImageCodecError.self) {
            try ImageCodec.decodePNG(Data([1, 2, 3, 4, 5, 6, 7, 8, 9]))
        }
        var fakeHeader = Data([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
        fakeHeader.append(Data(repeating: 0xab, count: 64))
        #expect(throws: ImageCodecError.self) { try ImageCodec.decodePNG(fakeHeader) }
    }

    @Test func truncatedPNGThrows() throws {
        let buffer = PixelBuffer(width: 16, height: 16, format: .argb8888Premultiplied)
        for y in 0..<16 {
            for x in 0..<16 { buffer.setPixel(x: x, y: y, UInt32(x * y) | 0xff00_0000) }
        }
        let data = try ImageCodec.encodePNG(buffer)
        #expect(throws: ImageCodecError.self) {
            try ImageCodec.decodePNG(data.prefix(data.count / 2))
        }
        #expect(throws: ImageCodecError.self) {
            try ImageCodec.decodePNG(data.prefix(data.count - 4))
        }
    }

    @Test func emptyDataThrows() {
        #expect(throws: ImageCodecError.self) { try ImageCodec.decodePNG(Data()) }
    }

    @Test func maskIsNotEncodable() {
        #expect(throws: ImageCodecError.self) {
            try ImageCodec.encodePNG(PixelBuffer(width: 2, height: 2, format: .alpha8))
        }
    }
}
