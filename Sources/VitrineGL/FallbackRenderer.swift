import Foundation
import Logging
public import VitrineGraphics
public import VitrineLayers

/// Why the GPU stopped drawing: EGL's word (`EGL_CONTEXT_LOST`, `EGL_BAD_ALLOC` when the
/// context is made current) or GL's (`GL_OUT_OF_MEMORY`, `GL_CONTEXT_LOST` after a frame).
public enum GLRendererFault: Error, CustomStringConvertible, Sendable {
    case egl(EGLFailure)
    case gl(GLFailure)

    public var description: String {
        switch self {
        case .egl(let failure): "\(failure)"
        case .gl(let failure): "\(failure)"
        }
    }
}

/// The renderer a screen gets when OpenGL ES was chosen: `GLESRenderer` while the GPU works,
/// pixman's from the frame the GPU fails in on, so the screen goes on showing the app.
///
/// A GPU that cannot be set up (the shaders do not compile on the driver, no context) hands
/// over at once; one that fails mid-run (`GLESRenderer.fault`: context lost, out of memory)
/// hands over within the frame it failed in when the target has CPU pixels (that frame's
/// damage is painted again by pixman, so what the GPU left half drawn never shows), and for
/// a GPU-only target (a rotated panel's picture) at the next frame: it accepts no GL target
/// from then on (`canDraw(into:)`), so the screen's compositor makes a CPU picture and
/// repaints all of it. Either way one line is logged, with the driver's reason.
@preconcurrency @MainActor
public final class FallbackRenderer: Renderer {
    /// The GPU renderer, until it fails.
    public private(set) var gles: GLESRenderer?
    /// The renderer that takes over.
    public let pixman = PixmanRenderer()
    /// Why pixman draws (the GPU's fault or why it could not be set up); nil while GLES draws.
    public private(set) var fallbackReason: String?
    private let logger = Logger(label: "vitrine.gl")

    /// Draws with the renderer `makeGLES` makes; when it throws (a shader the driver rejects,
    /// no context), with pixman from the start, logging the driver's reason.
    public init(makeGLES: @MainActor () throws -> GLESRenderer) {
        do {
            gles = try makeGLES()
        } catch {
            fallBack("the GLES renderer could not be set up: \(error)")
        }
    }

    /// Whether the GPU draws (false once pixman took over).
    public var isUsingGPU: Bool { gles != nil }

    private func fallBack(_ reason: String) {
        gles = nil
        fallbackReason = reason
        logger.error("\(reason); drawing with pixman from now on")
    }

    /// Hands over when the GPU reported a fault; true when it did.
    private func gpuFailed() -> Bool {
        guard let fault = gles?.fault else { return false }
        fallBack("the GPU failed (\(fault))")
        return true
    }

    public func render(_ frame: RenderFrame, into target: any RenderTarget) {
        if let gles {
            gles.render(frame, into: target)
            guard gpuFailed() else { return }
        }
        // Pixman paints CPU pixels; a GL target left from before the fault gets nothing (the
        // compositor replaces it, having asked `canDraw(into:)`).
        if target.cpuPixels != nil { pixman.render(frame, into: target) }
    }

    public func makePicture(width: Int, height: Int) -> any RenderTarget {
        if let gles, gles.fault == nil { return gles.makePicture(width: width, height: height) }
        return pixman.makePicture(width: width, height: height)
    }

    public func present(
        picture: any RenderTarget, outputTransform: ProjectiveTransform, region: Region,
        into target: any RenderTarget
    ) {
        if let gles, picture is GLTextureTarget {
            gles.present(picture: picture, outputTransform: outputTransform, region: region, into: target)
            _ = gpuFailed()
            return
        }
        guard picture.cpuPixels != nil, target.cpuPixels != nil else { return }
        pixman.present(picture: picture, outputTransform: outputTransform, region: region, into: target)
    }

    /// GL targets only while the GPU draws; CPU pixels always (a GBM scan-out buffer's are its
    /// mapping, which pixman draws into once the GPU failed).
    public func canDraw(into target: any RenderTarget) -> Bool {
        target.cpuPixels != nil || (gles != nil && target is any GLFramebufferTarget)
    }

    /// Pixman moves scrolled pixels; the GLES renderer repaints them.
    public var movesPixels: Bool { gles == nil }

    public func move(_ move: PixelMove, in target: any RenderTarget) {
        pixman.move(move, in: target)
    }
}
