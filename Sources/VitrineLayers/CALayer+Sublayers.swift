import Foundation

// The layer tree: adding, inserting, replacing and removing sublayers, with Core Animation's
// rules (a layer has one superlayer; adding it elsewhere removes it from the old one first).
// Vitrine refuses, without trapping, any change that would make a layer its own ancestor.
extension CALayer {
    /// Whether `layer` is this layer or one of its ancestors, so adding it here would make a
    /// cycle.
    func isSelfOrAncestor(_ layer: CALayer) -> Bool {
        var current: CALayer? = self
        while let candidate = current {
            if candidate === layer { return true }
            current = candidate.superlayer
        }
        return false
    }

    /// Inserts `layer` at `index` (clamped) after removing it from its current superlayer.
    func insert(_ layer: CALayer, atIndex index: Int) {
        guard !isSelfOrAncestor(layer) else { return }
        layer.detachFromSuperlayer()
        // In place, with the drawing-order cache (which may share the list) let go first: a
        // copy of the list for each insertion made adding many children quadratic.
        drawingOrderCache = nil
        if sublayerStorage == nil { sublayerStorage = [] }
        let count = sublayerStorage!.count
        sublayerStorage!.insert(layer, at: max(0, min(index, count)))
        adopt(layer)
        sublayersDidChange()
    }

    /// Inserts `layer` just above or below `sibling`; at the front or back when `sibling` is
    /// nil or not a sublayer.
    func insert(_ layer: CALayer, nextTo sibling: CALayer?, above: Bool) {
        guard layer !== sibling, !isSelfOrAncestor(layer) else { return }
        layer.detachFromSuperlayer()
        var index = above ? Int.max : 0
        if let sibling, let siblingIndex = sublayerStorage?.firstIndex(where: { $0 === sibling }) {
            index = above ? siblingIndex + 1 : siblingIndex
        }
        insert(layer, atIndex: index)
    }

    /// Puts `newLayer` in `oldLayer`'s place.
    func replace(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard oldLayer !== newLayer, oldLayer.superlayer === self, !isSelfOrAncestor(newLayer)
        else { return }
        newLayer.detachFromSuperlayer()
        guard var list = sublayerStorage, let index = list.firstIndex(where: { $0 === oldLayer })
        else { return }
        list[index] = newLayer
        sublayerStorage = list
        oldLayer.superlayer = nil
        adopt(newLayer)
        sublayersDidChange()
    }

    /// Removes this layer from its superlayer's list.
    func detachFromSuperlayer() {
        guard let parent = superlayer else { return }
        if let index = parent.sublayerStorage?.lastIndex(where: { $0 === self }) {
            parent.drawingOrderCache = nil
            parent.sublayerStorage!.remove(at: index)
            if parent.sublayerStorage!.isEmpty { parent.sublayerStorage = nil }
        }
        superlayer = nil
        parent.sublayersDidChange()
    }

    /// Replaces the whole list, as the `sublayers` setter.
    func replaceAllSublayers(with newList: [CALayer]) {
        for layer in sublayerStorage ?? [] { layer.superlayer = nil }
        sublayerStorage = nil
        var accepted: [CALayer] = []
        for layer in newList
        where !isSelfOrAncestor(layer) && !accepted.contains(where: { $0 === layer }) {
            layer.detachFromSuperlayer()
            accepted.append(layer)
        }
        sublayerStorage = accepted.isEmpty ? nil : accepted
        for layer in accepted { adopt(layer) }
        sublayersDidChange()
    }

    /// Makes this layer `layer`'s superlayer and carries its pending display and layout up.
    private func adopt(_ layer: CALayer) {
        layer.superlayer = self
        if layer.needsDisplayFlag || layer.descendantNeedsDisplay { markDescendantNeedsDisplay() }
        if layer.needsLayoutFlag || layer.descendantNeedsLayout { markDescendantNeedsLayout() }
        if layer.subtreeHasAnimations { markSubtreeHasAnimations() }
    }

    /// The list changed: new drawing order, a visual change, and layout, as Core Animation
    /// marks a layer whose sublayers change as needing layout.
    private func sublayersDidChange() {
        drawingOrderCache = nil
        markNeedsLayout(notifying: false)
        // The layer's own pixels stay: a scroll view gaining rows as it scrolls can still move
        // what it showed.
        layerDidChange(ownDrawing: false, sublayers: true)
    }

    /// The sublayers back to front: a stable sort by `zPosition`, then array order. Without
    /// any non-zero `zPosition` this is `sublayers` itself (no allocation). A NaN `zPosition`
    /// sorts as 0.
    internal var sublayersInDrawingOrder: [CALayer] {
        if let cached = drawingOrderCache { return cached }
        let list = sublayerStorage ?? []
        guard list.contains(where: { $0.zPosition != 0 }) else {
            drawingOrderCache = list
            return list
        }
        let ordered = list.enumerated().sorted { lhs, rhs in
            let lz = lhs.element.zPosition.isNaN ? 0 : lhs.element.zPosition
            let rz = rhs.element.zPosition.isNaN ? 0 : rhs.element.zPosition
            return lz != rz ? lz < rz : lhs.offset < rhs.offset
        }.map(\.element)
        drawingOrderCache = ordered
        return ordered
    }
}
