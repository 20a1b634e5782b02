internal import CEGL
import Foundation
import Logging
import OpenGLES
public import VitrineGraphics
public import VitrineLayers

/// The GPU renderer: paints the compositor's frames with OpenGL ES 2 into framebuffer objects,
/// as the pixman renderer paints them into CPU buffers, pixel for pixel within a small
/// tolerance (docs/testing.md, "GL tests").
///
/// Layer contents are textures, uploaded when a layer's contents image changes and kept with the
/// layer (`Compositor.DisplayEntry.rendererCache`); the textures together stay within
/// `textureBudget` bytes, the least recently drawn going first. Rounded backgrounds, borders
/// and `masksToBounds` clips are coverage worked out by the fragment shader from the layer's
/// bounds and corner radii (no mask images); opacity groups draw into offscreen framebuffers
/// from a pool. Shadows are blurred on the CPU as the pixman renderer blurs them
/// (`GLESRenderer+Shadows`) and painted through an alpha texture; gradients, shape and text
/// layers draw through the images they generate (`contentsImage`), as textures.
///
/// It draws into any `GLFramebufferTarget` of its context (a `GLTextureTarget`), and into a
/// target with CPU pixels (a `PixelBuffer`) by drawing into a framebuffer of its own and
/// reading the damage back, which is how the headless screen and the tests use it.
@preconcurrency @MainActor
public final class GLESRenderer: Renderer {
    /// The context every GL call is made in (made current before each frame).
    public let context: EGLContextHandle
    /// The most bytes layer textures may hold together (4 per pixel).
    public let textureBudget: Int
    /// Layer textures uploaded so far: an unchanged layer uploads none.
    public private(set) var texturesUploaded = 0
    /// Shadow masks made (drawn, blurred and uploaded) so far: a still shadow makes none.
    public internal(set) var shadowMasksMade = 0
    /// Bytes the layer textures hold now.
    public var textureBytes: Int {
        layerCaches.reduce(0) { $0 + ($1.cache?.byteCount ?? 0) }
    }
    /// `GL_RENDERER` and `GL_VERSION` of the context ("llvmpipe (LLVM 15.0.6, 256 bits)").
    public let glRenderer: String
    public let glVersion: String

    let logger = Logger(label: "vitrine.gl")
    /// The layer programs, one per kind of draw (`GLShaders.fragment(source:shape:)`), at
    /// `source * 3 + shape`.
    let variants: [(program: GLProgram, uniforms: Uniforms)]
    /// The variant in use (-1: none since the frame began) and the level's viewport.
    var activeVariant = -1
    var viewport: (Float, Float, Float, Float) = (0, 0, 1, 1)
    /// The uniforms of the program in use.
    var uniforms: Uniforms { variants[max(activeVariant, 0)].uniforms }
    let reaper = TextureReaper()
    /// Every layer cache with a texture, weakly (the records own them).
    var layerCaches: [WeakLayerCache] = []
    var offscreens: [(target: GLTextureTarget, lastUsed: UInt64)] = []
    /// The framebuffer drawn in for CPU targets, kept while their size stays.
    var scratch: GLTextureTarget?
    var frameNumber: UInt64 = 0
    /// Images too large for a texture, reported once each.
    var reportedOversize = Set<ObjectIdentifier>()
    /// Why the GPU can no longer draw (its context lost, its memory gone), once it failed:
    /// the frame it failed in may be incomplete, and later frames draw nothing.
    /// `FallbackRenderer` hands over to pixman when it is set.
    public private(set) var fault: GLRendererFault?
    /// A fault the next frame meets as if the driver had reported it, for tests: the one seam
    /// between the renderer and the driver's error state (`FallbackRenderer`'s tests make a
    /// GPU fail mid-run through it).
    package var injectedFault: GLRendererFault?

    /// A renderer drawing with `context`, which it makes current.
    ///
    /// - Throws: `EGLFailure` when the context cannot be made current; `GLFailure` with the
    ///   driver's message when the shaders do not compile (also logged).
    public init(context: EGLContextHandle, textureBudget: Int = 64 << 20) throws {
        self.context = context
        self.textureBudget = textureBudget
        try context.makeCurrent()
        glRenderer = glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? ""
        glVersion = glGetString(GLenum(GL_VERSION)).map { String(cString: $0) } ?? ""
        var variants: [(program: GLProgram, uniforms: Uniforms)] = []
        for source in 0..<3 {
            for shape in 0..<3 {
                let program = try GLProgram(
                    vertex: GLShaders.vertex, fragment: GLShaders.fragment(source: source, shape: shape),
                    label: "layer (source \(source), shape \(shape))", logger: logger)
                variants.append((program, Uniforms(program)))
            }
        }
        self.variants = variants
        context.releaseAfterUse()
    }

