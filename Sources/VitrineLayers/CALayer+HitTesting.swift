import Foundation

// Hit testing as Core Animation does it: the point arrives in the superlayer's coordinates,
// hidden layers are skipped, sublayers are searched front to back in drawing order, and a
// layer that masks to its bounds only returns descendants inside them. Opacity does not
// matter (UIKit's alpha threshold is UIView's business).
extension CALayer {
    func performHitTest(_ p: CGPoint) -> CALayer? {
        guard !isHidden,
            let local = transformToSuperlayer().flattened.inverted()?.apply(p)
        else { return nil }
        let inside = contains(local)
        if masksToBounds && !inside { return nil }
        for layer in sublayersInDrawingOrder.reversed() {
            if let hit = layer.hitTest(local) { return hit }
        }
        return inside ? self : nil
    }
}
