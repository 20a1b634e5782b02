import Foundation
import VitrineGraphics

/// Executing the display list: occlusion, the background, then each entry clipped to damage.
extension Compositor {
    /// One level of drawing: the screen, or an offscreen group.
    private struct Level {
        var canvas: Canvas
        var clip: Region
        /// For groups: the pool buffer, and the clip to composite it with in the level below.
        var buffer: PixelBuffer?
        var box = PixelRect.zero
        var parentClip = Region()
    }

    func paint(_ damage: Region, into screen: Canvas) {
        let uncovered = computeOcclusion(damage)
        screen.fill(uncovered, color: clearColor, operator: .source)

        var levels = [Level(canvas: screen, clip: damage)]
        var savedClips: [Region] = []
        var index = 0
        while index < displayList.count {
            let isTopLevel = levels.count == 1
            var clip = levels[levels.count - 1].clip
            if isTopLevel, let covered = coveredAbove[index] { clip.subtract(covered) }
            switch displayList[index] {
            case .content(let record):
                if !clip.isEmpty { drawContent(of: record, on: levels[levels.count - 1].canvas, clip: clip) }
            case .border(let record):
                if !clip.isEmpty { drawBorder(of: record, on: levels[levels.count - 1].canvas, clip: clip) }
            case .pushClip(let record):
                savedClips.append(levels[levels.count - 1].clip)
                if let rect = record.drawing.boundsClip { levels[levels.count - 1].clip.formIntersection(rect) }
            case .popClip:
                levels[levels.count - 1].clip = savedClips.removeLast()
            case .beginGroup(let record, let end):
                let box = record.subtreeBox.intersection(clip.boundingBox)
                guard !box.isEmpty else {
                    index = end + 1
                    continue
                }
                let buffer = offscreens.take(width: box.width, height: box.height)
                let canvas = Canvas(target: buffer, originX: box.x, originY: box.y)
                canvas.fill(Region(canvas.area), color: .transparent, operator: .source)
                var groupClip = clip
                groupClip.formIntersection(box)
                levels.append(Level(canvas: canvas, clip: groupClip, buffer: buffer, box: box, parentClip: clip))
            case .endGroup(let record):
                let group = levels.removeLast()
                guard let buffer = group.buffer else { break }
                if record.drawing.groupMasksToBounds, let mask = shapeMask(for: record, border: false) {
                    group.canvas.applyMask(mask.buffer, transform: mask.transform)
                }
                levels[levels.count - 1].canvas.draw(
                    buffer, sourceRect: PixelRect(x: 0, y: 0, width: group.box.width, height: group.box.height),
                    transform: ProjectiveTransform(translationX: Double(group.box.x), y: Double(group.box.y)),
                    opacity: Double(record.layer.opacity), filter: .nearest, operator: .over,
                    clip: group.parentClip)
                offscreens.giveBack(buffer, frame: frameNumber)
            }
            index += 1
        }
    }

    /// Walks the top level from the front: records, for each entry, the opaque pixels drawn
    /// above it (so they are not drawn twice), and returns the damage no opaque layer covers.
    private func computeOcclusion(_ damage: Region) -> Region {
        coveredAbove.removeAll(keepingCapacity: true)
        coveredAbove.append(contentsOf: repeatElement(nil, count: displayList.count))
        var covered = Region()
        var depth = 0
        for index in displayList.indices.reversed() {
            switch displayList[index] {
            case .endGroup: depth += 1
            case .beginGroup(let record, _):
                depth -= 1
                if depth == 0 { coveredAbove[index] = coverage(covered, over: record.subtreeBox) }
            case .content(let record):
                guard depth == 0 else { break }
                coveredAbove[index] = coverage(covered, over: record.current.box)
                if let opaque = record.drawing.opaqueBox { covered.formUnion(opaque) }
            case .border(let record):
                if depth == 0 { coveredAbove[index] = coverage(covered, over: record.current.box) }
            case .pushClip, .popClip: break
            }
        }
        return covered.isEmpty ? damage : damage.subtracting(covered)
    }

    private func coverage(_ covered: Region, over box: PixelRect) -> Region? {
        guard !covered.isEmpty, covered.boundingBox.intersects(box) else { return nil }
        return covered
    }

    // MARK: - A layer's own drawing

