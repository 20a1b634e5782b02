import Foundation

/// How stored pixels are turned to stand upright, as ImageIO's `CGImagePropertyOrientation`:
/// the values of the EXIF/TIFF Orientation tag (0x0112), 1 to 8, with ImageIO's case names.
public enum CGImagePropertyOrientation: UInt32, Sendable, Hashable, CaseIterable {
    /// Row 0 is the top, column 0 the left (EXIF 1): already upright.
    case up = 1
    /// Row 0 is the top, column 0 the right (EXIF 2): flipped horizontally.
    case upMirrored = 2
    /// Row 0 is the bottom, column 0 the right (EXIF 3): rotated 180°.
    case down = 3
    /// Row 0 is the bottom, column 0 the left (EXIF 4): flipped vertically.
    case downMirrored = 4
    /// Row 0 is the left side, column 0 the top (EXIF 5): transposed.
    case leftMirrored = 5
    /// Row 0 is the right side, column 0 the top (EXIF 6): shown rotated 90° clockwise.
    case right = 6
    /// Row 0 is the right side, column 0 the bottom (EXIF 7): transversed.
    case rightMirrored = 7
    /// Row 0 is the left side, column 0 the bottom (EXIF 8): shown rotated 90° counterclockwise.
    case left = 8

    /// Whether the upright image is as wide as the stored one is tall (5 to 8).
    public var swapsWidthAndHeight: Bool { rawValue >= 5 }
}

extension CGImage {
    /// The pixels turned upright for `orientation`: the stored pixel at row 0, column 0 lands
    /// where the EXIF tag says. `.up` gives `self`; otherwise a new image in the same pixel
    /// format, with width and height swapped for the four quarter turns (5 to 8). A Vitrine
    /// extension: CoreGraphics leaves this to whoever draws (UIKit draws a `UIImage` so).
    public func oriented(_ orientation: CGImagePropertyOrientation) -> CGImage {
        guard orientation != .up else { return self }
        let width = pixels.width
        let height = pixels.height
        let swaps = orientation.swapsWidthAndHeight
        let result = PixelBuffer(
            width: swaps ? height : width, height: swaps ? width : height, format: pixels.format)
        // The destination (dx, dy) of source (sx, sy) is affine: dx = x0 + sx·xx + sy·xy,
        // dy = y0 + sx·yx + sy·yy.
        let (x0, xx, xy, y0, yx, yy): (Int, Int, Int, Int, Int, Int) =
            switch orientation {
            case .up: (0, 1, 0, 0, 0, 1)
            case .upMirrored: (width - 1, -1, 0, 0, 0, 1)
            case .down: (width - 1, -1, 0, height - 1, 0, -1)
            case .downMirrored: (0, 1, 0, height - 1, 0, -1)
            case .leftMirrored: (0, 0, 1, 0, 1, 0)
            case .right: (height - 1, 0, -1, 0, 1, 0)
            case .rightMirrored: (height - 1, 0, -1, width - 1, -1, 0)
            case .left: (0, 0, 1, width - 1, -1, 0)
            }
        let rowPixels = result.stride / 4
        let origin = y0 * rowPixels + x0
        let stepX = yx * rowPixels + xx
        let stepY = yy * rowPixels + xy
        let destination = result.baseAddress.assumingMemoryBound(to: UInt32.self)
        for sy in 0..<height {
            let source = (pixels.baseAddress + sy * pixels.stride).assumingMemoryBound(to: UInt32.self)
            var offset = origin + sy * stepY
            for sx in 0..<width {
                destination[offset] = source[sx]
                offset += stepX
            }
        }
        return CGImage(adopting: result)
    }
}

extension ImageCodec {
    /// The EXIF Orientation tag (0x0112) of a JPEG, as ImageIO reports it in
    /// `kCGImagePropertyOrientation`: read from IFD0 of the first APP1 segment that starts
    /// with `Exif\0\0` (a TIFF header in either byte order) before the first scan. nil when
    /// `data` is not a JPEG, has no such segment or tag, or when the segment is truncated or
    /// corrupt or the value is outside 1 to 8: every read is bounds-checked, so bad input
    /// only means no orientation.
    public static func exifOrientation(ofJPEG data: Data) -> CGImagePropertyOrientation? {
        guard format(of: data) == .jpeg else { return nil }
        return data.withUnsafeBytes { bytes -> CGImagePropertyOrientation? in
            var offset = 2  // after SOI
            while offset + 4 <= bytes.count, bytes[offset] == 0xff {
                let marker = bytes[offset + 1]
                if marker == 0xff {  // fill byte
                    offset += 1
                    continue
                }
                if marker == 0xda || marker == 0xd9 { return nil }  // start of scan, end of image
                let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
                guard length >= 2 else { return nil }
                let payload = offset + 4
                let end = min(offset + 2 + length, bytes.count)
                if marker == 0xe1, end - payload >= 6,
                    bytes[payload..<payload + 6].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0])
                {
                    return tiffOrientation(UnsafeRawBufferPointer(rebasing: bytes[(payload + 6)..<end]))
                }
                offset += 2 + length
            }
            return nil
        }
    }

    /// The Orientation tag of IFD0 in a TIFF structure (header, then directories at offsets
    /// from its start); nil when absent, out of range or anything is out of bounds.
    static func tiffOrientation(_ tiff: UnsafeRawBufferPointer) -> CGImagePropertyOrientation? {
        guard tiff.count >= 8 else { return nil }
        let bigEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x4d, 0x4d): bigEndian = true  // "MM", Motorola
        case (0x49, 0x49): bigEndian = false  // "II", Intel
        default: return nil
        }
        func read16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            let (first, second) = (Int(tiff[at]), Int(tiff[at + 1]))
            return bigEndian ? first << 8 | second : second << 8 | first
        }
        func read32(_ at: Int) -> Int? {
            guard let first = read16(at), let second = read16(at + 2) else { return nil }
            return bigEndian ? first << 16 | second : second << 16 | first
        }
        guard read16(2) == 42, let directory = read32(4), let entries = read16(directory) else { return nil }
        for index in 0..<entries {
            let entry = directory + 2 + index * 12
            guard let tag = read16(entry) else { return nil }
            guard tag == 0x0112 else { continue }
            // SHORT (type 3), one value, held in the first two bytes of the value field.
            guard read16(entry + 2) == 3, read32(entry + 4) == 1, let value = read16(entry + 8) else { return nil }
            return CGImagePropertyOrientation(rawValue: UInt32(value))
        }
        return nil
    }
}
