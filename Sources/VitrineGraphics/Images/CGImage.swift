import Foundation

/// An immutable bitmap, as CoreGraphics' `CGImage`: what a layer's `contents` holds and what
/// `CGContext.draw(_:in:)` draws. Pixels are premultiplied ARGB8888, or XRGB8888 for images
/// known to be opaque (which lets the compositor copy instead of blend).
///
/// A drawing in one colour (a label's text, opaque or translucent) can be kept as a *coverage image*: one byte
/// of coverage per pixel and the colour, a quarter of the memory, as UIKit keeps such
/// drawings in an 8-bit backing store (iOS 12's automatic backing store format). It reads,
/// draws and encodes exactly as its colour pixels would.
///
/// Deviation: CoreGraphics' initialisers take data providers and colour spaces; Vitrine's take a
/// pixel buffer or encoded data (`ImageCodec`).
public final class CGImage: @unchecked Sendable {
    /// The pixels: colour pixels, or for a coverage image its `.alpha8` coverage. Never written
    /// after the image is made: the image owns a private copy.
    let pixels: PixelBuffer
    /// A coverage image's colour, premultiplied `0xAARRGGBB` (its pixels at full coverage);
    /// nil for colour pixels.
    let coverageARGB: UInt32?

    /// An image holding a copy of `buffer`'s pixels. `.alpha8` buffers are not images.
    public init(copying buffer: PixelBuffer) {
        precondition(buffer.format != .alpha8, "an image has colour pixels")
        pixels = buffer.copy()
        coverageARGB = nil
    }

    /// An image that takes `buffer` over: the caller must not write to it afterwards.
    package init(adopting buffer: PixelBuffer) {
        pixels = buffer
        coverageARGB = nil
    }

    private init(coverage: PixelBuffer, color: UInt32) {
        pixels = coverage
        coverageARGB = color
    }

