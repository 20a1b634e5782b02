internal import CEGL
import Foundation
import OpenGLES
public import VitrineGraphics

/// A GBM device on a DRM card's descriptor: what scan-out buffers for a GPU renderer are made
/// with, and the native display of EGL's GBM platform. GBM's C types stay in this file and
/// `GBMScanoutBuffer`.
///
/// The descriptor is borrowed: the card's owner (the DRM backend) keeps it open while the
/// device lives.
public final class GBMDevice: @unchecked Sendable {
    let device: OpaquePointer
    /// The card's descriptor the device was made on.
    public let descriptor: Int32
    /// The DRI driver's name as GBM reports it ("drm" for Mesa's GBM).
    public let backendName: String

    /// A device on the card open at `descriptor`.
    ///
    /// - Throws: `EGLFailure` (with EGL's code `EGL_SUCCESS`: the failure is GBM's) when GBM
    ///   has no driver for the card.
    public init(descriptor: Int32) throws(EGLFailure) {
        guard let device = gbm_create_device(descriptor) else {
            throw EGLFailure(
                "gbm_create_device", code: EGL_SUCCESS,
                detail: "no GBM driver for the card (\(String(cString: strerror(errno))))")
        }
        self.device = device
        self.descriptor = descriptor
        backendName = gbm_device_get_backend_name(device).map { String(cString: $0) } ?? ""
    }

    deinit {
        gbm_device_destroy(device)
    }

    /// `GBM_FORMAT_XRGB8888`, the scan-out format (DRM's fourcc `XR24`).
    public static let xrgb8888: UInt32 = 0x3432_5258  // fourcc "XR24" (GBM_FORMAT_XRGB8888, a macro Swift cannot import)

    /// Whether the device can make XRGB8888 buffers that are scanned out and rendered to.
    public var supportsScanoutRendering: Bool {
        gbm_device_is_format_supported(
            device, Self.xrgb8888, GBM_BO_USE_SCANOUT.rawValue | GBM_BO_USE_RENDERING.rawValue)
            != 0
    }
}

/// What a DRM framebuffer is made from: a GBM buffer's plane 0 and its format modifier.
public struct GBMFramebufferRequest: Sendable {
    public let width: Int
    public let height: Int
    /// The fourcc (`XR24`).
    public let format: UInt32
    /// The buffer's GEM handle on the card's descriptor.
    public let handle: UInt32
    public let pitch: UInt32
    public let offset: UInt32
    /// The buffer's layout modifier, nil when GBM does not know it (`DRM_FORMAT_MOD_INVALID`):
    /// the framebuffer is then made without modifiers (the driver's implicit layout).
    public let modifier: UInt64?
}

/// A scan-out buffer on the GPU: a GBM buffer object (`GBM_BO_USE_SCANOUT |
/// GBM_BO_USE_RENDERING`), imported into the renderer's EGL display as an `EGLImage` and
/// bound to a renderbuffer of a framebuffer object, so the GLES renderer draws straight into
/// what the display scans out; and the framebuffer id the DRM output commits.
///
/// `pixels` is the buffer mapped for the CPU (`gbm_bo_map`), for screenshots and for pixman
/// should the GPU fail; Mesa maps a linear buffer (kms_swrast's dumb buffers) directly.
public final class GBMScanoutBuffer: GLFramebufferTarget {
    public let width: Int
    public let height: Int
    public let framebuffer: GLuint
    /// The DRM framebuffer id (set by the allocator).
    public internal(set) var framebufferID: UInt32 = 0
    /// The CPU mapping, wrapped.
    public let pixels: PixelBuffer
    /// The buffer's modifier, nil when GBM does not know it.
    public let modifier: UInt64?
    public var cpuPixels: PixelBuffer? { nil }

    let bo: OpaquePointer
    private let image: EGLImage
    private let renderbuffer: GLuint
    private var mapData: UnsafeMutableRawPointer?
    private let display: EGLDisplay

