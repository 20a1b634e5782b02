public import Foundation
public import VitrineKit
public import OpenGLES

/// The colour format of a `GLKView`'s framebuffer, as `GLKViewDrawableColorFormat`.
public enum GLKViewDrawableColorFormat: Int32, Sendable {
    /// 32-bit RGBA (default).
    case RGBA8888 = 0
    /// 16-bit RGB 5-6-5.
    case RGB565 = 1
    /// 32-bit sRGB-encoded RGBA: stored as RGBA8888 (no colour management in the compositor).
    case SRGBA8888 = 2
}

/// The depth buffer format of a `GLKView`'s framebuffer, as `GLKViewDrawableDepthFormat`.
public enum GLKViewDrawableDepthFormat: Int32, Sendable {
    /// No depth buffer (default).
    case formatNone = 0
    /// 16-bit depth.
    case format16 = 1
    /// 24-bit depth (16-bit on an OpenGL ES 2 driver without `GL_OES_depth24`).
    case format24 = 2
}

/// The stencil buffer format of a `GLKView`'s framebuffer, as `GLKViewDrawableStencilFormat`.
public enum GLKViewDrawableStencilFormat: Int32, Sendable {
    /// No stencil buffer (default).
    case formatNone = 0
    /// 8-bit stencil.
    case format8 = 1
}

/// Multisampling of a `GLKView`'s framebuffer, as `GLKViewDrawableMultisample`.
public enum GLKViewDrawableMultisample: Int32, Sendable {
    /// None (default).
    case multisampleNone = 0
    /// 4x: accepted and ignored for now (the view draws without multisampling).
    case multisample4X = 1
}

/// What draws a `GLKView`'s content, as `GLKViewDelegate`.
@MainActor
public protocol GLKViewDelegate: AnyObject {
    /// Draws the view's content with OpenGL ES, as `glkView(_:drawIn:)`: the view's context is
    /// current and its framebuffer bound, the viewport set to the whole drawable.
    func glkView(_ view: GLKView, drawIn rect: CGRect)
}

/// A view that draws with OpenGL ES, as GLKit's `GLKView`: it owns the framebuffer (a colour
/// renderbuffer, and depth and stencil ones as asked) of `drawableWidth` x `drawableHeight`
/// pixels, its `bounds` times `contentScaleFactor`, and draws by making `context` current,
/// binding the framebuffer and calling `draw(_:)`, whose default calls the delegate's
/// `glkView(_:drawIn:)`.
///
/// It draws when `display()` is called, and, while `enableSetNeedsDisplay` is true (default),
/// at the display pass after `setNeedsDisplay()`, when first shown and when its size changes.
/// The frame is read back into the view's layer (`CAEAGLLayer`) and composited with the rest
/// of the window, so views above it, its transform and alpha, hit-testing, touches and gesture
/// recognizers all work as for any view.
///
/// Differences from iOS: `drawableMultisample` is accepted and ignored; the frame is copied
/// into the layer (see `CAEAGLLayer`); a drawable larger than `GL_MAX_RENDERBUFFER_SIZE` is
/// clamped to it, with a log line.
open class GLKView: UIView {
    /// A `CAEAGLLayer`, as GLKView's layer is.
    open override class var layerClass: AnyClass { CAEAGLLayer.self }

    /// The context the view draws with, as `context`; a change deletes the drawable (made again
    /// in the new context at the next draw).
    open var context: EAGLContext! {
        didSet { if context !== oldValue { deleteDrawable() } }
    }

    /// What draws the content when `draw(_:)` is not overridden, as `delegate`.
    open weak var delegate: (any GLKViewDelegate)?

    /// The framebuffer's colour format, as `drawableColorFormat`.
    open var drawableColorFormat: GLKViewDrawableColorFormat = .RGBA8888 {
        didSet { if drawableColorFormat != oldValue { deleteDrawable() } }
    }
    /// The framebuffer's depth format, as `drawableDepthFormat`.
    open var drawableDepthFormat: GLKViewDrawableDepthFormat = .formatNone {
        didSet { if drawableDepthFormat != oldValue { deleteDrawable() } }
    }
    /// The framebuffer's stencil format, as `drawableStencilFormat`.
    open var drawableStencilFormat: GLKViewDrawableStencilFormat = .formatNone {
        didSet { if drawableStencilFormat != oldValue { deleteDrawable() } }
    }
    /// Multisampling, as `drawableMultisample`: accepted and ignored (see the class comment).
    open var drawableMultisample: GLKViewDrawableMultisample = .multisampleNone

    /// Whether `setNeedsDisplay()` makes the view draw at the next display pass, as
    /// `enableSetNeedsDisplay` (default true). `GLKViewController` turns it off: it draws at
    /// every frame itself.
    open var enableSetNeedsDisplay = true

    /// The framebuffer, once made.
    private var drawable: GLKDrawable?

