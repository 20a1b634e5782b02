import Foundation
public import OpenGLES
public import VitrineGraphics

/// A render target the GLES renderer draws into: a framebuffer object of the current context.
///
/// `GLTextureTarget` is one (an FBO over a texture); a GBM scan-out buffer imported as an
/// `EGLImage` is the next kind (issue 29), conforming here without the renderer changing.
public protocol GLFramebufferTarget: RenderTarget {
    /// The framebuffer object to draw into, in the renderer's context.
    var framebuffer: GLuint { get }
}

/// A texture with a framebuffer object around it: an offscreen picture, a group's buffer, or
/// the headless screen's buffer on the GPU path.
///
/// Its pixels are RGBA in the texture; `readPixels` gives them as a `PixelBuffer` laid out as
/// the pixman renderer's are (`0xAARRGGBB` premultiplied, native-endian, row 0 at the top), so
/// the two renderers' frames compare byte for byte. Made and used in one EGL context, which
/// must be current; deleted with it.
public final class GLTextureTarget: GLFramebufferTarget {
    public let width: Int
    public let height: Int
    /// The colour texture (`GL_RGBA`, `GL_UNSIGNED_BYTE`), which the renderer can sample.
    public let texture: GLuint
    public let framebuffer: GLuint
    /// GL pixels live on the GPU: only this renderer's kind draws here.
    public var cpuPixels: PixelBuffer? { nil }
    /// The bytes the texture holds (4 per pixel), for texture-memory figures.
    public var byteCount: Int { width * height * 4 }

    /// A `width` x `height` target in the current context, its contents undefined.
    ///
    /// - Throws: `GLFailure` when the size is not positive or beyond `GL_MAX_TEXTURE_SIZE`, or
    ///   the framebuffer is incomplete.
    public init(width: Int, height: Int) throws(GLFailure) {
        var maximum: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &maximum)
        guard width > 0, height > 0, width <= Int(maximum), height <= Int(maximum) else {
            throw GLFailure(
                operation: "making a \(width)x\(height) GL render target",
                message: "the size must be 1...\(maximum) (GL_MAX_TEXTURE_SIZE) each way")
        }
        self.width = width
        self.height = height
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        GLTextureTarget.setSampling(linear: true)
        glTexImage2D(
            GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA),
            GLenum(GL_UNSIGNED_BYTE), nil)
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        self.texture = texture
        self.framebuffer = framebuffer
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw GLFailure(
                operation: "making a \(width)x\(height) GL render target",
                message: "framebuffer incomplete (status 0x\(String(status, radix: 16)))")
        }
    }

    deinit {
        var framebuffer = framebuffer
        var texture = texture
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteTextures(1, &texture)
    }

    /// Reads the target's pixels into a new premultiplied ARGB `PixelBuffer` (row 0 at the top,
    /// as the renderer draws it), as the pixman renderer's buffers hold them.
    public func readPixels() -> PixelBuffer {
        let buffer = PixelBuffer(width: width, height: height, format: .argb8888Premultiplied)
        readPixels(PixelRect(x: 0, y: 0, width: width, height: height), into: buffer, atX: 0, y: 0)
        return buffer
    }

    /// Reads the pixels of `rect` (in this target) into `buffer` at `x`, `y`, converting GL's
    /// RGBA bytes to `0xAARRGGBB` words (`GL_BGRA_EXT` straight where the driver reads it).
    public func readPixels(_ rect: PixelRect, into buffer: PixelBuffer, atX x: Int, y: Int) {
        precondition(buffer.format != .alpha8, "GL targets read into colour buffers")
        guard !rect.isEmpty else { return }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        let rowBytes = rect.width * 4
        let readsBGRA = GLCapabilities.current.readsBGRA
        var scratch = [UInt8](repeating: 0, count: rowBytes * rect.height)
        scratch.withUnsafeMutableBytes { bytes in
            glReadPixels(
                GLint(rect.x), GLint(rect.y), GLsizei(rect.width), GLsizei(rect.height),
                GLenum(readsBGRA ? GL_BGRA_EXT : GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
            for row in 0..<rect.height {
                let source = bytes.baseAddress! + row * rowBytes
                let destination = buffer.baseAddress + (y + row) * buffer.stride + x * 4
                if readsBGRA {
                    // BGRA bytes are 0xAARRGGBB words on a little-endian machine.
                    destination.copyMemory(from: source, byteCount: rowBytes)
                } else {
                    let words = destination.assumingMemoryBound(to: UInt32.self)
                    for column in 0..<rect.width {
                        let pixel = source + column * 4
                        words[column] =
                            UInt32(pixel.load(fromByteOffset: 3, as: UInt8.self)) << 24
                            | UInt32(pixel.load(fromByteOffset: 0, as: UInt8.self)) << 16
                            | UInt32(pixel.load(fromByteOffset: 1, as: UInt8.self)) << 8
                            | UInt32(pixel.load(fromByteOffset: 2, as: UInt8.self))
                    }
                }
            }
        }
    }

    /// Filtering and edges for the bound texture: the shaders place every sample themselves, so
    /// edges clamp and only the filter differs.
    static func setSampling(linear: Bool) {
        let filter = linear ? GL_LINEAR : GL_NEAREST
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filter)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), filter)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
    }
}

/// What the current context's driver offers beyond OpenGL ES 2, read once per context.
struct GLCapabilities {
    /// `GL_EXT_texture_format_BGRA8888`: `0xAARRGGBB` pixels upload without a swizzle.
    var uploadsBGRA: Bool
    /// `glReadPixels` takes `GL_BGRA_EXT` (`GL_EXT_read_format_bgra`).
    var readsBGRA: Bool
    /// `GL_MAX_TEXTURE_SIZE`.
    var maxTextureSize: Int

    nonisolated(unsafe) private static var cached: (context: UnsafeMutableRawPointer?, value: GLCapabilities)?

    /// The current context's capabilities.
    static var current: GLCapabilities {
        let context = currentContextToken()
        if let cached, cached.context == context { return cached.value }
        let extensions = glGetString(GLenum(GL_EXTENSIONS)).map { String(cString: $0) } ?? ""
        let names = Set(extensions.split(separator: " "))
        var maximum: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &maximum)
        let value = GLCapabilities(
            uploadsBGRA: names.contains("GL_EXT_texture_format_BGRA8888"),
            readsBGRA: names.contains("GL_EXT_read_format_bgra"), maxTextureSize: Int(maximum))
        cached = (context, value)
        return value
    }
}
