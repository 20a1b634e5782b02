import Foundation
import VitrineGraphics

// Render values: what the compositor draws. For each animatable property, the value the
// animation engine sampled while an animation changes it, else the model value. Hit-testing
// and `convert` use the model values, as UIKit does.
extension CALayer {
    var renderPosition: CGPoint { rendered(.position, model: position) { $0.position } }
    var renderBounds: CGRect { rendered(.bounds, model: bounds) { $0.bounds } }
    var renderZPosition: CGFloat { rendered(.zPosition, model: zPosition) { $0.zPosition } }
    var renderAnchorPoint: CGPoint { rendered(.anchorPoint, model: anchorPoint) { $0.anchorPoint } }
    var renderTransform: CATransform3D { rendered(.transform, model: transform) { $0.transform } }
    var renderSublayerTransform: CATransform3D {
        rendered(.sublayerTransform, model: sublayerTransform) { $0.sublayerTransform }
    }
    var renderOpacity: Float { rendered(.opacity, model: opacity) { $0.opacity } }
    var renderBackgroundColor: CGColor? { rendered(.backgroundColor, model: backgroundColor) { $0.backgroundColor } }
    var renderBorderColor: CGColor? { rendered(.borderColor, model: borderColor) { $0.borderColor } }
    var renderBorderWidth: CGFloat { rendered(.borderWidth, model: borderWidth) { $0.borderWidth } }
    var renderCornerRadius: CGFloat { rendered(.cornerRadius, model: cornerRadius) { $0.cornerRadius } }
    var renderContentsRect: CGRect { rendered(.contentsRect, model: contentsRect) { $0.contentsRect } }
    var renderContentsCenter: CGRect { rendered(.contentsCenter, model: contentsCenter) { $0.contentsCenter } }
    var renderShadowColor: CGColor? { rendered(.shadowColor, model: shadowColor) { $0.shadowColor } }
    var renderShadowOpacity: Float { rendered(.shadowOpacity, model: shadowOpacity) { $0.shadowOpacity } }
    var renderShadowOffset: CGSize { rendered(.shadowOffset, model: shadowOffset) { $0.shadowOffset } }
    var renderShadowRadius: CGFloat { rendered(.shadowRadius, model: shadowRadius) { $0.shadowRadius } }
    var renderShadowPath: CGPath? { rendered(.shadowPath, model: shadowPath) { $0.shadowPath } }

    /// The value an animation shows for a subclass property `key` (`strokeEnd`, `colors` ...);
    /// nil when none animates it (the model value shows).
    func renderExtra(_ key: String) -> AnimationValue? {
        guard let box = presentationOverlayBox, box.value.mask.contains(.extra),
            box.value.values.animatedExtraKeys.contains(key)
        else { return nil }
        return box.value.values.extra[key]
    }

    /// A subclass's scalar property as drawn.
    func renderExtraScalar(_ key: String, model: CGFloat) -> CGFloat {
        if case .scalar(let v)? = renderExtra(key) { return CGFloat(v) }
        return model
    }

    /// A subclass's colour property as drawn.
    func renderExtraColor(_ key: String, model: CGColor?) -> CGColor? {
        if case .color(let c)? = renderExtra(key) { return c }
        return model
    }

    /// A subclass's point property as drawn.
    func renderExtraPoint(_ key: String, model: CGPoint) -> CGPoint {
        if case .point(let p)? = renderExtra(key) { return p }
        return model
    }

    /// The sampled value of `property` when an animation shows one, else `model`; read in
    /// place in the overlay's box.
    @inline(__always)
    private func rendered<Value>(
        _ property: AnimatedProperties, model: Value, _ sampled: (LayerRenderValues) -> Value
    ) -> Value {
        guard let box = presentationOverlayBox, box.value.mask.contains(property) else { return model }
        return sampled(box.value.values)
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
        guard hasPresentationOverlay || superlayer?.hasPresentationOverlay == true else {
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
        if mask.contains(.shadowColor) { shadowColor = values.shadowColor }
        if mask.contains(.shadowOpacity) { shadowOpacity = values.shadowOpacity }
        if mask.contains(.shadowOffset) { shadowOffset = values.shadowOffset }
        if mask.contains(.shadowRadius) { shadowRadius = values.shadowRadius }
        if mask.contains(.shadowPath) { shadowPath = values.shadowPath }
        if mask.contains(.extra) {
            for key in values.animatedExtraKeys {
                if let value = values.extra[key] { setExtraAnimatableValue(value, forKey: key) }
            }
        }
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
        if mask.contains(.shadowColor) { shadowColor = other.shadowColor }
        if mask.contains(.shadowOpacity) { shadowOpacity = other.shadowOpacity }
        if mask.contains(.shadowOffset) { shadowOffset = other.shadowOffset }
        if mask.contains(.shadowRadius) { shadowRadius = other.shadowRadius }
        if mask.contains(.shadowPath) { shadowPath = other.shadowPath }
        if mask.contains(.extra) {
            for key in other.animatedExtraKeys { extra[key] = other.extra[key] }
            animatedExtraKeys.formUnion(other.animatedExtraKeys)
        }
    }
}
