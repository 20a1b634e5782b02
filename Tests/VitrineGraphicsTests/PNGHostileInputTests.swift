import Foundation
import Testing
import VitrineTestSupport

@testable import VitrineGraphics

/// PNGs written by hand (issue 27): a header claiming more than `maximumPixelCount` pixels is
/// refused before anything is decoded, and a damaged file is named for what is wrong with it,
/// not "out of memory" as cairo puts every libpng error.
@Suite struct PNGHostileInputTests {
    static func reason(_ data: Data) -> String? {
        do {
            _ = try ImageCodec.decodePNG(data)
            return nil
        } catch {
            if case .invalidPNG(let reason) = error { return reason }
            return "\(error)"
        }
    }

    /// A 16x16 PNG from the encoder, as cairo and libpng write one.
    static func encoded() throws -> Data {
        let buffer = PixelBuffer(width: 16, height: 16, format: .xrgb8888)
        for y in 0..<16 {
            for x in 0..<16 { buffer.setPixel(x: x, y: y, UInt32(x * 16) << 16 | UInt32(y * 16)) }
        }
        return try ImageCodec.encodePNG(buffer)
    }

    @Test func crcIsPNGs() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(HandmadePNG.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
    }

    /// The hand-made files are real PNGs: libpng (through cairo) decodes one.
    @Test func aHandmadePNGDecodes() throws {
        let image = try ImageCodec.decode(HandmadePNG.png(width: 3, height: 2, grey: 0x40))
        #expect(image.width == 3 && image.height == 2)
        #expect(image.pixel(x: 2, y: 1) & 0xff_ffff == 0x40_4040)
    }