    /// `buffer` (premultiplied ARGB) as a coverage image, when every pixel is one colour at
    /// some coverage, exactly as compositing that colour through the coverage gives it (text in
    /// one colour, opaque or translucent, as a label's secondary text); nil otherwise. The
    /// colour is the most covered pixel's. Costs two passes over the pixels (the first stops
    /// at a fully opaque pixel), transparent ones skipped four at a time.
    package static func coverageImage(of buffer: PixelBuffer) -> CGImage? {
        guard buffer.format == .argb8888Premultiplied else { return nil }
        let width = buffer.width
        // The colour: the pixel of the highest alpha (the first opaque one ends the search).
        var color: UInt32 = 0
        rows: for y in 0..<buffer.height {
            let row = (buffer.baseAddress + y * buffer.stride).assumingMemoryBound(to: UInt32.self)
            var x = PixelBuffer.nextDrawnPixel(in: row, from: 0, width: width)
            while x < width {
                let pixel = row[x]
                if pixel >> 24 > color >> 24 {
                    color = pixel
                    if pixel >> 24 == 0xff { break rows }
                }
                x = PixelBuffer.nextDrawnPixel(in: row, from: x &+ 1, width: width)
            }
        }
        guard color != 0 else { return nil }
        let coverage = PixelBuffer(width: width, height: buffer.height, format: .alpha8)
        // Each coverage's pixel, and the coverage an alpha comes from, looked up rather than
        // worked out per pixel; transparent pixels are skipped (the coverage buffer is zeroed).
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 512) { table -> CGImage? in
            let expected = table.baseAddress!
            let levelOfAlpha = table.baseAddress! + 256
            for alpha in 0..<256 { levelOfAlpha[alpha] = 0 }
            for level in (0..<256).reversed() {
                let pixel = Self.covered(color, by: UInt32(level))
                expected[level] = pixel
                levelOfAlpha[Int(pixel >> 24)] = UInt32(level)
            }
            for y in 0..<buffer.height {
                let row = (buffer.baseAddress + y * buffer.stride).assumingMemoryBound(to: UInt32.self)
                let out = (coverage.baseAddress + y * coverage.stride).assumingMemoryBound(to: UInt8.self)
                var x = PixelBuffer.nextDrawnPixel(in: row, from: 0, width: width)
                while x < width {
                    let pixel = row[x]
                    // A translucent colour gives some alphas at more than one coverage: the
                    // lowest is listed, the others follow it.
                    var level = Int(levelOfAlpha[Int(pixel >> 24)])
                    while pixel != expected[level] {
                        level &+= 1
                        guard level < 256, expected[level] >> 24 == pixel >> 24 else { return nil }
                    }
                    out[x] = UInt8(truncatingIfNeeded: level)
                    x = PixelBuffer.nextDrawnPixel(in: row, from: x &+ 1, width: width)
                }
            }
            return CGImage(coverage: coverage, color: color)
        }
    }

    /// A premultiplied colour at `coverage` (0...255), each channel rounded as pixman
    /// composites a colour through a mask (an opaque colour's alpha is the coverage).
    static func covered(_ color: UInt32, by coverage: UInt32) -> UInt32 {
        func times(_ channel: UInt32) -> UInt32 {
            let product = channel * coverage + 0x80
            return (product + (product >> 8)) >> 8
        }
        return times(color >> 24) << 24 | times((color >> 16) & 0xff) << 16 | times((color >> 8) & 0xff) << 8
            | times(color & 0xff)
    }

    /// Colour pixels: `pixels`, or a coverage image expanded into a new premultiplied buffer.
    var colorPixels: PixelBuffer {
        guard let coverageARGB else { return pixels }
        let expanded = PixelBuffer(width: pixels.width, height: pixels.height, format: .argb8888Premultiplied)
        for y in 0..<pixels.height {
            let row = (pixels.baseAddress + y * pixels.stride).assumingMemoryBound(to: UInt8.self)
            let out = (expanded.baseAddress + y * expanded.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<pixels.width { out[x] = Self.covered(coverageARGB, by: UInt32(row[x])) }
        }
        return expanded
    }

    /// Whether this is a coverage image (one colour, one byte per pixel).
    public var isCoverageImage: Bool { coverageARGB != nil }

    /// A coverage image's colour, premultiplied; nil for colour pixels.
    public var coverageColor: PremultipliedColor? { coverageARGB.map { PremultipliedColor(argb32: $0) } }

    /// Width in pixels, as `CGImage.width`.
    public var width: Int { pixels.width }
    /// Height in pixels, as `CGImage.height`.
    public var height: Int { pixels.height }
    public var bitsPerPixel: Int { 32 }
    /// Bytes per row of the colour pixels (a coverage image's as they would be).
    public var bytesPerRow: Int { coverageARGB == nil ? pixels.stride : width * 4 }
    /// The colour pixels' format (premultiplied ARGB for a coverage image).
    public var format: PixelFormat { coverageARGB == nil ? pixels.format : .argb8888Premultiplied }

    /// Whether every pixel is opaque (the image has no alpha channel).
    public var isOpaque: Bool { pixels.format.isOpaque }

    /// The pixel at (x, y) as premultiplied `0xAARRGGBB`.
    public func pixel(x: Int, y: Int) -> UInt32 {
        guard let coverageARGB else { return pixels.pixel(x: x, y: y) }
        return Self.covered(coverageARGB, by: pixels.pixel(x: x, y: y) >> 24)
    }

    /// A copy of the (colour) pixels in a buffer the caller owns.
    public func makePixelBuffer() -> PixelBuffer { coverageARGB == nil ? pixels.copy() : colorPixels }

    /// The part of the image inside `rect` (in pixels), as `cropping(to:)`; nil when the
    /// intersection with the image is empty.
    public func cropping(to rect: CGRect) -> CGImage? {
        let area = PixelRect(enclosing: rect.integral).intersection(pixels.bounds)
        guard !area.isEmpty else { return nil }
        let cropped = PixelBuffer(width: area.width, height: area.height, format: pixels.format)
        let bytes = pixels.format.bytesPerPixel
        for row in 0..<area.height {
            (cropped.baseAddress + row * cropped.stride).copyMemory(
                from: pixels.baseAddress + (area.y + row) * pixels.stride + area.x * bytes,
                byteCount: area.width * bytes)
        }
        guard let coverageARGB else { return CGImage(adopting: cropped) }
        return CGImage(coverage: cropped, color: coverageARGB)
    }
}
