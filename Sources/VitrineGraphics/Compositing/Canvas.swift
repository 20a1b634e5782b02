internal import CPixman
import Foundation

/// How a composite combines source and target pixels (Porter-Duff, premultiplied).
public enum CompositeOperator: Sendable {
    /// The source replaces the target: for opaque sources, a copy with no blending.
    case source
    /// The source is blended over the target.
    case over
    /// The target keeps only as much of itself as the source's alpha covers (clip masks).
    case inReverse

    var pixmanOperator: pixman_op_t {
        switch self {
        case .source: PIXMAN_OP_SRC
        case .over: PIXMAN_OP_OVER
        case .inReverse: PIXMAN_OP_IN_REVERSE
        }
    }
}

/// How a transformed source is sampled.
public enum SamplingFilter: Sendable {
    case nearest
    case bilinear
}

/// What a transformed source shows outside its own pixels.
public enum SourceEdge: Sendable {
    /// Transparent: transformed edges blend smoothly into what is under them.
    case transparent
    /// The edge pixels repeat: slices of one image meet without seams.
    case extend
}

/// Raster operations on a pixel buffer, done by pixman: the compositor's only way to touch
/// pixels. Every operation touches only pixels inside `clip` (and the buffer).
///
/// Coordinates (transforms, clips, regions) are global: the target's pixel (0, 0) sits at
/// `origin`. An offscreen group buffer covers some area of the screen; drawing into it with the
/// screen's coordinates samples every source at exactly the positions a direct draw would,
/// so a group and a partial redraw give the same pixels as a full one.
public struct Canvas {
    public let target: PixelBuffer
    /// The global coordinates of the target's top-left pixel.
    public let originX: Int
    public let originY: Int

    public init(target: PixelBuffer, originX: Int = 0, originY: Int = 0) {
        self.target = target
        self.originX = originX
        self.originY = originY
    }

    /// The target's pixels in global coordinates.
    public var area: PixelRect {
        PixelRect(x: originX, y: originY, width: target.width, height: target.height)
    }

    /// Fills `region` (clipped to the buffer) with a premultiplied colour.
    public func fill(
        _ region: Region, color: PremultipliedColor, operator op: CompositeOperator = .source
    ) {
        var area = region
        area.formIntersection(self.area)
        guard !area.isEmpty else { return }
        area.translate(dx: -originX, dy: -originY)
        var pixmanColor = Self.pixmanColor(color)
        area.withPixmanRegion { region in
            var count: Int32 = 0
            let boxes = pixman_region32_rectangles(region, &count)
            pixman_image_fill_boxes(op.pixmanOperator, target.pixmanImage, &pixmanColor, count, boxes)
        }
    }

    /// Moves the pixels of `area` (clipped to the target) by `dx`, `dy` within the target, as a
    /// scroll does: each pixel of `area` whose source, `dx`, `dy` pixels back, is also in `area`
    /// takes that source's old value; the others (the strip the move exposes) keep theirs.
    ///
    /// Source and destination overlap, so the rows are copied in the order that reads each one
    /// before it is overwritten (bottom up when moving down), each with `memmove`, which copies
    /// overlapping bytes within a row correctly; whole rows moved up or down are one `memmove`.
    /// (pixman's `pixman_blt` does not promise overlapping copies.)
    public func move(_ area: PixelRect, dx: Int, dy: Int) {
        let clipped = area.intersection(self.area)
        let destination = clipped.intersection(
            PixelRect(x: clipped.x + dx, y: clipped.y + dy, width: clipped.width, height: clipped.height))
        guard !destination.isEmpty, dx != 0 || dy != 0 else { return }
        let bytesPerPixel = target.format.bytesPerPixel
        let rowBytes = destination.width * bytesPerPixel
        let stride = target.stride
        let base = target.baseAddress
        let x = destination.x - originX
        let y = destination.y - originY
        func moveRow(_ row: Int) {
            let to = base + (y + row) * stride + x * bytesPerPixel
            let from = base + (y + row - dy) * stride + (x - dx) * bytesPerPixel
            memmove(to, from, rowBytes)
        }
        if dx == 0 && x == 0 && destination.width == target.width {
            // Whole rows (a vertical scroll across the buffer): one block, faster than row by
            // row. The padding at the end of each row, if any, moves along unseen.
            let to = base + y * stride
            memmove(to, to - dy * stride, (destination.height - 1) * stride + rowBytes)
        } else if dy > 0 {
            for row in (0..<destination.height).reversed() { moveRow(row) }
        } else {
            for row in 0..<destination.height { moveRow(row) }
        }
    }

