import Foundation
import VitrineLayers

// On-demand drawing: the entry points the UIView class body calls. Owned by the drawing work
// (backing images, coalescing, content modes); this first version only marks the layer.
extension UIView {
    /// The base `draw(_:)` ran: the view does not draw content of its own.
    func baseDrawCalled() {}

    /// `setNeedsDisplay()` (nil) and `setNeedsDisplay(_:)`.
    func markNeedsDisplay(in rect: CGRect?) {
        if let rect, rect.isNull || rect.isEmpty { return }
        layer.setNeedsDisplay()
    }

    /// `contentMode` or `contentStretch` changed.
    func contentModeDidChange() {}

    /// The bounds size changed: only `.redraw` redraws.
    func boundsSizeDidChange() {
        if contentMode == .redraw { setNeedsDisplay() }
    }

    /// The contents scale changed.
    func contentScaleDidChange() {}
}
