import Foundation
import OpenGLES
import VitrineGraphics
import VitrineLayers

/// Executing the display list with GL: as `PixmanRenderer` does, one damage rectangle at a time
/// (so every clip is one rectangle and every draw a quad cut to it), with the same geometry
/// (pixel-snapped axis-aligned fills, the same sample positions for contents).
extension GLESRenderer {
    /// One level of drawing: the target, or an offscreen group's framebuffer.
    struct Level {
        var framebuffer: GLuint
        /// The target pixels the framebuffer's pixel (0, 0) and size stand for.
        var box: PixelRect
        /// What may be drawn, in target pixels.
        var clip: PixelRect
        /// For groups: the framebuffer, and the clip to composite it with below.
        var offscreen: GLTextureTarget? = nil
        var parentClip = PixelRect.zero
    }

    /// A texture and the part of it a draw may show.
    struct TextureSource {
        var texture: GLuint
        var width: Int
        var height: Int
        var sourceRect: PixelRect
        /// XRGB pixels: alpha is not meaningful.
        var opaque: Bool
    }

    /// A rounded rectangle (or its border ring) for the shader, in the mask space the pixman
    /// renderer rasterises it in: the rectangle (0, 0)-(width, height) of mask pixels.
    struct Shape {
        /// Target pixels to mask space.
        var inverse: ProjectiveTransform
        var width: Double
        var height: Double
        /// Radius and border width in mask pixels.
        var radius: Double
        var borderWidth: Double
        /// Whether mask pixels are target pixels (an axis-aligned layer's snapped rectangle).
        var onPixels: Bool
        /// The target pixels it may cover.
        var box: PixelRect
        var isBorder: Bool
    }