    /// Composites `source` (or the part of it inside `sourceRect`) into the target.
    ///
    /// - Parameters:
    ///   - transform: maps source pixel coordinates (of `sourceRect`'s top-left as 0,0) to
    ///     target pixel coordinates. A singular or non-finite transform draws nothing.
    ///   - opacity: multiplies the source's alpha (0...1).
    ///   - clip: target pixels that may be touched.
    public func draw(
        _ source: PixelBuffer, sourceRect: PixelRect? = nil, transform: ProjectiveTransform,
        opacity: Double = 1, filter: SamplingFilter = .bilinear, edge: SourceEdge = .transparent,
        operator op: CompositeOperator = .over, clip: Region
    ) {
        let area = sourceRect?.intersection(source.bounds) ?? source.bounds
        guard !area.isEmpty, opacity > 0 else { return }
        let isWhole = area == source.bounds
        let sourceImage = isWhole ? source.pixmanImage : Self.subImage(of: source, area)
        defer { if !isWhole { pixman_image_unref(sourceImage) } }
        let mask: OpaquePointer? =
            opacity < 1
            ? pixman_image_create_solid_fill([
                Self.pixmanColor(PremultipliedColor(red: 0, green: 0, blue: 0, alpha: opacity))
            ])
            : nil
        defer { if let mask { pixman_image_unref(mask) } }
        composite(
            op, source: sourceImage, sourceSize: (area.width, area.height), transform: transform,
            filter: filter, edge: edge, mask: mask, clip: clip)
    }

    /// Draws an image; see `draw(_:sourceRect:transform:opacity:filter:edge:operator:clip:)`.
    public func draw(
        _ image: CGImage, sourceRect: PixelRect? = nil, transform: ProjectiveTransform,
        opacity: Double = 1, filter: SamplingFilter = .bilinear, edge: SourceEdge = .transparent,
        operator op: CompositeOperator = .over, clip: Region
    ) {
        if let color = image.coverageColor {
            // One colour through the coverage: the same pixels as drawing the colour pixels.
            fill(
                mask: image.pixels, sourceRect: sourceRect, transform: transform,
                color: color.scaled(toOpacity: opacity), filter: filter, edge: edge, clip: clip)
            return
        }
        draw(
            image.pixels, sourceRect: sourceRect, transform: transform, opacity: opacity,
            filter: filter, edge: edge, operator: op, clip: clip)
    }

    /// Paints `color` through an `.alpha8` coverage mask (or the part of it inside
    /// `sourceRect`) placed by `transform` (mask pixels to target pixels): rounded backgrounds
    /// and borders, coverage images.
    public func fill(
        mask: PixelBuffer, sourceRect: PixelRect? = nil, transform: ProjectiveTransform, color: PremultipliedColor,
        filter: SamplingFilter = .bilinear, edge: SourceEdge = .transparent, clip: Region
    ) {
        precondition(mask.format == .alpha8, "a coverage mask is alpha8")
        guard color.alpha > 0 else { return }
        let area = sourceRect?.intersection(mask.bounds) ?? mask.bounds
        guard !area.isEmpty else { return }
        let isWhole = area == mask.bounds
        let maskImage = isWhole ? mask.pixmanImage : Self.subImage(of: mask, area)
        defer { if !isWhole { pixman_image_unref(maskImage) } }
        let solid = pixman_image_create_solid_fill([Self.pixmanColor(color)])!
        defer { pixman_image_unref(solid) }
        guard
            let placement = Placement(
                transform: transform, size: (area.width, area.height), canvas: self.area, clip: clip)
        else { return }
        Self.configure(maskImage, placement: placement, filter: filter, edge: edge)
        withClip(placement.sampledPart(of: clip)) {
            pixman_image_composite32(
                PIXMAN_OP_OVER, solid, maskImage,
                target.pixmanImage, 0, 0, placement.sourceX, placement.sourceY,
                Int32(placement.area.x - originX), Int32(placement.area.y - originY), Int32(placement.area.width),
                Int32(placement.area.height))
        }
    }

