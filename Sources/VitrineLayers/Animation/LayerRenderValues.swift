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
    /// The shadow's values and the subclasses' (see `ExtendedRenderValues`), out of line: nil
    /// while they are all the defaults, as for most layers, so that the values the engine
    /// copies several times per layer and frame stay small.
    private var extendedBox: ExtendedRenderValues.Box?

    var extended: ExtendedRenderValues {
        get { extendedBox?.value ?? .defaults }
        set { extendedBox = newValue == .defaults ? nil : ExtendedRenderValues.Box(newValue) }
    }
    var shadowColor: CGColor? {
        get { extended.shadowColor }
        set { extended.shadowColor = newValue }
    }
    var shadowOpacity: Float {
        get { extended.shadowOpacity }
        set { extended.shadowOpacity = newValue }
    }
    var shadowOffset: CGSize {
        get { extended.shadowOffset }
        set { extended.shadowOffset = newValue }
    }
    var shadowRadius: CGFloat {
        get { extended.shadowRadius }
        set { extended.shadowRadius = newValue }
    }
    var shadowPath: CGPath? {
        get { extended.shadowPath }
        set { extended.shadowPath = newValue }
    }
    /// The animatable properties of subclasses (`CAShapeLayer`, `CAGradientLayer`, ...), by key
    /// path; empty for a plain layer.
    var extra: [String: AnimationValue] {
        get { extended.extra }
        set { extended.extra = newValue }
    }
    /// The keys of `extra` an animation wrote (the others hold model values).
    var animatedExtraKeys: Set<String> {
        get { extended.animatedExtraKeys }
        set { extended.animatedExtraKeys = newValue }
    }

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
        extended = ExtendedRenderValues(
            shadowColor: layer.shadowColor, shadowOpacity: layer.shadowOpacity, shadowOffset: layer.shadowOffset,
            shadowRadius: layer.shadowRadius, shadowPath: layer.shadowPath, extra: layer.extraAnimatableValues())
    }
}

/// The values of `LayerRenderValues` most layers leave at their defaults (Core Animation's:
/// no shadow, and no subclass properties).
struct ExtendedRenderValues: Equatable {
    var shadowColor: CGColor? = .black
    var shadowOpacity: Float = 0
    var shadowOffset = CGSize(width: 0, height: -3)
    var shadowRadius: CGFloat = 3
    var shadowPath: CGPath? = nil
    var extra: [String: AnimationValue] = [:]
    var animatedExtraKeys: Set<String> = []

    static var defaults: ExtendedRenderValues { ExtendedRenderValues() }

    /// An immutable box: a change makes a new one, so copies of the values never share a change.
    final class Box: Equatable {
        let value: ExtendedRenderValues
        init(_ value: ExtendedRenderValues) { self.value = value }
        static func == (lhs: Box, rhs: Box) -> Bool { lhs === rhs || lhs.value == rhs.value }
    }
}

/// What a layer shows while animations run: the sampled values of the properties in `mask`
/// (the others show their model values).
struct PresentationOverlay: Equatable {
    var mask: AnimatedProperties
    var values: LayerRenderValues
}