    /// A renderer on a new OpenGL ES 2 context on Mesa's surfaceless EGL platform: no card or
    /// window system needed (headless screens, tests).
    public convenience init(surfacelessTextureBudget textureBudget: Int = 64 << 20) throws {
        let connection = try EGLDisplayConnection(platform: .surfaceless)
        try self.init(context: EGLContextHandle(connection: connection), textureBudget: textureBudget)
    }

    // MARK: - Renderer

    /// Paints `frame` into `target`: a `GLFramebufferTarget`, or a target with CPU pixels,
    /// which gets the damage read back.
    public func render(_ frame: RenderFrame, into target: any RenderTarget) {
        guard begin() else { return }
        defer { context.releaseAfterUse() }
        frameNumber = frame.frameNumber
        let (framebuffer, readBack) = framebuffer(for: target)
        for rect in frame.damage.rects {
            let base = Level(
                framebuffer: framebuffer.framebuffer,
                box: PixelRect(x: 0, y: 0, width: target.width, height: target.height),
                clip: rect)
            bind(base)
            clear(rect, in: base, to: frame.clearColor)
            execute(frame, entries: 0..<frame.displayList.count, on: base)
        }
        if let readBack, let scratch {
            for rect in frame.damage.rects { scratch.readPixels(rect, into: readBack, atX: rect.x, y: rect.y) }
        }
        if framebuffer is GBMScanoutBuffer {
            // The display scans the buffer out once the output presents it: the GPU must be done.
            glFinish()
        }
        offscreens.removeAll { frame.frameNumber &- $0.lastUsed > 120 }
        enforceTextureBudget()
        checkError("rendering frame \(frame.frameNumber)")
    }

    /// A `GLTextureTarget` of that size.
    public func makePicture(width: Int, height: Int) -> any RenderTarget {
        guard begin() else { preconditionFailure("the GL context cannot be made current") }
        defer { context.releaseAfterUse() }
        do {
            return try GLTextureTarget(width: width, height: height)
        } catch {
            preconditionFailure("a \(width)x\(height) picture: \(error)")
        }
    }

    /// Copies the turned picture (a `GLTextureTarget`) with nearest sampling, replacing what
    /// `target` held in `region`.
    public func present(
        picture: any RenderTarget, outputTransform: ProjectiveTransform, region: Region,
        into target: any RenderTarget
    ) {
        guard !region.isEmpty, begin() else { return }
        defer { context.releaseAfterUse() }
        guard let picture = picture as? GLTextureTarget else {
            preconditionFailure("GLESRenderer presents its own pictures (\(type(of: picture)))")
        }
        guard let inverse = outputTransform.inverted() else { return }
        let (framebuffer, readBack) = framebuffer(for: target)
        let base = Level(
            framebuffer: framebuffer.framebuffer,
            box: PixelRect(x: 0, y: 0, width: target.width, height: target.height),
            clip: base(target))
        bind(base)
        glDisable(GLenum(GL_BLEND))
        for rect in region.rects {
            drawTexture(
                TextureSource(
                    texture: picture.texture, width: picture.width, height: picture.height,
                    sourceRect: PixelRect(x: 0, y: 0, width: picture.width, height: picture.height), opaque: false),
                inverse: inverse, quad: rect, clip: base.clip, opacity: 1, nearest: true, transparentEdge: false,
                level: base)
        }
        glEnable(GLenum(GL_BLEND))
        if let readBack, let scratch {
            for rect in region.rects { scratch.readPixels(rect, into: readBack, atX: rect.x, y: rect.y) }
        }
        if framebuffer is GBMScanoutBuffer { glFinish() }
        checkError("presenting a turned picture")
    }

    // MARK: - Frame set-up

    private func base(_ target: any RenderTarget) -> PixelRect {
        PixelRect(x: 0, y: 0, width: target.width, height: target.height)
    }

