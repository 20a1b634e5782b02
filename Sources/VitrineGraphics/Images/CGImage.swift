import Foundation

/// An immutable bitmap, as CoreGraphics' `CGImage`: what a layer's `contents` holds and what
/// `CGContext.draw(_:in:)` draws. Pixels are premultiplied ARGB8888, or XRGB8888 for images
/// known to be opaque (which lets the compositor copy instead of blend).
///
/// A drawing in one opaque colour (a label's text) can be kept as a *coverage image*: one byte
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
    /// A coverage image's colour as an opaque `0xffRRGGBB`; nil for colour pixels.
    let coverageARGB: UInt32?

    /// An image holding a copy of `buffer`'s pixels. `.alpha8` buffers are not images.
    public init(copying buffer: PixelBuffer) {
        precondition(buffer.format != .alpha8, "an image has colour pixels")
        pixels = buffer.copy()
        coverageARGB = nil
    }

    /// An image that takes `buffer` over: the caller must not write to it afterwards.
    init(adopting buffer: PixelBuffer) {
        pixels = buffer
        coverageARGB = nil
    }

    private init(coverage: PixelBuffer, color: UInt32) {
        pixels = coverage
        coverageARGB = color
    }

    /// `buffer` (premultiplied ARGB) as a coverage image, when every pixel is one opaque
    /// colour at some coverage (exactly as compositing that colour through the coverage gives
    /// it) and at least one pixel is fully covered; nil otherwise. Costs one pass over the
    /// pixels, which stops at the first pixel of another colour.
    package static func coverageImage(of buffer: PixelBuffer) -> CGImage? {
        guard buffer.format == .argb8888Premultiplied else { return nil }
        let width = buffer.width
        let coverage = PixelBuffer(width: width, height: buffer.height, format: .alpha8)
        // One pass. The colour is the first fully covered pixel's; the pixel each coverage
        // gives is then looked up rather than worked out, and the partly covered pixels met
        // before it are checked at the end. Transparent pixels (most of a line of text) are
        // skipped four at a time: the coverage buffer is zeroed already.
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { expected -> CGImage? in
            var color: UInt32?
            var unchecked: [Int] = []
            for y in 0..<buffer.height {
                let row = (buffer.baseAddress + y * buffer.stride).assumingMemoryBound(to: UInt32.self)
                let out = (coverage.baseAddress + y * coverage.stride).assumingMemoryBound(to: UInt8.self)
                var x = 0
                while x < width {
                    if x &+ 3 < width {
                        let four = UnsafeRawPointer(row + x)
                        if four.loadUnaligned(as: UInt64.self) | four.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                            == 0
                        {
                            x &+= 4
                            continue
                        }
                    }
                    let pixel = row[x]
                    if pixel != 0 {
                        let alpha = Int(pixel >> 24)
                        if color != nil {
                            guard pixel == expected[alpha] else { return nil }
                        } else if alpha == 0xff {
                            color = pixel
                            for level in 0..<256 { expected[level] = Self.covered(pixel, by: UInt32(level)) }
                        } else {
                            unchecked.append(y * width + x)
                        }
                        out[x] = UInt8(truncatingIfNeeded: alpha)
                    }
                    x &+= 1
                }
            }
            guard let color else { return nil }
            for index in unchecked {
                let row = (buffer.baseAddress + (index / width) * buffer.stride).assumingMemoryBound(to: UInt32.self)
                let pixel = row[index % width]
                guard pixel == expected[Int(pixel >> 24)] else { return nil }
            }
            return CGImage(coverage: coverage, color: color)
        }
    }

    /// An opaque `0xffRRGGBB` colour at `alpha` (0...255) coverage, premultiplied, rounded as
    /// pixman composites a colour through a mask.
    static func covered(_ color: UInt32, by alpha: UInt32) -> UInt32 {
        func times(_ channel: UInt32) -> UInt32 {
            let product = channel * alpha + 0x80
            return (product + (product >> 8)) >> 8
        }
        return alpha << 24 | times((color >> 16) & 0xff) << 16 | times((color >> 8) & 0xff) << 8 | times(color & 0xff)
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

    /// A coverage image's colour, premultiplied (opaque); nil for colour pixels.
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
