import Foundation
import OpenGLES
import Testing
import VitrineGraphics
import VitrineLayers

/// The classic iOS setup: a framebuffer whose colour renderbuffer gets its storage from a
/// CAEAGLLayer, presented into the layer's contents.
@Suite("CAEAGLLayer") @MainActor struct CAEAGLLayerTests {
    private struct Setup {
        var framebuffer: GLuint = 0
        var renderbuffer: GLuint = 0
    }

    private func bindNewFramebuffer() -> Setup {
        var setup = Setup()
        glGenFramebuffers(1, &setup.framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), setup.framebuffer)
        glGenRenderbuffers(1, &setup.renderbuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), setup.renderbuffer)
        return setup
    }

    @Test func aPresentedRenderbufferBecomesTheLayersContents() throws {
        let context = try makeContext()
        EAGLContext.setCurrent(context)
        defer { EAGLContext.setCurrent(nil) }
        let layer = CAEAGLLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        layer.contentsScale = 2
        layer.isOpaque = false
        layer.drawableProperties = [
            kEAGLDrawablePropertyRetainedBacking: false, kEAGLDrawablePropertyColorFormat: kEAGLColorFormatRGBA8,
        ]
        let setup = bindNewFramebuffer()
        #expect(context.renderbufferStorage(Int(GL_RENDERBUFFER), from: layer))
        glFramebufferRenderbuffer(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), setup.renderbuffer)
        var width: GLint = 0
        var height: GLint = 0
        glGetRenderbufferParameteriv(GLenum(GL_RENDERBUFFER), GLenum(GL_RENDERBUFFER_WIDTH), &width)
        glGetRenderbufferParameteriv(GLenum(GL_RENDERBUFFER), GLenum(GL_RENDERBUFFER_HEIGHT), &height)
        #expect((width, height) == (80, 60))
        #expect(glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE))

        // Half-transparent green (premultiplied), and a red square at GL's bottom left.
        glViewport(0, 0, 80, 60)
        glClearColor(0, 0.5, 0, 0.5)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(0, 0, 10, 10)
        glClearColor(1, 0, 0, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glDisable(GLenum(GL_SCISSOR_TEST))
        #expect(context.presentRenderbuffer(Int(GL_RENDERBUFFER)))

        let image = try #require(layer.contents as? CGImage)
        #expect((image.width, image.height) == (80, 60))
        let pixels = image.makePixelBuffer()
        // GL's bottom row is the image's last.
        #expect(pixels.rgba(5, 55).isClose(to: RGBA(255, 0, 0)))
        #expect(pixels.rgba(5, 5).isClose(to: RGBA(0, 128, 0, 128)))
        #expect(pixels.rgba(70, 55).isClose(to: RGBA(0, 128, 0, 128)))
        // The app's bindings are as they were.
        var bound: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &bound)
        #expect(GLuint(bound) == setup.framebuffer)
        glGetIntegerv(GLenum(GL_RENDERBUFFER_BINDING), &bound)
        #expect(GLuint(bound) == setup.renderbuffer)
    }

    @Test func rgb565AndOpaqueLayersShowOpaquePixels() throws {
        let context = try makeContext()
        EAGLContext.setCurrent(context)
        defer { EAGLContext.setCurrent(nil) }
        for (format, opaque) in [(kEAGLColorFormatRGB565, false), (kEAGLColorFormatRGBA8, true)] {
            let layer = CAEAGLLayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
            layer.isOpaque = opaque
            layer.drawableProperties = [kEAGLDrawablePropertyColorFormat: format]
            let setup = bindNewFramebuffer()
            #expect(context.renderbufferStorage(Int(GL_RENDERBUFFER), from: layer))
            glFramebufferRenderbuffer(
                GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), setup.renderbuffer)
            glClearColor(0, 0, 1, 0)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            #expect(context.presentRenderbuffer(Int(GL_RENDERBUFFER)))
            let image = try #require(layer.contents as? CGImage)
            #expect(image.makePixelBuffer().rgba(3, 3) == RGBA(0, 0, 255, 255), "\(format)")
        }
    }

    @Test func badCallsReturnFalseAndChangeNothing() throws {
        let context = try makeContext()
        EAGLContext.setCurrent(context)
        defer { EAGLContext.setCurrent(nil) }
        let layer = CAEAGLLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), 0)
        // No renderbuffer bound.
        #expect(!context.renderbufferStorage(Int(GL_RENDERBUFFER), from: layer))
        #expect(!context.presentRenderbuffer(Int(GL_RENDERBUFFER)))
        let setup = bindNewFramebuffer()
        // Not GL_RENDERBUFFER.
        #expect(!context.renderbufferStorage(Int(GL_FRAMEBUFFER), from: layer))
        // A renderbuffer without layer storage.
        #expect(!context.presentRenderbuffer(Int(GL_RENDERBUFFER)))
        #expect(layer.contents == nil)
        // An empty layer: empty storage, and a present shows nothing.
        let empty = CAEAGLLayer()
        #expect(context.renderbufferStorage(Int(GL_RENDERBUFFER), from: empty))
        #expect(context.presentRenderbuffer(Int(GL_RENDERBUFFER)))
        #expect(empty.contents == nil)
        _ = setup
    }
}
