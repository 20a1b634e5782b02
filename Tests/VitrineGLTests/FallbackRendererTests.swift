import Foundation
import Logging
import Testing
import VitrineGraphics
import VitrineLayers
import VitrineTestSupport

@testable import VitrineGL

/// A GPU that fails mid-run hands over to pixman and the screen goes on showing the app: the
/// faults are injected through `GLESRenderer.injectedFault` (the renderer meets them where the
/// driver would report them), the shader failure is the real compiler's.
@MainActor
@Suite("FallbackRenderer")
struct FallbackRendererTests {
    private func scene() -> (root: CALayer, card: CALayer) {
        let root = Scene.root(width: 160, height: 120)
        let picture = Scene.layer(CGRect(x: 8, y: 8, width: 64, height: 48), parent: root)
        picture.contents = Scene.quadrantImage(width: 32, height: 24)
        picture.contentsGravity = .resize
        let card = Scene.layer(
            CGRect(x: 60, y: 30, width: 80, height: 70), color: CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.8),
            parent: root)
        card.cornerRadius = 12
        card.borderWidth = 3
        card.borderColor = .red
        return (root, card)
    }

    nonisolated static let faults: [GLRendererFault] = [
        .egl(.contextLost("eglMakeCurrent")),
        .egl(.badAlloc("eglMakeCurrent")),
        .gl(GLFailure(operation: "rendering frame 2", message: "GL_OUT_OF_MEMORY")),
    ]

    /// Frames on the GPU, then a fault: that frame and the ones after are pixman's, and the
    /// buffer always holds what a full pixman repaint of the tree gives.
    @Test(arguments: faults)
    func aFaultMidRunHandsOverToPixman(fault: GLRendererFault) throws {
        setenv("LIBGL_ALWAYS_SOFTWARE", "1", 1)
        let renderer = FallbackRenderer { try GLESRenderer(surfacelessTextureBudget: 64 << 20) }
        let gles = try #require(renderer.gles)
        let (root, card) = scene()
        let buffer = PixelBuffer(width: 160, height: 120, format: .argb8888Premultiplied)
        let compositor = Compositor(renderer: renderer)
        compositor.render(root, into: buffer, bufferAge: 0)
        #expect(renderer.isUsingGPU)
        #expect(gles.texturesUploaded == 1, "the first frame is the GPU's")

        gles.injectedFault = fault
        card.position.x -= 20
        compositor.render(root, into: buffer, bufferAge: 1)
        #expect(!renderer.isUsingGPU)
        #expect(renderer.fallbackReason == "the GPU failed (\(fault))")
        let afterFault = PixelComparison(buffer, GLTest.renderWithPixman(root), tolerance: 3)
        #expect(afterFault.passes(maxDifferingPixels: 40), "the frame the GPU failed in: \(afterFault)")

        // Later frames: pixman's, damage only, over what the GPU left.
        card.backgroundColor = .green
        compositor.render(root, into: buffer, bufferAge: 1)
        let later = PixelComparison(buffer, GLTest.renderWithPixman(root), tolerance: 3)
        #expect(later.passes(maxDifferingPixels: 40), "a frame after: \(later)")
        #expect(gles.texturesUploaded == 1, "the failed GPU draws nothing more")
    }

    /// The GPU gone, GL pictures are refused (a rotated screen makes a CPU one and repaints),
    /// and new pictures are CPU buffers.
    @Test func aFailedGPUGivesUpItsPictures() throws {
        setenv("LIBGL_ALWAYS_SOFTWARE", "1", 1)
        let renderer = FallbackRenderer { try GLESRenderer(surfacelessTextureBudget: 64 << 20) }
        let gles = try #require(renderer.gles)
        let picture = renderer.makePicture(width: 40, height: 30)
        #expect(picture is GLTextureTarget)
        #expect(renderer.canDraw(into: picture))
        #expect(!renderer.movesPixels)
        let (root, _) = scene()
        gles.injectedFault = .egl(.contextLost("eglMakeCurrent"))
        Compositor(renderer: renderer).render(root, into: picture, bufferAge: 0)
        #expect(!renderer.isUsingGPU)
        #expect(!renderer.canDraw(into: picture))
        let cpu = renderer.makePicture(width: 40, height: 30)
        #expect(cpu.cpuPixels != nil)
        #expect(renderer.canDraw(into: cpu))
        #expect(renderer.movesPixels)
    }

    /// A driver that rejects the shaders: pixman from the first frame, the driver's message in
    /// the reason.
    @Test func shadersTheDriverRejectsMeanPixmanFromTheStart() throws {
        setenv("LIBGL_ALWAYS_SOFTWARE", "1", 1)
        let context = try EGLContextHandle(connection: EGLDisplayConnection(platform: .surfaceless))
        let renderer = FallbackRenderer {
            // The real compiler's failure, as a driver without a feature the shaders use gives.
            _ = try GLProgram(
                vertex: GLShaders.vertex, fragment: "void main() { gl_FragColor = undefined_thing; }",
                label: "layer", logger: Logger(label: "test"))
            return try GLESRenderer(context: context)
        }
        #expect(!renderer.isUsingGPU)
        let reason = try #require(renderer.fallbackReason)
        #expect(reason.hasPrefix("the GLES renderer could not be set up: compiling the layer fragment shader failed"))
        #expect(reason.contains("undefined_thing"), "\(reason)")
        let (root, _) = scene()
        let buffer = PixelBuffer(width: 160, height: 120, format: .argb8888Premultiplied)
        Compositor(renderer: renderer).render(root, into: buffer, bufferAge: 0)
        #expect(PixelComparison(buffer, GLTest.renderWithPixman(root), tolerance: 0).isMatch)
    }
}
