import Foundation
internal import CCairo

/// A drawing destination with CoreGraphics' Swift API, drawing through cairo into a pixel
/// buffer. Coordinates are y-down with the origin at the top left, as in a UIKit `draw(_:)`.
public final class CGContext {
    /// The buffer drawn into.
    public let pixelBuffer: PixelBuffer
    let cairo: OpaquePointer
    private let surface: OpaquePointer

    /// A context drawing into `pixelBuffer` (`.argb8888Premultiplied` or `.xrgb8888`).
    public init(pixelBuffer: PixelBuffer) {
        precondition(pixelBuffer.format != .alpha8, "draw into a colour buffer")
        self.pixelBuffer = pixelBuffer
        surface = CairoSurface.make(over: pixelBuffer)
        cairo = cairo_create(surface)
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    /// The buffer's size in pixels.
    public var width: Int { pixelBuffer.width }
    public var height: Int { pixelBuffer.height }

    /// An image of what has been drawn so far, as `CGContext.makeImage()`.
    public func makeImage() -> CGImage? {
        cairo_surface_flush(surface)
        return CGImage(copying: pixelBuffer)
    }
}
