import Foundation
import VitrineGraphics

/// How a layer's shadow is drawn this frame, as the compositor works it out: its colour,
/// blur and offset in target pixels, and where its shape comes from.
struct ShadowDrawing: Equatable {
    /// `shadowColor` with `shadowOpacity` applied, premultiplied.
    var color: PremultipliedColor
    /// The blur's standard deviation in target pixels (`shadowRadius / 2` through the
    /// transform's scale, at most `AlphaBlur.maximumSigma`).
    var sigma: Double
    /// `shadowOffset` in target pixels, rounded to whole pixels.
    var offsetX: Int
    var offsetY: Int
    /// `shadowPath`, when set (in the layer's coordinates).
    var path: CGPath?
    /// The layer's bounds coordinates to target pixels.
    var transform: ProjectiveTransform
    /// For a shadow of the layer's alpha: a key of what the alpha is drawn from, in the
    /// layer's own coordinates (see `alphaContentKey(of:)`); 0 for a path's shadow.
    var contentStamp: UInt64 = 0
    /// Target pixels the shape is taken from (before the offset and blur).
    var sourceBox = PixelRect.zero
    /// The blur's reach around the shape, in pixels (3 sigma, rounded up, plus one).
    var margin = 0
    /// Target pixels the shadow may touch, clipped by the ancestors' clip.
    var box = PixelRect.zero
    /// The ancestors' clip.
    var clipRect: PixelRect? = nil
    /// With `masksToBounds`, the layer's bounds in pixels: the shadow is clipped to them too,
    /// as in Core Animation (where a clipping layer's shadow does not show outside it).
    var boundsBox: PixelRect? = nil
}

/// Shadows: what Core Animation draws under a layer with `shadowOpacity` above 0 — the layer's
/// alpha (contents, background, border and sublayers, as composited) or its `shadowPath`,
/// blurred, tinted and offset. The compositor decides the shadow's pixels and damage here; the
/// renderer draws it from the `shadow` display entry and keeps the blurred mask while the
/// shadow's shape stays (`PixmanRenderer+Shadows`), so a still shadow costs one composite per
/// repaint, never a blur.
extension Compositor {
    /// The shadow `layer` casts through `transform`, before its extent is known; nil when it
    /// casts none (opacity 0 or not finite, no or clear colour, a perspective transform).
    static func shadowParameters(
        of layer: CALayer, transform: ProjectiveTransform, bounds: CGRect
    ) -> ShadowDrawing? {
        let opacity = layer.renderShadowOpacity
        guard opacity.isFinite, opacity > 0, let color = layer.renderShadowColor, color.alpha > 0,
            transform.isAffine
        else { return nil }
        let scale = abs(transform.m11 * transform.m22 - transform.m12 * transform.m21).squareRoot()
        let radius = layer.renderShadowRadius
        let sigma = radius.isFinite && radius > 0 ? min(AlphaBlur.maximumSigma, Double(radius) / 2 * scale) : 0
        var offset = layer.renderShadowOffset
        if !offset.width.isFinite || !offset.height.isFinite { offset = .zero }
        let limit = 1_000_000.0
        let dx = max(-limit, min(limit, Double(offset.width) * transform.m11 + Double(offset.height) * transform.m21))
        let dy = max(-limit, min(limit, Double(offset.width) * transform.m12 + Double(offset.height) * transform.m22))
        let path = layer.renderShadowPath.flatMap { $0.isEmpty ? nil : $0 }
        return ShadowDrawing(
            color: color.premultiplied.scaled(toOpacity: Double(min(1, opacity))), sigma: sigma.isFinite ? sigma : 0,
            offsetX: Int(roundedHalfUp(dx)), offsetY: Int(roundedHalfUp(dy)), path: path, transform: transform,
            boundsBox: layer.masksToBounds ? pixelBox(of: bounds, through: transform) : nil)
    }