    /// Makes the context current and sets the state every draw shares; false (logged) when the
    /// context is lost.
    private func begin() -> Bool {
        guard fault == nil else { return false }
        if let injected = injectedFault {
            injectedFault = nil
            fail(injected)
            return false
        }
        do {
            try context.makeCurrent()
        } catch {
            // EGL_CONTEXT_LOST after a GPU reset, EGL_BAD_ALLOC: nothing more can be drawn.
            fail(.egl(error))
            return false
        }
        reaper.deleteQueued()
        activeVariant = -1
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glEnable(GLenum(GL_BLEND))
        // Premultiplied colour, as pixman's OVER.
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glEnableVertexAttribArray(0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        return true
    }

    /// Where to draw for `target`: its own framebuffer, or the scratch one (and the CPU pixels
    /// to read the result into).
    private func framebuffer(for target: any RenderTarget) -> (any GLFramebufferTarget, PixelBuffer?) {
        if let target = target as? any GLFramebufferTarget { return (target, nil) }
        // A GBM scan-out buffer's CPU mapping, as the output hands it out: draw into the buffer.
        if let pixels = target as? PixelBuffer, let scanout = context.scanoutTargets[ObjectIdentifier(pixels)] {
            return (scanout, nil)
        }
        guard let pixels = target.cpuPixels else {
            preconditionFailure("GLESRenderer draws into GL framebuffers or CPU pixels (\(type(of: target)))")
        }
        if scratch.map({ $0.width != target.width || $0.height != target.height }) ?? true {
            do {
                scratch = try GLTextureTarget(width: target.width, height: target.height)
            } catch {
                preconditionFailure("the GL renderer's \(target.width)x\(target.height) framebuffer: \(error)")
            }
        }
        return (scratch!, pixels)
    }

    /// Logs a GL error of `operation`; one that means the GPU is gone (`GL_OUT_OF_MEMORY`,
    /// `GL_CONTEXT_LOST`) sets `fault`.
    func checkError(_ operation: String) {
        let error = glGetError()
        guard error != GLenum(GL_NO_ERROR) else { return }
        if error == GLenum(GL_OUT_OF_MEMORY) || error == GLenum(GL_CONTEXT_LOST_KHR) {
            fail(.gl(GLFailure(operation: operation, message: GLFailure.errorName(error))))
        } else {
            logger.error("\(operation): \(GLFailure.errorName(error))")
        }
    }

    private func fail(_ fault: GLRendererFault) {
        guard self.fault == nil else { return }
        self.fault = fault
        logger.debug("the GPU failed: \(fault)")
    }

    // MARK: - Offscreen framebuffers

    /// A framebuffer at least `width` x `height` (sizes rounded up to 64 so groups that change
    /// size a little reuse one).
    func takeOffscreen(width: Int, height: Int) -> GLTextureTarget? {
        var best: Int?
        for (index, entry) in offscreens.enumerated()
        where entry.target.width >= width && entry.target.height >= height {
            if let current = best, offscreens[current].target.byteCount <= entry.target.byteCount { continue }
            best = index
        }
        if let best { return offscreens.remove(at: best).target }
        let maximum = GLCapabilities.current.maxTextureSize
        do {
            return try GLTextureTarget(
                width: min(maximum, (width + 63) & ~63), height: min(maximum, (height + 63) & ~63))
        } catch {
            logger.error("offscreen group: \(error)")
            return nil
        }
    }

    func giveBack(_ target: GLTextureTarget) {
        offscreens.append((target, frameNumber))
    }

    // MARK: - Layer textures

    /// The texture of `image` for the layer of `entry`: uploaded when the layer's image changed
    /// (or the texture was evicted), otherwise the one kept with the layer.
    func texture(for entry: Compositor.DisplayEntry, image: CGImage) -> GLLayerCache? {
        let cache: GLLayerCache
        if let existing = entry.rendererCache as? GLLayerCache {
            cache = existing
        } else {
            cache = GLLayerCache(reaper: reaper)
            entry.rendererCache = cache
        }
        cache.lastUsed = frameNumber
        if cache.image === image, cache.texture != 0 { return cache }
        let maximum = GLCapabilities.current.maxTextureSize
        guard image.width <= maximum, image.height <= maximum else {
            if reportedOversize.insert(ObjectIdentifier(image)).inserted {
                logger.error(
                    "a \(image.width)x\(image.height) contents image is larger than GL_MAX_TEXTURE_SIZE (\(maximum)): not drawn"
                )
            }
            return nil
        }
        cache.upload(image)
        texturesUploaded += 1
        if !cache.isRegistered {
            cache.isRegistered = true
            layerCaches.append(WeakLayerCache(cache: cache))
        }
        return cache
    }

    /// Evicts the least recently drawn textures (none drawn this frame) beyond the budget.
    private func enforceTextureBudget() {
        layerCaches.removeAll { $0.cache == nil }
        var total = textureBytes
        guard total > textureBudget else { return }
        let candidates = layerCaches.compactMap(\.cache).filter { $0.texture != 0 && $0.lastUsed < frameNumber }
            .sorted { $0.lastUsed < $1.lastUsed }
        for cache in candidates where total > textureBudget {
            total -= cache.byteCount
            cache.evict()
        }
    }
}

/// The uniform locations of the layer program.
struct Uniforms {
    let viewport, color, texture, textureInverse, textureSize, sourceRect, transparentEdge, nearest,
        opaqueTexture, opacity, projective, shape, shapeProjective, shapeInverse, shapeSize, radii,
        borderWidth, arcPieces: GLint

