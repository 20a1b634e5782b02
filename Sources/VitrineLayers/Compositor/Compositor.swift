import Foundation
import VitrineGraphics

/// What one `render` call did.
public struct CompositeResult: Sendable {
    /// Pixels that differ from the previous frame: what a display is told changed
    /// (`FB_DAMAGE_CLIPS`).
    public var frameDamage: Region
    /// Pixels painted in the target buffer: the frame damage plus what the buffer missed while
    /// it was not the front buffer (its age), less what a scroll moved into place.
    public var repainted: Region
    /// The pixels a scroll moved within the target before `repainted` was painted, if any.
    public var moved: PixelMove?
}

/// Renders a layer tree into a screen's buffers, as Core Animation's render server does:
/// transforms (projective, bilinear), group opacity, `masksToBounds` clips (rounded and
/// rotated ones through coverage masks), backgrounds, contents by gravity, borders.
///
/// The compositor decides what a frame is: the display list, the damage and what opaque
/// layers cover. Its `renderer` paints that (`PixmanRenderer` unless another is given).
///
/// It repaints only damage: each frame it compares every drawn layer's appearance (its change
/// serial, transform, effective opacity, clip, place among its siblings) with the last frame's
/// and damages the old and new pixels of what differs. The caller says how old the target
/// buffer's contents are (`bufferAge`, as EGL_EXT_buffer_age), and the compositor repaints the
/// damage of that many frames. Nothing changed: no pixel is touched.
///
/// A scroll (a layer's bounds origin moving its sublayers by whole pixels inside its clip)
/// moves the pixels already in the buffer and repaints only what the move exposes and what
/// else changed, when the renderer can move pixels and the move gives exactly what a repaint
/// would (`Compositor+Scrolling.swift`).
///
/// One compositor per screen: it remembers that screen's previous frames.
@preconcurrency @MainActor
public final class Compositor {
    /// Points to pixels (the screen's scale).
    public let scale: CGFloat
    /// What shows where no layer draws.
    public var clearColor: PremultipliedColor {
        didSet { if clearColor != oldValue { forceFullDamage = true } }
    }
    /// Frames rendered so far.
    @exclusivity(unchecked) public private(set) var frameNumber: UInt64 = 0
    /// Seconds (monotonic wall time on the calling thread) the last `render` spent walking the
    /// tree and working out damage, before painting: for benchmarks.
    public private(set) var lastCollectSeconds: Double = 0
    /// How many past frames' damage is kept; an older buffer is repainted whole.
    public static let maximumBufferAge = 4
    /// Paints the frames this compositor works out.
    public let renderer: any Renderer

    // The state `collect` goes through for every layer is not checked for exclusive access at
    // run time (see `LayerRecord`): only these methods touch it, one access at a time.
    // What `collect` goes through for every layer is not checked for exclusive access at run
    // time (see `LayerRecord`): only these methods touch it, one access at a time.
    @exclusivity(unchecked) var records: [UInt64: LayerRecord] = [:]
    private var damageHistory = DamageHistory(capacity: maximumBufferAge)
    private var targetSize: (width: Int, height: Int)?
    var forceFullDamage = true
    @exclusivity(unchecked) var displayList: [DisplayEntry] = []
    /// Last frame's display list: unchanged subtrees copy their entries from it.
    @exclusivity(unchecked) private var previousDisplayList: [DisplayEntry] = []
    /// Records visited or reused this frame; when it equals `records.count` none went stale.
    @exclusivity(unchecked) var recordsSeen = 0
    /// What the root layer is placed in: the screen's scale and size.
    private var screenContext: LayerRecord.SublayerContext?
    private var screenGeneration: UInt64 = 0
    private static var lastGeneration: UInt64 = 0