    init(device: GBMDevice, context: EGLContextHandle, width: Int, height: Int) throws(EGLFailure) {
        try context.makeCurrent()
        let flags = GBM_BO_USE_SCANOUT.rawValue | GBM_BO_USE_RENDERING.rawValue
        guard let bo = gbm_bo_create(device.device, UInt32(width), UInt32(height), GBMDevice.xrgb8888, flags) else {
            throw EGLFailure(
                "gbm_bo_create(\(width)x\(height), XRGB8888, scanout and rendering)", code: EGL_SUCCESS,
                detail: String(cString: strerror(errno)))
        }
        let modifier = gbm_bo_get_modifier(bo)
        self.modifier = modifier == 0x00ff_ffff_ffff_ffff ? nil : modifier
        self.bo = bo
        self.width = width
        self.height = height
        display = context.connection.display
        // The buffer as an EGLImage of the GBM platform's display (a native pixmap).
        guard
            let image = eglCreateImageKHRFunction(
                display, nil, EGLenum(EGL_NATIVE_PIXMAP_KHR), UnsafeMutableRawPointer(bo), nil)
        else {
            let failure = EGLFailure("eglCreateImageKHR(a GBM buffer)")
            gbm_bo_destroy(bo)
            throw failure
        }
        self.image = image
        var renderbuffer: GLuint = 0
        glGenRenderbuffers(1, &renderbuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), renderbuffer)
        glEGLImageTargetRenderbufferStorageFunction(GLenum(GL_RENDERBUFFER), image)
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferRenderbuffer(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), renderbuffer)
        self.renderbuffer = renderbuffer
        self.framebuffer = framebuffer
        // The CPU's view of the same pixels.
        var stride: UInt32 = 0
        var mapData: UnsafeMutableRawPointer?
        let memory = gbm_bo_map(
            bo, 0, 0, UInt32(width), UInt32(height), GBM_BO_TRANSFER_READ_WRITE.rawValue, &stride, &mapData)
        self.mapData = mapData
        if let memory {
            pixels = PixelBuffer(wrapping: memory, width: width, height: height, stride: Int(stride), format: .xrgb8888)
        } else {
            // Not mappable: a buffer of its own stands in (screenshots of it are not the screen's).
            pixels = PixelBuffer(width: width, height: height, format: .xrgb8888)
        }
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            release()
            throw EGLFailure(
                "binding a GBM buffer to a GL framebuffer", code: EGL_SUCCESS,
                detail: "framebuffer incomplete (status 0x\(String(status, radix: 16)))")
        }
    }

    /// The request for the buffer's DRM framebuffer.
    var framebufferRequest: GBMFramebufferRequest {
        GBMFramebufferRequest(
            width: width, height: height, format: GBMDevice.xrgb8888, handle: gbm_bo_get_handle(bo).u32,
            pitch: gbm_bo_get_stride(bo), offset: gbm_bo_get_offset(bo, 0), modifier: modifier)
    }

    private var isReleased = false

    /// Deletes the framebuffer, the image and the buffer (the context current).
    func release() {
        guard !isReleased else { return }
        isReleased = true
        var framebuffer = framebuffer
        var renderbuffer = renderbuffer
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteRenderbuffers(1, &renderbuffer)
        _ = eglDestroyImageKHRFunction(display, image)
        if let mapData { gbm_bo_unmap(bo, mapData) }
        mapData = nil
        gbm_bo_destroy(bo)
    }
}

/// Makes an output's scan-out buffers with GBM for the GLES renderer: each a `GBMScanoutBuffer`
/// with a DRM framebuffer made by `addFramebuffer` (`drmModeAddFB2WithModifiers` when the
/// buffer's modifier is known, else `drmModeAddFB2`), on the context the renderers draw with.
///
/// The renderers find a buffer's framebuffer object from the `PixelBuffer` the output hands
/// out (`EGLContextHandle.scanoutTarget(for:)`), so the output, its flip chain and the frame
/// loop stay as they are with dumb buffers.
@MainActor
public final class GBMBufferAllocator {
    public let device: GBMDevice
    public let context: EGLContextHandle
    private let addFramebuffer: @MainActor (GBMFramebufferRequest) -> Result<UInt32, any Error>
    private let removeFramebuffer: @MainActor (UInt32) -> Void
    /// Buffers made so far, and how many framebuffers carried a modifier (for the VM checks).
    public private(set) var madeCount = 0
    public private(set) var withModifierCount = 0

    /// An allocator on `device`, importing into `context` (a display on the GBM platform of
    /// the same device).
    public init(
        device: GBMDevice, context: EGLContextHandle,
        addFramebuffer: @escaping @MainActor (GBMFramebufferRequest) -> Result<UInt32, any Error>,
        removeFramebuffer: @escaping @MainActor (UInt32) -> Void
    ) {
        self.device = device
        self.context = context
        self.addFramebuffer = addFramebuffer
        self.removeFramebuffer = removeFramebuffer
    }

    /// A scan-out buffer of `width` x `height` (XRGB8888) with its DRM framebuffer.
    public func makeBuffer(width: Int, height: Int) throws -> GBMScanoutBuffer {
        defer { context.releaseAfterUse() }
        let buffer = try GBMScanoutBuffer(device: device, context: context, width: width, height: height)
        switch addFramebuffer(buffer.framebufferRequest) {
        case .success(let id):
            buffer.framebufferID = id
        case .failure(let error):
            buffer.release()
            throw error
        }
        madeCount += 1
        if buffer.modifier != nil { withModifierCount += 1 }
        context.scanoutTargets[ObjectIdentifier(buffer.pixels)] = buffer
        return buffer
    }

    /// Removes the framebuffer and frees the buffer.
    public func free(_ buffer: GBMScanoutBuffer) {
        context.scanoutTargets[ObjectIdentifier(buffer.pixels)] = nil
        removeFramebuffer(buffer.framebufferID)
        try? context.makeCurrent()
        buffer.release()
        context.releaseAfterUse()
    }
}

// MARK: - Extension functions

private typealias CreateImage =
    @convention(c) (
        EGLDisplay?, EGLContext?, EGLenum, EGLClientBuffer?, UnsafePointer<EGLint>?
    ) -> EGLImage?
private typealias DestroyImage = @convention(c) (EGLDisplay?, EGLImage?) -> EGLBoolean
private typealias ImageTargetRenderbuffer = @convention(c) (GLenum, UnsafeMutableRawPointer?) -> Void

private func procedure<Function>(_ name: String, as _: Function.Type) -> Function {
    guard let address = eglGetProcAddress(name) else { preconditionFailure("EGL has no \(name)") }
    return unsafeBitCast(address, to: Function.self)
}

nonisolated(unsafe) private let eglCreateImageKHRFunction = procedure("eglCreateImageKHR", as: CreateImage.self)
nonisolated(unsafe) private let eglDestroyImageKHRFunction = procedure("eglDestroyImageKHR", as: DestroyImage.self)
nonisolated(unsafe) private let glEGLImageTargetRenderbufferStorageFunction = procedure(
    "glEGLImageTargetRenderbufferStorageOES", as: ImageTargetRenderbuffer.self)