    /// A view with no context (set `context` before it draws), as `init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        // A size change draws again at the new size.
        contentMode = .redraw
    }

    /// A view drawing with `context`, as `init(frame:context:)`.
    public convenience init(frame: CGRect, context: EAGLContext) {
        self.init(frame: frame)
        self.context = context
    }

    /// A view an interface file makes, as `init?(coder:)` (see `UIView`); set its `context`
    /// before it draws.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        contentMode = .redraw
    }

    /// The framebuffer's width in pixels, as `drawableWidth`: `bounds.width ×
    /// contentScaleFactor`, rounded, and clamped to `GL_MAX_RENDERBUFFER_SIZE` once the drawable
    /// is made.
    open var drawableWidth: Int { drawableSize.width }
    /// The framebuffer's height in pixels, as `drawableHeight`.
    open var drawableHeight: Int { drawableSize.height }

    private var drawableSize: (width: Int, height: Int) {
        let wanted = unclampedDrawableSize
        if let drawable, drawable.requestedWidth == wanted.width, drawable.requestedHeight == wanted.height {
            return (drawable.width, drawable.height)
        }
        return wanted
    }

    private var unclampedDrawableSize: (width: Int, height: Int) {
        let scale = contentScaleFactor.isFinite && contentScaleFactor > 0 ? contentScaleFactor : 1
        func side(_ points: CGFloat) -> Int {
            let pixels = (points * scale).rounded()
            guard pixels.isFinite, pixels >= 1 else { return 0 }
            return pixels > 1e9 ? Int(1e9) : Int(pixels)
        }
        return (side(bounds.width), side(bounds.height))
    }

    /// Binds the view's framebuffer and sets the viewport to all of it, as `bindDrawable()`,
    /// making the framebuffer first (or again, after a size or format change). Makes `context`
    /// current when it is not. Does nothing without a context or with an empty drawable.
    open func bindDrawable() {
        guard let context else {
            glkLog.error("GLKView.bindDrawable: the view has no context")
            return
        }
        // Always asked: the GLES renderer may have made its own EGL context current since.
        EAGLContext.setCurrent(context)
        let wanted = unclampedDrawableSize
        guard wanted.width > 0, wanted.height > 0 else { return }
        if let drawable,
            !drawable.matches(
                context: context, width: wanted.width, height: wanted.height, color: drawableColorFormat,
                depth: drawableDepthFormat, stencil: drawableStencilFormat)
        {
            self.drawable = nil
        }
        if drawable == nil {
            drawable = GLKDrawable(
                context: context, requestedWidth: wanted.width, requestedHeight: wanted.height,
                color: drawableColorFormat, depth: drawableDepthFormat, stencil: drawableStencilFormat)
        }
        guard let drawable else { return }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), drawable.framebuffer)
        glViewport(0, 0, GLsizei(drawable.width), GLsizei(drawable.height))
    }

    /// Deletes the framebuffer and its renderbuffers, as `deleteDrawable()`; the next draw
    /// makes them again.
    open func deleteDrawable() {
        drawable = nil
    }

    /// Draws the view now, as `display()`: makes `context` current, binds the framebuffer,
    /// calls `draw(_:)` with the bounds and shows the frame in the layer. An empty view, or one
    /// without a context, draws nothing (the layer shows nothing).
    open func display() {
        guard drawFrame() else {
            GLFrameReadback.show(nil, in: layer, withTransaction: true)
            return
        }
        guard let drawable else { return }
        let image = GLFrameReadback.image(
            width: drawable.width, height: drawable.height, opaque: isOpaque || drawableColorFormat == .RGB565)
        GLFrameReadback.show(image, in: layer, withTransaction: true)
    }

    /// Draws into the framebuffer; false when nothing could be drawn.
    private func drawFrame() -> Bool {
        guard context != nil else {
            glkLog.error("GLKView.display: the view has no context")
            return false
        }
        bindDrawable()
        guard drawable != nil else { return false }
        draw(bounds)
        // Read from our framebuffer even if the drawing bound another.
        if let drawable { glBindFramebuffer(GLenum(GL_FRAMEBUFFER), drawable.framebuffer) }
        return true
    }

    /// Draws the content, as GLKView's `draw(_:)`: the default calls the delegate's
    /// `glkView(_:drawIn:)`. A subclass may override it instead of using a delegate.
    open override func draw(_ rect: CGRect) {
        delegate?.glkView(self, drawIn: rect)
    }

    /// Marks the view for drawing at the next display pass, as `setNeedsDisplay()`; ignored
    /// while `enableSetNeedsDisplay` is false, as GLKView ignores it.
    open override func setNeedsDisplay() {
        guard enableSetNeedsDisplay else { return }
        super.setNeedsDisplay()
    }

    /// As `setNeedsDisplay()`: a GL view draws all of itself.
    open override func setNeedsDisplay(_ rect: CGRect) {
        setNeedsDisplay()
    }

    /// The display pass draws the view with GL (not into a bitmap context), while
    /// `enableSetNeedsDisplay` is true.
    open override func display(_ layer: CALayer) {
        guard layer === self.layer, enableSetNeedsDisplay else { return }
        display()
    }

    /// The view drawn now into a new image, as `snapshot`: `draw(_:)` runs with the framebuffer
    /// bound and the pixels are read into a `UIImage` of the view's scale. The layer is not
    /// changed. A 1x1 transparent image when nothing can be drawn (no context, empty bounds).
    open var snapshot: UIImage {
        guard drawFrame(), let drawable else {
            return UIImage(cgImage: CGImage(copying: PixelBuffer(width: 1, height: 1, format: .argb8888Premultiplied)))
        }
        let image = GLFrameReadback.image(
            width: drawable.width, height: drawable.height, opaque: isOpaque || drawableColorFormat == .RGB565)
        return UIImage(cgImage: image, scale: contentScaleFactor, orientation: .up)
    }
}

