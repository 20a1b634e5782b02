import Foundation
import VitrineGraphics

/// What a layer that draws itself (`CAShapeLayer`, `CAGradientLayer`, `CATextLayer`) shows in
/// place of `contents`: an image and the rectangle of the layer's bounds coordinates it covers
/// (a shape may reach outside the bounds). The compositor draws it as it draws contents.
struct GeneratedContents {
    let image: CGImage
    let rect: CGRect

    /// The largest generated image per side, in pixels: a bigger rectangle is drawn at a
    /// lower resolution instead (an enormous path costs a bounded raster, never seconds).
    static let maximumSide: CGFloat = 4096

    /// Rasterizes `rect` (layer coordinates) at `pixelsPerPoint` with `draw`, which draws in
    /// layer coordinates. The rectangle is widened to whole pixels; nil when it is empty or
    /// not finite.
    @MainActor
    static func rasterize(_ rect: CGRect, pixelsPerPoint: CGFloat, draw: (CGContext) -> Void) -> GeneratedContents? {
        guard !rect.isNull, !rect.isEmpty, rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite,
            rect.height.isFinite, pixelsPerPoint.isFinite, pixelsPerPoint > 0
        else { return nil }
        var scale = pixelsPerPoint
        let longest = max(rect.width, rect.height) * scale
        if longest > maximumSide { scale *= maximumSide / longest }
        let minX = (rect.minX * scale).rounded(.down)
        let minY = (rect.minY * scale).rounded(.down)
        let maxX = (rect.maxX * scale).rounded(.up)
        let maxY = (rect.maxY * scale).rounded(.up)
        let width = Int(min(maximumSide, max(1, maxX - minX)))
        let height = Int(min(maximumSide, max(1, maxY - minY)))
        let buffer = PixelBuffer(width: width, height: height, format: .argb8888Premultiplied)
        let context = CGContext(pixelBuffer: buffer)
        context.translateBy(x: -minX, y: -minY)
        context.scaleBy(x: scale, y: scale)
        draw(context)
        context.flush()
        // The buffer is not drawn into again: the image takes it over (no copy).
        let image = CGImage(adopting: buffer)
        return GeneratedContents(
            image: image,
            rect: CGRect(
                x: minX / scale, y: minY / scale, width: CGFloat(width) / scale, height: CGFloat(height) / scale))
    }
}

/// A generated image kept while what it was drawn from stays the same.
struct GeneratedContentsCache<Key: Equatable> {
    private var key: Key?
    private var contents: GeneratedContents?

    /// The contents for `key`, made by `make` when the key changed.
    mutating func contents(for key: Key, make: () -> GeneratedContents?) -> GeneratedContents? {
        if let current = self.key, current == key { return contents }
        self.key = key
        contents = make()
        return contents
    }
}
