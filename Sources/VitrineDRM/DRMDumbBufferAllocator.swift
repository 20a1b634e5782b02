import VitrineGraphics
import VitrinePlatform

/// A buffer a DRM output scans out: the framebuffer object the plane shows, and its pixels
/// mapped for the software renderer.
package final class DRMScanoutBuffer: ScanoutBuffer {
    /// The mapping, wrapped (the allocator unmaps it in `free`).
    package let pixels: PixelBuffer
    /// The framebuffer object id, what commits put on the plane.
    package let framebufferID: UInt32
    /// What another allocator keeps the buffer by (a GBM buffer).
    package let owner: AnyObject?
    /// The dumb buffer behind it, when `DRMDumbBufferAllocator` made it (other allocators,
    /// GBM later, keep their own).
    let dumbBuffer: DRMDumbBuffer?

    private init(pixels: PixelBuffer, framebufferID: UInt32, dumbBuffer: DRMDumbBuffer?, owner: AnyObject?) {
        self.pixels = pixels
        self.framebufferID = framebufferID
        self.dumbBuffer = dumbBuffer
        self.owner = owner
    }

    /// The scan-out buffer of a mapped dumb buffer.
    init(dumbBuffer: DRMDumbBuffer) {
        self.dumbBuffer = dumbBuffer
        owner = nil
        framebufferID = dumbBuffer.framebufferID
        pixels = PixelBuffer(
            wrapping: dumbBuffer.memory, width: dumbBuffer.width, height: dumbBuffer.height,
            stride: dumbBuffer.stride, format: .xrgb8888)
    }
}

extension DRMScanoutBuffer {
    /// A buffer another allocator made: `pixels` (its CPU mapping, or what stands for it) and
    /// the framebuffer it made, kept by `owner`.
    package convenience init(pixels: PixelBuffer, framebufferID: UInt32, owner: AnyObject) {
        self.init(pixels: pixels, framebufferID: framebufferID, dumbBuffer: nil, owner: owner)
    }
}

/// Dumb buffers: linear XRGB8888 memory the kernel allocates and the CPU maps, each with a
/// framebuffer object. What the pixman renderer draws into on any KMS driver.
@MainActor
final class DRMDumbBufferAllocator: BufferAllocator {
    private let kernel: any DRMKernelInterface

    /// An allocator on `kernel`'s card.
    init(kernel: any DRMKernelInterface) {
        self.kernel = kernel
    }

    /// A mapped dumb buffer with its framebuffer; XRGB8888 only.
    func makeBuffer(width: Int, height: Int, format: PixelFormat) throws(BufferAllocationError) -> DRMScanoutBuffer {
        guard format == .xrgb8888 else { throw BufferAllocationError("dumb buffers are made in XRGB8888 only") }
        switch kernel.makeDumbBuffer(width: width, height: height) {
        case .success(let buffer): return DRMScanoutBuffer(dumbBuffer: buffer)
        case .failure(let error): throw BufferAllocationError(error.description)
        }
    }

    /// Unmaps the buffer and frees it and its framebuffer. The caller dropped every use of
    /// its `pixels` first.
    func free(_ buffer: DRMScanoutBuffer) {
        if let dumb = buffer.dumbBuffer { kernel.destroy(dumb) }
    }
}
