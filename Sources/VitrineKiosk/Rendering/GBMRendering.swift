import Foundation
import VitrineDRM
import VitrineGL
import VitrineGraphics
import VitrineIO
import VitrineLayers
import VitrinePlatform

extension GPUProbe {
    /// EGL on the GBM platform of the card at `path` (opened through `opener` for the probe and
    /// closed after): the display, a config whose native visual is XRGB8888, a context and the
    /// GLES renderer's shaders. The context is not kept (the DRM backend's own descriptor
    /// carries the real one, `GBMRendering`).
    static func gbm(card path: String, opener: any DeviceOpener) -> GPUProbe {
        let platform = "GBM on \(path)"
        let descriptor: OwnedFileDescriptor
        do {
            descriptor = try opener.open(path: path)
        } catch {
            return GPUProbe(
                platform: platform, context: nil, egl: nil, glRenderer: nil, glVersion: nil, failure: "\(error)")
        }
        defer { descriptor.close() }
        let probe = probe(platform: platform) {
            try GBMRendering.makeContext(device: GBMDevice(descriptor: descriptor.rawValue))
        }
        return GPUProbe(
            platform: platform, context: nil, egl: probe.egl, glRenderer: probe.glRenderer,
            glVersion: probe.glVersion, failure: probe.failure)
    }
}

/// The GLES renderer on a DRM card: when the backend opens a card, a GBM device on its
/// descriptor, EGL's GBM platform on that, a context with the config whose native visual is
/// the scan-out format, and the outputs' allocator (`GBMBufferAllocator` through
/// `GBMScanoutAllocator`); each screen's renderer draws on that context.
@MainActor
package final class GBMRendering {
    package private(set) var context: EGLContextHandle?
    package private(set) var allocator: GBMBufferAllocator?
    private let log: @MainActor (String) -> Void

    package init(log: @escaping @MainActor (String) -> Void) { self.log = log }

    /// A context on `device` with the XRGB8888 config (several configs are returned for a
    /// format's depths; only the one whose `EGL_NATIVE_VISUAL_ID` is the scan-out format draws
    /// pixels the display reads as XRGB8888).
    static func makeContext(device: GBMDevice) throws -> EGLContextHandle {
        guard device.supportsScanoutRendering else {
            throw BufferAllocationError("GBM cannot make XRGB8888 buffers for scan-out and rendering on this card")
        }
        let connection = try EGLDisplayConnection(platform: .gbm(device))
        guard let config = connection.configs(matchingNativeVisual: GBMDevice.xrgb8888).first else {
            throw BufferAllocationError("EGL has no OpenGL ES config whose native visual is XRGB8888")
        }
        let context = try EGLContextHandle(connection: connection, config: config)
        // Released after each use: see `EGLContextHandle.releasesAfterUse`.
        context.releasesAfterUse = true
        context.releaseAfterUse()
        return context
    }

    /// The allocator for the card just opened; nil (logged) when GBM or EGL refuse it: the
    /// outputs then get dumb buffers and the screens pixman.
    package func allocator(for card: any DRMKernelInterface) -> (any BufferAllocator<DRMScanoutBuffer>)? {
        context = nil
        allocator = nil
        guard let descriptor = card.bufferDescriptor else { return nil }
        do {
            let device = try GBMDevice(descriptor: descriptor)
            let context = try Self.makeContext(device: device)
            let allocator = GBMBufferAllocator(
                device: device, context: context,
                addFramebuffer: { request in
                    card.addFramebuffer(
                        width: request.width, height: request.height, format: request.format, handle: request.handle,
                        pitch: request.pitch, offset: request.offset, modifier: request.modifier
                    ).mapError { $0 as any Error }
                },
                removeFramebuffer: { id in card.removeFramebuffer(id) })
            self.context = context
            self.allocator = allocator
            return GBMScanoutAllocator(gbm: allocator)
        } catch {
            log("GBM on \(card.path): \(error); dumb buffers and pixman instead")
            return nil
        }
    }

    /// A screen's renderer: GLES on the card's context, pixman should it fail.
    package func makeRenderer() -> FallbackRenderer {
        FallbackRenderer { [context] in
            guard let context else { throw BufferAllocationError("no GBM context on the card") }
            return try GLESRenderer(context: context)
        }
    }
}

/// GBM buffers as the DRM output's scan-out buffers: the CPU mapping and the framebuffer id,
/// the GBM buffer kept as the owner.
@MainActor
final class GBMScanoutAllocator: BufferAllocator {
    let gbm: GBMBufferAllocator

    init(gbm: GBMBufferAllocator) { self.gbm = gbm }

    func makeBuffer(width: Int, height: Int, format: PixelFormat) throws(BufferAllocationError) -> DRMScanoutBuffer {
        guard format == .xrgb8888 else { throw BufferAllocationError("GBM buffers are made in XRGB8888 only") }
        do {
            let buffer = try gbm.makeBuffer(width: width, height: height)
            return DRMScanoutBuffer(pixels: buffer.pixels, framebufferID: buffer.framebufferID, owner: buffer)
        } catch {
            throw BufferAllocationError("\(error)")
        }
    }

    func free(_ buffer: DRMScanoutBuffer) {
        if let owner = buffer.owner as? GBMScanoutBuffer { gbm.free(owner) }
    }
}