    /// A number never handed out before, for `LayerRecord.sublayerGeneration`.
    static func nextGeneration() -> UInt64 {
        lastGeneration &+= 1
        return lastGeneration
    }
    /// For each display entry at the top level: opaque pixels drawn above it (occlusion).
    var coveredAbove: [Region?] = []
    /// This frame's damage from layers that did not move with a scroll (all of it when none
    /// does), in the pixels both frames share.
    @exclusivity(unchecked) var frameDamage = Region()
    /// This frame's scroll, once its layer has been visited.
    @exclusivity(unchecked) var scroll: Scroll?
    /// While visiting the scrolled layer's sublayers: their damage is `movedDamage`.
    @exclusivity(unchecked) var insideScroll = false
    /// Damage from the layers that moved with the scroll, in this frame's pixels.
    @exclusivity(unchecked) var movedDamage = Region()
    private var staleRecordIDs: [UInt64] = []
    /// The records visited this frame that draw a backdrop.
    @exclusivity(unchecked) var backdropRecords: [LayerRecord] = []

    /// A compositor for a screen of `scale` pixels per point, painting with `renderer`.
    ///
    /// - Parameter renderer: a new `PixmanRenderer` when nil. One renderer per compositor.
    public init(
        scale: CGFloat = 1, clearColor: PremultipliedColor = .init(red: 0, green: 0, blue: 0, alpha: 1),
        renderer: (any Renderer)? = nil
    ) {
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.clearColor = clearColor
        self.renderer = renderer ?? PixmanRenderer()
    }

    /// Renders `root` (the screen's root layer, at the screen's origin) into `target`, which
    /// must be of a kind the renderer draws into (a `PixelBuffer` for `PixmanRenderer`).
    ///
    /// - Parameter bufferAge: how many frames ago `target` was last rendered by this compositor
    ///   (1: it holds the previous frame). 0 means unknown contents: everything is repainted.
    @discardableResult
    public func render(_ root: CALayer, into target: any RenderTarget, bufferAge: Int) -> CompositeResult {
        frameNumber += 1
        if targetSize.map({ $0 != (target.width, target.height) }) ?? true {
            targetSize = (target.width, target.height)
            forceFullDamage = true
        }
        let screen = PixelRect(x: 0, y: 0, width: target.width, height: target.height)

        frameDamage.removeAll()
        movedDamage.removeAll()
        scroll = nil
        insideScroll = false
        swap(&displayList, &previousDisplayList)
        displayList.removeAll(keepingCapacity: true)
        recordsSeen = 0
        backdropRecords.removeAll(keepingCapacity: true)
        let screenContext = LayerRecord.SublayerContext(
            transform: ProjectiveTransform(scaleX: Double(scale), y: Double(scale)), clip: Clip(rect: screen, key: 0))
        if screenContext != self.screenContext {
            self.screenContext = screenContext
            screenGeneration = Self.nextGeneration()
        }
        let collectStart = DispatchTime.now().uptimeNanoseconds
        collect(root, parent: nil, previousSiblingID: 0, cullTest: nil)
        dropRecordsNotSeen(root: root)
        lastCollectSeconds = Double(DispatchTime.now().uptimeNanoseconds - collectStart) / 1e9
        var frame = DamageHistory.Frame(changed: Region())
        if forceFullDamage {
            frame.changed = Region(screen)
            forceFullDamage = false
        } else if let scroll {
            frame = scrollFrame(scroll)
            frame.changed.formIntersection(screen)
            frame.damageAfterMove.formIntersection(screen)
        } else {
            frame.changed = frameDamage
            frame.changed.formIntersection(screen)
        }
        damageHistory.record(frame)
        let repaint = damageHistory.repaint(forAge: bufferAge, screen: screen)
        if let move = repaint.move { renderer.move(move, in: target) }
        // No damage: no pixel to touch, and the renderer is not called (an idle frame stays
        // as cheap as it was before renderers).
        guard !repaint.region.isEmpty else {
            return CompositeResult(frameDamage: frame.changed, repainted: repaint.region, moved: repaint.move)
        }
        let uncovered = computeOcclusion(repaint.region)
        renderer.render(
            RenderFrame(
                frameNumber: frameNumber, scale: scale, clearColor: clearColor, damage: repaint.region,
                uncovered: uncovered, displayList: displayList, coveredAbove: coveredAbove),
            into: target)
        return CompositeResult(frameDamage: frame.changed, repainted: repaint.region, moved: repaint.move)
    }

