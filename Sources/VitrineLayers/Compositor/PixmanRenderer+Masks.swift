import Foundation
import VitrineGraphics

/// Coverage masks for rounded corners and borders, and where they go.
///
/// An axis-aligned layer's mask is kept *nine-sliced*: its corners, plus one column and one row
/// for the straight edges between them, which are the same all along an edge. A 600x400-pixel
/// card with 24-pixel corners keeps a 51x51 mask instead of a 240 KB one; the slices stretch
/// the middle column and row back over the edges when painting. Other transforms keep a whole
/// mask, rasterised at about the on-screen scale and sampled through the transform.
extension PixmanRenderer {
    /// A coverage mask for a layer's shape or border ring and where it goes.
    struct PlacedMask {
        var buffer: PixelBuffer
        /// Mask pixels to screen pixels, for a mask that is not sliced.
        var transform: ProjectiveTransform
        /// For axis-aligned layers: the whole-pixel rectangle the mask covers exactly.
        var pixelRect: PixelRect?
        /// Radius and border width in mask pixels.
        var radius: Double
        var borderWidth: Double
        /// For axis-aligned layers: the parts of `pixelRect` and how each samples the compact
        /// mask; nil when the whole mask is placed by `transform`.
        var slices: [MaskSlice]?

        /// Paints `color` through the mask, inside `clip`.
        func fill(_ canvas: Canvas, color: PremultipliedColor, clip: Region) {
            guard let slices else {
                canvas.fill(mask: buffer, transform: transform, color: color, clip: clip)
                return
            }
            for slice in slices where clip.intersects(slice.destination) {
                var part = clip
                part.formIntersection(slice.destination)
                if let solid = slice.solidRects {
                    part.formIntersection(Region(solid))
                    canvas.fill(part, color: color, operator: .over)
                } else {
                    canvas.fill(mask: buffer, transform: slice.transform, color: color, filter: .nearest, clip: part)
                }
            }
        }

        /// Cuts an offscreen group to the mask (a rounded shape's, not a border's): pixels
        /// outside it become transparent, the others are multiplied by its coverage.
        func clip(_ canvas: Canvas) {
            guard let slices, let pixelRect else {
                canvas.applyMask(buffer, transform: transform)
                return
            }
            canvas.fill(Region(canvas.area).subtracting(Region(pixelRect)), color: .transparent, operator: .source)
            // Inside the rectangle only the corners are not fully covered.
            var corners = PixmanRenderer.cornerSquares(of: pixelRect, radius: radius)
            corners.formIntersection(canvas.area)
            for slice in slices where corners.intersects(slice.destination) {
                var part = corners
                part.formIntersection(slice.destination)
                canvas.applyMask(buffer, transform: slice.transform, filter: .nearest, clip: part)
            }
        }
    }

    /// One part of a nine-sliced mask: the screen pixels it covers and the transform from mask
    /// pixels to them (a whole-pixel translation for corners; a stretch of one mask column or
    /// row along an edge).
    struct MaskSlice {
        var destination: PixelRect
        var transform: ProjectiveTransform
        /// For a slice that stretches a row or column of the mask whose coverage is only 0 or
        /// 255 (a border's straight edge a whole number of pixels wide): the pixels it covers
        /// fully, which are filled without the mask (the same pixels, without a composite);
        /// nil for other slices.
        var solidRects: [PixelRect]?
    }

    /// The side of the corner squares of a rounded rectangle: every pixel outside them, on the
    /// rectangle, is fully covered.
    nonisolated static func cornerSide(of rect: PixelRect, radius: Double) -> Int {
        min(Int(radius.rounded(.up)) + 1, min(rect.width, rect.height) / 2 + 1)
    }

    /// The four radius-sized squares at the corners of `rect`.
    nonisolated static func cornerSquares(of rect: PixelRect, radius: Double) -> Region {
        let side = cornerSide(of: rect, radius: radius)
        return Region([
            PixelRect(x: rect.x, y: rect.y, width: side, height: side),
            PixelRect(x: rect.maxX - side, y: rect.y, width: side, height: side),
            PixelRect(x: rect.x, y: rect.maxY - side, width: side, height: side),
            PixelRect(x: rect.maxX - side, y: rect.maxY - side, width: side, height: side),
        ])
    }

