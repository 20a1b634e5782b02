import Foundation
import VitrineLayers

extension UIView {
    /// The tint the view shows: its own, else the nearest ancestor's, else the system blue.
    var resolvedTintColor: UIColor {
        var view: UIView? = self
        while let current = view {
            if let color = current.ownTintColor { return color }
            view = current.superview
        }
        return .systemBlue
    }

    func setTintColor(_ color: UIColor?) {
        let old = resolvedTintColor
        ownTintColor = color
        if resolvedTintColor != old { notifyTintColorDidChange() }
    }

    /// `tintColorDidChange()` for this view and every descendant that inherits its tint.
    func notifyTintColorDidChange() {
        tintColorDidChange()
        for subview in subviews where subview.ownTintColor == nil { subview.notifyTintColorDidChange() }
    }

    /// Sets the layer's contents scale; a view that draws is redrawn at the new scale.
    func setContentScale(_ scale: CGFloat) {
        guard scale.isFinite, scale > 0, scale != layer.contentsScale else { return }
        layer.contentsScale = scale
        contentScaleDidChange()
    }
}