    /// Forgets every previous frame: the next render repaints everything.
    public func invalidate() {
        forceFullDamage = true
        damageHistory.removeAll()
    }

    // MARK: - Collecting: the tree to a display list, and damage

    /// The clip ancestors impose: an axis-aligned pixel rectangle and a key for shaped clips.
    struct Clip: Equatable {
        var rect: PixelRect
        /// Identifies the shapes of the rounded or turned clips, 0 for none. Their positions
        /// enter it relative to the outermost one's, which is `origin`: a scroll that moves them
        /// all keeps the key and moves the origin.
        var key: Int
        var originX = 0.0
        var originY = 0.0
    }

    /// One step of drawing a frame: what a renderer executes, in order.
    public struct DisplayEntry {
        // Entries name their record without reference counting: the list is copied in bulk
        // every frame, and each record it names is kept alive by `records` (a record leaves
        // `records` only in a frame whose list does not name it). A renderer uses the list
        // only during `render`.

        /// What an entry does.
        public enum Kind: Sendable {
            /// The layer's background and contents.
            case content
            /// The layer's border, drawn above its sublayers.
            case border
            /// Sublayers limited to the layer's axis-aligned bounds, until the matching `popClip`.
            case pushClip
            /// The end of a `pushClip`.
            case popClip
            /// An offscreen group for the layer's subtree, until its `endGroup`.
            case beginGroup
            /// The end of a group: it is composited with the layer's opacity.
            case endGroup
            /// The layer's shadow, drawn under it: `shadowPath`'s shape, or the alpha of the
            /// entries that follow up to `groupLength` (the layer and its sublayers), blurred.
            case shadow
            /// The layer's backdrop (`backdropBlurRadius`): what the entries before it drew
            /// over `backdropSourceBox`, blurred, drawn inside the layer's bounds under its
            /// background and contents.
            case backdrop
        }
        /// What this entry does.
        public let kind: Kind
        unowned(unsafe) let record: LayerRecord
        /// For `beginGroup`: how many entries further on its `endGroup` is (relative, so a
        /// subtree's entries can be reused at another index); for `shadow`: how many entries
        /// the layer's own drawing and its subtree take after it.
        var length = 0
    }

