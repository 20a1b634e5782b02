import Foundation
import Testing
import VitrineGraphics

/// Reading the EXIF Orientation tag from JPEGs, and turning pixels upright.
@Suite struct ExifOrientationTests {
    /// An APP1 segment "Exif\0\0" + a TIFF header in the given byte order and an IFD0 with an
    /// ImageWidth entry and then an Orientation entry of `value` (SHORT unless `type` says).
    static func exifSegment(orientation value: UInt16, bigEndian: Bool, type: UInt16 = 3) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] {
            bigEndian ? [UInt8(v >> 8), UInt8(v & 0xff)] : [UInt8(v & 0xff), UInt8(v >> 8)]
        }
        func u32(_ v: UInt32) -> [UInt8] {
            bigEndian ? u16(UInt16(v >> 16)) + u16(UInt16(v & 0xffff)) : u16(UInt16(v & 0xffff)) + u16(UInt16(v >> 16))
        }
        var tiff: [UInt8] = bigEndian ? [0x4d, 0x4d] : [0x49, 0x49]
        tiff += u16(42) + u32(8) + u16(2)
        tiff += u16(0x0100) + u16(4) + u32(1) + u32(640)  // ImageWidth, LONG
        tiff += u16(0x0112) + u16(type) + u32(1) + u16(value) + u16(0)  // Orientation
        tiff += u32(0)  // no next IFD
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return [0xff, 0xe1, UInt8(length >> 8), UInt8(length & 0xff)] + payload
    }

    /// A small encoded JPEG (16x8, solid grey).
    static func plainJPEG() throws -> [UInt8] {
        let buffer = PixelBuffer(width: 16, height: 8, format: .xrgb8888)
        for y in 0..<8 { for x in 0..<16 { buffer.setPixel(x: x, y: y, 0xff80_8080) } }
        return [UInt8](try ImageCodec.encodeJPEG(buffer, quality: 0.9))
    }

    /// `jpeg` with `segment` spliced in right after SOI.
    static func splice(_ segment: [UInt8], into jpeg: [UInt8]) -> Data {
        Data(Array(jpeg[..<2]) + segment + Array(jpeg[2...]))
    }

    @Test func readsEveryValueInBothByteOrders() throws {
        let jpeg = try Self.plainJPEG()
        for bigEndian in [false, true] {
            for value in 1...8 {
                let data = Self.splice(Self.exifSegment(orientation: UInt16(value), bigEndian: bigEndian), into: jpeg)
                let read = ImageCodec.exifOrientation(ofJPEG: data)
                #expect(read?.rawValue == UInt32(value), "value \(value), big-endian \(bigEndian)")
                // The segment does not disturb decoding: the pixels stay as stored.
                let image = try ImageCodec.decodeJPEG(data)
                #expect(image.width == 16 && image.height == 8)
            }
        }
        #expect(CGImagePropertyOrientation.right.rawValue == 6 && CGImagePropertyOrientation.left.rawValue == 8)
        #expect(CGImagePropertyOrientation.allCases.filter(\.swapsWidthAndHeight).map(\.rawValue) == [5, 6, 7, 8])
    }

    @Test func findsTheExifSegmentAfterOthers() throws {
        let jpeg = try Self.plainJPEG()
        // TurboJPEG writes a JFIF APP0 first: put the Exif APP1 after it, behind an XMP APP1.
        #expect(jpeg[2] == 0xff && jpeg[3] == 0xe0)
        let app0End = 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5]))
        let xmpPayload = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0, 0x3c, 0x78, 0x3e]
        let xmp = [0xff, 0xe1, 0, UInt8(xmpPayload.count + 2)] + xmpPayload
        let exif = Self.exifSegment(orientation: 6, bigEndian: true)
        let data = Data(Array(jpeg[..<app0End]) + xmp + exif + Array(jpeg[app0End...]))
        #expect(ImageCodec.exifOrientation(ofJPEG: data) == .right)
        #expect(try ImageCodec.decodeJPEG(data).width == 16)
        // No Exif segment at all, or not a JPEG.
        #expect(ImageCodec.exifOrientation(ofJPEG: Data(jpeg)) == nil)
        #expect(ImageCodec.exifOrientation(ofJPEG: Data()) == nil)
        #expect(ImageCodec.exifOrientation(ofJPEG: Data(Self.exifSegment(orientation: 3, bigEndian: false))) == nil)
    }

    @Test func corruptOrTruncatedExifGivesNoOrientation() throws {
        let jpeg = try Self.plainJPEG()
        let good = Self.exifSegment(orientation: 6, bigEndian: false)
        // Values and types outside the tag's definition.
        for value: UInt16 in [0, 9, 0xffff] {
            #expect(
                ImageCodec.exifOrientation(
                    ofJPEG: Self.splice(Self.exifSegment(orientation: value, bigEndian: false), into: jpeg)) == nil)
        }
        #expect(
            ImageCodec.exifOrientation(
                ofJPEG: Self.splice(Self.exifSegment(orientation: 6, bigEndian: true, type: 4), into: jpeg)) == nil)
        // A bad byte-order mark, a wrong magic number, an IFD offset far outside the segment.
        var badOrder = good
        badOrder[10] = 0x4d  // "MI"
        #expect(ImageCodec.exifOrientation(ofJPEG: Self.splice(badOrder, into: jpeg)) == nil)
        var badMagic = good
        badMagic[12] = 43
        #expect(ImageCodec.exifOrientation(ofJPEG: Self.splice(badMagic, into: jpeg)) == nil)
        for offset: [UInt8] in [[0xff, 0xff, 0xff, 0xff], [0xf0, 0, 0, 0], [30, 0, 0, 0]] {
            var badOffset = good
            badOffset.replaceSubrange(14..<18, with: offset)
            #expect(ImageCodec.exifOrientation(ofJPEG: Self.splice(badOffset, into: jpeg)) == nil)
        }
        // A huge entry count runs out of segment, not out of memory.
        var manyEntries = good
        manyEntries.replaceSubrange(18..<20, with: [0xff, 0xff])
        manyEntries.replaceSubrange(20..<22, with: [0, 0])  // first entry is not the tag
        manyEntries.replaceSubrange(32..<34, with: [0, 0])  // nor the second
        #expect(ImageCodec.exifOrientation(ofJPEG: Self.splice(manyEntries, into: jpeg)) == nil)
        // The segment's length says less than the TIFF needs: the tag lies outside it.
        var short = good
        short[3] = UInt8(good.count - 10)  // the TIFF ends two bytes before the tag's value
        let shortened = Self.splice(short, into: jpeg)
        #expect(ImageCodec.exifOrientation(ofJPEG: shortened) == nil)
        // Every truncation of the file, and a segment length past the end: never a crash,
        // never a value read from outside the data.
        let whole = [UInt8](Self.splice(good, into: jpeg))
        // The tag's value is the 43rd and 44th byte of the file.
        for cut in 0..<(good.count + 8) {
            let read = ImageCodec.exifOrientation(ofJPEG: Data(whole[..<cut]))
            #expect(read == (cut >= 44 ? .right : nil), "cut at \(cut)")
        }
        var overlong = good
        overlong[2] = 0xff
        #expect(ImageCodec.exifOrientation(ofJPEG: Data([0xff, 0xd8] + overlong)) == .right)
        #expect(ImageCodec.exifOrientation(ofJPEG: Data([0xff, 0xd8] + overlong.prefix(30))) == nil)
        // A slice of a larger Data (non-zero start index) reads the same.
        let padded = Data([1, 2, 3] + whole)
        #expect(ImageCodec.exifOrientation(ofJPEG: padded[3...]) == .right)
    }

    /// 3x2 pixels numbered 1 to 6 row by row, premultiplied ARGB.
    static func numbered() -> CGImage {
        let buffer = PixelBuffer(width: 3, height: 2, format: .argb8888Premultiplied)
        for y in 0..<2 { for x in 0..<3 { buffer.setPixel(x: x, y: y, 0xff00_0000 | UInt32(y * 3 + x + 1)) } }
        return CGImage(copying: buffer)
    }

    static func rows(_ image: CGImage) -> [[UInt32]] {
        (0..<image.height).map { y in (0..<image.width).map { x in image.pixel(x: x, y: y) & 0xff } }
    }

    @Test func orientedTurnsPixelsUpright() {
        let image = Self.numbered()
        #expect(image.oriented(.up) === image)
        let expected: [CGImagePropertyOrientation: [[UInt32]]] = [
            .upMirrored: [[3, 2, 1], [6, 5, 4]],
            .down: [[6, 5, 4], [3, 2, 1]],
            .downMirrored: [[4, 5, 6], [1, 2, 3]],
            .leftMirrored: [[1, 4], [2, 5], [3, 6]],
            .right: [[4, 1], [5, 2], [6, 3]],
            .rightMirrored: [[6, 3], [5, 2], [4, 1]],
            .left: [[3, 6], [2, 5], [1, 4]],
        ]
        for (orientation, rows) in expected {
            let turned = image.oriented(orientation)
            #expect(Self.rows(turned) == rows, "\(orientation)")
            #expect(turned.format == image.format)
        }
        #expect(Self.rows(image) == [[1, 2, 3], [4, 5, 6]])  // the original is untouched
    }
}