    private func drawContent(of record: LayerRecord, on canvas: Canvas, clip: Region) {
        let layer = record.layer
        let transform = record.current.transform
        let opacity = record.drawing.opacity
        let bounds = layer.bounds
        let opaque = record.drawing.opaqueBox != nil
        if let background = layer.backgroundColor, background.alpha > 0 {
            let color = background.premultiplied.scaled(by: opacity)
            if layer.cornerRadius <= 0, let rect = Self.roundedPixelRect(of: bounds, through: transform) {
                var area = clip
                area.formIntersection(rect)
                canvas.fill(area, color: color, operator: opaque && background.isOpaque ? .source : .over)
            } else if let mask = shapeMask(for: record, border: false) {
                canvas.fill(mask: mask.buffer, transform: mask.transform, color: color, clip: clip)
            }
        }
        guard let image = layer.contentsImage, !record.contentsPieces.isEmpty else { return }
        var contentsClip = clip
        if let boundsClip = record.drawing.boundsClip { contentsClip.formIntersection(boundsClip) }
        let copies = opaque && image.isOpaque && opacity >= 1
        for piece in record.contentsPieces {
            let source = piece.source
            let destination = piece.destination
            let pieceTransform = ProjectiveTransform(
                scaleX: Double(destination.width) / Double(source.width),
                y: Double(destination.height) / Double(source.height)
            )
            .concatenating(ProjectiveTransform(translationX: Double(destination.minX), y: Double(destination.minY)))
            .concatenating(transform)
            let whole = pieceTransform.isIntegerTranslation
            canvas.draw(
                image, sourceRect: source, transform: pieceTransform, opacity: opacity,
                filter: whole ? .nearest : .bilinear, edge: transform.isAxisAligned ? .extend : .transparent,
                operator: copies && whole ? .source : .over, clip: contentsClip)
        }
    }

    private func drawBorder(of record: LayerRecord, on canvas: Canvas, clip: Region) {
        let layer = record.layer
        guard let borderColor = layer.borderColor else { return }
        let transform = record.current.transform
        let color = borderColor.premultiplied.scaled(by: record.drawing.opacity)
        let bounds = layer.bounds
        let width = min(layer.borderWidth, min(bounds.width, bounds.height) / 2)
        if layer.cornerRadius <= 0, let outer = Self.roundedPixelRect(of: bounds, through: transform) {
            var ring = Region(outer)
            let inset = bounds.insetBy(dx: width, dy: width)
            if inset.width > 0, inset.height > 0, let inner = Self.roundedPixelRect(of: inset, through: transform) {
                ring.subtract(inner)
            }
            ring.formIntersection(clip)
            canvas.fill(ring, color: color, operator: .over)
        } else if let mask = shapeMask(for: record, border: true) {
            canvas.fill(mask: mask.buffer, transform: mask.transform, color: color, clip: clip)
        }
    }

    /// The layer's rounded (or plain) shape, or its border ring, as a coverage mask and the
    /// transform from mask pixels to screen pixels. Rasterised at about the on-screen scale
    /// and cached on the record while its size, radius and border stay the same.
    private func shapeMask(for record: LayerRecord, border: Bool) -> (buffer: PixelBuffer, transform: ProjectiveTransform)? {
        let layer = record.layer
        let bounds = layer.bounds
        let transform = record.current.transform
        let linearScale = sqrt(abs(transform.m11 * transform.m22 - transform.m12 * transform.m21))
        let maskScale = min(4, max(1, (linearScale * 4).rounded() / 4))
        let width = Int((Double(bounds.width) * maskScale).rounded(.up))
        let height = Int((Double(bounds.height) * maskScale).rounded(.up))
        guard width > 0, height > 0, width <= 8192, height <= 8192 else { return nil }
        let key = MaskKey(
            width: width, height: height, radius: Double(max(0, layer.cornerRadius)) * maskScale,
            borderWidth: border ? Double(layer.borderWidth) * maskScale : 0)
        let buffer: PixelBuffer
        if border {
            if let cached = record.borderMask, cached.key == key {
                buffer = cached.mask
            } else {
                buffer = ShapeMask.roundedBorder(
                    width: width, height: height, radius: key.radius, borderWidth: key.borderWidth)
                record.borderMask = (key, buffer)
            }
        } else {
            if let cached = record.backgroundMask, cached.key == key {
                buffer = cached.mask
            } else {
                buffer = ShapeMask.roundedRect(width: width, height: height, radius: key.radius)
                record.backgroundMask = (key, buffer)
            }
        }
        let maskTransform = ProjectiveTransform(
            scaleX: Double(bounds.width) / Double(width), y: Double(bounds.height) / Double(height)
        )
        .concatenating(ProjectiveTransform(translationX: Double(bounds.minX), y: Double(bounds.minY)))
        .concatenating(transform)
        return (buffer, maskTransform)
    }
}

extension PremultipliedColor {
    /// Fully transparent.
    static let transparent = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// Every component multiplied by `factor` (opacity applied to a premultiplied colour).
    func scaled(by factor: Double) -> PremultipliedColor {
        if factor >= 1 { return self }
        let f = CGFloat(max(0, factor))
        return PremultipliedColor(red: red * f, green: green * f, blue: blue * f, alpha: alpha * f)
    }
}