    /// Visits `layer` and its subtree: updates records, appends display entries, adds damage.
    /// Returns the pixels the subtree draws.
    ///
    /// - Parameters:
    ///   - cullTest: when what the superlayer passes down moved since last frame only by a
    ///     translation, the test that culls an unchanged subtree staying outside the clip.
    ///   - listed: whether the superlayer's record already lists this layer's among its children.
    @discardableResult
    private func collect(
        _ layer: CALayer, parent: LayerRecord?, previousSiblingID: UInt64, cullTest: CullTest?, listed: Bool = false
    ) -> PixelRect {
        layer.hasBeenRendered = true
        let inputs = LayerRecord.Inputs(
            serial: layer.changeSerial, parentGeneration: parent?.sublayerGeneration ?? screenGeneration,
            previousSiblingID: previousSiblingID)
        let existing = records[layer.layerID]
        // (Inside a scroll nothing is reused: everything there moved, and is checked.)
        // (A subtree with a backdrop is visited: what lies behind it may have changed.)
        if let record = existing, record.seenFrame == frameNumber - 1, record.isDrawable,
            record.subtreeStamp == layer.subtreeStamp, record.inputs == inputs, !insideScroll,
            !record.containsBackdrop
        {
            // Nothing in the subtree changed and nothing above it moved it: last frame's
            // entries and records stand as they are. (The layer was drawn last frame and its
            // serial is the same, so it is still visible.)
            if !listed { parent?.children.append(record) }
            reuseSubtree(of: record)
            return record.subtreeBox
        }
        if let cullTest, let record = existing,
            cull(record, of: layer, previousSiblingID: previousSiblingID, test: cullTest)
        {
            if !listed { parent?.children.append(record) }
            return .zero
        }
        guard !layer.isHidden, layer.renderOpacity > 0, layer.renderOpacity.isFinite else { return .zero }
        let record = existing ?? makeRecord(for: layer)
        let wasSeen = existing != nil && record.seenFrame == frameNumber - 1
        if existing != nil, !wasSeen {
            // Not drawn last frame (culled, or inside a culled subtree): what it holds is old,
            // and no pixel of it is in the buffer.
            record.inputs = nil
            record.rendered = nil
            record.renderedShadow = nil
        }
        if !listed { parent?.children.append(record) }
        record.seenFrame = frameNumber
        let seenBefore = recordsSeen
        recordsSeen += 1
        record.subtreeStamp = layer.subtreeStamp
        let entriesStart = displayList.count
        var startsScroll = false
        // Unchanged, what this layer passes down has not moved.
        var sublayerMove = SublayerMove(
            dx: 0, dy: 0, clipBefore: record.sublayerContext.clip.rect, clipNow: record.sublayerContext.clip.rect)
        if record.inputs != inputs {
            // Something that decides this layer's pixels changed: work them out again.
            let previousContext = record.sublayerContext
            let previousDrawing = record.drawing
            let wasDrawable = record.inputs != nil && record.isDrawable
            record.isDrawable = update(
                record, inputs: inputs, placedIn: parent?.sublayerContext ?? screenContext ?? .init())
            record.inputs = inputs
            sublayerMove =
                wasDrawable ? SublayerMove(from: previousContext, to: record.sublayerContext) : nil
            if scroll == nil, existing != nil, record.isDrawable, !forceFullDamage, renderer.movesPixels,
                let move = scrollMove(
                    of: record, parent: parent, previousContext: previousContext, previousDrawing: previousDrawing,
                    entriesStart: entriesStart)
            {
                scroll = Scroll(record: record, move: move)
                startsScroll = true
            }
        }
        // Nothing below changed: the sublayers are those of last frame, listed as they were, and
        // are gone through by their records (a long list's rows, mostly culled, without a look
        // at their layers).
        // (A replicator brings its instances in step here, which may stamp its sublayers.)
        let composited = record.isDrawable ? layer.compositedSublayers : []
        let replaysSublayers =
            record.isDrawable && wasSeen && sublayerMove != nil && record.sublayersStamp == layer.sublayersStamp
        if !replaysSublayers { record.children.removeAll(keepingCapacity: true) }
        guard record.isDrawable else {
            if let old = record.rendered { damageOld(old) }
            record.rendered = nil
            record.shadow = nil
            damageShadow(of: record)
            record.entries = entriesStart..<entriesStart
            return .zero
        }
        if startsScroll {
            // Its own pixels stay where they are (`scrollMove` checked).
            record.rendered = record.current
        } else if insideScroll {
            damageMoved(record)
        } else if record.rendered != record.current {
            if let old = record.rendered { frameDamage.formUnion(old.box) }
            frameDamage.formUnion(record.current.box)
            record.rendered = record.current
        }
        if record.drawing.backdropSigma > 0 {
            checkBackdrop(of: record)
        } else {
            record.backdrop = nil
        }

        // Display entries for this layer and its subtree.
        let drawing = record.drawing
        let shadowIndex = displayList.count
        if record.shadow != nil { displayList.append(DisplayEntry(kind: .shadow, record: record)) }
        let groupIndex = displayList.count
        if drawing.isGroup { displayList.append(DisplayEntry(kind: .beginGroup, record: record)) }
        if drawing.backdropSigma > 0 { displayList.append(DisplayEntry(kind: .backdrop, record: record)) }
        if drawing.drawsContent { displayList.append(DisplayEntry(kind: .content, record: record)) }
        var containsBackdrop = drawing.backdropSigma > 0
        var subtreeBox = record.current.box
        var extent = record.unclippedBox
        if !composited.isEmpty {
            if drawing.boundsClip != nil { displayList.append(DisplayEntry(kind: .pushClip, record: record)) }
            if startsScroll { insideScroll = true }
            let test = sublayerMove.map { makeCullTest(for: $0) }
            if let test, replaysSublayers {
                var culled = 0
                for child in record.children {
                    containsBackdrop = containsBackdrop || child.containsBackdrop
                    if test.cull(child) {
                        extent = extent.union(child.extent)
                        culled += child.subtreeCount
                        continue
                    }
                    let box = collect(
                        child.layer, parent: record, previousSiblingID: child.inputs?.previousSiblingID ?? 0,
                        cullTest: test, listed: true)
                    subtreeBox = subtreeBox.union(box)
                    extent = extent.union(child.extent)
                }
                recordsSeen += culled
            } else {
                var previousID: UInt64 = 0
                for sublayer in composited {
                    let count = record.children.count
                    let box = collect(sublayer, parent: record, previousSiblingID: previousID, cullTest: test)
                    subtreeBox = subtreeBox.union(box)
                    if record.children.count > count {
                        extent = extent.union(record.children[count].extent)
                        containsBackdrop = containsBackdrop || record.children[count].containsBackdrop
                    }
                    previousID = sublayer.layerID
                }
            }
            if startsScroll { insideScroll = false }
            if drawing.boundsClip != nil { displayList.append(DisplayEntry(kind: .popClip, record: record)) }
        }
        if drawing.drawsBorder { displayList.append(DisplayEntry(kind: .border, record: record)) }
        if drawing.isGroup {
            displayList[groupIndex].length = displayList.count - groupIndex
            displayList.append(DisplayEntry(kind: .endGroup, record: record))
        }
        if record.shadow != nil {
            displayList[shadowIndex].length = displayList.count - shadowIndex
            let shadowBox = placeShadow(of: record, subtreeBox: subtreeBox)
            subtreeBox = subtreeBox.union(shadowBox.clipped)
            extent = extent.union(shadowBox.unclipped)
        }
        damageShadow(of: record)
        record.subtreeBox = subtreeBox
        record.containsBackdrop = containsBackdrop
        record.extent = extent
        record.sublayersStamp = layer.sublayersStamp
        record.subtreeCount = recordsSeen - seenBefore
        record.entries = entriesStart..<displayList.count
        return subtreeBox
    }

