import Foundation
import VitrineGraphics

/// The values of a layer's animatable properties, as an animation engine samples them.
struct LayerRenderValues: Equatable {
    var position: CGPoint
    var bounds: CGRect
    var zPosition: CGFloat
    var anchorPoint: CGPoint
    var transform: CATransform3D
    var sublayerTransform: CATransform3D
    var opacity: Float
    var backgroundColor: CGColor?
    var borderColor: CGColor?
    var borderWidth: CGFloat
    var cornerRadius: CGFloat
    var contentsRect: CGRect
    var contentsCenter: CGRect
    var shadowColor: CGColor?
    var shadowOpacity: Float
    var shadowOffset: CGSize
    var shadowRadius: CGFloat
    var shadowPath: CGPath?
    /// The animatable properties of subclasses (`CAShapeLayer`, `CAGradientLayer`, ...), by key
    /// path; empty for a plain layer.
    var extra: [String: AnimationValue]
    /// The keys of `extra` an animation wrote (the others hold model values).
    var animatedExtraKeys: Set<String> = []

    /// The model values of `layer`.
    @MainActor init(model layer: CALayer) {
        position = layer.position
        bounds = layer.bounds
        zPosition = layer.zPosition
        anchorPoint = layer.anchorPoint
        transform = layer.transform
        sublayerTransform = layer.sublayerTransform
        opacity = layer.opacity
        backgroundColor = layer.backgroundColor
        borderColor = layer.borderColor
        borderWidth = layer.borderWidth
        cornerRadius = layer.cornerRadius
        contentsRect = layer.contentsRect
        contentsCenter = layer.contentsCenter
        shadowColor = layer.shadowColor
        shadowOpacity = layer.shadowOpacity
        shadowOffset = layer.shadowOffset
        shadowRadius = layer.shadowRadius
        shadowPath = layer.shadowPath
        extra = layer.extraAnimatableValues()
    }
}

/// What a layer shows while animations run: the sampled values of the properties in `mask`
/// (the others show their model values).
struct PresentationOverlay: Equatable {
    var mask: AnimatedProperties
    var values: LayerRenderValues
}
