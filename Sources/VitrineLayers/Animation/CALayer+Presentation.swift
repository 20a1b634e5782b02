import Foundation
import VitrineGraphics

// Render values: what the compositor draws. For each animatable property, the value the
// animation engine sampled while an animation changes it, else the model value. Hit-testing
// and `convert` use the model values, as UIKit does.
extension CALayer {
    var renderPosition: CGPoint {
        if let o = presentationOverlay, o.mask.contains(.position) { return o.values.position }
        return position
    }
    var renderBounds: CGRect {
        if let o = presentationOverlay, o.mask.contains(.bounds) { return o.values.bounds }
        return bounds
    }
    var renderZPosition: CGFloat {
        if let o = presentationOverlay, o.mask.contains(.zPosition) { return o.values.zPosition }
        return zPosition
    }
    var renderAnchorPoint: CGPoint {
        if let o = presentationOverlay, o.mask.contains(.anchorPoint) { return o.values.anchorPoint }
        return anchorPoint
    }
    var renderTransform: CATransform3D {
        if let o = presentationOverlay, o.mask.contains(.transform) { return o.values.transform }
        return transform
    }
    var renderSublayerTransform: CATransform3D {
        if let o = presentationOverlay, o.mask.contains(.sublayerTransform) { return o.values.sublayerTransform }
        return sublayerTransform
    }
    var renderOpacity: Float {
        if let o = presentationOverlay, o.mask.contains(.opacity) { return o.values.opacity }
        return opacity
    }
    var renderBackgroundColor: CGColor? {
        if let o = presentationOverlay, o.mask.contains(.backgroundColor) { return o.values.backgroundColor }
        return backgroundColor
    }
    var renderBorderColor: CGColor? {
        if let o = presentationOverlay, o.mask.contains(.borderColor) { return o.values.borderColor }
        return borderColor
    }
    var renderBorderWidth: CGFloat {
        if let o = presentationOverlay, o.mask.contains(.borderWidth) { return o.values.borderWidth }
        return borderWidth
    }
    var renderCornerRadius: CGFloat {
        if let o = presentationOverlay, o.mask.contains(.cornerRadius) { return o.values.cornerRadius }
        return cornerRadius
    }
    var renderContentsRect: CGRect {
        if let o = presentationOverlay, o.mask.contains(.contentsRect) { return o.values.contentsRect }
        return contentsRect
    }
    var renderContentsCenter: CGRect {
        if let o = presentationOverlay, o.mask.contains(.contentsCenter) { return o.values.contentsCenter }
        return contentsCenter
    }

    /// All animatable values as drawn.
    var renderValues: LayerRenderValues {
        var values = LayerRenderValues(model: self)
        if let overlay = presentationOverlay { values.overlay(overlay.values, mask: overlay.mask) }
        return values
    }

    /// The anchor point in bounds coordinates, from render values.
    var renderAnchorInBounds: CGPoint {
        let bounds = renderBounds
        let anchor = renderAnchorPoint
        return CGPoint(
            x: bounds.origin.x + anchor.x * bounds.size.width, y: bounds.origin.y + anchor.y * bounds.size.height)
    }

    /// `transformToSuperlayer()` from render values (the layer's and its superlayer's).
    func renderTransformToSuperlayer() -> CATransform3D {
        guard presentationOverlay != nil || superlayer?.presentationOverlay != nil else {
            return transformToSuperlayer()
        }
        let anchor = renderAnchorInBounds
        let position = renderPosition
        let transform = renderTransform
        let zPosition = renderZPosition
        let placement: CATransform3D
        if transform.isIdentity {
            placement = CATransform3DMakeTranslation(
                position.x - anchor.x, position.y - anchor.y, zPosition - anchorPointZ)
        } else {
            placement = CATransform3DMakeTranslation(-anchor.x, -anchor.y, -anchorPointZ)
                .concatenating(transform)
                .concatenating(CATransform3DMakeTranslation(position.x, position.y, zPosition))
        }
        guard let parent = superlayer else { return placement }
        let sublayerTransform = parent.renderSublayerTransform
        guard !sublayerTransform.isIdentity else { return placement }
        let pivot = parent.renderAnchorInBounds
        return
            placement
            .concatenating(CATransform3DMakeTranslation(-pivot.x, -pivot.y, 0))
            .concatenating(sublayerTransform)
            .concatenating(CATransform3DMakeTranslation(pivot.x, pivot.y, 0))
    }

    /// Sets the model properties in `mask` from `values` (for presentation copies).
    func applyRenderValues(_ values: LayerRenderValues, mask: AnimatedProperties) {
        if mask.contains(.position) { position = values.position }
        if mask.contains(.bounds) { bounds = values.bounds }
        if mask.contains(.zPosition) { zPosition = values.zPosition }
        if mask.contains(.anchorPoint) { anchorPoint = values.anchorPoint }
        if mask.contains(.transform) { transform = values.transform }
        if mask.contains(.sublayerTransform) { sublayerTransform = values.sublayerTransform }
        if mask.contains(.opacity) { opacity = values.opacity }
        if mask.contains(.backgroundColor) { backgroundColor = values.backgroundColor }
        if mask.contains(.borderColor) { borderColor = values.borderColor }
        if mask.contains(.borderWidth) { borderWidth = values.borderWidth }
        if mask.contains(.cornerRadius) { cornerRadius = values.cornerRadius }
        if mask.contains(.contentsRect) { contentsRect = values.contentsRect }
        if mask.contains(.contentsCenter) { contentsCenter = values.contentsCenter }
    }

    /// Records a change of the presentation values: the compositor sees a new serial and
    /// subtree stamp, as for a model change, but no tree host is told (the engine runs inside
    /// a frame, which keeps going while animations run).
    func presentationDidChange() {
        bumpChangeSerial()
    }
}

extension LayerRenderValues {
    /// Takes the properties in `mask` from `other`.
    mutating func overlay(_ other: LayerRenderValues, mask: AnimatedProperties) {
        if mask.contains(.position) { position = other.position }
        if mask.contains(.bounds) { bounds = other.bounds }
        if mask.contains(.zPosition) { zPosition = other.zPosition }
        if mask.contains(.anchorPoint) { anchorPoint = other.anchorPoint }
        if mask.contains(.transform) { transform = other.transform }
        if mask.contains(.sublayerTransform) { sublayerTransform = other.sublayerTransform }
        if mask.contains(.opacity) { opacity = other.opacity }
        if mask.contains(.backgroundColor) { backgroundColor = other.backgroundColor }
        if mask.contains(.borderColor) { borderColor = other.borderColor }
        if mask.contains(.borderWidth) { borderWidth = other.borderWidth }
        if mask.contains(.cornerRadius) { cornerRadius = other.cornerRadius }
        if mask.contains(.contentsRect) { contentsRect = other.contentsRect }
        if mask.contains(.contentsCenter) { contentsCenter = other.contentsCenter }
    }
}
