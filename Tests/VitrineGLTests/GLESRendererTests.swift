import Foundation
import Logging
import Testing
import VitrineGraphics
import VitrineLayers
import VitrineTestSupport

@testable import VitrineGL

/// The GLES renderer's own behaviour: textures, damage, CPU targets, turned pictures, errors.
@MainActor
@Suite("GLESRenderer")
struct GLESRendererTests {
    /// A scene with contents, a rounded translucent card, a border and a group.
    private func scene() -> (root: CALayer, card: CALayer, picture: CALayer) {
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
        card.opacity = 0.7
        Scene.layer(CGRect(x: 10, y: 10, width: 30, height: 30), color: .green, parent: card)
        return (root, card, picture)
    }

    @Test func contentsUploadOncePerImage() throws {
        let renderer = try GLTest.makeRenderer()
        let (root, card, picture) = scene()
        let target = try GLTextureTarget(width: 160, height: 120)
        let compositor = Compositor(renderer: renderer)
        compositor.render(root, into: target, bufferAge: 0)
        #expect(renderer.texturesUploaded == 1)
        #expect(renderer.textureBytes == 32 * 24 * 4)
        // Other changes, and a repaint over the picture, upload nothing.
        card.position.x -= 20
        compositor.render(root, into: target, bufferAge: 1)
        compositor.render(root, into: target, bufferAge: 0)
        #expect(renderer.texturesUploaded == 1)
        // New contents: one upload.
        picture.contents = Scene.quadrantImage(width: 16, height: 12)
        compositor.render(root, into: target, bufferAge: 1)
        #expect(renderer.texturesUploaded == 2)
        #expect(renderer.textureBytes == 16 * 12 * 4)
    }

