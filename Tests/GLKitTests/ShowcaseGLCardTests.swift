import Foundation
import OpenGLES
import Testing
import VitrineGraphics
import VitrineLayers
import VitrineShowcase

/// The showcase's GL card: drawn through a CAEAGLLayer on Mesa, or saying why not.
@Suite("Showcase GL card") @MainActor struct ShowcaseGLCardTests {
    @Test func theCardIsDrawnWithOpenGLES() throws {
        setenv("LIBGL_ALWAYS_SOFTWARE", "1", 1)
        let scene = ShowcaseScene(width: 800, height: 450)
        #expect(scene.glCardStatus.contains("llvmpipe"), "\(scene.glCardStatus)")
        let wheel = try #require(scene.glCard.sublayers?.first as? CAEAGLLayer)
        let image = try #require(wheel.contents as? CGImage)
        let pixels = image.makePixelBuffer()
        // White in the middle, colour on the rim, transparent in the corners.
        let middle = RGBA(pixel: pixels.pixel(x: image.width / 2, y: image.height / 2))
        #expect(middle.isClose(to: RGBA(255, 255, 255), tolerance: 24), "\(middle)")
        let rim = RGBA(pixel: pixels.pixel(x: image.width / 2 + Int(Double(image.height) * 0.4), y: image.height / 2))
        #expect(rim.red > 200 && rim.green < 80, "\(rim)")  // hue 0: red
        #expect(pixels.pixel(x: 1, y: 1) == 0)
        // The scene composites with the card in it.
        let buffer = PixelBuffer(width: 800, height: 450, format: .argb8888Premultiplied)
        Compositor().render(scene.root, into: buffer, bufferAge: 0)
        let center = scene.glCard.frame
        let onScreen = RGBA(pixel: buffer.pixel(x: Int(center.midX), y: Int(center.minY + (center.height - 24) / 2)))
        #expect(onScreen.isClose(to: RGBA(255, 255, 255), tolerance: 24), "\(onScreen)")
    }

    @Test func withoutAContextTheCardSaysSo() throws {
        let scene = ShowcaseScene(width: 800, height: 450, makeGLContext: { nil })
        #expect(scene.glCardStatus.hasPrefix("OpenGL ES unavailable"))
        #expect(scene.glCard.sublayers?.contains { $0 is CAEAGLLayer } == false)
        let caption = try #require(scene.glCard.sublayers?.first as? CATextLayer)
        #expect((caption.string as? String)?.hasPrefix("OpenGL ES unavailable") == true)
    }
}