    /// Works out where `record`'s shadow is, once its subtree's pixels (`subtreeBox`) are
    /// known; returns the pixels it may touch, clipped and not.
    func placeShadow(of record: LayerRecord, subtreeBox: PixelRect) -> (clipped: PixelRect, unclipped: PixelRect) {
        guard var shadow = record.shadow else { return (.zero, .zero) }
        let margin = Int((3 * shadow.sigma).rounded(.up)) + 1
        var source: PixelRect
        if let path = shadow.path {
            let box = path.boundingBox
            source = box.isNull ? .zero : Self.pixelBox(of: box, through: shadow.transform)
            shadow.contentStamp = 0
        } else {
            source = subtreeBox
            shadow.contentStamp = Self.alphaContentKey(of: record)
        }
        // Only what can cast a shadow into the clip is drawn: an enormous shape costs a mask the
        // size of the clip, never more.
        let clip = record.current.clipRect ?? source
        let reach = PixelRect(
            x: clip.x - shadow.offsetX - margin, y: clip.y - shadow.offsetY - margin,
            width: clip.width + 2 * margin, height: clip.height + 2 * margin)
        source = source.intersection(reach)
        let unclipped =
            source.isEmpty
            ? PixelRect.zero
            : PixelRect(
                x: source.x + shadow.offsetX - margin, y: source.y + shadow.offsetY - margin,
                width: source.width + 2 * margin, height: source.height + 2 * margin)
        shadow.sourceBox = source
        shadow.margin = margin
        shadow.box = unclipped.intersection(clip)
        if let bounds = shadow.boundsBox { shadow.box = shadow.box.intersection(bounds) }
        shadow.clipRect = record.current.clipRect
        record.shadow = shadow
        return (shadow.box, unclipped)
    }

    /// What an alpha shadow's shape depends on besides where the layer is: the layer's own
    /// drawing (bounds, background, corners, border, contents, opacity, clipping, sublayer
    /// transform) and its sublayers (`sublayersStamp`, new whenever anything below changes).
    /// A layer that only moves keeps its key, so its kept mask moves with it (the renderer
    /// keys the mask relative to the transform's whole pixels) instead of being blurred again.
    static func alphaContentKey(of record: LayerRecord) -> UInt64 {
        let layer = record.layer
        var hasher = Hasher()
        hasher.combine(layer.sublayersStamp)
        hasher.combine(record.image.map(ObjectIdentifier.init))
        let bounds = layer.renderBounds
        for value in [bounds.minX, bounds.minY, bounds.width, bounds.height] { hasher.combine(value) }
        hasher.combine(layer.renderBackgroundColor)
        hasher.combine(layer.renderCornerRadius)
        hasher.combine(layer.renderBorderWidth)
        hasher.combine(layer.renderBorderColor)
        hasher.combine(layer.masksToBounds)
        hasher.combine(layer.renderOpacity)
        let rect = layer.renderContentsRect
        let center = layer.renderContentsCenter
        for value in [
            rect.minX, rect.minY, rect.width, rect.height, center.minX, center.minY, center.width, center.height,
        ] {
            hasher.combine(value)
        }
        hasher.combine(layer.contentsGravity)
        hasher.combine(layer.contentsScale)
        hasher.combine(layer.renderSublayerTransform.entries)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    /// Damages the old and new pixels of `record`'s shadow when it changed since it was last
    /// rendered.
    func damageShadow(of record: LayerRecord) {
        guard record.shadow != record.renderedShadow else { return }
        if let old = record.renderedShadow { damageOld(old.box, clipRect: old.clipRect) }
        if let new = record.shadow {
            if insideScroll { movedDamage.formUnion(new.box) } else { frameDamage.formUnion(new.box) }
        }
        record.renderedShadow = record.shadow
    }

    /// Damage for pixels drawn last frame (see `damageOld(_:)` for appearances).
    func damageOld(_ box: PixelRect, clipRect: PixelRect?) {
        var old = LayerRecord.Appearance()
        old.box = box
        old.clipRect = clipRect
        damageOld(old)
    }
}
