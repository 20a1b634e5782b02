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
        if let color = image.coverageColorValue {
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
        withClip(clip) {
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
        guard
            let placement = Placement(
                transform: transform, size: (mask.width, mask.height), canvas: area, clip: affected,
                coverWholeClip: true)
        else {
            fill(affected, color: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0))
            return
        }
        Self.configure(mask.pixmanImage, placement: placement, filter: filter, edge: .transparent)
        withClip(affected) {
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
        withClip(clip) {
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

    init?(
        transform: ProjectiveTransform, size: (Int, Int), canvas: PixelRect, clip: Region,
        coverWholeClip: Bool = false
    ) {
        guard transform.isFinite else { return nil }
        let sourceRect = CGRect(x: 0, y: 0, width: size.0, height: size.1)
        var limit = clip.boundingBox.intersection(canvas)
        if !coverWholeClip {
            guard let box = transform.boundingBox(of: sourceRect) else { return nil }
            limit = limit.intersection(PixelRect(enclosing: box))
        }
        guard !limit.isEmpty else { return nil }
        area = limit
        if transform.isIntegerTranslation {
            let dx = Int(transform.m31)
            let dy = Int(transform.m32)
            sourceX = Int32(area.x - dx)
            sourceY = Int32(area.y - dy)
            pixmanTransform = nil
        } else {
            guard let inverse = transform.inverted() else { return nil }
            sourceX = Int32(area.x)
            sourceY = Int32(area.y)
            pixmanTransform = Self.fixedPoint(inverse)
            if pixmanTransform == nil { return nil }
        }
    }

    /// The column-vector 16.16 fixed-point form pixman wants (the transpose of our row-vector
    /// matrix). A projective matrix is scaled so its largest entry uses the fixed-point range
    /// well (the same projective map, better precision).
    private static func fixedPoint(_ m: ProjectiveTransform) -> pixman_transform? {
        var rows = [
            [m.m11, m.m21, m.m31],
            [m.m12, m.m22, m.m32],
            [m.m13, m.m23, m.m33],
        ]
        if !m.isAffine {
            let largest = rows.joined().map(abs).max() ?? 1
            guard largest > 0 else { return nil }
            let scale = 16_384 / largest
            rows = rows.map { $0.map { $0 * scale } }
        }
        let limit = 32_767.0
        guard rows.joined().allSatisfy({ abs($0) < limit }) else { return nil }
        func fixed(_ v: Double) -> pixman_fixed_t { pixman_fixed_t((v * 65_536).rounded()) }
        return pixman_transform(
            matrix: (
                (fixed(rows[0][0]), fixed(rows[0][1]), fixed(rows[0][2])),
                (fixed(rows[1][0]), fixed(rows[1][1]), fixed(rows[1][2])),
                (fixed(rows[2][0]), fixed(rows[2][1]), fixed(rows[2][2]))
            ))
    }
}
