import Foundation
import VitrineLayers

extension UIView: CALayerBoundsSizeObserver {
    /// Runs a change to the frame or bounds; when the bounds size changed, the subviews are
    /// autoresized, the view and its superview are marked for layout (so `layoutSubviews()`
    /// runs on both, as on iOS, where resizing a view lays out its superview too) and, with
    /// `.redraw`, the view is marked for display, as UIKit does on a bounds size change.
    /// A superview that is inside its own `layoutSubviews()` (placing this view) is not marked
    /// again: the pass that resized the view is the layout iOS would run.
    func setGeometry(_ change: () -> Void) {
        let oldSize = layer.bounds.size
        change()
        let newSize = layer.bounds.size
        defer { autoLayout?.item.engine?.geometryDidChange(of: self) }
        guard newSize != oldSize else { return }
        if autoresizesSubviews {
            for subview in subviews { subview.autoresize(superviewSizeChangedFrom: oldSize, to: newSize) }
        }
        // The superview is marked by `layerBoundsSizeDidChange(_:)`, which the layer called.
        setNeedsLayout()
        boundsSizeDidChange()
    }

    /// The layer's bounds changed size (through the view's frame or bounds, or the layer's
    /// own): the superview is marked for layout, as on iOS, unless it is inside its own
    /// `layoutSubviews()` placing this view.
    package func layerBoundsSizeDidChange(_ layer: CALayer) {
        guard layer === self.layer, let superview,
            !UIView.viewsLayingOut.contains(ObjectIdentifier(superview))
        else { return }
        superview.setNeedsLayout()
    }

    /// The views whose `layoutSubviews()` is running now (nested passes included).
    static var viewsLayingOut: Set<ObjectIdentifier> = []

    /// The topmost ancestor (the window, when the view is in one).
    var rootAncestor: UIView {
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }
}
