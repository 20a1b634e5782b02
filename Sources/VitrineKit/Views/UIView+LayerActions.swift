import Foundation
import VitrineLayers

extension UIView {
    /// The action for a change of the view's own layer, as `UIView`'s implementation of
    /// `CALayerDelegate.action(for:forKey:)`: `NSNull()` (no action), so that a view's layer
    /// does not animate implicitly outside an animation block, as in UIKit.
    ///
    /// UIView animation blocks (`animate(withDuration:animations:)`) will return their
    /// animation here while their block runs; until they exist, it is always `NSNull()`.
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        NSNull()
    }
}
