import Foundation

extension UIView {
    /// `hitTest(_:with:)`: UIKit's rules. A view that is hidden, has interaction disabled or
    /// an alpha below 0.01, or does not contain the point (`point(inside:with:)`), is not hit
    /// and neither are its subviews (even ones drawn outside its bounds); otherwise the
    /// subviews are asked front to back and the first hit wins, else the view itself.
    func performHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        // The alpha is stored as the layer's Float opacity: compare in Float, or 0.01 reads as less.
        guard !isHidden, isUserInteractionEnabled, layer.opacity >= 0.01, self.point(inside: point, with: event) else {
            return nil
        }
        for subview in subviews.reversed() {
            let local = subview.convert(point, from: self)
            guard local.x.isFinite, local.y.isFinite else { continue }
            if let hit = subview.hitTest(local, with: event) { return hit }
        }
        return self
    }
}
