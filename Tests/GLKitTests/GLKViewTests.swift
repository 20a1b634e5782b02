import Foundation
import GLKit
import Testing

/// GLKView drawn by Mesa and composited into a headless screen by the pixman renderer.
@Suite("GLKView") @MainActor struct GLKViewTests {
    @Test func theDelegatesFrameIsCompositedWithTheTree() throws {
        let rig = GLRig()
        let window = rig.window()
        defer { withExtendedLifetime(window) {} }
        let view = GLKView(frame: CGRect(x: 20, y: 10, width: 100, height: 80), context: try makeContext())
        let drawer = TriangleDrawer()
        view.delegate = drawer
        window.addSubview(view)
        // A plain view above part of the GL view.
        let cover = UIView(frame: CGRect(x: 100, y: 60, width: 40, height: 40))
        cover.backgroundColor = .white
        window.addSubview(cover)
        rig.settle()
        #expect(drawer.draws == 1)  // drawn when first shown
        #expect(drawer.lastRect == view.bounds)
        var screen = try #require(rig.output.screenshot())
        // Clip space is y-up: the triangle is the lower-left half of the view.
        #expect(screen.rgb(25, 85).isClose(to: RGBA(255, 0, 0)))
        #expect(screen.rgb(115, 15).isClose(to: RGBA(0, 0, 255)))
        #expect(screen.rgb(110, 70) == RGBA(255, 255, 255))  // the view above it
        #expect(screen.rgb(160, 120) == RGBA(0, 0, 0))  // the window outside it

        // setNeedsDisplay draws again at the next display pass.
        drawer.triangle = (0, 1, 0, 1)
        view.setNeedsDisplay()
        rig.settle()
        #expect(drawer.draws == 2)
        screen = try #require(rig.output.screenshot())
        #expect(screen.rgb(25, 85).isClose(to: RGBA(0, 255, 0)))

        // Ignored without enableSetNeedsDisplay; display() draws at once.
        view.enableSetNeedsDisplay = false
        view.setNeedsDisplay()
        rig.settle()
        #expect(drawer.draws == 2)
        drawer.clear = (1, 1, 0, 1)
        view.display()
        #expect(drawer.draws == 3)
        rig.settle()
        screen = try #require(rig.output.screenshot())
        #expect(screen.rgb(115, 15).isClose(to: RGBA(255, 255, 0)))
    }

    @Test func touchesReachTheViewAndItsGestureRecognizers() throws {
        let rig = GLRig()
        let window = rig.window()
        defer { withExtendedLifetime(window) {} }
        let view = GLKView(frame: CGRect(x: 20, y: 10, width: 100, height: 80), context: try makeContext())
        window.addSubview(view)
        var taps: [CGPoint] = []
        let tap = UITapGestureRecognizer()
        tap.addTarget { recognizer in taps.append(recognizer.location(in: view)) }
        view.addGestureRecognizer(tap)
        rig.settle()
        #expect(window.hitTest(CGPoint(x: 60, y: 50), with: nil) === view)
        rig.input.tap(at: CGPoint(x: 60, y: 50), time: 1)
        #expect(taps == [CGPoint(x: 40, y: 40)])
    }

    @Test func theDrawableIsTheBoundsTimesTheContentScaleFactor() throws {
        let context = try makeContext()
        let view = GLKView(frame: CGRect(x: 0, y: 0, width: 60, height: 40), context: context)
        view.contentScaleFactor = 2
        view.drawableDepthFormat = .format24
        view.drawableStencilFormat = .format8
        view.drawableMultisample = .multisample4X  // accepted, ignored
        #expect((view.drawableWidth, view.drawableHeight) == (120, 80))
        let drawer = TriangleDrawer()
        view.delegate = drawer
        view.display()
        #expect(drawer.viewport == [0, 0, 120, 80])
        #expect(EAGLContext.current() === context)  // display() makes it current
        var bits: GLint = 0
        glGetIntegerv(GLenum(GL_DEPTH_BITS), &bits)
        #expect(bits >= 24)
        glGetIntegerv(GLenum(GL_STENCIL_BITS), &bits)
        #expect(bits == 8)
        let image = try #require(view.layer.contents as? CGImage)
        #expect((image.width, image.height) == (120, 80))

        // A new size makes a new drawable.
        view.bounds.size = CGSize(width: 30, height: 20)
        #expect((view.drawableWidth, view.drawableHeight) == (60, 40))
        view.display()
        #expect(drawer.viewport == [0, 0, 60, 40])

        // The snapshot draws and reads back, at the view's scale; the layer is left alone.
        drawer.clear = (0, 1, 0, 1)
        let snapshot = view.snapshot
        #expect(snapshot.size == CGSize(width: 30, height: 20))
        #expect(snapshot.scale == 2)
        let pixels = try #require(snapshot.cgImage).makePixelBuffer()
        #expect(pixels.rgb(55, 2).isClose(to: RGBA(0, 255, 0)))
        #expect((view.layer.contents as? CGImage)?.makePixelBuffer().rgb(55, 2).isClose(to: RGBA(0, 0, 255)) == true)

        // bindDrawable binds the view's framebuffer again after drawing elsewhere.
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        view.bindDrawable()
        var bound: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &bound)
        #expect(bound != 0)
        view.deleteDrawable()
        EAGLContext.setCurrent(nil)
    }

    @Test func aZeroSizedViewDrawsNothing() throws {
        let rig = GLRig()
        let window = rig.window()
        defer { withExtendedLifetime(window) {} }
        let view = GLKView(frame: .zero, context: try makeContext())
        let drawer = TriangleDrawer()
        view.delegate = drawer
        window.addSubview(view)
        rig.settle()
        view.display()
        #expect(drawer.draws == 0)
        #expect(view.layer.contents == nil)
        #expect((view.drawableWidth, view.drawableHeight) == (0, 0))
        #expect(view.snapshot.size == CGSize(width: 1, height: 1))
        // Without a context, nothing is drawn either.
        let orphan = GLKView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        orphan.delegate = drawer
        orphan.display()
        #expect(drawer.draws == 0)
        EAGLContext.setCurrent(nil)
    }

    @Test func aHugeDrawableIsClampedToTheMaximumRenderbufferSize() throws {
        let context = try makeContext()
        EAGLContext.setCurrent(context)
        var maximum: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_RENDERBUFFER_SIZE), &maximum)
        let view = GLKView(frame: CGRect(x: 0, y: 0, width: Double(maximum) * 2, height: 3), context: context)
        #expect(view.drawableWidth == Int(maximum) * 2)  // asked for
        let drawer = TriangleDrawer()
        view.delegate = drawer
        view.display()  // logs the clamp
        #expect(drawer.draws == 1)
        #expect((view.drawableWidth, view.drawableHeight) == (Int(maximum), 3))
        #expect(drawer.viewport == [0, 0, maximum, 3])
        #expect((view.layer.contents as? CGImage)?.width == Int(maximum))
        view.deleteDrawable()
        EAGLContext.setCurrent(nil)
    }
}