    /// Pixels of `rect` a border ring of this width and radius cannot reach: a cross inside
    /// the inner edge.
    static func interior(of rect: PixelRect, border: Double, radius: Double) -> Region {
        let thin = Int(border.rounded(.up)) + 1
        let thick = ringCornerSide(border: border, radius: radius)
        return Region(
            [
                PixelRect(
                    x: rect.x + thin, y: rect.y + thick, width: rect.width - 2 * thin, height: rect.height - 2 * thick),
                PixelRect(
                    x: rect.x + thick, y: rect.y + thin, width: rect.width - 2 * thick, height: rect.height - 2 * thin),
            ].filter { !$0.isEmpty })
    }

    /// The side of the corner squares of a border ring: outside them, each row of the top and
    /// bottom edges (and each column of the sides) has one coverage all along.
    static func ringCornerSide(border: Double, radius: Double) -> Int {
        Int(max(border, radius).rounded(.up)) + 1
    }

    /// The size of a nine-sliced mask for a `length`-pixel side whose corners take `corner`
    /// pixels at each end: the corners and one pixel between them, or the whole side when that
    /// is no smaller.
    static func compactLength(_ length: Int, corner: Int) -> Int {
        min(length, 2 * corner + 1)
    }

    /// The slices that place a `maskWidth` x `maskHeight` nine-sliced mask over `rect`.
    static func slices(of rect: PixelRect, mask: PixelBuffer, corner: Int) -> [MaskSlice] {
        let columns = spans(start: rect.x, length: rect.width, maskLength: mask.width, corner: corner)
        let rows = spans(start: rect.y, length: rect.height, maskLength: mask.height, corner: corner)
        var slices: [MaskSlice] = []
        for row in rows {
            for column in columns {
                let scaleX = Double(column.length) / Double(column.maskLength)
                let scaleY = Double(row.length) / Double(row.maskLength)
                let transform = ProjectiveTransform(translationX: -Double(column.maskStart), y: -Double(row.maskStart))
                    .concatenating(ProjectiveTransform(scaleX: scaleX, y: scaleY))
                    .concatenating(ProjectiveTransform(translationX: Double(column.start), y: Double(row.start)))
                slices.append(
                    MaskSlice(
                        destination: PixelRect(x: column.start, y: row.start, width: column.length, height: row.length),
                        transform: transform, solidRects: solidRects(of: mask, column: column, row: row)))
            }
        }
        return slices
    }

    /// The fully covered pixels of a slice that stretches one row or column of `mask`, when
    /// every coverage it stretches is 0 or 255; nil for corner slices and other coverage.
    private static func solidRects(of mask: PixelBuffer, column: Span, row: Span) -> [PixelRect]? {
        let stretchesColumn = column.maskLength == 1 && column.length > 1
        let stretchesRow = row.maskLength == 1 && row.length > 1
        guard stretchesColumn || stretchesRow else { return nil }
        // The line of mask pixels the slice repeats: down the column, or along the row.
        let count = stretchesColumn ? row.maskLength : column.maskLength
        var rects: [PixelRect] = []
        var runStart: Int?
        for index in 0...count {
            var covered = false
            if index < count {
                let x = stretchesColumn ? column.maskStart : column.maskStart + index
                let y = stretchesColumn ? row.maskStart + index : row.maskStart
                let coverage = mask.pixel(x: x, y: y) >> 24
                guard coverage == 0 || coverage == 255 else { return nil }
                covered = coverage == 255
            }
            if covered, runStart == nil { runStart = index }
            if !covered, let start = runStart {
                // A run of full coverage, in screen pixels (the stretched axis spans the slice).
                let scale = stretchesColumn ? row.length / row.maskLength : column.length / column.maskLength
                rects.append(
                    stretchesColumn
                        ? PixelRect(
                            x: column.start, y: row.start + start * scale, width: column.length,
                            height: (index - start) * scale)
                        : PixelRect(
                            x: column.start + start * scale, y: row.start, width: (index - start) * scale,
                            height: row.length))
                runStart = nil
            }
        }
        return rects
    }

    /// One axis of the slicing: screen pixels `start ..< start + length` show mask pixels
    /// `maskStart ..< maskStart + maskLength`.
    private struct Span {
        var start: Int
        var length: Int
        var maskStart: Int
        var maskLength: Int
    }

