import VitrineGraphics

/// Scrolling by moving pixels: when a layer's bounds origin moves its sublayers by whole pixels
/// inside its rectangular clip, the compositor has the renderer move the pixels the buffer
/// already holds, and repaints only the strip the move exposes and what else changed.
///
/// The move must give exactly the pixels a repaint would, so a layer qualifies only when:
/// - the renderer moves pixels (`Renderer.movesPixels`);
/// - its own drawing stays where it was: only its bounds' origin changed (its
///   `drawingSerial` is the same), it clips to an axis-aligned rectangle of whole pixels
///   (`masksToBounds` without rounded corners, not turned), it shows no contents image, and its
///   background (a colour over the whole clip) and border stay on the same pixels;
/// - what it passes to its sublayers changed only by a translation of whole pixels (a scale
///   factor that makes the scroll a fraction of a pixel does not qualify, nor a turned or
///   projected layer);
/// - it is not inside an offscreen group (whose composite would blend moved pixels with what
///   lies under the group), and what shows through it is one colour over the whole clip:
///   its own opaque background, or translucent colour fills over an opaque one or the clear
///   colour. Anything else under it (an image, a rounded or turned layer, a group) would not
///   move with the scroll.
/// The first such layer of a frame is its scroll; other frames repaint as before.
///
/// Inside it, a layer whose own drawing moved exactly with the scroll (same properties, its
/// transform and the rounded clips around it moved by the scroll's pixels, not projected)
/// needs no repaint. Anything else inside is damaged where its moved old pixels are and where
/// it is now. Layers outside the scroll that change inside the clip are damaged where they are
/// and where the move takes their old pixels; layers drawn above the scrolled layer over its
/// clip (and its own border) are damaged in both places every scroll frame.
extension Compositor {
    /// A frame's scroll: the layer and the pixels it moves.
    struct Scroll {
        unowned(unsafe) let record: LayerRecord
        let move: PixelMove
        /// The pixels that receive moved ones.
        let destination: PixelRect

        init(record: LayerRecord, move: PixelMove) {
            self.record = record
            self.move = move
            destination = move.destination
        }
    }

    /// The move of `record`'s sublayers this frame, when it is a scroll that moving pixels
    /// reproduces exactly (see above); nil otherwise. Called after `update`, with what the
    /// record held before it.
    func scrollMove(
        of record: LayerRecord, parent: LayerRecord?, previousContext: LayerRecord.SublayerContext,
        previousDrawing: LayerRecord.Drawing, entriesStart: Int
    ) -> PixelMove? {
        guard let old = record.rendered else { return nil }
        let new = record.current
        // Its own drawing: the same, on the same pixels.
        guard old.changeSerial == new.changeSerial, old.opacity == new.opacity, old.clipRect == new.clipRect,
            old.clipKey == new.clipKey, old.previousSiblingID == new.previousSiblingID, old.box == new.box,
            old.isGroup == new.isGroup, new.transform.isAxisAligned, old.transform.isAxisAligned,
            old.transform.m11 == new.transform.m11, old.transform.m22 == new.transform.m22
        else { return nil }
        let drawing = record.drawing
        guard drawing == previousDrawing, drawing.boundsClip != nil, !drawing.groupMasksToBounds,
            record.contentsPieces.isEmpty
        else { return nil }

        // What it passes down: moved by whole pixels, and nothing else.
        let context = record.sublayerContext
        guard context.opacity == previousContext.opacity, context.clip == previousContext.clip,
            context.insideGroup == previousContext.insideGroup,
            context.sublayerTransform == previousContext.sublayerTransform,
            context.sublayerPivot == previousContext.sublayerPivot || context.sublayerTransform.isIdentity
        else { return nil }
        let now = context.transform
        let before = previousContext.transform
        guard now.isAxisAligned, before.isAxisAligned, now.m11 == before.m11, now.m22 == before.m22 else {
            return nil
        }
        let dx = now.m31 - before.m31
        let dy = now.m32 - before.m32
        guard dx == dx.rounded(), dy == dy.rounded(), abs(dx) < 1e6, abs(dy) < 1e6, dx != 0 || dy != 0,
            before.m31 + dx == now.m31, before.m32 + dy == now.m32
        else { return nil }
        let move = PixelMove(area: context.clip.rect, dx: Int(dx), dy: Int(dy))
        guard !move.destination.isEmpty else { return nil }

        // What shows through it.
        guard !(parent?.sublayerContext.insideGroup ?? false),
            backdropIsUniform(of: record, over: move.area, entriesStart: entriesStart)
        else { return nil }
        return move
    }

    /// Whether what shows through `record` over `area` is one colour: its own opaque
    /// background, or the entries drawn before it (from `entriesStart` back) that reach the
    /// area are plain colour fills covering it, down to an opaque one or the clear colour.
    private func backdropIsUniform(of record: LayerRecord, over area: PixelRect, entriesStart: Int) -> Bool {
        if let opaque = record.drawing.opaqueBox, opaque.intersection(area) == area { return true }
        var index = entriesStart - 1
        while index >= 0 {
            let entry = displayList[index]
            let below = entry.record
            switch entry.kind {
            case .pushClip, .popClip:
                break
            case .content:
                guard below.current.box.intersects(area) else { break }
                guard fillsUniformly(below, over: area) else { return false }
                if let opaque = below.drawing.opaqueBox, opaque.intersection(area) == area { return true }
            case .border, .backdrop:
                if below.current.box.intersects(area) { return false }
            case .beginGroup, .endGroup:
                if below.subtreeBox.intersects(area) { return false }
            case .shadow:
                if below.shadow?.box.intersects(area) ?? false { return false }
            }
            index -= 1
        }
        return true
    }