    init(_ program: GLProgram) {
        viewport = program.location("u_viewport")
        color = program.location("u_color")
        texture = program.location("u_texture")
        textureInverse = program.location("u_textureInverse")
        textureSize = program.location("u_textureSize")
        sourceRect = program.location("u_sourceRect")
        transparentEdge = program.location("u_transparentEdge")
        nearest = program.location("u_nearest")
        opaqueTexture = program.location("u_opaqueTexture")
        opacity = program.location("u_opacity")
        shape = program.location("u_shape")
        shapeInverse = program.location("u_shapeInverse")
        shapeSize = program.location("u_shapeSize")
        projective = program.location("u_projective")
        shapeProjective = program.location("u_shapeProjective")
        radii = program.location("u_radii")
        borderWidth = program.location("u_borderWidth")
        arcPieces = program.location("u_arcPieces")
    }
}

/// What the GLES renderer keeps with a layer: its contents texture and the image it holds.
final class GLLayerCache {
    /// The image the texture was uploaded from (kept, so a new image is never taken for it).
    var image: CGImage?
    var texture: GLuint = 0
    var width = 0
    var height = 0
    var lastUsed: UInt64 = 0
    var isRegistered = false
    /// The blurred shadow mask (`GL_ALPHA`) and what it was made from.
    var shadowTexture: GLuint = 0
    var shadowWidth = 0
    var shadowHeight = 0
    var shadowKey: ShadowMaskKey?
    let reaper: TextureReaper

    init(reaper: TextureReaper) { self.reaper = reaper }

    /// Bytes of contents texture (shadow masks, a byte a pixel, are not counted against the
    /// budget: they are made again only when the shape changes).
    var byteCount: Int { texture == 0 ? 0 : width * height * 4 }

    /// Replaces the texture's pixels with `image`'s (0xAARRGGBB words: as BGRA where the driver
    /// takes it, swizzled to RGBA otherwise).
    func upload(_ image: CGImage) {
        let pixels = image.makePixelBuffer()
        if texture == 0 { glGenTextures(1, &texture) }
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        GLTextureTarget.setSampling(linear: true)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        let bgra = GLCapabilities.current.uploadsBGRA
        let rowBytes = pixels.width * 4
        if bgra && pixels.stride == rowBytes {
            glTexImage2D(
                GLenum(GL_TEXTURE_2D), 0, GL_BGRA_EXT, GLsizei(pixels.width), GLsizei(pixels.height), 0,
                GLenum(GL_BGRA_EXT), GLenum(GL_UNSIGNED_BYTE), pixels.baseAddress)
        } else {
            var packed = [UInt8](repeating: 0, count: rowBytes * pixels.height)
            for y in 0..<pixels.height {
                let row = (pixels.baseAddress + y * pixels.stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<pixels.width {
                    let value = row[x]
                    let offset = y * rowBytes + x * 4
                    if bgra {
                        packed[offset] = UInt8(value & 0xff)
                        packed[offset + 1] = UInt8((value >> 8) & 0xff)
                        packed[offset + 2] = UInt8((value >> 16) & 0xff)
                    } else {
                        packed[offset] = UInt8((value >> 16) & 0xff)
                        packed[offset + 1] = UInt8((value >> 8) & 0xff)
                        packed[offset + 2] = UInt8(value & 0xff)
                    }
                    packed[offset + 3] = UInt8(value >> 24)
                }
            }
            let format = bgra ? GL_BGRA_EXT : GL_RGBA
            glTexImage2D(
                GLenum(GL_TEXTURE_2D), 0, format, GLsizei(pixels.width), GLsizei(pixels.height), 0,
                GLenum(format), GLenum(GL_UNSIGNED_BYTE), packed)
        }
        self.image = image
        width = pixels.width
        height = pixels.height
    }

    /// Gives the texture up (drawn again, it is uploaded again).
    func evict() {
        guard texture != 0 else { return }
        var name = texture
        glDeleteTextures(1, &name)
        texture = 0
    }

    deinit {
        // The record goes when its layer is no longer drawn, outside any frame: the texture is
        // deleted at the next frame, with the context current.
        if texture != 0 { reaper.queue(texture) }
        if shadowTexture != 0 { reaper.queue(shadowTexture) }
    }
}

/// A weak reference to a layer cache, so the renderer can count and evict textures without
/// keeping records' caches alive.
struct WeakLayerCache {
    weak var cache: GLLayerCache?
}

/// Textures whose layers went, deleted at the next frame (a cache can go anywhere, and GL calls
/// need the context current).
final class TextureReaper: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [GLuint] = []

    func queue(_ name: GLuint) {
        lock.withLock { names.append(name) }
    }

    func deleteQueued() {
        let queued = lock.withLock {
            defer { names.removeAll() }
            return names
        }
        guard !queued.isEmpty else { return }
        glDeleteTextures(GLsizei(queued.count), queued)
    }
}

/// The current EGL context, to tell contexts apart.
func currentContextToken() -> UnsafeMutableRawPointer? {
    eglGetCurrentContext()
}