    /// Multiplies every target pixel inside `clip` (everywhere when nil) by the coverage of an
    /// `.alpha8` mask placed by `transform`; pixels the mask does not reach become transparent.
    /// Used to clip an offscreen group to a rotated or rounded shape.
    public func applyMask(
        _ mask: PixelBuffer, transform: ProjectiveTransform, filter: SamplingFilter = .bilinear, clip: Region? = nil
    ) {
        precondition(mask.format == .alpha8, "a coverage mask is alpha8")
        let affected = clip ?? Region(area)
        let transparent = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0)
        guard
            let placement = Placement(
                transform: transform, size: (mask.width, mask.height), canvas: area, clip: affected)
        else {
            fill(affected, color: transparent)
            return
        }
        // Outside the mask's box, and where pixman cannot sample it (see `Placement`), the
        // mask is empty: those pixels are cleared, the others multiplied by the mask.
        let sampled = placement.sampledPart(of: affected.intersection(Region(placement.area)))
        fill(affected.subtracting(sampled), color: transparent)
        Self.configure(mask.pixmanImage, placement: placement, filter: filter, edge: .transparent)
        withClip(sampled) {
            pixman_image_composite32(
                PIXMAN_OP_IN_REVERSE, mask.pixmanImage, nil, target.pixmanImage,
                placement.sourceX, placement.sourceY, 0, 0, Int32(placement.area.x - originX),
                Int32(placement.area.y - originY),
                Int32(placement.area.width), Int32(placement.area.height))
        }
    }

    // MARK: - pixman plumbing

    private func composite(
        _ op: CompositeOperator, source: OpaquePointer, sourceSize: (Int, Int),
        transform: ProjectiveTransform, filter: SamplingFilter, edge: SourceEdge, mask: OpaquePointer?,
        clip: Region
    ) {
        guard let placement = Placement(transform: transform, size: sourceSize, canvas: area, clip: clip)
        else { return }
        Self.configure(source, placement: placement, filter: filter, edge: edge)
        withClip(placement.sampledPart(of: clip)) {
            pixman_image_composite32(
                op.pixmanOperator, source, mask, target.pixmanImage, placement.sourceX,
                placement.sourceY, 0, 0, Int32(placement.area.x - originX), Int32(placement.area.y - originY),
                Int32(placement.area.width), Int32(placement.area.height))
        }
    }

    private func withClip(_ clip: Region, _ body: () -> Void) {
        let image = target.pixmanImage
        var local = clip
        local.translate(dx: -originX, dy: -originY)
        local.withPixmanRegion { region in
            _ = pixman_image_set_clip_region32(image, region)
        }
        body()
        _ = pixman_image_set_clip_region32(image, nil)
    }

    /// Sets a source image's transform, filter and repeat for one composite.
    private static func configure(
        _ image: OpaquePointer, placement: Placement, filter: SamplingFilter, edge: SourceEdge
    ) {
        if var matrix = placement.pixmanTransform {
            _ = pixman_image_set_transform(image, &matrix)
            _ = pixman_image_set_filter(
                image, filter == .bilinear ? PIXMAN_FILTER_BILINEAR : PIXMAN_FILTER_NEAREST, nil, 0)
        } else {
            _ = pixman_image_set_transform(image, nil)
            _ = pixman_image_set_filter(image, PIXMAN_FILTER_NEAREST, nil, 0)
        }
        pixman_image_set_repeat(image, edge == .extend ? PIXMAN_REPEAT_PAD : PIXMAN_REPEAT_NONE)
    }

    /// A view into part of a buffer's pixels, sharing its memory.
    private static func subImage(of buffer: PixelBuffer, _ area: PixelRect) -> OpaquePointer {
        let start = buffer.baseAddress + area.y * buffer.stride + area.x * buffer.format.bytesPerPixel
        return pixman_image_create_bits(
            buffer.format.pixmanFormat, Int32(area.width), Int32(area.height),
            start.assumingMemoryBound(to: UInt32.self), Int32(buffer.stride))!
    }

    static func pixmanColor(_ color: PremultipliedColor) -> pixman_color_t {
        func channel(_ value: CGFloat) -> UInt16 { UInt16((min(1, max(0, value)) * 65535).rounded()) }
        return pixman_color_t(
            red: channel(color.red), green: channel(color.green), blue: channel(color.blue),
            alpha: channel(color.alpha))
    }
}