    private static func spans(start: Int, length: Int, maskLength: Int, corner: Int) -> [Span] {
        guard maskLength < length else {
            return [Span(start: start, length: length, maskStart: 0, maskLength: maskLength)]
        }
        // maskLength is 2 * corner + 1: the middle pixel stretches over the straight part.
        return [
            Span(start: start, length: corner, maskStart: 0, maskLength: corner),
            Span(start: start + corner, length: length - 2 * corner, maskStart: corner, maskLength: 1),
            Span(start: start + length - corner, length: corner, maskStart: corner + 1, maskLength: corner),
        ]
    }

    /// The layer's rounded (or plain) shape, or its border ring, as a coverage mask. An
    /// axis-aligned layer gets a nine-sliced mask of its snapped pixel rectangle placed at
    /// whole pixels (pixman's fast paths, and the same edges as plain fills); other transforms
    /// get a whole one rasterised at about the on-screen scale and sampled through the
    /// transform. Cached on the record while its size, radius and border stay the same.
    func shapeMask(for record: LayerRecord, border: Bool) -> PlacedMask? {
        let layer = record.layer
        let bounds = layer.renderBounds
        let transform = record.current.transform
        let pixelRect = Compositor.roundedPixelRect(of: bounds, through: transform)
        let width: Int
        let height: Int
        let maskScale: Double
        if let pixelRect {
            guard !pixelRect.isEmpty else { return nil }
            width = pixelRect.width
            height = pixelRect.height
            maskScale = min(abs(transform.m11), abs(transform.m22))
        } else {
            let linearScale = sqrt(abs(transform.m11 * transform.m22 - transform.m12 * transform.m21))
            maskScale = min(4, max(1, (linearScale * 4).rounded() / 4))
            width = Int((Double(bounds.width) * maskScale).rounded(.up))
            height = Int((Double(bounds.height) * maskScale).rounded(.up))
        }
        guard width > 0, height > 0, width <= 8192, height <= 8192 else { return nil }
        var radius = Double(max(0, layer.renderCornerRadius)) * maskScale
        if pixelRect != nil {
            // Clamped here, as the mask would clamp it, so the compact mask has the same corners.
            radius = min(radius, Double(min(width, height)) / 2)
        }
        let key = MaskKey(
            width: width, height: height, radius: radius,
            borderWidth: border ? Double(layer.renderBorderWidth) * maskScale : 0, isSliced: pixelRect != nil)
        let corner: Int? = pixelRect.map {
            border
                ? Self.ringCornerSide(border: key.borderWidth, radius: key.radius)
                : Self.cornerSide(of: $0, radius: key.radius)
        }
        let maskWidth = corner.map { Self.compactLength(width, corner: $0) } ?? width
        let maskHeight = corner.map { Self.compactLength(height, corner: $0) } ?? height
        let layerCache = PixmanLayerCache.of(record)
        var cache = border ? layerCache.borderMask : layerCache.backgroundMask
        if cache?.key != key {
            let mask =
                border
                ? ShapeMask.roundedBorder(
                    width: maskWidth, height: maskHeight, radius: key.radius, borderWidth: key.borderWidth)
                : ShapeMask.roundedRect(width: maskWidth, height: maskHeight, radius: key.radius)
            cache = CachedMask(key: key, mask: mask)
        }
        guard var cached = cache else { return nil }
        defer {
            if border { layerCache.borderMask = cached } else { layerCache.backgroundMask = cached }
        }
        let buffer = cached.mask
        if let pixelRect, let corner {
            if cached.slicedRect != pixelRect {
                cached.slices = Self.slices(of: pixelRect, mask: buffer, corner: corner)
                cached.slicedRect = pixelRect
            }
            return PlacedMask(
                buffer: buffer,
                transform: ProjectiveTransform(translationX: Double(pixelRect.x), y: Double(pixelRect.y)),
                pixelRect: pixelRect, radius: key.radius, borderWidth: key.borderWidth, slices: cached.slices)
        }
        let maskTransform = ProjectiveTransform(
            scaleX: Double(bounds.width) / Double(width), y: Double(bounds.height) / Double(height)
        )
        .concatenating(ProjectiveTransform(translationX: Double(bounds.minX), y: Double(bounds.minY)))
        .concatenating(transform)
        return PlacedMask(
            buffer: buffer, transform: maskTransform, pixelRect: nil, radius: key.radius,
            borderWidth: key.borderWidth, slices: nil)
    }
}