    /// Copies an unchanged subtree's entries from last frame's display list and marks its
    /// records seen, moving their entry ranges to where the entries now are.
    private func reuseSubtree(of record: LayerRecord) {
        let start = displayList.count
        displayList.append(contentsOf: previousDisplayList[record.entries])
        markSeen(record, shiftingEntriesBy: start - record.entries.lowerBound)
    }

    private func markSeen(_ record: LayerRecord, shiftingEntriesBy offset: Int) {
        record.seenFrame = frameNumber
        recordsSeen += 1
        record.entries = (record.entries.lowerBound + offset)..<(record.entries.upperBound + offset)
        for child in record.children {
            if child.culledFrame == frameNumber - 1 && child.seenFrame != frameNumber - 1 {
                // Culled last frame, and nothing moved it: still culled.
                child.culledFrame = frameNumber
                recordsSeen += child.subtreeCount
            } else {
                markSeen(child, shiftingEntriesBy: offset)
            }
        }
    }

    /// Works out how a layer draws from its properties and what its ancestors impose: its
    /// transform to pixels, its own pixel box, whether it is a group, what it clips and covers.
    /// Returns false when the layer cannot draw (singular or non-finite geometry).
    private func update(
        _ record: LayerRecord, inputs: LayerRecord.Inputs, placedIn context: LayerRecord.SublayerContext
    ) -> Bool {
        let layer = record.layer
        let transform = layer.renderTransformToSuperlayer().flattened.concatenating(context.transform)
        guard transform.isFinite, abs(transform.determinant) > 1e-12 else { return false }
        let bounds = layer.renderBounds
        guard bounds.origin.x.isFinite, bounds.origin.y.isFinite, bounds.width.isFinite,
            bounds.height.isFinite
        else { return false }

        // Each property read once: a read of an observed, open property is not free.
        let layerOpacity = layer.renderOpacity
        let masksToBounds = layer.masksToBounds
        let cornerRadius = layer.renderCornerRadius
        let opacity = context.opacity * Double(layerOpacity)
        let hasSize = bounds.width > 0 && bounds.height > 0
        let background = hasSize ? layer.renderBackgroundColor.flatMap { $0.alpha > 0 ? $0 : nil } : nil
        let drawsBorder = hasSize && layer.renderBorderWidth > 0 && (layer.renderBorderColor?.alpha ?? 0) > 0
        var image = layer.contentsImage
        var generated: GeneratedContents? = nil
        if image == nil, let made = layer.generatedContents(pixelsPerPoint: Self.pixelsPerPoint(of: transform)) {
            generated = made
            image = made.image
        }
        record.image = image
        if let generated {
            record.contentsPieces = [
                ContentsPiece(
                    source: PixelRect(x: 0, y: 0, width: generated.image.width, height: generated.image.height),
                    destination: generated.rect)
            ]
        } else if let image {
            record.contentsPieces = ContentsLayout.pieces(
                imageWidth: image.width, imageHeight: image.height, bounds: bounds,
                gravity: layer.contentsGravity, contentsRect: layer.renderContentsRect,
                contentsCenter: layer.renderContentsCenter, contentsScale: layer.contentsScale)
        } else {
            record.contentsPieces.removeAll(keepingCapacity: true)
        }
        let drawsContents = !record.contentsPieces.isEmpty
        let hasSublayers = !(layer.sublayers?.isEmpty ?? true)
        let backdropRadius = hasSize ? layer.backdropBlurRadius : 0
        let backdropSigma =
            backdropRadius.isFinite && backdropRadius > 0 && transform.isAffine
            ? min(ColorBlur.maximumSigma, max(0.1, Double(backdropRadius) * Self.linearScale(of: transform))) : 0
        let ownParts =
            (background != nil ? 1 : 0) + (drawsContents ? 1 : 0) + (drawsBorder ? 1 : 0) + (backdropSigma > 0 ? 1 : 0)

        // Own pixels: the bounds, and contents that spill out of them when nothing clips.
        var ownBox = PixelRect.zero
        if ownParts > 0 {
            var area = bounds
            if drawsContents && !masksToBounds {
                for piece in record.contentsPieces { area = area.union(piece.destination) }
            }
            ownBox = Self.pixelBox(of: area, through: transform)
        }
        record.unclippedBox = ownBox
        ownBox = ownBox.intersection(context.clip.rect)

        let axisAligned = transform.isAxisAligned
        let shapedClip = masksToBounds && (cornerRadius > 0 || !axisAligned)
        var drawing = LayerRecord.Drawing()
        drawing.drawsContent = background != nil || drawsContents
        drawing.drawsBorder = drawsBorder
        drawing.backdropSigma = backdropSigma
        drawing.isGroup =
            (layerOpacity < 1 && (hasSublayers || ownParts > 1))
            || (shapedClip && (hasSublayers || drawsContents))
        drawing.groupMasksToBounds = drawing.isGroup && shapedClip
        drawing.opacity = drawing.isGroup ? 1 : Double(layerOpacity)
        if masksToBounds && !shapedClip, let rect = Self.roundedPixelRect(of: bounds, through: transform) {
            drawing.boundsClip = rect
        }
        if drawsBorder, axisAligned, cornerRadius <= 0 {
            drawing.borderInnerRect = Self.borderInnerRect(
                of: bounds, borderWidth: layer.renderBorderWidth, through: transform)
        }
        if !context.insideGroup, !drawing.isGroup, opacity >= 1, axisAligned, cornerRadius <= 0,
            let rect = Self.roundedPixelRect(of: bounds, through: transform)
        {
            let opaqueBackground = background?.isOpaque ?? false
            let opaqueContents =
                generated == nil && image?.isOpaque == true && layer.contentsGravity == .resize
                && record.contentsPieces.count == 1
                && layer.renderContentsRect == CGRect(x: 0, y: 0, width: 1, height: 1)
            if opaqueBackground || opaqueContents {
                drawing.opaqueBox = rect.intersection(context.clip.rect)
            }
        }
        record.drawing = drawing
        record.shadow = Self.shadowParameters(of: layer, transform: transform, bounds: bounds)

        // What the sublayers are clipped to.
        var childClip = context.clip
        if let boundsClip = drawing.boundsClip {
            childClip.rect = childClip.rect.intersection(boundsClip)
        } else if shapedClip {
            childClip.rect = childClip.rect.intersection(Self.pixelBox(of: bounds, through: transform))
            // The clip's shape: the bounds, the corner radius and where they are drawn, that is
            // the transform, its translation taken from the outermost shaped clip's.
            let outermost = context.clip.key == 0
            childClip.originX = outermost ? transform.m31 : context.clip.originX
            childClip.originY = outermost ? transform.m32 : context.clip.originY
            var hasher = Hasher()
            hasher.combine(context.clip.key)
            hasher.combine(layer.layerID)
            for value in [bounds.minX, bounds.minY, bounds.width, bounds.height, layer.renderCornerRadius] {
                hasher.combine(value)
            }
            for value in [
                transform.m11, transform.m12, transform.m13, transform.m21, transform.m22, transform.m23,
                transform.m31 - childClip.originX, transform.m32 - childClip.originY, transform.m33,
            ] {
                hasher.combine(value)
            }
            childClip.key = hasher.finalize()
        }
        let sublayerContext = LayerRecord.SublayerContext(
            transform: transform, sublayerTransform: layer.renderSublayerTransform,
            sublayerPivot: layer.renderAnchorInBounds,
            opacity: opacity, clip: childClip, insideGroup: context.insideGroup || drawing.isGroup)
        if sublayerContext != record.sublayerContext {
            record.sublayerContext = sublayerContext
            record.sublayerGeneration = Self.nextGeneration()
        }

        var appearance = LayerRecord.Appearance()
        appearance.changeSerial = layer.drawingSerial
        appearance.isGroup = drawing.isGroup
        appearance.translatesExactly = transform.isAffine
        appearance.transform = transform
        appearance.opacity = opacity
        appearance.clipRect = context.clip.rect
        appearance.clipKey = context.clip.key
        appearance.clipOriginX = context.clip.originX
        appearance.clipOriginY = context.clip.originY
        appearance.previousSiblingID = inputs.previousSiblingID
        appearance.box = ownBox
        record.current = appearance
        return true
    }

