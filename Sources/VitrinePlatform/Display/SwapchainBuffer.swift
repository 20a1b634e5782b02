import VitrineGraphics

/// A back buffer handed out by `DisplayOutput.acquireBuffer()` to render the next frame into,
/// with what it still holds: the model is EGL's swap chain with `EGL_EXT_buffer_age`, which is
/// what a compositor needs to redraw only the damage accumulated since the buffer was last on
/// screen.
public struct SwapchainBuffer {
    /// The pixels to render into: `.xrgb8888`, the output's current mode's size.
    public let pixels: PixelBuffer

    /// How many frames old the contents are, as `EGL_BUFFER_AGE_EXT`: 0 means unknown
    /// contents (redraw everything), 1 means the buffer holds the frame presented last,
    /// 2 the frame before that, and so on. A flip chain of n buffers yields 0 for each buffer's
    /// first use and n afterwards.
    public let age: Int

    /// Which of the output's buffers this is (0 ..< bufferCount); stable for the buffer's life.
    public let slot: Int

    /// A handle for `pixels`, slot `slot`, holding contents `age` frames old. Backends make
    /// these; renderers only read them.
    public init(pixels: PixelBuffer, age: Int, slot: Int) {
        self.pixels = pixels
        self.age = age
        self.slot = slot
    }
}
