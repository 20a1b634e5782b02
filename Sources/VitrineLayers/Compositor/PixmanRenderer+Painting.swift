import Foundation
import VitrineGraphics

/// Executing the display list: the background, then each entry clipped to damage.
extension PixmanRenderer {
    /// One level of drawing: the screen, or an offscreen group.
    struct Level {
        var canvas: Canvas
        var clip: Region
        /// For groups: the pool buffer, and the clip to composite it with in the level below.
        var buffer: PixelBuffer?
        var box = PixelRect.zero
        var parentClip = Region()
        /// For groups: the layer grouped.
        var record: LayerRecord? = nil
    }

    func paint(_ frame: RenderFrame, into screen: Canvas) {
        screen.fill(frame.uncovered, color: frame.clearColor, operator: .source)
        execute(
            frame, entries: 0..<frame.displayList.count, on: Level(canvas: screen, clip: frame.damage), topLevel: true)
    }

    /// Draws `entries` of the frame's display list on `base`; `topLevel`: the screen's level,
    /// where what opaque layers cover above an entry is left out.
    func execute(_ frame: RenderFrame, entries: Range<Int>, on base: Level, topLevel: Bool) {
        let displayList = frame.displayList
        let coveredAbove = frame.coveredAbove
        var levels = [base]
        var savedClips: [Region] = []
        var index = entries.lowerBound
        while index < entries.upperBound {
            let entry = displayList[index]
            let record = entry.record
            // Entries that draw nothing inside the clip cost no region work.
            if entry.kind == .content || entry.kind == .border || entry.kind == .backdrop,
                !record.current.box.intersects(levels[levels.count - 1].clip.boundingBox)
            {
                index += 1
                continue
            }
            let isTopLevel = topLevel && levels.count == 1
            var clip = levels[levels.count - 1].clip
            if isTopLevel, let covered = coveredAbove[index] { clip.subtract(covered) }
            switch entry.kind {
            case .backdrop:
                if !clip.isEmpty {
                    drawBackdrop(
                        of: record, behind: entries.lowerBound..<index, frame: frame,
                        on: levels[levels.count - 1].canvas, clip: clip)
                }
            case .content:
                if !clip.isEmpty { drawContent(of: record, on: levels[levels.count - 1].canvas, clip: clip) }
            case .border:
                if !clip.isEmpty { drawBorder(of: record, on: levels[levels.count - 1].canvas, clip: clip) }
            case .shadow:
                if !clip.isEmpty {
                    drawShadow(
                        of: record, castBy: (index + 1)..<min(entries.upperBound, index + entry.length), frame: frame,
                        on: levels[levels.count - 1].canvas, clip: clip)
                }
            case .pushClip:
                savedClips.append(levels[levels.count - 1].clip)
                if let rect = record.drawing.boundsClip { levels[levels.count - 1].clip.formIntersection(rect) }
            case .popClip:
                levels[levels.count - 1].clip = savedClips.removeLast()
            case .beginGroup:
                let box = record.subtreeBox.intersection(clip.boundingBox)
                guard !box.isEmpty else {
                    index += entry.length + 1
                    continue
                }
                let buffer = offscreens.take(width: box.width, height: box.height)
                let canvas = Canvas(target: buffer, originX: box.x, originY: box.y)
                canvas.fill(Region(canvas.area), color: .transparent, operator: .source)
                var groupClip = clip
                groupClip.formIntersection(box)
                levels.append(
                    Level(canvas: canvas, clip: groupClip, buffer: buffer, box: box, parentClip: clip, record: record))
            case .endGroup:
                let group = levels.removeLast()
                composite(group, of: record, onto: levels[levels.count - 1].canvas, frame: frame)
            }
            index += 1
        }
        // A range that ends inside groups (what lies behind a backdrop) composites them as
        // they are.
        while levels.count > 1 {
            let group = levels.removeLast()
            if let record = group.record {
                composite(group, of: record, onto: levels[levels.count - 1].canvas, frame: frame)
            }
        }
    }

    /// Composites the offscreen `group` of `record` onto `canvas` with the layer's opacity (and
    /// shape), and gives its buffer back.
    private func composite(_ group: Level, of record: LayerRecord, onto canvas: Canvas, frame: RenderFrame) {
        guard let buffer = group.buffer else { return }
        if record.drawing.groupMasksToBounds, let mask = shapeMask(for: record, border: false) {
            mask.clip(group.canvas)
        }
        canvas.draw(
            buffer, sourceRect: PixelRect(x: 0, y: 0, width: group.box.width, height: group.box.height),
            transform: ProjectiveTransform(translationX: Double(group.box.x), y: Double(group.box.y)),
            opacity: Double(record.layer.renderOpacity), filter: .nearest, operator: .over,
            clip: group.parentClip)
        offscreens.giveBack(buffer, frame: frame.frameNumber)
    }