    private func makeRecord(for layer: CALayer) -> LayerRecord {
        let record = LayerRecord(layer: layer)
        records[layer.layerID] = record
        return record
    }

    /// Layers drawn last frame but not this one: their old pixels are damage.
    private func dropRecordsNotSeen(root: CALayer) {
        guard recordsSeen != records.count else { return }
        defer { recheckBackdrops() }
        // Culled subtrees are kept: their records are marked first.
        if let rootRecord = records[root.layerID], rootRecord.seenFrame == frameNumber { markKept(rootRecord) }
        staleRecordIDs.removeAll(keepingCapacity: true)
        for (id, record) in records where record.seenFrame != frameNumber && record.culledFrame != frameNumber {
            // Only what was drawn last frame has pixels in the buffer.
            if record.seenFrame == frameNumber - 1, let old = record.rendered { damageOld(old) }
            if record.seenFrame == frameNumber - 1, let old = record.renderedShadow {
                damageOld(old.box, clipRect: old.clipRect)
            }
            staleRecordIDs.append(id)
        }
        for id in staleRecordIDs { records[id] = nil }
    }

    /// Marks every record inside the subtrees culled this frame below `record` as culled too.
    private func markKept(_ record: LayerRecord) {
        for child in record.children {
            if child.culledFrame == frameNumber {
                markCulled(child)
            } else if child.seenFrame == frameNumber {
                markKept(child)
            }
        }
    }