/// Where a transformed source lands in the target: the target area to composite and how the
/// source is sampled there, all in global coordinates.
private struct Placement {
    /// Pixels to composite (the transformed source's bounding box within clip and canvas).
    var area: PixelRect
    /// pixman's source offset for `area`'s top-left pixel.
    var sourceX: Int32
    var sourceY: Int32
    /// The target-to-source transform, or nil for a whole-pixel translation.
    var pixmanTransform: pixman_transform?
    /// For a projective transform, the pixels of `area` pixman samples right, when not all
    /// of them (see `sampledRegion`).
    var sampled: Region?

    init?(transform: ProjectiveTransform, size: (Int, Int), canvas: PixelRect, clip: Region) {
        guard transform.isFinite else { return nil }
        let sourceRect = CGRect(x: 0, y: 0, width: size.0, height: size.1)
        guard let box = transform.boundingBox(of: sourceRect) else { return nil }
        let limit = clip.boundingBox.intersection(canvas).intersection(PixelRect(enclosing: box))
        guard !limit.isEmpty else { return nil }
        area = limit
        if transform.isIntegerTranslation {
            let dx = Int(transform.m31)
            let dy = Int(transform.m32)
            sourceX = Int32(area.x - dx)
            sourceY = Int32(area.y - dy)
            pixmanTransform = nil
        } else {
            sourceX = Int32(area.x)
            sourceY = Int32(area.y)
            guard let rows = Self.fixedPointRows(of: transform, over: area) else { return nil }
            pixmanTransform = pixman_transform(
                matrix: (
                    (rows[0][0], rows[0][1], rows[0][2]),
                    (rows[1][0], rows[1][1], rows[1][2]),
                    (rows[2][0], rows[2][1], rows[2][2])
                ))
            if !transform.isAffine {
                let sampled = Self.sampledRegion(rows, over: area)
                if sampled != Region(area) { self.sampled = sampled }
            }
        }
    }

    /// The part of `clip` to composite: all of it, or for a projective transform what pixman
    /// samples right.
    func sampledPart(of clip: Region) -> Region {
        guard let sampled else { return clip }
        return clip.intersection(sampled)
    }

    /// The inverse of `transform` (target pixels to source pixels) in pixman's fixed point, row
    /// by row; nil when it is singular or out of range.
    ///
    /// For an affine transform, the whole pixels of its translation are taken out before
    /// inverting and put back in fixed point, exactly: the fixed-point matrix of the same
    /// transform moved by whole pixels is then this one moved exactly, so the move samples the
    /// source at exactly the moved positions (a scroll that moves pixels instead of drawing
    /// them again gives the same pixels), as pixman's own stepping along a row does.
    private static func fixedPointRows(of transform: ProjectiveTransform, over area: PixelRect) -> [[pixman_fixed_t]]? {
        guard transform.isAffine else {
            guard let inverse = transform.inverted() else { return nil }
            return fixedPointRows(inverse, over: area)
        }
        let wholeX = transform.m31.rounded(.down)
        let wholeY = transform.m32.rounded(.down)
        guard abs(wholeX) < 16_777_216, abs(wholeY) < 16_777_216 else { return nil }
        var fraction = transform
        fraction.m31 -= wholeX
        fraction.m32 -= wholeY
        guard let inverse = fraction.inverted(), var rows = fixedPointRows(inverse, over: area) else { return nil }
        for row in 0..<2 {
            let translation =
                Int64(rows[row][2]) - Int64(rows[row][0]) * Int64(wholeX) - Int64(rows[row][1]) * Int64(wholeY)
            guard abs(translation) < 32_767 * 65_536 else { return nil }
            rows[row][2] = pixman_fixed_t(translation)
        }
        return rows
    }

