import Foundation

// Layout: `setNeedsLayout()` marks, `layoutIfNeeded()` lays out parents before children.
extension CALayer {
    /// Marks the layer; tells the tree hosts unless `notifying` is false (when the caller is
    /// about to tell them anyway).
    func markNeedsLayout(notifying: Bool = true) {
        let wasMarked = needsLayoutFlag
        needsLayoutFlag = true
        superlayer?.markDescendantNeedsLayout()
        if !wasMarked && notifying { notifyTreeHosts() }
    }

    func markDescendantNeedsLayout() {
        var layer: CALayer? = self
        while let current = layer, !current.descendantNeedsLayout {
            current.descendantNeedsLayout = true
            layer = current.superlayer
        }
    }

    func performLayoutIfNeeded() {
        var start = self
        while let parent = start.superlayer, parent.needsLayoutFlag { start = parent }
        start.layoutSubtreeIfNeeded()
    }

    /// Lays out this layer if it needs it, then every descendant that needs it.
    func layoutSubtreeIfNeeded() {
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        guard descendantNeedsLayout else { return }
        descendantNeedsLayout = false
        for layer in sublayerStorage ?? [] where layer.needsLayoutFlag || layer.descendantNeedsLayout {
            layer.layoutSubtreeIfNeeded()
        }
    }
}
