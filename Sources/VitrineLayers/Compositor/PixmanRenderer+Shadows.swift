import Foundation
import VitrineGraphics

/// A layer's blurred shadow mask: an `.alpha8` buffer covering the shadow's source box and its
/// margin, kept while `key` stays.
struct CachedShadow {
    struct Key: Equatable {
        var sigma: Double
        var path: CGPath?
        /// The transform's linear part and its translation's fraction of a pixel (the raster
        /// depends on them; a whole-pixel move only moves the mask).
        var linear: [Double]
        var fraction: [Double]
        /// For an alpha shadow: the subtree's stamp and the pixels it was drawn over.
        var contentStamp: UInt64
        var sourceWidth: Int
        var sourceHeight: Int
        /// The source box's position relative to the transform's whole-pixel translation (a
        /// whole-pixel move keeps the mask).
        var sourceX: Int
        var sourceY: Int
    }
    var key: Key
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
        let cache: PixmanLayerCache
        if let existing = record.rendererCache as? PixmanLayerCache {
            cache = existing
        } else {
            cache = PixmanLayerCache()
            record.rendererCache = cache
        }
        let t = shadow.transform
        let isPath = shadow.path != nil
        // Positions relative to the transform's whole-pixel translation: the same shape moved
        // by whole pixels (a scroll, a moved `shadowPath` layer) draws the same mask there.
        let wholeX = Int(t.m31.rounded(.down))
        let wholeY = Int(t.m32.rounded(.down))
        let key = CachedShadow.Key(
            sigma: shadow.sigma, path: shadow.path, linear: [t.m11, t.m12, t.m21, t.m22],
            fraction: [t.m31 - t.m31.rounded(.down), t.m32 - t.m32.rounded(.down)],
            contentStamp: shadow.contentStamp, sourceWidth: shadow.sourceBox.width,
            sourceHeight: shadow.sourceBox.height, sourceX: shadow.sourceBox.x - wholeX,
            sourceY: shadow.sourceBox.y - wholeY)
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
            let t = shadow.transform
            let transform = CGAffineTransform(
                a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m31 - Double(source.x - margin),
                ty: t.m32 - Double(source.y - margin))
            mask = AlphaBlur.pathMask(
                path, transform: transform, width: source.width + 2 * margin, height: source.height + 2 * margin)
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