    private func markCulled(_ record: LayerRecord) {
        record.culledFrame = frameNumber
        for child in record.children { markCulled(child) }
    }

    // MARK: - Geometry helpers

    /// How many target pixels one point of a layer covers through `transform` (its linear
    /// part's mean scale), in quarter steps, for drawing generated contents sharply: at least
    /// a quarter, at most 16.
    static func pixelsPerPoint(of transform: ProjectiveTransform) -> CGFloat {
        let scale = abs(transform.m11 * transform.m22 - transform.m12 * transform.m21).squareRoot()
        guard scale.isFinite, scale > 0 else { return 1 }
        return CGFloat(min(16, max(0.25, (scale * 4).rounded(.up) / 4)))
    }

    /// The pixels a rectangle in bounds coordinates may touch once transformed, with one pixel
    /// of margin for filtering, unless it moves by whole pixels only.
    static func pixelBox(of rect: CGRect, through transform: ProjectiveTransform) -> PixelRect {
        guard let box = transform.boundingBox(of: rect) else { return .zero }
        let pixels = PixelRect(enclosing: box)
        if transform.isIntegerTranslation { return pixels }
        return PixelRect(x: pixels.x - 2, y: pixels.y - 2, width: pixels.width + 4, height: pixels.height + 4)
    }

