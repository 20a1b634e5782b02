import VitrineGraphics

/// The object that draws and lays out a layer on its behalf, as Core Animation's
/// `CALayerDelegate` (a `UIView` is its layer's delegate).
///
/// Core Animation's optional methods are requirements here with default implementations in an
/// extension, so a delegate implements only what it needs. One Swift consequence: a subclass
/// can only customise a method its conforming superclass itself implements.
@preconcurrency @MainActor
public protocol CALayerDelegate: AnyObject {
    /// Provides the layer's contents, as `display(_:)`; called by `CALayer.display()`.
    /// The default implementation draws the layer's backing image through `draw(in:)`, which is
    /// what Core Animation does when the delegate does not implement this method.
    func display(_ layer: CALayer)

    /// Draws the layer's content into `ctx`, as `draw(_:in:)`; called by the layer's default
    /// `draw(in:)`. The context is in the layer's bounds coordinates. The default draws nothing.
    func draw(_ layer: CALayer, in ctx: CGContext)

    /// Called just before the layer's backing image is drawn, as `layerWillDraw(_:)`.
    /// The default does nothing.
    func layerWillDraw(_ layer: CALayer)

    /// Lays out the layer's sublayers, as `layoutSublayers(of:)`; called by the layer's
    /// default `layoutSublayers()`. The default does nothing.
    func layoutSublayers(of layer: CALayer)

    /// The action for a change of the layer's property `event`, as `action(for:forKey:)`;
    /// called by `CALayer.action(forKey:)` before the change (the layer still has the old
    /// value). Return an action (usually a `CAAnimation`) to run it, `NSNull()` to have no
    /// action and stop the search, or nil to let the layer go on searching (`actions`, then
    /// `defaultAction(forKey:)`). `UIView` returns `NSNull()` outside animation blocks, so a
    /// view's own layer does not animate implicitly, as in UIKit. The default returns nil.
    /// Not called while `CATransaction.disableActions()` is true, or for a layer never drawn.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
}

extension CALayerDelegate {
    /// Draws the layer's backing image through `draw(in:)`, as Core Animation does for a
    /// delegate that does not implement `display(_:)`.
    public func display(_ layer: CALayer) {
        layer.drawBackingImage()
    }

    /// Draws nothing.
    public func draw(_ layer: CALayer, in ctx: CGContext) {}

    /// Does nothing.
    public func layerWillDraw(_ layer: CALayer) {}

    /// Does nothing.
    public func layoutSublayers(of layer: CALayer) {}

    /// Returns nil: the layer goes on searching.
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
}

/// A layer delegate told when the layer's bounds change size, however they are set: UIKit
/// lays out a view's superview when the view's size changes, even through its layer
/// (`UIView` adopts it). Not Core Animation API, so `package`.
@MainActor
package protocol CALayerBoundsSizeObserver: AnyObject {
    func layerBoundsSizeDidChange(_ layer: CALayer)
}