    // MARK: - A layer's own drawing

    private func drawContent(of record: LayerRecord, on canvas: Canvas, clip: Region) {
        let layer = record.layer
        let transform = record.current.transform
        let opacity = record.drawing.opacity
        let bounds = layer.renderBounds
        let opaque = record.drawing.opaqueBox != nil
        if let background = layer.renderBackgroundColor, background.alpha > 0 {
            let color = background.premultiplied.scaled(toOpacity: opacity)
            if layer.renderCornerRadius <= 0, let rect = Compositor.roundedPixelRect(of: bounds, through: transform) {
                var area = clip
                area.formIntersection(rect)
                canvas.fill(area, color: color, operator: opaque && background.isOpaque ? .source : .over)
            } else if let mask = shapeMask(for: record, border: false) {
                if let rect = mask.pixelRect {
                    // Axis-aligned and rounded: the inside is a plain fill, only the corners
                    // need the mask.
                    let corners = Self.cornerSquares(of: rect, radius: mask.radius)
                    var inside = clip
                    inside.formIntersection(rect)
                    inside.subtract(corners)
                    canvas.fill(inside, color: color, operator: .over)
                    var cornerClip = clip
                    cornerClip.formIntersection(corners)
                    mask.fill(canvas, color: color, clip: cornerClip)
                } else {
                    mask.fill(canvas, color: color, clip: clip)
                }
            }
        }
        guard let image = record.image, !record.contentsPieces.isEmpty else { return }
        var contentsClip = clip
        if let boundsClip = record.drawing.boundsClip { contentsClip.formIntersection(boundsClip) }
        let copies = opaque && image.isOpaque && opacity >= 1
        for piece in record.contentsPieces {
            let pieceTransform = piece.placement(through: transform)
            let whole = pieceTransform.isIntegerTranslation
            canvas.draw(
                image, sourceRect: piece.source, transform: pieceTransform, opacity: opacity,
                filter: whole ? .nearest : .bilinear, edge: transform.isAxisAligned ? .extend : .transparent,
                operator: copies && whole ? .source : .over, clip: contentsClip)
        }
    }

    private func drawBorder(of record: LayerRecord, on canvas: Canvas, clip: Region) {
        let layer = record.layer
        guard let borderColor = layer.renderBorderColor else { return }
        let transform = record.current.transform
        let color = borderColor.premultiplied.scaled(toOpacity: record.drawing.opacity)
        let bounds = layer.renderBounds
        if layer.renderCornerRadius <= 0, let outer = Compositor.roundedPixelRect(of: bounds, through: transform) {
            var ring = Region(outer)
            if let inner = Compositor.borderInnerRect(
                of: bounds, borderWidth: layer.renderBorderWidth, through: transform)
            {
                ring.subtract(inner)
            }
            ring.formIntersection(clip)
            canvas.fill(ring, color: color, operator: .over)
        } else if let mask = shapeMask(for: record, border: true) {
            var ringClip = clip
            if let rect = mask.pixelRect {
                // Only the edges and corners of the ring have coverage.
                ringClip.formIntersection(rect)
                ringClip.subtract(Self.interior(of: rect, border: mask.borderWidth, radius: mask.radius))
            }
            mask.fill(canvas, color: color, clip: ringClip)
        }
    }
}

extension ProjectiveTransform {
    /// A pure translation by a fraction of a pixel becomes a whole-pixel one, as Core Animation
    /// aligns unscaled content to pixels: sharp, and a plain copy. Halves round up, so content
    /// moved by whole pixels snaps the same way wherever it lands.
    func snappedToWholePixels() -> ProjectiveTransform {
        guard isAffine, m11 == 1, m12 == 0, m21 == 0, m22 == 1 else { return self }
        return ProjectiveTransform(
            translationX: Compositor.roundedHalfUp(m31), y: Compositor.roundedHalfUp(m32))
    }
}

extension ContentsPiece {
    /// Image pixels of this piece to target pixels, through the layer's `transform` (bounds
    /// coordinates to target pixels), snapped to whole pixels when it only translates, as
    /// Core Animation aligns unscaled content. Public so every renderer places content alike.
    public func placement(through transform: ProjectiveTransform) -> ProjectiveTransform {
        ProjectiveTransform(
            scaleX: Double(destination.width) / Double(source.width),
            y: Double(destination.height) / Double(source.height)
        )
        .concatenating(ProjectiveTransform(translationX: Double(destination.minX), y: Double(destination.minY)))
        .concatenating(transform)
        .snappedToWholePixels()
    }
}

extension PremultipliedColor {
    /// Fully transparent.
    static let transparent = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0)
}