    /// The pixel rectangle an axis-aligned transformed rectangle snaps to (edges rounded to the
    /// nearest pixel); nil when the transform rotates, shears or projects. Public so every
    /// renderer snaps as the compositor does.
    public static func roundedPixelRect(of rect: CGRect, through transform: ProjectiveTransform) -> PixelRect? {
        guard transform.isAxisAligned, let box = transform.boundingBox(of: rect) else { return nil }
        let minX = roundedHalfUp(box.minX)
        let minY = roundedHalfUp(box.minY)
        let maxX = roundedHalfUp(box.maxX)
        let maxY = roundedHalfUp(box.maxY)
        guard maxX > minX, maxY > minY else { return .zero }
        return PixelRect(enclosing: CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY))
    }

    /// The pixels inside a border `borderWidth` wide (at most half the bounds), drawn through
    /// an axis-aligned transform; nil when the border leaves none or the transform turns.
    public static func borderInnerRect(
        of bounds: CGRect, borderWidth: CGFloat, through transform: ProjectiveTransform
    ) -> PixelRect? {
        let width = min(borderWidth, min(bounds.width, bounds.height) / 2)
        let inset = bounds.insetBy(dx: width, dy: width)
        guard inset.width > 0, inset.height > 0 else { return nil }
        return roundedPixelRect(of: inset, through: transform)
    }

    /// `value` to the nearest whole number, halves up. Unlike `rounded()` (halves away from
    /// zero) it commutes with whole-pixel moves: an edge at -2.5 snaps to -2 as one at 7.5
    /// snaps to 8, so content a scroll moves lands on the pixels a fresh drawing gives.
    nonisolated public static func roundedHalfUp<Value: BinaryFloatingPoint>(_ value: Value) -> Value {
        let down = value.rounded(.down)
        return value - down >= 0.5 ? down + 1 : down
    }
}
