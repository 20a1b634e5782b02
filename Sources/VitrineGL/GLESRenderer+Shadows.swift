import Foundation
import OpenGLES
import VitrineGraphics
import VitrineLayers

/// Shadows through the pixman path's masks: the shape (a `shadowPath` rasterised by cairo, or
/// the alpha of the layer's subtree drawn by GL into an offscreen framebuffer and read back) is
/// blurred on the CPU by `AlphaBlur`, as the pixman renderer blurs it, and kept as an alpha
/// texture while the shape stays; every repaint paints the colour through it on the GPU.
/// A blur on the GPU is issue 29's next step; this gives the same pixels as pixman meanwhile.
extension GLESRenderer {
    func drawShadow(
        of entry: Compositor.DisplayEntry, castBy entries: Range<Int>, frame: RenderFrame, clip: PixelRect,
        level: Level
    ) {
        guard let color = entry.shadowColor else { return }
        let source = entry.shadowSourceBox
        let area = entry.shadowBox.intersection(clip)
        guard !area.isEmpty, !source.isEmpty else { return }
        let key = ShadowMaskKey(
            sigma: entry.shadowSigma, path: entry.shadowPath, transform: entry.transform,
            contentStamp: entry.shadowContentKey, sourceBox: source)
        let cache: GLLayerCache
        if let existing = entry.rendererCache as? GLLayerCache {
            cache = existing
        } else {
            cache = GLLayerCache(reaper: reaper)
            entry.rendererCache = cache
        }
        let margin = Self.shadowMargin(sigma: entry.shadowSigma)
        if cache.shadowKey != key || cache.shadowTexture == 0 {
            guard let mask = makeShadowMask(of: entry, castBy: entries, frame: frame, margin: margin) else { return }
            cache.uploadShadow(mask)
            cache.shadowKey = key
            shadowMasksMade += 1
            bind(level)
        }
        let originX = source.x - margin + entry.shadowOffset.x
        let originY = source.y - margin + entry.shadowOffset.y
        let opacity = entry.shadowPath != nil ? entry.groupOpacity : 1
        drawTexture(
            TextureSource(
                texture: cache.shadowTexture, width: cache.shadowWidth, height: cache.shadowHeight,
                sourceRect: PixelRect(x: 0, y: 0, width: cache.shadowWidth, height: cache.shadowHeight), opaque: false),
            inverse: ProjectiveTransform(translationX: -Double(originX), y: -Double(originY)),
            quad: PixelRect(x: originX, y: originY, width: cache.shadowWidth, height: cache.shadowHeight), clip: area,
            opacity: 1, nearest: true, transparentEdge: true, color: color.scaled(toOpacity: opacity), level: level)
    }

    /// The blur's reach beyond the shape: three standard deviations and a pixel, as the
    /// compositor places shadows.
    static func shadowMargin(sigma: Double) -> Int { Int((3 * sigma).rounded(.up)) + 1 }

    /// The shape's coverage over the source box and its margin, blurred.
    private func makeShadowMask(
        of entry: Compositor.DisplayEntry, castBy entries: Range<Int>, frame: RenderFrame, margin: Int
    ) -> PixelBuffer? {
        let source = entry.shadowSourceBox
        let mask: PixelBuffer
        if let path = entry.shadowPath {
            mask = ShadowMaskKey.pathMask(path, transform: entry.transform, sourceBox: source, margin: margin)
        } else {
            // The layer and its sublayers as they composite, over the whole source box (the mask
            // is kept for later frames), read back for the blur.
            guard let offscreen = takeOffscreen(width: source.width, height: source.height) else { return nil }
            defer { giveBack(offscreen) }
            let level = Level(framebuffer: offscreen.framebuffer, box: source, clip: source, offscreen: offscreen)
            bind(level)
            clear(source, in: level, to: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0))
            execute(frame, entries: entries, on: level)
            let pixels = PixelBuffer(width: source.width, height: source.height, format: .argb8888Premultiplied)
            offscreen.readPixels(
                PixelRect(x: 0, y: 0, width: source.width, height: source.height), into: pixels, atX: 0, y: 0)
            mask = AlphaBlur.alphaMask(
                of: pixels, in: PixelRect(x: 0, y: 0, width: source.width, height: source.height), margin: margin)
        }
        AlphaBlur.blur(mask, sigma: entry.shadowSigma)
        return mask
    }
}

extension GLLayerCache {
    /// Replaces the shadow texture with the `.alpha8` `mask`.
    func uploadShadow(_ mask: PixelBuffer) {
        if shadowTexture == 0 { glGenTextures(1, &shadowTexture) }
        glBindTexture(GLenum(GL_TEXTURE_2D), shadowTexture)
        GLTextureTarget.setSampling(linear: false)
        // alpha8 rows are padded to 4 bytes, as this alignment reads them.
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        precondition(mask.stride == (mask.width + 3) & ~3, "an alpha8 mask's rows are padded to 4 bytes")
        glTexImage2D(
            GLenum(GL_TEXTURE_2D), 0, GL_ALPHA, GLsizei(mask.width), GLsizei(mask.height), 0, GLenum(GL_ALPHA),
            GLenum(GL_UNSIGNED_BYTE), mask.baseAddress)
        shadowWidth = mask.width
        shadowHeight = mask.height
    }
}