    @Test(arguments: [(20_000, 20_000), (65_536, 1_025), (1, Int(Int32.max))])
    func aPixelBombIsRefusedFromItsHeader(_ size: (Int, Int)) throws {
        // One row of data: a 400 MB image in a few dozen bytes (the 389 KB file decoded
        // to 20000x20000 and peaked at 3.15 GB).
        let bomb = HandmadePNG.png(width: UInt32(size.0), height: UInt32(size.1), rows: size.0 > 100_000 ? 0 : 1)
        #expect(throws: ImageCodecError.tooLarge(width: size.0, height: size.1)) { try ImageCodec.decode(bomb) }
        #expect(
            ImageCodecError.tooLarge(width: 20_000, height: 20_000).description
                == "image of 20000x20000 pixels exceeds 67108864 pixels")
    }

    @Test func aSideLongerThanCairosIsNamed() {
        #expect(
            Self.reason(HandmadePNG.png(width: 40_000, height: 2, rows: 0))
                == "a PNG of 40000x2 pixels: a side is longer than 32767")
    }

    @Test func notAPNGAndTooShortForOne() throws {
        #expect(Self.reason(Data([1, 2, 3, 4, 5, 6, 7, 8, 9])) == "not a PNG file (no PNG signature)")
        #expect(Self.reason(Data()) == "not a PNG file (no PNG signature)")
        #expect(Self.reason(try Self.encoded().prefix(5)) == "truncated PNG: 5 bytes, not even its signature")
        var garbage = Data(HandmadePNG.signature)
        garbage.append(Data(repeating: 0xab, count: 64))
        #expect(Self.reason(garbage) == "corrupt PNG: no chunk type at byte 8")
    }

    @Test func truncatedFilesSayWhereTheyStop() throws {
        let png = try Self.encoded()
        let idat = try #require(HandmadePNG.offset(ofChunk: "IDAT", in: png))
        let idatReason = try #require(Self.reason(png.prefix(idat + 20)))
        #expect(idatReason.hasPrefix("truncated PNG: its IDAT chunk at byte \(idat) is cut off (12 of "))
        // Without its 12-byte IEND chunk.
        #expect(
            Self.reason(png.prefix(png.count - 12))
                == "truncated PNG: it ends after \(png.count - 12) bytes, before its IEND chunk")
        #expect(
            Self.reason(png.prefix(png.count - 5))
                == "truncated PNG: it ends inside a chunk header at byte \(png.count - 12)")
        #expect(Self.reason(png.prefix(8)) == "truncated PNG: it ends after 8 bytes, before its IEND chunk")
    }

    @Test func aBadCRCIsNamedWithItsChunk() throws {
        let png = try Self.encoded()
        // The IHDR's: checked before decoding.
        var header = png
        header[16 + 3] ^= 0x01  // the width's last byte
        #expect(Self.reason(header) == "corrupt PNG: bad CRC in its IHDR chunk at byte 8")
        // The IDAT's: libpng refuses it; the reason is found afterwards.
        let idat = try #require(HandmadePNG.offset(ofChunk: "IDAT", in: png))
        let length = png[idat..<(idat + 4)].reduce(0) { $0 << 8 | Int($1) }
        var data = png
        data[idat + 8 + length] ^= 0xff
        #expect(Self.reason(data) == "corrupt PNG: bad CRC in its IDAT chunk at byte \(idat)")
    }

    /// Image data that zlib cannot inflate, under a right CRC.
    @Test func damagedImageDataIsCorruptNotOutOfMemory() throws {
        let header = HandmadePNG.header(width: 4, height: 4)
        let broken = Data(
            HandmadePNG.signature + HandmadePNG.chunk("IHDR", header)
                + HandmadePNG.chunk("IDAT", [0x00, 0x11, 0x22, 0x33, 0x44, 0x55]) + HandmadePNG.chunk("IEND", []))
        #expect(Self.reason(broken) == "corrupt PNG data: its compressed image data cannot be decoded")
        // Too few rows for the height the header gives.
        #expect(
            Self.reason(HandmadePNG.png(width: 4, height: 4, rows: 1))
                == "corrupt PNG data: its compressed image data cannot be decoded")
    }

    @Test func structuralDamageIsNamed() {
        let ihdr = HandmadePNG.chunk("IHDR", HandmadePNG.header(width: 2, height: 2))
        let idat = HandmadePNG.chunk("IDAT", HandmadePNG.zlibStored([0, 1, 2, 3, 4, 5, 6, 0, 1, 2, 3, 4, 5, 6]))
        let iend = HandmadePNG.chunk("IEND", [])
        let sig = HandmadePNG.signature
        #expect(Self.reason(Data(sig + idat + ihdr + iend)) == "corrupt PNG: its first chunk is IDAT, not IHDR")
        #expect(Self.reason(Data(sig + ihdr + iend)) == "corrupt PNG: no image data (IDAT chunk)")
        #expect(Self.reason(Data(sig + ihdr + ihdr + idat + iend)) == "corrupt PNG: a second IHDR chunk at byte 33")
        #expect(
            Self.reason(Data(sig + HandmadePNG.chunk("IHDR", HandmadePNG.header(width: 0, height: 2)) + idat + iend))
                == "corrupt PNG: its IHDR gives a size of 0x2")
        #expect(
            Self.reason(
                Data(
                    sig + HandmadePNG.chunk("IHDR", HandmadePNG.header(width: 2, height: 2, bitDepth: 4)) + idat + iend)
            )
                == "corrupt PNG: bit depth 4 with colour type 2")
        #expect(
            Self.reason(Data(sig + HandmadePNG.chunk("IHDR", [0, 0, 0, 2]) + idat + iend))
                == "corrupt PNG: its IHDR chunk has 4 bytes, not 13")
        // 0xFFFFFFFF bytes claimed by an ancillary chunk.
        #expect(
            Self.reason(Data(sig + ihdr + [0xff, 0xff, 0xff, 0xff] + Array("tEXt".utf8) + idat + iend))
                == "corrupt PNG: its tEXt chunk at byte 33 claims 4294967295 bytes")
        #expect(Self.reason(Data(sig + ihdr + idat + iend)) == nil)
    }

    /// An ancillary chunk's bad CRC is libpng's business (it drops the chunk): the image loads.
    @Test func anAncillaryChunksBadCRCIsIgnored() throws {
        let text = HandmadePNG.chunk("tEXt", Array("Comment\u{0}hello".utf8), crcDelta: 1)
        let ihdr = HandmadePNG.chunk("IHDR", HandmadePNG.header(width: 1, height: 1))
        let idat = HandmadePNG.chunk("IDAT", HandmadePNG.zlibStored([0, 9, 9, 9]))
        let image = try ImageCodec.decodePNG(
            Data(HandmadePNG.signature + ihdr + text + idat + HandmadePNG.chunk("IEND", [])))
        #expect(image.width == 1)
    }
}
