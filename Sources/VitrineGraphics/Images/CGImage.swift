import Foundation

/// An immutable bitmap, as CoreGraphics' `CGImage`: what a layer's `contents` holds and what
/// `CGContext.draw(_:in:)` draws. Pixels are premultiplied ARGB8888, or XRGB8888 for images
/// known to be opaque (which lets the compositor copy instead of blend).
///
/// Deviation: CoreGraphics' initialisers take data providers and colour spaces; Vitrine's take a
/// pixel buffer or encoded data (`ImageCodec`).
public final class CGImage: @unchecked Sendable {
    /// The pixels. Never written after the image is made: the image owns a private copy.
    let pixels: PixelBuffer

    /// An image holding a copy of `buffer`'s pixels. `.alpha8` buffers are not images.
    public init(copying buffer: PixelBuffer) {
        precondition(buffer.format != .alpha8, "an image has colour pixels")
        pixels = buffer.copy()
    }

    /// An image that takes `buffer` over: the caller must not write to it afterwards.
    init(adopting buffer: PixelBuffer) {
        pixels = buffer
    }

    /// Width in pixels, as `CGImage.width`.
    public var width: Int { pixels.width }
    /// Height in pixels, as `CGImage.height`.
    public var height: Int { pixels.height }
    public var bitsPerPixel: Int { 32 }
    public var bytesPerRow: Int { pixels.stride }
    public var format: PixelFormat { pixels.format }

    /// Whether every pixel is opaque (the image has no alpha channel).
    public var isOpaque: Bool { pixels.format.isOpaque }

    /// The pixel at (x, y) as premultiplied `0xAARRGGBB`.
    public func pixel(x: Int, y: Int) -> UInt32 { pixels.pixel(x: x, y: y) }

    /// A copy of the pixels in a buffer the caller owns.
    public func makePixelBuffer() -> PixelBuffer { pixels.copy() }

    /// The part of the image inside `rect` (in pixels), as `cropping(to:)`; nil when the
    /// intersection with the image is empty.
    public func cropping(to rect: CGRect) -> CGImage? {
        let area = PixelRect(enclosing: rect.integral).intersection(pixels.bounds)
        guard !area.isEmpty else { return nil }
        let cropped = PixelBuffer(width: area.width, height: area.height, format: pixels.format)
        for row in 0..<area.height {
            (cropped.baseAddress + row * cropped.stride).copyMemory(
                from: pixels.baseAddress + (area.y + row) * pixels.stride + area.x * 4,
                byteCount: area.width * 4)
        }
        return CGImage(adopting: cropped)
    }
}
