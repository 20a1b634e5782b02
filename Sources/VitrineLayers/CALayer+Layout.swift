import Foundation

// Layout: `setNeedsLayout()` marks, `layoutIfNeeded()` lays out parents before children.
extension CALayer {
  func markNeedsLayout() {
    let wasMarked = needsLayoutFlag
    needsLayoutFlag = true
    superlayer?.markDescendantNeedsLayout()
    if !wasMarked { notifyTreeHosts() }
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
