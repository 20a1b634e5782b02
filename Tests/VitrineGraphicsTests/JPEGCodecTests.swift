import Foundation
import Testing
import VitrineGraphics

/// JPEG decoding through TurboJPEG, on small fixture files in `Fixtures/` made once with
/// Pillow (solid 8x8 blocks, so colours survive the DCT within a few levels).
@Suite struct JPEGCodecTests {
    static let fixtures = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
        .appendingPathComponent("Fixtures", isDirectory: true)

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent(name))
    }

    /// Whether `pixel` (0xAARRGGBB) is opaque and within `tolerance` of `rgb` per channel.
    static func pixel(_ pixel: UInt32, isNear rgb: UInt32, tolerance: Int = 6) -> Bool {
        guard pixel >> 24 == 0xff else { return false }
        return [16, 8, 0].allSatisfy { (shift: UInt32) in
            abs(Int(pixel >> shift & 0xff) - Int(rgb >> shift & 0xff)) <= tolerance
        }
    }

    @Test func decodesColourQuadrants() throws {
        let image = try ImageCodec.decodeJPEG(try Self.fixture("quadrants.jpg"))
        #expect(image.width == 16 && image.height == 16)
        #expect(image.format == .xrgb8888 && image.isOpaque)
        #expect(Self.pixel(image.pixel(x: 3, y: 3), isNear: 0xff0000))
        #expect(Self.pixel(image.pixel(x: 12, y: 3), isNear: 0x00ff00))
        #expect(Self.pixel(image.pixel(x: 3, y: 12), isNear: 0x0000ff))
        #expect(Self.pixel(image.pixel(x: 12, y: 12), isNear: 0xffffff))
    }

    @Test func decodesProgressiveSubsampledJPEG() throws {
        let image = try ImageCodec.decodeJPEG(try Self.fixture("quadrants-progressive-420.jpg"))
        #expect(image.width == 32 && image.height == 32)
        // Chroma at half resolution bleeds near the edges; the quadrant centres stay true.
        #expect(Self.pixel(image.pixel(x: 6, y: 6), isNear: 0xff0000, tolerance: 12))
        #expect(Self.pixel(image.pixel(x: 25, y: 6), isNear: 0x00ff00, tolerance: 12))
        #expect(Self.pixel(image.pixel(x: 6, y: 25), isNear: 0x0000ff, tolerance: 12))
        #expect(Self.pixel(image.pixel(x: 25, y: 25), isNear: 0xffffff, tolerance: 12))
    }

    @Test func decodesGrayscaleAsGrey() throws {
        let image = try ImageCodec.decodeJPEG(try Self.fixture("gray.jpg"))
        #expect(image.width == 16 && image.height == 8 && image.isOpaque)
        #expect(Self.pixel(image.pixel(x: 3, y: 4), isNear: 0x404040))
        #expect(Self.pixel(image.pixel(x: 12, y: 4), isNear: 0xc0c0c0))
    }

    @Test func decodesAdobeCMYKNaively() throws {
        // Left half: full cyan ink; right half: 50 % black ink.
        let image = try ImageCodec.decodeJPEG(try Self.fixture("cmyk.jpg"))
        #expect(image.width == 16 && image.height == 8 && image.isOpaque)
        #expect(Self.pixel(image.pixel(x: 3, y: 4), isNear: 0x00ffff))
        #expect(Self.pixel(image.pixel(x: 12, y: 4), isNear: 0x7f7f7f))
    }

    @Test func cmykWithoutAdobeMarkerIsReadAsPlainInk() throws {
        // The same file with its APP14 "Adobe" segment cut out: the inverted samples now read
        // as plain ink amounts: full cyan (stored 0, 255, 255, 255) and half black (stored
        // 255, 255, 255, 127) both become (nearly) full ink, black.
        let bytes = [UInt8](try Self.fixture("cmyk.jpg"))
        let adobe = Array("Adobe".utf8)
        func isAdobeSegment(_ index: Int) -> Bool {
            bytes[index] == 0xff && bytes[index + 1] == 0xee && Array(bytes[(index + 4)..<(index + 9)]) == adobe
        }
        let start = try #require((2..<bytes.count - 8).first(where: isAdobeSegment))
        let length = Int(bytes[start + 2]) << 8 | Int(bytes[start + 3])
        let stripped = Data(Array(bytes[..<start]) + Array(bytes[(start + 2 + length)...]))
        let image = try ImageCodec.decodeJPEG(stripped)
        #expect(Self.pixel(image.pixel(x: 3, y: 4), isNear: 0x000000))
        #expect(Self.pixel(image.pixel(x: 12, y: 4), isNear: 0x000000))
    }

    @Test func decodesSizesThatAreNotWholeBlocks() throws {
        let image = try ImageCodec.decodeJPEG(try Self.fixture("odd-size.jpg"))
        #expect(image.width == 13 && image.height == 7)
        #expect(Self.pixel(image.pixel(x: 12, y: 6), isNear: 0xc86432))
        #expect(Self.pixel(image.pixel(x: 0, y: 0), isNear: 0xc86432))
    }

    @Test func decodeSniffsTheFormat() throws {
        let jpeg = try ImageCodec.decode(try Self.fixture("quadrants.jpg"))
        #expect(jpeg.width == 16)
        let buffer = PixelBuffer(width: 2, height: 2, format: .xrgb8888)
        buffer.setPixel(x: 1, y: 1, 0xff12_3456)
        let png = try ImageCodec.decode(try ImageCodec.encodePNG(buffer))
        #expect(png.pixel(x: 1, y: 1) == 0xff12_3456)
        #expect(ImageCodec.format(of: try Self.fixture("gray.jpg")) == .jpeg)
        #expect(ImageCodec.format(of: Data("GIF89a".utf8)) == nil)
        #expect(throws: ImageCodecError.unsupportedFormat) { try ImageCodec.decode(Data("GIF89a".utf8)) }
        #expect(throws: ImageCodecError.unsupportedFormat) { try ImageCodec.decode(Data()) }
    }

    @Test func truncatedJPEGThrows() throws {
        let data = try Self.fixture("quadrants.jpg")
        for length in [3, 20, data.count / 2, data.count - 2] {
            #expect(throws: ImageCodecError.self, "\(length) bytes") {
                try ImageCodec.decodeJPEG(data.prefix(length))
            }
        }
        let progressive = try Self.fixture("quadrants-progressive-420.jpg")
        #expect(throws: ImageCodecError.self) {
            try ImageCodec.decodeJPEG(progressive.prefix(progressive.count - 40))
        }
    }

    @Test func corruptJPEGThrows() throws {
        #expect(throws: ImageCodecError.self) { try ImageCodec.decodeJPEG(Data([0xff, 0xd8, 0xff])) }
        #expect(throws: ImageCodecError.self) {
            try ImageCodec.decodeJPEG(Data([0xff, 0xd8, 0xff, 0xe0] + [UInt8](repeating: 0x41, count: 200)))
        }
        #expect(throws: ImageCodecError.self) { try ImageCodec.decodeJPEG(Data("not a jpeg".utf8)) }
        // Every byte of the header and scan data flipped in turn: each decode either succeeds
        // or throws, and none crashes.
        let data = try Self.fixture("quadrants.jpg")
        var failures = 0
        for index in stride(from: 2, to: data.count, by: 3) {
            var corrupt = data
            corrupt[index] ^= 0xa5
            do { _ = try ImageCodec.decodeJPEG(corrupt) } catch { failures += 1 }
        }
        #expect(failures > 0)
    }

    @Test func hugeDeclaredSizeThrowsBeforeAllocating() throws {
        var data = try Self.fixture("quadrants.jpg")
        // The baseline start-of-frame marker FF C0: length (2), precision (1), height, width.
        let bytes = [UInt8](data)
        let sof = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xff && bytes[$0 + 1] == 0xc0 })
        // 16384 x 16384: 256 megapixels, within libjpeg's limits but over Vitrine's.
        for (offset, byte) in zip(sof + 5...sof + 8, [0x40, 0x00, 0x40, 0x00] as [UInt8]) { data[offset] = byte }
        #expect(throws: ImageCodecError.tooLarge(width: 16384, height: 16384)) {
            try ImageCodec.decodeJPEG(data)
        }
    }

    @Test func encodedJPEGDecodesToNearlyTheSameColours() throws {
        let buffer = PixelBuffer(width: 16, height: 16, format: .xrgb8888)
        for y in 0..<16 {
            for x in 0..<16 { buffer.setPixel(x: x, y: y, x < 8 ? 0xff20_80c0 : 0xfff0_e010) }
        }
        let data = try ImageCodec.encodeJPEG(buffer, quality: 0.95)
        #expect(ImageCodec.format(of: data) == .jpeg)
        let image = try ImageCodec.decodeJPEG(data)
        #expect(Self.pixel(image.pixel(x: 2, y: 8), isNear: 0x2080c0))
        #expect(Self.pixel(image.pixel(x: 13, y: 8), isNear: 0xf0e010))
        let small = try ImageCodec.encodeJPEG(buffer, quality: 0.1)
        #expect(small.count < data.count)
        #expect(throws: ImageCodecError.self) {
            try ImageCodec.encodeJPEG(PixelBuffer(width: 2, height: 2, format: .alpha8), quality: 1)
        }
    }
}
