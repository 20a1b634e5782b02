package import Foundation
public import VitrineLayers
import VitrineGraphics

/// What `renderbufferStorage(_:from:)` gave a renderbuffer.
struct LayerRenderbuffer {
    weak var layer: CAEAGLLayer?
    var width: Int
    var height: Int
    var isOpaqueFormat: Bool
}

extension EAGLContext {
    /// Gives the renderbuffer bound to `target` (`GL_RENDERBUFFER`) storage for `drawable`'s
    /// pixels, as `renderbufferStorage(_:from:)`: `bounds.size × contentsScale` of the layer,
    /// in its `drawableProperties` colour format. A nil drawable detaches the storage. False,
    /// with a log line, when `target` is not `GL_RENDERBUFFER`, no renderbuffer is bound or the
    /// drawable is not a `CAEAGLLayer`. A size beyond `GL_MAX_RENDERBUFFER_SIZE` is clamped to
    /// it (logged).
    @MainActor
    @discardableResult
    public func renderbufferStorage(_ target: Int, from drawable: (any EAGLDrawable)?) -> Bool {
        guard target == Int(GL_RENDERBUFFER) else {
            eaglLog.error("renderbufferStorage: target 0x\(String(target, radix: 16)) is not GL_RENDERBUFFER")
            return false
        }
        return withCurrentContext {
            var bound: GLint = 0
            glGetIntegerv(GLenum(GL_RENDERBUFFER_BINDING), &bound)
            guard bound != 0 else {
                eaglLog.error("renderbufferStorage: no renderbuffer is bound to GL_RENDERBUFFER")
                return false
            }
            let renderbuffer = GLuint(bound)
            guard let drawable else {
                glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGB565), 0, 0)
                layerStorage[renderbuffer] = nil
                return true
            }
            guard let layer = drawable as? CAEAGLLayer else {
                eaglLog.error("renderbufferStorage: the drawable \(type(of: drawable)) is not a CAEAGLLayer")
                return false
            }
            let size = GLDrawableSize.pixels(for: layer.bounds.size, scale: layer.contentsScale, what: "CAEAGLLayer")
            let rgb565 = layer.colorFormat == kEAGLColorFormatRGB565
            let format = rgb565 ? GLenum(GL_RGB565) : GLDrawableSize.rgba8Format(api: api)
            glRenderbufferStorage(GLenum(GL_RENDERBUFFER), format, GLsizei(size.width), GLsizei(size.height))
            layerStorage[renderbuffer] = LayerRenderbuffer(
                layer: layer, width: size.width, height: size.height, isOpaqueFormat: rgb565)
            return true
        }
    }

    /// Shows the renderbuffer bound to `target` in the layer that gave it storage, as
    /// `presentRenderbuffer(_:)`: its pixels are read back into the layer's `contents` (see
    /// `CAEAGLLayer`) and appear with the next composited frame. False when the bound
    /// renderbuffer has no layer storage.
    @MainActor
    @discardableResult
    public func presentRenderbuffer(_ target: Int) -> Bool {
        guard target == Int(GL_RENDERBUFFER) else {
            eaglLog.error("presentRenderbuffer: target 0x\(String(target, radix: 16)) is not GL_RENDERBUFFER")
            return false
        }
        return withCurrentContext {
            var bound: GLint = 0
            glGetIntegerv(GLenum(GL_RENDERBUFFER_BINDING), &bound)
            guard let storage = layerStorage[GLuint(bound)], let layer = storage.layer else {
                eaglLog.error("presentRenderbuffer: the bound renderbuffer has no CAEAGLLayer storage")
                return false
            }
            guard storage.width > 0, storage.height > 0 else {
                GLFrameReadback.show(nil, in: layer, withTransaction: layer.presentsWithTransaction)
                return true
            }
            // Read through a framebuffer of our own, so the app's bindings stay as they were.
            var previousFramebuffer: GLint = 0
            glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &previousFramebuffer)
            if readFramebuffer == 0 { glGenFramebuffers(1, &readFramebuffer) }
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), readFramebuffer)
            glFramebufferRenderbuffer(
                GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), GLuint(bound))
            let image = GLFrameReadback.image(
                width: storage.width, height: storage.height, opaque: storage.isOpaqueFormat || layer.isOpaque)
            glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), 0)
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(previousFramebuffer))
            GLFrameReadback.show(image, in: layer, withTransaction: layer.presentsWithTransaction)
            return true
        }
    }

    /// As `presentRenderbuffer(_:)`; the time is accepted for source compatibility (the frame
    /// shows with the next composited frame), as `presentRenderbuffer(_:atTime:)`.
    @MainActor
    @discardableResult
    public func presentRenderbuffer(_ target: Int, atTime presentationTime: CFTimeInterval) -> Bool {
        presentRenderbuffer(target)
    }

    /// As `presentRenderbuffer(_:)`, as `presentRenderbuffer(_:afterMinimumDuration:)`; the
    /// duration is accepted and ignored.
    @MainActor
    @discardableResult
    public func presentRenderbuffer(_ target: Int, afterMinimumDuration duration: CFTimeInterval) -> Bool {
        presentRenderbuffer(target)
    }
}

