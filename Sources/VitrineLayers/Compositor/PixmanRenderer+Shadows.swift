import Foundation
import VitrineGraphics

/// What a blurred shadow mask is made from, so a renderer makes it again only when one of
/// these changes: the blur, the shape (a `shadowPath`, or the stamp of the subtree whose alpha
/// casts it), the transform's linear part and its translation's fraction of a pixel, and the
/// source box relative to the translation's whole pixels (a whole-pixel move, a scroll, keeps
/// the mask). Public so every renderer keys its shadow cache alike.
public struct ShadowMaskKey: Equatable {
    var sigma: Double
    var path: CGPath?
    var linear: [Double]
    var fraction: [Double]
    var contentStamp: UInt64
    var sourceWidth: Int
    var sourceHeight: Int
    var sourceX: Int
    var sourceY: Int

    /// The key of a shadow of `sigma`, cast by `path` (nil: the subtree's alpha, drawn as
    /// `contentStamp` says) through `transform`, over `sourceBox` (target pixels).
    public init(
        sigma: Double, path: CGPath?, transform t: ProjectiveTransform, contentStamp: UInt64, sourceBox: PixelRect
    ) {
        let wholeX = Int(t.m31.rounded(.down))
        let wholeY = Int(t.m32.rounded(.down))
        self.sigma = sigma
        self.path = path
        linear = [t.m11, t.m12, t.m21, t.m22]
        fraction = [t.m31 - t.m31.rounded(.down), t.m32 - t.m32.rounded(.down)]
        self.contentStamp = contentStamp
        sourceWidth = sourceBox.width
        sourceHeight = sourceBox.height
        sourceX = sourceBox.x - wholeX
        sourceY = sourceBox.y - wholeY
    }

    /// A `shadowPath`'s coverage through `transform` over `sourceBox` and `margin` pixels
    /// around it (not yet blurred): the mask both renderers blur.
    public static func pathMask(
        _ path: CGPath, transform t: ProjectiveTransform, sourceBox: PixelRect, margin: Int
    ) -> PixelBuffer {
        let transform = CGAffineTransform(
            a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m31 - Double(sourceBox.x - margin),
            ty: t.m32 - Double(sourceBox.y - margin))
        return AlphaBlur.pathMask(
            path, transform: transform, width: sourceBox.width + 2 * margin, height: sourceBox.height + 2 * margin)
    }
}

/// A layer's blurred shadow mask: an `.alpha8` buffer covering the shadow's source box and its
/// margin, kept while `key` stays.
struct CachedShadow {
    var key: ShadowMaskKey
    var mask: PixelBuffer
}

/// Drawing shadows: the mask is made (rasterised or drawn offscreen, then blurred) only when
/// the shadow's shape changed; every repaint composites it.
extension PixmanRenderer {
    /// Shadow masks made (blurred) so far, for tests and benchmarks: a still shadow makes none.
    public private(set) static var shadowMasksMade = 0

    func drawShadow(
        of record: LayerRecord, castBy entries: Range<Int>, frame: RenderFrame, on canvas: Canvas, clip: Region
    ) {
        guard let shadow = record.shadow, !shadow.box.isEmpty, !shadow.sourceBox.isEmpty else { return }
        var area = clip
        area.formIntersection(shadow.box)
        guard !area.isEmpty else { return }
        let cache = PixmanLayerCache.of(record)
        let isPath = shadow.path != nil
        let key = ShadowMaskKey(
            sigma: shadow.sigma, path: shadow.path, transform: shadow.transform, contentStamp: shadow.contentStamp,
            sourceBox: shadow.sourceBox)
        let cached: CachedShadow
        if let existing = cache.shadow, existing.key == key {
            cached = existing
        } else {
            cached = CachedShadow(key: key, mask: makeShadowMask(for: shadow, castBy: entries, frame: frame))
            cache.shadow = cached
        }
        let originX = shadow.sourceBox.x - shadow.margin
        let originY = shadow.sourceBox.y - shadow.margin
        let opacity = isPath ? Double(record.layer.renderOpacity) : 1
        canvas.fill(
            mask: cached.mask,
            transform: ProjectiveTransform(
                translationX: Double(originX + shadow.offsetX), y: Double(originY + shadow.offsetY)),
            color: shadow.color.scaled(toOpacity: opacity), filter: .nearest, clip: area)
    }

    private func makeShadowMask(for shadow: ShadowDrawing, castBy entries: Range<Int>, frame: RenderFrame)
        -> PixelBuffer
    {
        Self.shadowMasksMade += 1
        let source = shadow.sourceBox
        let margin = shadow.margin
        let mask: PixelBuffer
        if let path = shadow.path {
            mask = ShadowMaskKey.pathMask(path, transform: shadow.transform, sourceBox: source, margin: margin)
        } else {
            // The layer and its sublayers as they composite, over their whole box (not only the
            // damage: the mask is kept for later frames).
            let buffer = offscreens.take(width: source.width, height: source.height)
            let canvas = Canvas(target: buffer, originX: source.x, originY: source.y)
            canvas.fill(Region(canvas.area), color: .transparent, operator: .source)
            execute(frame, entries: entries, on: Level(canvas: canvas, clip: Region(source)), topLevel: false)
            mask = AlphaBlur.alphaMask(
                of: buffer, in: PixelRect(x: 0, y: 0, width: source.width, height: source.height), margin: margin)
            offscreens.giveBack(buffer, frame: frame.frameNumber)
        }
        AlphaBlur.blur(mask, sigma: shadow.sigma)
        return mask
    }
}
