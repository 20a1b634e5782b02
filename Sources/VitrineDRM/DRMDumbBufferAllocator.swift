import VitrineGraphics
import VitrinePlatform

/// A buffer a DRM output scans out: the framebuffer object the plane shows, and its pixels
/// mapped for the software renderer.
final class DRMScanoutBuffer: ScanoutBuffer {
    /// The mapping, wrapped (the allocator unmaps it in `free`).
    let pixels: PixelBuffer
    /// The framebuffer object id, what commits put on the plane.
    let framebufferID: UInt32
    /// The dumb buffer behind it, when `DRMDumbBufferAllocator` made it (other allocators,
    /// GBM later, keep their own).
    let dumbBuffer: DRMDumbBuffer?

    /// The scan-out buffer of a mapped dumb buffer.
    init(dumbBuffer: DRMDumbBuffer) {
        self.dumbBuffer = dumbBuffer
        framebufferID = dumbBuffer.framebufferID
        pixels = PixelBuffer(
            wrapping: dumbBuffer.memory, width: dumbBuffer.width, height: dumbBuffer.height,
            stride: dumbBuffer.stride, format: .xrgb8888)
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