    /// The column-vector 16.16 fixed-point form pixman wants (the transpose of our row-vector
    /// matrix), row by row.
    ///
    /// pixman maps a target pixel centre through it to a vector (x, y, w) in 16.16 fixed point,
    /// once at the start of each row and then by adding the first column pixel by pixel; so
    /// the vector must stay within the 16.16 range (±32768) over the whole `area`, or it wraps.
    /// A projective matrix is scaled (the same projective map) so that the largest entry of
    /// the vector at the area's corners, where a linear map is largest, and of the matrix is
    /// 16384.
    private static func fixedPointRows(_ m: ProjectiveTransform, over area: PixelRect) -> [[pixman_fixed_t]]? {
        var rows = [
            [m.m11, m.m21, m.m31],
            [m.m12, m.m22, m.m32],
            [m.m13, m.m23, m.m33],
        ]
        if !m.isAffine {
            var largest = rows.joined().map(abs).max() ?? 0
            for x in [area.x, area.maxX] {
                for y in [area.y, area.maxY] {
                    for row in rows {
                        largest = max(largest, abs(row[0] * Double(x) + row[1] * Double(y) + row[2]))
                    }
                }
            }
            guard largest > 0, largest.isFinite else { return nil }
            let scale = 16_384 / largest
            rows = rows.map { $0.map { $0 * scale } }
        }
        let limit = 32_767.0
        guard rows.joined().allSatisfy({ abs($0) < limit }) else { return nil }
        return rows.map { $0.map { pixman_fixed_t(($0 * 65_536).rounded()) } }
    }

    /// The pixels of `area` whose centres a projective `rows` maps to a source point at least
    /// 1/256 pixel right of and below the source's origin, with a positive w.
    ///
    /// pixman 0.42 divides the vector's x and y by w as unsigned 64-bit numbers: where they are
    /// negative (target pixels left of or above the source, in the bounding box of a turned
    /// one) the quotient is garbage, which draws stray rows and columns. Those pixels would
    /// show nothing (or the outermost half pixel of the source's left and top edges); they are
    /// left out of the composite. The vector is linear along a row, so each row is one span.
    private static func sampledRegion(_ rows: [[pixman_fixed_t]], over area: PixelRect) -> Region {
        let q = rows.map { $0.map(Double.init) }
        let margin = 1.0 / 256
        let slack = 4.0  // in units of 2^-16: pixman rounds the row's start vector
        // Each condition: a·(x + 0.5) + b·(y + 0.5) + c ≥ 0.
        let conditions: [[Double]] = [
            (0..<3).map { q[0][$0] - margin * q[2][$0] },
            (0..<3).map { q[1][$0] - margin * q[2][$0] },
            q[2],
        ]
        var rects: [PixelRect] = []
        for y in area.y..<area.maxY {
            var low = area.x
            var high = area.maxX  // exclusive
            for condition in conditions {
                let a = condition[0]
                let b = condition[1] * (Double(y) + 0.5) + condition[2] - slack
                // The first (a > 0) or last (a < 0) pixel meeting it, kept within the row.
                let edge = a == 0 ? 0 : min(Double(area.maxX), max(Double(area.x - 1), -b / a - 0.5))
                if a > 0 {
                    low = max(low, Int(edge.rounded(.up)))
                } else if a < 0 {
                    high = min(high, Int(edge.rounded(.down)) + 1)
                } else if b < 0 {
                    high = low
                }
            }
            guard high > low else { continue }
            if let last = rects.last, last.maxY == y, last.x == low, last.maxX == high {
                rects[rects.count - 1].height += 1
            } else {
                rects.append(PixelRect(x: low, y: y, width: high - low, height: 1))
            }
        }
        return Region(disjoint: rects)
    }
}
