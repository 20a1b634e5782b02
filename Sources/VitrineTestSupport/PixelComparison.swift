import VitrineGraphics

/// How two pixel buffers differ: the count of pixels whose largest channel difference exceeds a
/// tolerance, the largest channel difference anywhere, and where the differences are. Used by
/// snapshot assertions and by tests that compare two renderings (a damage-limited frame against
/// a full redraw, say).
///
/// Pixels are compared as `PixelBuffer.pixel(x:y:)` reads them, channel by channel: for
/// `.xrgb8888` the unused top byte is ignored (it reads as opaque), for premultiplied ARGB the
/// alpha channel counts too, for `.alpha8` only coverage.
public struct PixelComparison: Hashable, Sendable, CustomStringConvertible {
    /// The per-channel difference a pixel may have and still count as equal.
    public let tolerance: Int
    /// The first buffer's size in pixels (its bounds).
    public let actualBounds: PixelRect
    /// The second buffer's size in pixels (its bounds).
    public let expectedBounds: PixelRect
    /// Pixels with some channel differing by more than `tolerance`; with different sizes,
    /// every pixel of the larger buffer.
    public let differingPixelCount: Int
    /// The largest difference of any channel of any pixel (0...255), also counting differences
    /// within the tolerance; 255 when the sizes differ.
    public let maxChannelDifference: Int
    /// The smallest rectangle holding every differing pixel; `.zero` when none differ.
    public let differenceBounds: PixelRect

    /// Compares `actual` with `expected`, counting pixels whose channels differ by more than
    /// `tolerance` (not negative).
    public init(_ actual: PixelBuffer, _ expected: PixelBuffer, tolerance: Int = 0) {
        precondition(tolerance >= 0, "a tolerance is not negative")
        self.tolerance = tolerance
        actualBounds = actual.bounds
        expectedBounds = expected.bounds
        guard actual.width == expected.width, actual.height == expected.height else {
            differingPixelCount = max(actualBounds.area, expectedBounds.area)
            maxChannelDifference = 255
            differenceBounds = PixelRect(
                x: 0, y: 0, width: max(actual.width, expected.width), height: max(actual.height, expected.height))
            return
        }
        var count = 0
        var largest = 0
        var minX = Int.max
        var minY = Int.max
        var maxX = Int.min
        var maxY = Int.min
        for y in 0..<actual.height {
            for x in 0..<actual.width {
                let difference = Self.channelDifference(
                    PixelReader.pixel(actual, x: x, y: y), PixelReader.pixel(expected, x: x, y: y))
                if difference > largest { largest = difference }
                if difference > tolerance {
                    count += 1
                    minX = min(minX, x)
                    minY = min(minY, y)
                    maxX = max(maxX, x)
                    maxY = max(maxY, y)
                }
            }
        }
        differingPixelCount = count
        maxChannelDifference = largest
        differenceBounds =
            count == 0 ? .zero : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// Whether both buffers have the same size.
    public var sizesMatch: Bool { actualBounds == expectedBounds }

    /// Whether the buffers have the same size and no pixel differs beyond the tolerance.
    public var isMatch: Bool { sizesMatch && differingPixelCount == 0 }

    /// Whether the buffers have the same size and at most `maxDifferingPixels` pixels differ
    /// beyond the tolerance.
    public func passes(maxDifferingPixels: Int) -> Bool {
        sizesMatch && differingPixelCount <= maxDifferingPixels
    }

    /// A one-line summary: the counts, the largest difference and where.
    public var description: String {
        guard sizesMatch else {
            return "sizes differ: actual \(actualBounds.width)x\(actualBounds.height), "
                + "expected \(expectedBounds.width)x\(expectedBounds.height)"
        }
        let pixels = differingPixelCount == 1 ? "pixel differs" : "pixels differ"
        return "\(differingPixelCount) \(pixels) by more than \(tolerance) per channel, "
            + "largest channel difference \(maxChannelDifference)"
            + (differingPixelCount > 0 ? ", within \(differenceBounds)" : "")
    }

    /// An image showing where `actual` and `expected` (same size) differ beyond `tolerance`:
    /// differing pixels bright red, the rest a dimmed grey copy of `actual`.
    public static func diffImage(actual: PixelBuffer, expected: PixelBuffer, tolerance: Int) -> PixelBuffer {
        precondition(
            actual.width == expected.width && actual.height == expected.height, "a diff needs equal sizes")
        let diff = PixelBuffer(width: actual.width, height: actual.height, format: .xrgb8888)
        for y in 0..<actual.height {
            for x in 0..<actual.width {
                let value = PixelReader.pixel(actual, x: x, y: y)
                if channelDifference(value, PixelReader.pixel(expected, x: x, y: y)) > tolerance {
                    diff.setPixel(x: x, y: y, 0xffff_0000)
                } else {
                    let red = (value >> 16) & 0xff
                    let green = (value >> 8) & 0xff
                    let blue = value & 0xff
                    let grey = ((red * 77 + green * 150 + blue * 29) >> 8) / 3
                    diff.setPixel(x: x, y: y, 0xff00_0000 | grey << 16 | grey << 8 | grey)
                }
            }
        }
        return diff
    }

    /// The largest absolute difference between corresponding bytes of two `0xAARRGGBB` values.
    static func channelDifference(_ lhs: UInt32, _ rhs: UInt32) -> Int {
        guard lhs != rhs else { return 0 }
        var largest = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            let left = Int((lhs >> UInt32(shift)) & 0xff)
            let right = Int((rhs >> UInt32(shift)) & 0xff)
            largest = max(largest, abs(left - right))
        }
        return largest
    }
}

/// Reads pixels straight from memory, as `PixelBuffer.pixel(x:y:)` encodes them, without its
/// bounds checks (the callers loop within bounds).
enum PixelReader {
    @inline(__always)
    static func pixel(_ buffer: PixelBuffer, x: Int, y: Int) -> UInt32 {
        let address = UnsafeRawPointer(buffer.baseAddress)
        switch buffer.format {
        case .xrgb8888:
            return address.load(fromByteOffset: y * buffer.stride + x * 4, as: UInt32.self) | 0xff00_0000
        case .argb8888Premultiplied:
            return address.load(fromByteOffset: y * buffer.stride + x * 4, as: UInt32.self)
        case .alpha8:
            return UInt32(address.load(fromByteOffset: y * buffer.stride + x, as: UInt8.self)) << 24
        }
    }
}