/// A GLKView's framebuffer: a colour renderbuffer and the depth and stencil ones asked for,
/// deleted with it (in its context).
final class GLKDrawable {
    let context: EAGLContext
    let requestedWidth: Int
    let requestedHeight: Int
    let width: Int
    let height: Int
    let color: GLKViewDrawableColorFormat
    let depth: GLKViewDrawableDepthFormat
    let stencil: GLKViewDrawableStencilFormat
    private(set) var framebuffer: GLuint = 0
    private var renderbuffers: [GLuint] = []

    /// Made in the current context, which is `context`.
    @MainActor
    init?(
        context: EAGLContext, requestedWidth: Int, requestedHeight: Int, color: GLKViewDrawableColorFormat,
        depth: GLKViewDrawableDepthFormat, stencil: GLKViewDrawableStencilFormat
    ) {
        self.context = context
        self.requestedWidth = requestedWidth
        self.requestedHeight = requestedHeight
        self.color = color
        self.depth = depth
        self.stencil = stencil
        let maximum = GLDrawableSize.maxRenderbufferSize()
        if requestedWidth > maximum || requestedHeight > maximum {
            glkLog.warning(
                "GLKView: a \(requestedWidth)x\(requestedHeight) drawable is larger than GL_MAX_RENDERBUFFER_SIZE (\(maximum)); clamped to \(min(requestedWidth, maximum))x\(min(requestedHeight, maximum))"
            )
        }
        width = min(requestedWidth, maximum)
        height = min(requestedHeight, maximum)
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        let colorFormat = color == .RGB565 ? GLenum(GL_RGB565) : GLDrawableSize.rgba8Format(api: context.api)
        attach(colorFormat, to: [GL_COLOR_ATTACHMENT0])
        let es3 = context.api == .openGLES3
        let depth24 = es3 || GLDrawableSize.hasExtension("GL_OES_depth24")
        let packed = es3 || GLDrawableSize.hasExtension("GL_OES_packed_depth_stencil")
        switch (depth, stencil) {
        case (.formatNone, .formatNone): break
        case (.formatNone, .format8):
            attach(GLenum(GL_STENCIL_INDEX8), to: [GL_STENCIL_ATTACHMENT])
        case (_, .format8) where packed:
            // Depth and stencil in one buffer, the combination drivers offer.
            attach(GLenum(GL_DEPTH24_STENCIL8_OES), to: [GL_DEPTH_ATTACHMENT, GL_STENCIL_ATTACHMENT])
        case (_, .format8):
            attach(GLenum(GL_DEPTH_COMPONENT16), to: [GL_DEPTH_ATTACHMENT])
            attach(GLenum(GL_STENCIL_INDEX8), to: [GL_STENCIL_ATTACHMENT])
        case (.format24, .formatNone) where depth24:
            attach(GLenum(GL_DEPTH_COMPONENT24_OES), to: [GL_DEPTH_ATTACHMENT])
        case (_, .formatNone):
            attach(GLenum(GL_DEPTH_COMPONENT16), to: [GL_DEPTH_ATTACHMENT])
        }
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            glkLog.error(
                "GLKView: the \(width)x\(height) framebuffer is incomplete (status 0x\(String(status, radix: 16)))")
            return nil
        }
    }

    private func attach(_ format: GLenum, to attachments: [Int32]) {
        var renderbuffer: GLuint = 0
        glGenRenderbuffers(1, &renderbuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), renderbuffer)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), format, GLsizei(width), GLsizei(height))
        for attachment in attachments {
            glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(attachment), GLenum(GL_RENDERBUFFER), renderbuffer)
        }
        renderbuffers.append(renderbuffer)
    }

    func matches(
        context: EAGLContext, width: Int, height: Int, color: GLKViewDrawableColorFormat,
        depth: GLKViewDrawableDepthFormat, stencil: GLKViewDrawableStencilFormat
    ) -> Bool {
        self.context === context && requestedWidth == width && requestedHeight == height && self.color == color
            && self.depth == depth && self.stencil == stencil
    }

    deinit {
        var framebuffer = framebuffer
        let renderbuffers = renderbuffers
        context.withCurrentContext {
            glDeleteFramebuffers(1, &framebuffer)
            glDeleteRenderbuffers(GLsizei(renderbuffers.count), renderbuffers)
        }
    }
}