/// Sizes of GL drawables (a CAEAGLLayer's renderbuffer, a GLKView's framebuffer).
package enum GLDrawableSize {
    /// `size × scale` in whole pixels (rounded), each side clamped to the current context's
    /// `GL_MAX_RENDERBUFFER_SIZE` with a log line naming `what`; zero for empty or non-finite
    /// sizes.
    package static func pixels(for size: CGSize, scale: CGFloat, what: String) -> (width: Int, height: Int) {
        let scale = scale.isFinite && scale > 0 ? scale : 1
        func side(_ points: CGFloat) -> Int {
            let pixels = (points * scale).rounded()
            guard pixels.isFinite, pixels >= 1 else { return 0 }
            return pixels > 1e9 ? Int(1e9) : Int(pixels)
        }
        var width = side(size.width)
        var height = side(size.height)
        let maximum = maxRenderbufferSize()
        if width > maximum || height > maximum {
            eaglLog.warning(
                "\(what): a \(width)x\(height) drawable is larger than GL_MAX_RENDERBUFFER_SIZE (\(maximum)); clamped to \(min(width, maximum))x\(min(height, maximum))"
            )
            width = min(width, maximum)
            height = min(height, maximum)
        }
        return (width, height)
    }

    /// The current context's `GL_MAX_RENDERBUFFER_SIZE`.
    package static func maxRenderbufferSize() -> Int {
        var maximum: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_RENDERBUFFER_SIZE), &maximum)
        return max(1, Int(maximum))
    }

    /// The 8-bit RGBA renderbuffer format: core in OpenGL ES 3, `GL_OES_rgb8_rgba8` in 2 (the
    /// same enum), else RGBA4 where the extension is missing.
    package static func rgba8Format(api: EAGLRenderingAPI) -> GLenum {
        if api == .openGLES3 || hasExtension("GL_OES_rgb8_rgba8") { return GLenum(GL_RGBA8_OES) }
        return GLenum(GL_RGBA4)
    }

    /// Whether the current context's driver lists `name` in `GL_EXTENSIONS`.
    package static func hasExtension(_ name: String) -> Bool {
        guard let string = glGetString(GLenum(GL_EXTENSIONS)) else { return false }
        return String(cString: string).split(separator: " ").contains { $0 == name }
    }
}

/// Reading a GL frame back for the compositor (the pixman renderer's way in).
package enum GLFrameReadback {
    /// The bound framebuffer's `width` x `height` pixels as an image: premultiplied ARGB (XRGB
    /// when `opaque`), row 0 at the top (GL's row 0 is the bottom).
    package static func image(width: Int, height: Int, opaque: Bool) -> CGImage {
        let buffer = PixelBuffer(width: width, height: height, format: opaque ? .xrgb8888 : .argb8888Premultiplied)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        let rowBytes = width * 4
        // BGRA bytes are `0xAARRGGBB` words on a little-endian machine: rows copy as they are.
        // Otherwise RGBA, swizzled.
        let readsBGRA = GLDrawableSize.hasExtension("GL_EXT_read_format_bgra")
        var scratch = [UInt8](repeating: 0, count: rowBytes * height)
        scratch.withUnsafeMutableBytes { bytes in
            glReadPixels(
                0, 0, GLsizei(width), GLsizei(height), GLenum(readsBGRA ? GL_BGRA_EXT : GL_RGBA),
                GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
            for row in 0..<height {
                let source = bytes.baseAddress! + (height - 1 - row) * rowBytes
                let destination = buffer.baseAddress + row * buffer.stride
                if readsBGRA {
                    destination.copyMemory(from: source, byteCount: rowBytes)
                    if opaque {
                        // GL's alpha of an opaque drawable means nothing: the image says 0xff.
                        let words = destination.assumingMemoryBound(to: UInt32.self)
                        for column in 0..<width { words[column] |= 0xff00_0000 }
                    }
                    continue
                }
                let words = destination.assumingMemoryBound(to: UInt32.self)
                let pixels = source.assumingMemoryBound(to: UInt8.self)
                for column in 0..<width {
                    let pixel = pixels + column * 4
                    words[column] =
                        (opaque ? 0xff00_0000 : UInt32(pixel[3]) << 24) | UInt32(pixel[0]) << 16 | UInt32(pixel[1]) << 8
                        | UInt32(pixel[2])
                }
            }
        }
        return CGImage(adopting: buffer)
    }

    /// Sets `image` as `layer`'s contents without an implicit animation (a new frame replaces
    /// the last, it does not cross-fade), inside the caller's transaction when
    /// `withTransaction`.
    @MainActor
    package static func show(_ image: CGImage?, in layer: CALayer, withTransaction: Bool) {
        if withTransaction {
            let disabled = CATransaction.disableActions()
            CATransaction.setDisableActions(true)
            layer.contents = image
            CATransaction.setDisableActions(disabled)
        } else {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.contents = image
            CATransaction.commit()
        }
    }
}
