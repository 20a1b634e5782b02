import VitrineGraphics

/// One buffer an output scans out, as a `BufferAllocator` made it: the CPU mapping a software
/// renderer draws into (`pixels`, what `SwapchainBuffer.pixels` hands out), plus whatever the
/// backend needs to show it, which the conforming type adds (a DRM framebuffer id and its
/// dumb buffer's handle; later a GBM buffer object).
public protocol ScanoutBuffer: AnyObject {
    /// The pixels, mapped for the CPU; valid until the allocator frees the buffer.
    var pixels: PixelBuffer { get }
}

/// Why a `BufferAllocator` could not make a buffer.
public struct BufferAllocationError: Error, CustomStringConvertible, Sendable {
    /// What failed, for logs: `cannot create a dumb buffer: Cannot allocate memory`.
    public var description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}

/// Makes and frees an output's scan-out buffers. The output is given one and asks it for its
/// swapchain whenever the mode (the size) changes, so where buffers come from (memory, DRM
/// dumb buffers, later GBM with an EGL renderer) is the allocator's business, not the
/// output's nor the view system's. `Buffer` is what the allocator's backend can scan out.
@MainActor
public protocol BufferAllocator<Buffer>: AnyObject {
    /// The kind of buffer made.
    associatedtype Buffer: ScanoutBuffer

    /// A buffer of `width` x `height` pixels in `format`, its pixels zeroed or undefined
    /// (a new swapchain buffer has age 0: it is repainted whole before it is shown).
    func makeBuffer(width: Int, height: Int, format: PixelFormat) throws(BufferAllocationError) -> Buffer
    /// Frees `buffer`; its `pixels` must not be drawn into afterwards.
    func free(_ buffer: Buffer)
}

/// A buffer in process memory: what a headless output "scans out".
public final class MemoryScanoutBuffer: ScanoutBuffer {
    /// The pixels, owned by this buffer.
    public let pixels: PixelBuffer

    /// A zeroed buffer of `width` x `height` pixels in `format`.
    public init(width: Int, height: Int, format: PixelFormat) {
        pixels = PixelBuffer(width: width, height: height, format: format)
    }
}

/// The allocator of the headless backend: zeroed buffers in memory (large ones mapped on their
/// own, as every `PixelBuffer`), freed when the last reference goes.
public final class MemoryBufferAllocator: BufferAllocator {
    /// The number of buffers made so far (for tests).
    public private(set) var madeCount = 0

    /// An allocator.
    public init() {}

    /// A zeroed buffer in memory; never fails.
    public func makeBuffer(width: Int, height: Int, format: PixelFormat) -> MemoryScanoutBuffer {
        madeCount += 1
        return MemoryScanoutBuffer(width: width, height: height, format: format)
    }

    /// Nothing to do: the memory goes with the last reference to the buffer.
    public func free(_ buffer: MemoryScanoutBuffer) {}
}