    func bind(_ level: Level) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), level.framebuffer)
        glViewport(0, 0, GLsizei(level.box.width), GLsizei(level.box.height))
        viewport = (Float(level.box.x), Float(level.box.y), Float(level.box.width), Float(level.box.height))
        if activeVariant >= 0 { glUniform4f(uniforms.viewport, viewport.0, viewport.1, viewport.2, viewport.3) }
    }

    /// Switches to the program for a draw of `source` (0 colour, 1 texture, 2 colour through a
    /// texture's alpha) through `shape`.
    private func use(source: Int, shape: Shape?) {
        let index = source * 3 + (shape.map { $0.onPixels ? 1 : 2 } ?? 0)
        guard index != activeVariant else { return }
        activeVariant = index
        glUseProgram(variants[index].program.name)
        glUniform4f(uniforms.viewport, viewport.0, viewport.1, viewport.2, viewport.3)
        glUniform1i(uniforms.texture, 0)
    }

    /// The parts of `rect` to draw for `shape`, each with the shape's coverage or without it:
    /// an axis-aligned rounded rectangle is covered fully outside its corner squares, and its
    /// border ring only within its edge strips, so only those run the coverage (as the pixman
    /// renderer fills the rest of a nine-sliced mask plainly).
    private func parts(of rect: PixelRect, shape: Shape?) -> [(rect: PixelRect, shape: Shape?)] {
        guard let shape, shape.onPixels else { return [(rect, shape)] }
        let box = shape.box
        let shorter = min(box.width, box.height)
        if shape.isBorder {
            let thick = Int(max(shape.borderWidth, shape.radius).rounded(.up)) + 1
            guard 2 * thick < shorter else { return [(rect, shape)] }
            return [
                PixelRect(x: box.x, y: box.y, width: box.width, height: thick),
                PixelRect(x: box.x, y: box.maxY - thick, width: box.width, height: thick),
                PixelRect(x: box.x, y: box.y + thick, width: thick, height: box.height - 2 * thick),
                PixelRect(x: box.maxX - thick, y: box.y + thick, width: thick, height: box.height - 2 * thick),
            ].map { ($0.intersection(rect), shape) }
        }
        let side = Int(shape.radius.rounded(.up)) + 1
        guard 2 * side < shorter else { return [(rect, shape)] }
        let corners = [
            PixelRect(x: box.x, y: box.y, width: side, height: side),
            PixelRect(x: box.maxX - side, y: box.y, width: side, height: side),
            PixelRect(x: box.x, y: box.maxY - side, width: side, height: side),
            PixelRect(x: box.maxX - side, y: box.maxY - side, width: side, height: side),
        ].map { ($0.intersection(rect), Optional(shape)) }
        let inside = [
            PixelRect(x: box.x + side, y: box.y, width: box.width - 2 * side, height: box.height),
            PixelRect(x: box.x, y: box.y + side, width: side, height: box.height - 2 * side),
            PixelRect(x: box.maxX - side, y: box.y + side, width: side, height: box.height - 2 * side),
        ].map { ($0.intersection(rect), Shape?.none) }
        return corners + inside
    }

    /// Replaces `rect`'s pixels with `color`.
    func clear(_ rect: PixelRect, in level: Level, to color: PremultipliedColor) {
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(
            GLint(rect.x - level.box.x), GLint(rect.y - level.box.y), GLsizei(rect.width), GLsizei(rect.height))
        glClearColor(Float(color.red), Float(color.green), Float(color.blue), Float(color.alpha))
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glDisable(GLenum(GL_SCISSOR_TEST))
    }

    func execute(_ frame: RenderFrame, entries: Range<Int>, on base: Level) {
        let displayList = frame.displayList
        var levels = [base]
        var savedClips: [PixelRect] = []
        var index = entries.lowerBound
        while index < entries.upperBound {
            let entry = displayList[index]
            let clip = levels[levels.count - 1].clip
            switch entry.kind {
            case .backdrop:
                // Not blurred on the GPU yet: the layer shows its background and contents only.
                break
            case .content:
                if entry.box.intersects(clip) { drawContent(of: entry, clip: clip, level: levels[levels.count - 1]) }
            case .border:
                if entry.box.intersects(clip) { drawBorder(of: entry, clip: clip, level: levels[levels.count - 1]) }
            case .shadow:
                if entry.shadowBox.intersects(clip) {
                    drawShadow(
                        of: entry, castBy: (index + 1)..<min(entries.upperBound, index + entry.groupLength),
                        frame: frame, clip: clip, level: levels[levels.count - 1])
                }
            case .pushClip:
                savedClips.append(clip)
                if let rect = entry.boundsClip { levels[levels.count - 1].clip = clip.intersection(rect) }
            case .popClip:
                levels[levels.count - 1].clip = savedClips.removeLast()
            case .beginGroup:
                let box = entry.subtreeBox.intersection(clip)
                guard !box.isEmpty, let offscreen = takeOffscreen(width: box.width, height: box.height) else {
                    index += entry.groupLength + 1
                    continue
                }
                let level = Level(
                    framebuffer: offscreen.framebuffer, box: box, clip: box, offscreen: offscreen, parentClip: clip)
                bind(level)
                clear(box, in: level, to: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0))
                levels.append(level)
            case .endGroup:
                let group = levels.removeLast()
                let below = levels[levels.count - 1]
                bind(below)
                guard let offscreen = group.offscreen else { break }
                drawTexture(
                    TextureSource(
                        texture: offscreen.texture, width: offscreen.width, height: offscreen.height,
                        sourceRect: PixelRect(x: 0, y: 0, width: group.box.width, height: group.box.height),
                        opaque: false),
                    inverse: ProjectiveTransform(translationX: -Double(group.box.x), y: -Double(group.box.y)),
                    quad: group.box, clip: group.parentClip, opacity: entry.groupOpacity, nearest: true,
                    transparentEdge: false, shape: entry.groupMasksToBounds ? shape(of: entry, border: false) : nil,
                    level: below)
                giveBack(offscreen)
            }
            index += 1
        }
    }

    // MARK: - A layer's own drawing

    private func drawContent(of entry: Compositor.DisplayEntry, clip: PixelRect, level: Level) {
        let transform = entry.transform
        let opacity = entry.opacity
        let bounds = entry.bounds
        if let background = entry.backgroundColor, background.alpha > 0 {
            let color = background.premultiplied.scaled(toOpacity: opacity)
            if entry.cornerRadius <= 0, let rect = Compositor.roundedPixelRect(of: bounds, through: transform) {
                fill(rect, clip: clip, color: color, level: level)
            } else if let shape = shape(of: entry, border: false) {
                fill(shape.box, clip: clip, color: color, shape: shape, level: level)
            }
        }
        let pieces = entry.contentsPieces
        guard let image = entry.contentsImage, !pieces.isEmpty,
            let cache = texture(for: entry, image: image)
        else { return }
        var contentsClip = clip
        if let boundsClip = entry.boundsClip { contentsClip = contentsClip.intersection(boundsClip) }
        for piece in pieces {
            let placement = piece.placement(through: transform)
            guard let inverse = placement.inverted(),
                let box = placement.boundingBox(
                    of: CGRect(x: 0, y: 0, width: piece.source.width, height: piece.source.height))
            else { continue }
            drawTexture(
                TextureSource(
                    texture: cache.texture, width: cache.width, height: cache.height, sourceRect: piece.source,
                    opaque: image.isOpaque),
                inverse: inverse.concatenating(
                    ProjectiveTransform(translationX: Double(piece.source.x), y: Double(piece.source.y))),
                quad: PixelRect(enclosing: box), clip: contentsClip, opacity: opacity,
                nearest: placement.isIntegerTranslation, transparentEdge: !transform.isAxisAligned, level: level)
        }
    }

    private func drawBorder(of entry: Compositor.DisplayEntry, clip: PixelRect, level: Level) {
        guard let borderColor = entry.borderColor else { return }
        let transform = entry.transform
        let color = borderColor.premultiplied.scaled(toOpacity: entry.opacity)
        let bounds = entry.bounds
        if entry.cornerRadius <= 0, let outer = Compositor.roundedPixelRect(of: bounds, through: transform) {
            // The ring between the snapped outer and inner rectangles, as four fills.
            guard
                let inner = Compositor.borderInnerRect(of: bounds, borderWidth: entry.borderWidth, through: transform)?
                    .intersection(outer), !inner.isEmpty
            else {
                fill(outer, clip: clip, color: color, level: level)
                return
            }
            let sides = [
                PixelRect(x: outer.x, y: outer.y, width: outer.width, height: inner.y - outer.y),
                PixelRect(x: outer.x, y: inner.maxY, width: outer.width, height: outer.maxY - inner.maxY),
                PixelRect(x: outer.x, y: inner.y, width: inner.x - outer.x, height: inner.height),
                PixelRect(x: inner.maxX, y: inner.y, width: outer.maxX - inner.maxX, height: inner.height),
            ]
            for side in sides where !side.isEmpty { fill(side, clip: clip, color: color, level: level) }
        } else if let shape = shape(of: entry, border: true) {
            fill(shape.box, clip: clip, color: color, shape: shape, level: level)
        }
    }

    /// The layer's rounded (or plain) bounds, or its border ring, for the shader, placed as the
    /// pixman renderer places its masks (`PixmanRenderer.shapeMask`): an axis-aligned layer's
    /// is its snapped pixel rectangle with the radius in pixels; under other transforms a mask
    /// of the bounds at about the on-screen scale (1 to 4 pixels a point), sampled through the
    /// transform.
    func shape(of entry: Compositor.DisplayEntry, border: Bool) -> Shape? {
        let bounds = entry.bounds
        let transform = entry.transform
        if let pixelRect = Compositor.roundedPixelRect(of: bounds, through: transform) {
            guard !pixelRect.isEmpty else { return nil }
            let scale = min(abs(transform.m11), abs(transform.m22))
            let radius = min(
                max(0, Double(entry.cornerRadius)) * scale, Double(min(pixelRect.width, pixelRect.height)) / 2)
            return Shape(
                inverse: ProjectiveTransform(translationX: -Double(pixelRect.x), y: -Double(pixelRect.y)),
                width: Double(pixelRect.width), height: Double(pixelRect.height), radius: radius,
                borderWidth: border ? Double(entry.borderWidth) * scale : 0, onPixels: true, box: pixelRect,
                isBorder: border)
        }
        let linearScale = abs(transform.m11 * transform.m22 - transform.m12 * transform.m21).squareRoot()
        let maskScale = min(4, max(1, (linearScale * 4).rounded() / 4))
        let width = (Double(bounds.width) * maskScale).rounded(.up)
        let height = (Double(bounds.height) * maskScale).rounded(.up)
        guard width > 0, height > 0, width <= 8192, height <= 8192 else { return nil }
        let maskTransform = ProjectiveTransform(scaleX: Double(bounds.width) / width, y: Double(bounds.height) / height)
            .concatenating(ProjectiveTransform(translationX: Double(bounds.minX), y: Double(bounds.minY)))
            .concatenating(transform)
        guard let inverse = maskTransform.inverted(), let box = transform.boundingBox(of: bounds) else { return nil }
        let enclosing = PixelRect(enclosing: box)
        return Shape(
            inverse: inverse, width: width, height: height, radius: max(0, Double(entry.cornerRadius)) * maskScale,
            borderWidth: border ? Double(entry.borderWidth) * maskScale : 0, onPixels: false,
            box: PixelRect(
                x: enclosing.x - 1, y: enclosing.y - 1, width: enclosing.width + 2, height: enclosing.height + 2),
            isBorder: border)
    }

    // MARK: - Draws

    /// Paints `color` over the quad `rect` within `clip`, through `shape`'s coverage if given.
    func fill(_ rect: PixelRect, clip: PixelRect, color: PremultipliedColor, shape: Shape? = nil, level: Level) {
        let quad = rect.intersection(clip)
        guard !quad.isEmpty, color.alpha > 0 else { return }
        for part in parts(of: quad, shape: shape) where !part.rect.isEmpty {
            use(source: 0, shape: part.shape)
            glUniform4f(uniforms.color, Float(color.red), Float(color.green), Float(color.blue), Float(color.alpha))
            setShape(part.shape)
            drawQuad(part.rect)
        }
    }

    /// Composites `source` over the quad within `clip`: `inverse` maps target pixels to texels.
    /// With `color`, paints that colour through the texture's alpha instead (a coverage mask).
    func drawTexture(
        _ source: TextureSource, inverse: ProjectiveTransform, quad: PixelRect, clip: PixelRect, opacity: Double,
        nearest: Bool, transparentEdge: Bool, shape: Shape? = nil, color: PremultipliedColor? = nil, level: Level
    ) {
        let area = quad.intersection(clip)
        guard !area.isEmpty, opacity > 0 else { return }
        glBindTexture(GLenum(GL_TEXTURE_2D), source.texture)
        GLTextureTarget.setSampling(linear: !nearest)
        for part in parts(of: area, shape: shape) where !part.rect.isEmpty {
            use(source: color == nil ? 1 : 2, shape: part.shape)
            if let color {
                glUniform4f(uniforms.color, Float(color.red), Float(color.green), Float(color.blue), Float(color.alpha))
            }
            setTextureUniforms(
                source, inverse: inverse, opacity: opacity, nearest: nearest, transparentEdge: transparentEdge)
            setShape(part.shape)
            drawQuad(part.rect)
        }
    }

    private func setTextureUniforms(
        _ source: TextureSource, inverse: ProjectiveTransform, opacity: Double, nearest: Bool, transparentEdge: Bool
    ) {
        setMatrix(uniforms.textureInverse, inverse)
        glUniform2f(uniforms.textureSize, Float(source.width), Float(source.height))
        let rect = source.sourceRect
        glUniform4f(uniforms.sourceRect, Float(rect.x), Float(rect.y), Float(rect.maxX), Float(rect.maxY))
        glUniform1i(uniforms.transparentEdge, transparentEdge ? 1 : 0)
        glUniform1i(uniforms.nearest, nearest ? 1 : 0)
        glUniform1i(uniforms.opaqueTexture, source.opaque ? 1 : 0)
        glUniform1i(uniforms.projective, inverse.isAffine ? 0 : 1)
        glUniform1f(uniforms.opacity, Float(min(1, opacity)))
    }

    private func setShape(_ shape: Shape?) {
        guard let shape else {
            glUniform1i(uniforms.shape, 0)
            return
        }
        glUniform1i(uniforms.shape, shape.isBorder ? 2 : 1)
        glUniform1i(uniforms.shapeProjective, shape.inverse.isAffine ? 0 : 1)
        setMatrix(uniforms.shapeInverse, shape.inverse)
        glUniform2f(uniforms.shapeSize, Float(shape.width), Float(shape.height))
        // One radius at every corner: CALayer has no maskedCorners yet, and the shader takes four.
        let radius = Float(shape.radius)
        glUniform4f(uniforms.radii, radius, radius, radius, radius)
        glUniform1f(uniforms.borderWidth, Float(shape.borderWidth))
        // The radii the shader uses, clamped as it clamps them.
        let outer = min(shape.radius, min(shape.width, shape.height) / 2)
        let inset = min(shape.borderWidth, min(shape.width, shape.height) / 2)
        let inner = min(max(0, outer - shape.borderWidth), max(0, min(shape.width, shape.height) / 2 - inset))
        glUniform2f(
            uniforms.arcPieces, Float(Self.cairoArcPieces(radius: outer)), Float(Self.cairoArcPieces(radius: inner)))
    }

    /// How many straight pieces cairo (whose rasteriser draws the pixman renderer's masks)
    /// flattens a quarter circle of `radius` pixels into: the arc is one Bézier curve (for radii
    /// up to 367 pixels at cairo's default tolerance of 0.1 pixel), halved until each piece's
    /// control points are within the tolerance of its chord (`_cairo_spline_decompose`).
    static func cairoArcPieces(radius: Double) -> Int {
        guard radius > 0, radius.isFinite else { return 1 }
        let h = radius * 4 / 3 * tan(Double.pi / 8)
        var points = [(radius, 0.0), (radius, h), (h, radius), (0.0, radius)]
        var pieces = 1
        while pieces < 256 {
            let (a, b, c, d) = (points[0], points[1], points[2], points[3])
            func error(_ p: (Double, Double)) -> Double {
                let dx = d.0 - a.0
                let dy = d.1 - a.1
                var px = p.0 - a.0
                var py = p.1 - a.1
                let v = dx * dx + dy * dy
                let u = px * dx + py * dy
                if u >= v {
                    px -= dx
                    py -= dy
                } else if u > 0 {
                    px -= u / v * dx
                    py -= u / v * dy
                }
                return px * px + py * py
            }
            if max(error(b), error(c)) < 0.01 { break }
            // The first half (de Casteljau at t = 1/2); the arc is symmetric.
            let ab = ((a.0 + b.0) / 2, (a.1 + b.1) / 2)
            let bc = ((b.0 + c.0) / 2, (b.1 + c.1) / 2)
            let cd = ((c.0 + d.0) / 2, (c.1 + d.1) / 2)
            let abc = ((ab.0 + bc.0) / 2, (ab.1 + bc.1) / 2)
            let bcd = ((bc.0 + cd.0) / 2, (bc.1 + cd.1) / 2)
            let middle = ((abc.0 + bcd.0) / 2, (abc.1 + bcd.1) / 2)
            points = [a, ab, abc, middle]
            pieces *= 2
        }
        return pieces
    }

    /// Uploads a row-vector transform as it is: GLSL's column-major `mat3 * vec3` then maps
    /// `[x y 1]` as `ProjectiveTransform.apply` does.
    private func setMatrix(_ location: GLint, _ t: ProjectiveTransform) {
        let values: [GLfloat] = [t.m11, t.m12, t.m13, t.m21, t.m22, t.m23, t.m31, t.m32, t.m33].map { GLfloat($0) }
        glUniformMatrix3fv(location, 1, GLboolean(GL_FALSE), values)
    }

    private func drawQuad(_ rect: PixelRect) {
        let x0 = GLfloat(rect.x)
        let y0 = GLfloat(rect.y)
        let x1 = GLfloat(rect.maxX)
        let y1 = GLfloat(rect.maxY)
        let corners: [GLfloat] = [x0, y0, x1, y0, x0, y1, x1, y1]
        corners.withUnsafeBufferPointer { pointer in
            glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, pointer.baseAddress)
            glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        }
    }

}
