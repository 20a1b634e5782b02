import Foundation
import VitrineLayers

extension UIView {
    /// Runs a change to the frame or bounds; when the bounds size changed, the subviews are
    /// autoresized, the view is marked for layout and, with `.redraw`, for display, as UIKit
    /// does on a bounds size change.
    func setGeometry(_ change: () -> Void) {
        let oldSize = layer.bounds.size
        change()
        let newSize = layer.bounds.size
        defer { autoLayout?.item.engine?.geometryDidChange(of: self) }
        guard newSize != oldSize else { return }
        if autoresizesSubviews {
            for subview in subviews { subview.autoresize(superviewSizeChangedFrom: oldSize, to: newSize) }
        }
        setNeedsLayout()
        boundsSizeDidChange()
    }

    /// The topmost ancestor (the window, when the view is in one).
    var rootAncestor: UIView {
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }
}
