import VitrineGraphics

// A back buffer is what the screen's renderer draws into. Buffers made by today's allocators
// (memory, DRM dumb buffers) are mapped for the CPU, so the pixman renderer takes them; a GPU
// allocator's buffers would offer their own target instead.
extension SwapchainBuffer: RenderTarget {
    /// The buffer's width in pixels.
    public var width: Int { pixels.width }
    /// The buffer's height in pixels.
    public var height: Int { pixels.height }
    /// The mapped pixels.
    public var cpuPixels: PixelBuffer? { pixels }
}
