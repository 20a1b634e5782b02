/// Something a renderer draws a frame into: an output's buffer, or a picture a renderer keeps.
///
/// Renderers differ in the buffers they can draw into: the pixman renderer needs pixels the
/// CPU can write (`cpuPixels`); a GPU renderer would take buffers of its own kind (a GBM buffer
/// object, a texture) through a conforming type of its own. A target may offer both, as a
/// mapped GBM buffer would. Defined here, beside `PixelBuffer`, so that the platform's buffer
/// types can conform without depending on the compositor; not class-bound, so a value that
/// names a buffer (a swapchain slot) can be one.
public protocol RenderTarget {
    /// Width in pixels.
    var width: Int { get }
    /// Height in pixels.
    var height: Int { get }
    /// The target's pixels in memory the CPU can read and write, or nil when only another
    /// kind of renderer can reach them.
    var cpuPixels: PixelBuffer? { get }
}

extension PixelBuffer: RenderTarget {
    /// The buffer itself: its memory is the CPU's.
    public var cpuPixels: PixelBuffer? { self }
}
