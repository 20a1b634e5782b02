import Foundation

extension UIView {
    /// `hitTest(_:with:)`: UIKit's rules. A view that is hidden, has interaction disabled or
    /// an alpha below 0.01, or does not contain the point (`point(inside:with:)`), is not hit
    /// and neither are its subviews (even ones drawn outside its bounds); otherwise the
    /// subviews are asked front to back and the first hit wins, else the view itself. A view
    /// being animated by a UIView animation made without `.allowUserInteraction` is passed over
    /// too (with its subviews), as UIKit ignores touches on it. Geometry is the model's.
    func performHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        // The alpha is stored as the layer's Float opacity: compare in Float, or 0.01 reads as less.
        guard !isHidden, isUserInteractionEnabled, interactionBlockingAnimationCount == 0, layer.opacity >= 0.01,
            self.point(inside: point, with: event)
        else {
            return nil
        }
        guard !subviews.isEmpty else { return self }
        let flat = layer.sublayerTransform.isIdentity
        for subview in subviews.reversed() {
            let local = flat ? pointInSubview(subview, point) : subview.convert(point, from: self)
            guard local.x.isFinite, local.y.isFinite else { continue }
            if let hit = subview.hitTest(local, with: event) { return hit }
        }
        return self
    }

    /// `point` (in this view's bounds coordinates) in `subview`'s. An untransformed subview's
    /// layer is only offset from this one's (`CALayer.offsetFromSuperlayer`, kept up to date by
    /// the layer), so the general conversion (through the layers' common ancestor and 3x3
    /// matrices) is skipped. Only for a view whose layer has no `sublayerTransform`; a
    /// subview's layer is always a sublayer of its superview's (the view tree keeps it so).
    private func pointInSubview(_ subview: UIView, _ point: CGPoint) -> CGPoint {
        guard let offset = subview.layer.offsetFromSuperlayer else {
            return subview.convert(point, from: self)
        }
        return CGPoint(x: point.x + offset.x, y: point.y + offset.y)
    }
}