    /// Whether `record` draws one colour over all of `area`: a background without contents or
    /// rounded corners, axis-aligned, covering the area within its clip.
    private func fillsUniformly(_ record: LayerRecord, over area: PixelRect) -> Bool {
        let layer = record.layer
        guard record.contentsPieces.isEmpty, layer.renderCornerRadius <= 0, record.current.clipKey == 0,
            let clip = record.current.clipRect,
            let rect = Self.roundedPixelRect(of: layer.renderBounds, through: record.current.transform)
        else { return false }
        return rect.intersection(clip).intersection(area) == area
    }

    /// Damage for a layer inside the scroll: none when its drawing moved exactly with it, else
    /// where its old pixels went and where it is now.
    func damageMoved(_ record: LayerRecord) {
        guard let scroll else { return }
        let current = record.current
        if let old = record.rendered {
            if !current.hasMoved(from: old, with: scroll) {
                damageOld(old)
                movedDamage.formUnion(current.box)
            }
        } else {
            movedDamage.formUnion(current.box)
        }
        record.rendered = current
    }

    /// Damage for what a layer drew last frame: inside the scroll's clip its pixels moved
    /// with the clip's; elsewhere they stayed.
    func damageOld(_ old: LayerRecord.Appearance) {
        if let scroll, let clip = old.clipRect, clip.intersection(scroll.move.area) == clip {
            movedDamage.formUnion(
                old.box.offsetBy(dx: scroll.move.dx, dy: scroll.move.dy).intersection(scroll.move.area))
        } else {
            frameDamage.formUnion(old.box)
        }
    }

    /// The frame's damage once everything is collected and `scroll` is its scroll.
    func scrollFrame(_ scroll: Scroll) -> DamageHistory.Frame {
        let area = scroll.move.area
        let record = scroll.record
        // Drawn above the scrolled layer over its clip: the move took their pixels along, and
        // what they cover moved under them.
        for entry in displayList[record.entries.upperBound...]
        where entry.kind == .content || entry.kind == .border || entry.kind == .shadow {
            let box = entry.kind == .shadow ? (entry.record.shadow?.box ?? .zero) : entry.record.current.box
            if box.intersects(area) { frameDamage.formUnion(box.intersection(area)) }
        }
        if record.drawing.drawsBorder, let rect = record.drawing.boundsClip {
            var ring = Region(rect)
            if let inner = record.drawing.borderInnerRect { ring.subtract(inner) }
            ring.formIntersection(area)
            frameDamage.formUnion(ring)
        }
        // Damage outside the scroll stays; inside its clip, it is needed where it is and where
        // the move takes the old pixels.
        var damage = frameDamage
        damage.formUnion(DamageHistory.carry(frameDamage.intersection(Region(area)), along: scroll.move))
        damage.formUnion(movedDamage)
        damage.formUnion(Region(area).subtracting(Region(scroll.destination)))
        var changed = damage
        changed.formUnion(area)
        return DamageHistory.Frame(changed: changed, move: scroll.move, damageAfterMove: damage)
    }
}

extension LayerRecord.Appearance {
    /// Whether this appearance is `old` moved by the scroll, as far as the pixels that receive
    /// moved ones can tell: then the move put exactly the right pixels there.
    func hasMoved(from old: Self, with scroll: Compositor.Scroll) -> Bool {
        let dx = scroll.move.dx
        let dy = scroll.move.dy
        let destination = scroll.destination
        let movedBox = old.box.offsetBy(dx: dx, dy: dy).intersection(destination)
        let newBox = box.intersection(destination)
        // Nothing of it where pixels were moved to, then or now.
        if movedBox.isEmpty && newBox.isEmpty { return true }
        guard translatesExactly, old.translatesExactly, changeSerial == old.changeSerial, opacity == old.opacity,
            clipKey == old.clipKey, previousSiblingID == old.previousSiblingID, isGroup == old.isGroup,
            movedBox == newBox
        else { return false }
        let oldClip = (old.clipRect ?? .zero).offsetBy(dx: dx, dy: dy).intersection(destination)
        guard oldClip == (clipRect ?? .zero).intersection(destination) else { return false }
        // Rounded or turned clips around it moved with it (inside the scroll, they all do).
        guard
            clipKey == 0 || (clipOriginX == old.clipOriginX + Double(dx) && clipOriginY == old.clipOriginY + Double(dy))
        else { return false }
        let t = transform
        let o = old.transform
        return t.m11 == o.m11 && t.m12 == o.m12 && t.m13 == o.m13 && t.m21 == o.m21 && t.m22 == o.m22
            && t.m23 == o.m23 && t.m33 == o.m33 && t.m31 == o.m31 + Double(dx) && t.m32 == o.m32 + Double(dy)
    }
}

extension PixelRect {
    /// The rectangle moved by whole pixels.
    func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }
}