    @Test func textureBudgetEvictsLayersNotDrawn() throws {
        // Room for one 32x24 texture.
        let renderer = try GLTest.makeRenderer(textureBudget: 32 * 24 * 4)
        let root = Scene.root(width: 100, height: 60)
        let first = Scene.layer(CGRect(x: 0, y: 0, width: 40, height: 30), parent: root)
        first.contents = Scene.quadrantImage(width: 32, height: 24)
        let second = Scene.layer(CGRect(x: 50, y: 0, width: 40, height: 30), parent: root)
        second.contents = Scene.quadrantImage(width: 32, height: 24)
        second.isHidden = true
        let target = try GLTextureTarget(width: 100, height: 60)
        let compositor = Compositor(renderer: renderer)
        compositor.render(root, into: target, bufferAge: 0)
        second.isHidden = false
        first.isHidden = true
        compositor.render(root, into: target, bufferAge: 1)
        // Both drawn once; the first, not drawn in the last frame, went over budget.
        #expect(renderer.texturesUploaded == 2)
        #expect(renderer.textureBytes <= renderer.textureBudget)
        first.isHidden = false
        compositor.render(root, into: target, bufferAge: 1)
        #expect(renderer.texturesUploaded == 3)
        #expect(
            PixelComparison(target.readPixels(), GLTest.renderWithPixman(root), tolerance: 3).passes(
                maxDifferingPixels: 0))
    }

    /// Frames drawn damage-only, into a target that keeps the previous frame, end as a full
    /// repaint does; into a CPU buffer (read back) as into a GL target.
    @Test func damageOnlyFramesMatchAFullRepaint() throws {
        let renderer = try GLTest.makeRenderer()
        let (root, card, picture) = scene()
        let target = try GLTextureTarget(width: 160, height: 120)
        let cpu = PixelBuffer(width: 160, height: 120, format: .argb8888Premultiplied)
        let compositor = Compositor(renderer: renderer)
        let cpuCompositor = Compositor(renderer: renderer)
        for step in 0..<5 {
            switch step {
            case 1: card.position.x -= 13
            case 2: picture.opacity = 0.5
            case 3: card.cornerRadius = 30
            case 4: picture.setAffineTransform(CGAffineTransform(rotationAngle: 0.3))
            default: break
            }
            let result = compositor.render(root, into: target, bufferAge: step == 0 ? 0 : 1)
            cpuCompositor.render(root, into: cpu, bufferAge: step == 0 ? 0 : 1)
            if step > 0 { #expect(result.repainted.area < 160 * 120, "step \(step) repaints only damage") }
            let full = try GLTest.render(root, with: renderer)
            let comparison = PixelComparison(target.readPixels(), full, tolerance: 0)
            #expect(comparison.isMatch, "step \(step): \(comparison)")
            let cpuComparison = PixelComparison(cpu, full, tolerance: 0)
            #expect(cpuComparison.isMatch, "step \(step), CPU target: \(cpuComparison)")
            let pixman = PixelComparison(full, GLTest.renderWithPixman(root), tolerance: 3)
            #expect(pixman.passes(maxDifferingPixels: 40), "step \(step) against pixman: \(pixman)")
        }
    }

    /// A turned copy of a GL picture: every picture pixel lands where the output transform
    /// puts it, and nothing outside the region changes.
    @Test(arguments: [0, 1, 2, 3])
    func presentingTurnsThePicture(quarterTurns: Int) throws {
        let renderer = try GLTest.makeRenderer()
        let width = 40
        let height = 30
        let root = Scene.root(width: width, height: height)
        Scene.layer(CGRect(x: 0, y: 0, width: width, height: height), parent: root).contents =
            Scene.quadrantImage(width: width, height: height)
        Scene.layer(CGRect(x: 3, y: 2, width: 5, height: 4), color: .white, parent: root)
        let picture = renderer.makePicture(width: width, height: height)
        Compositor(renderer: renderer).render(root, into: picture, bufferAge: 0)
        let pixels = try #require(picture as? GLTextureTarget).readPixels()
        let (transform, outputWidth, outputHeight) = LayerScene.quarterTurn(quarterTurns, width: width, height: height)
        let untouched: UInt32 = 0xff12_3456
        let output = LayerScene.filledBuffer(width: outputWidth, height: outputHeight, pixel: untouched)
        let region = Region(PixelRect(x: 1, y: 1, width: outputWidth - 2, height: outputHeight - 1))
        renderer.present(picture: picture, outputTransform: transform, region: region, into: output)
        var mismatches = 0
        for y in 0..<height {
            for x in 0..<width {
                let centre = transform.apply(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))!
                let outputX = Int(centre.x.rounded(.down))
                let outputY = Int(centre.y.rounded(.down))
                let expected = region.contains(x: outputX, y: outputY) ? pixels.pixel(x: x, y: y) : untouched
                if output.pixel(x: outputX, y: outputY) & 0x00ff_ffff != expected & 0x00ff_ffff { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func eglErrorsAreNamed() {
        #expect(EGLFailure("eglInitialize", code: 0x3003).description == "eglInitialize failed: EGL_BAD_ALLOC")
        #expect(EGLFailure("eglMakeCurrent", code: 0x300E).errorName == "EGL_CONTEXT_LOST")
        #expect(EGLFailure("x", code: 0x3100).errorName == "EGL error 0x3100")
    }

    /// A shader the driver rejects throws (and logs) the driver's own message.
    @Test func shaderCompileFailureCarriesTheDriversMessage() throws {
        // The renderer's context stays current while it lives.
        let renderer = try GLTest.makeRenderer()
        defer { withExtendedLifetime(renderer) {} }
        let broken = "void main() { gl_FragColor = undefined_thing; }"
        do {
            _ = try GLProgram(
                vertex: GLShaders.vertex, fragment: broken, label: "broken", logger: Logger(label: "test"))
            Issue.record("a broken shader compiled")
        } catch {
            #expect(error.operation == "compiling the broken fragment shader")
            #expect(error.message.contains("undefined_thing"), "\(error.message)")
        }
    }

    @Test func targetsBeyondTheMaximumTextureSizeAreRefused() throws {
        let renderer = try GLTest.makeRenderer()
        defer { withExtendedLifetime(renderer) {} }
        #expect(throws: GLFailure.self) { try GLTextureTarget(width: 1 << 20, height: 4) }
        #expect(throws: GLFailure.self) { try GLTextureTarget(width: 0, height: 4) }
    }
}
