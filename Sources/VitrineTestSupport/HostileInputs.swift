import Foundation

/// PNG files written chunk by chunk, for the decoder's hostile-input tests (issue 27): a small
/// header can claim any size, and a chunk's CRC can be right or wrong at will. The CRC and the
/// zlib stream are computed here, independently of the decoder's own code. Shared by the
/// graphics and UIKit tests and `vitrine-parser-bench`.
public enum HandmadePNG {
    /// PNG's signature.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

    /// A chunk: length, type, data and CRC (`crcDelta` is added to the CRC to make it wrong).
    public static func chunk(_ type: String, _ data: [UInt8], crcDelta: UInt32 = 0) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        let crc = crc32(typeBytes + data) &+ crcDelta
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc)
    }

    /// An IHDR chunk's data: 8-bit RGB (colour type 2) unless told otherwise.
    public static func header(width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colorType: UInt8 = 2) -> [UInt8] {
        bigEndian(width) + bigEndian(height) + [bitDepth, colorType, 0, 0, 0]
    }

    /// A whole 8-bit RGB PNG whose IHDR says `width` x `height` and whose image data holds
    /// `rows` rows of `width` grey pixels, stored uncompressed (zlib's stored blocks): with
    /// `rows` equal to the height, a valid image; a bomb claims a height its data lacks.
    public static func png(width: UInt32, height: UInt32, rows: Int? = nil, grey: UInt8 = 0x80) -> Data {
        let rowCount = rows ?? Int(height)
        var raw: [UInt8] = []
        for _ in 0..<rowCount { raw += [0] + [UInt8](repeating: grey, count: Int(width) * 3) }  // filter 0
        return Data(
            signature + chunk("IHDR", header(width: width, height: height)) + chunk("IDAT", zlibStored(raw))
                + chunk("IEND", []))
    }

    /// `bytes` as a zlib stream of stored (uncompressed) blocks.
    public static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(bytes.count - offset, 65535)
            let isLast: UInt8 = offset + count == bytes.count ? 1 : 0
            let length = UInt16(count)
            stream += [isLast, UInt8(length & 0xff), UInt8(length >> 8), UInt8(~length & 0xff), UInt8(~length >> 8)]
            stream += bytes[offset..<(offset + count)]
            offset += count
        } while offset < bytes.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return stream + bigEndian(b << 16 | a)
    }

    /// CRC-32 (PNG's and zlib's), bit by bit: slow and obviously right.
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// The offset of the first chunk of `type` in a PNG (its length field), or nil.
    public static func offset(ofChunk type: String, in png: Data) -> Int? {
        let bytes = [UInt8](png)
        var offset = signature.count
        while offset + 8 <= bytes.count {
            if Array(bytes[(offset + 4)..<(offset + 8)]) == Array(type.utf8) { return offset }
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            offset += 12 + length
        }
        return nil
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
    }
}

/// Interface files built to a size or a depth, for the reader's limits (issue 27).
public enum HostileXIB {
    /// A XIB whose root view holds a chain of `depth` views, each inside the last one's
    /// `<subviews>`: `2 * depth + 3` elements deep (`document`, `objects`, the root view).
    /// `direct` leaves `<subviews>` out (each view an object child of the last, one element a
    /// level, the deepest the decoder recurses per element): `depth + 3` elements deep.
    public static func nested(depth: Int, direct: Bool = false) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
                <objects>
                    <view contentMode="scaleToFill" id="root">

            """
        let open = direct ? "" : "<subviews>"
        for level in 0..<depth { text += open + "<view contentMode=\"scaleToFill\" id=\"v\(level)\">\n" }
        text += String(repeating: direct ? "</view>\n" : "</view></subviews>\n", count: depth)
        text += """
                    </view>
                </objects>
            </document>

            """
        return text
    }

    /// A valid small XIB padded with a comment to `size` bytes (at least about 400).
    public static func padded(to size: Int) -> Data {
        let head = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
                <objects>
                    <view contentMode="scaleToFill" id="root"/>
                </objects>
            <!--
            """
        let tail = "-->\n</document>\n"
        let padding = max(size - head.utf8.count - tail.utf8.count, 0)
        return Data(head.utf8) + Data(repeating: UInt8(ascii: "x"), count: padding) + Data(tail.utf8)
    }
}
