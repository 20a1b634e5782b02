import Foundation
import VitrineGraphics

/// A layer that draws its sublayers `instanceCount` times, as Core Animation's
/// `CAReplicatorLayer`: instance k is instance k-1 with `instanceTransform` applied (about the
/// centre of the replicator's bounds, so instance k has the transform to the power k), its time
/// delayed by `instanceDelay` (its animations run k·delay later), and its colours multiplied by
/// `instanceColor` plus k times the offsets (each component clamped to 0...1). So the common
/// activity spinner (a dot, 12 instances turned by 30°, an opacity animation with a delay of
/// a twelfth of its duration) works as on iOS.
///
/// How: the replicator keeps a private copy of its sublayer tree per instance (with the
/// originals' model values and animations, their begin times kept) inside a container layer
/// carrying the instance's transform, time offset and alpha; the compositor draws the
/// containers in place of the sublayers (`compositedSublayers`) and the animation engine
/// samples them. The copies follow the originals' model values and animations at every frame
/// the replicator's tree changed. Hit-testing, `sublayers` and `presentation()` see only the
/// originals, as in Core Animation.
///
/// Deviations: the red, green and blue of `instanceColor` multiply the copies' background,
/// border, shape and text colours, not the pixels of image contents (alpha applies to all);
/// at most `maximumInstanceCount` instances are drawn; `preservesDepth` is stored only
/// (everything is flattened, as with false). Animatable: `instanceDelay`, `instanceTransform`,
/// `instanceColor` and the four offsets.
@preconcurrency @MainActor
open class CAReplicatorLayer: CALayer {
    /// The most instances drawn (a larger `instanceCount` draws this many).
    public static let maximumInstanceCount = 1000

    /// How many copies are drawn, the originals' place included, as `instanceCount`
    /// (default 1; 0 or less draws nothing).
    open var instanceCount: Int = 1 {
        didSet { if instanceCount != oldValue { layerDidChange() } }
    }

    /// Stored as `preservesDepth` (default false); Vitrine flattens the instances.
    open var preservesDepth = false

    /// The delay between instances' times, in seconds, as `instanceDelay` (default 0).
    open var instanceDelay: CFTimeInterval = 0 {
        willSet { if newValue != instanceDelay { willChangeAnimatableProperty("instanceDelay") } }
        didSet { animatablePropertyDidChange(instanceDelay != oldValue, "instanceDelay") }
    }

    /// The transform taking instance k-1 to instance k, about the centre of the bounds, as
    /// `instanceTransform` (default identity).
    open var instanceTransform: CATransform3D = CATransform3DIdentity {
        willSet { if newValue != instanceTransform { willChangeAnimatableProperty("instanceTransform") } }
        didSet { animatablePropertyDidChange(instanceTransform != oldValue, "instanceTransform") }
    }

    /// The colour the first instance is multiplied by, as `instanceColor` (default opaque white).
    open var instanceColor: CGColor? = .white {
        willSet { if newValue != instanceColor { willChangeAnimatableProperty("instanceColor") } }
        didSet { animatablePropertyDidChange(instanceColor != oldValue, "instanceColor") }
    }

    /// Added to the red of the colour multiplied per instance, as `instanceRedOffset` (default 0).
    open var instanceRedOffset: Float = 0 {
        willSet { if newValue != instanceRedOffset { willChangeAnimatableProperty("instanceRedOffset") } }
        didSet { animatablePropertyDidChange(instanceRedOffset != oldValue, "instanceRedOffset") }
    }

    /// Added to the green per instance, as `instanceGreenOffset` (default 0).
    open var instanceGreenOffset: Float = 0 {
        willSet { if newValue != instanceGreenOffset { willChangeAnimatableProperty("instanceGreenOffset") } }
        didSet { animatablePropertyDidChange(instanceGreenOffset != oldValue, "instanceGreenOffset") }
    }

    /// Added to the blue per instance, as `instanceBlueOffset` (default 0).
    open var instanceBlueOffset: Float = 0 {
        willSet { if newValue != instanceBlueOffset { willChangeAnimatableProperty("instanceBlueOffset") } }
        didSet { animatablePropertyDidChange(instanceBlueOffset != oldValue, "instanceBlueOffset") }
    }

    /// Added to the alpha per instance, as `instanceAlphaOffset` (default 0).
    open var instanceAlphaOffset: Float = 0 {
        willSet { if newValue != instanceAlphaOffset { willChangeAnimatableProperty("instanceAlphaOffset") } }
        didSet { animatablePropertyDidChange(instanceAlphaOffset != oldValue, "instanceAlphaOffset") }
    }

    // MARK: Instances

    /// While copies are brought in step, property changes run no actions.
    static var isSyncingInstances = false

    /// One container per instance, each holding copies of the sublayers.
    private var containers: [CALayer] = []
    /// The originals' tree shape the copies were made from.
    private var copiedShape: [ObjectIdentifier] = []

    override var compositedSublayers: [CALayer] {
        syncInstances()
        return containers
    }

    override var animatedInternalSublayers: [CALayer] { containers }

    private func syncInstances() {
        let originals = sublayersInDrawingOrder
        let count = max(0, min(Self.maximumInstanceCount, instanceCount))
        guard count > 0, !originals.isEmpty else {
            if !containers.isEmpty { dropContainers() }
            return
        }
        let saved = Self.isSyncingInstances
        Self.isSyncingInstances = true
        defer { Self.isSyncingInstances = saved }
        var shape: [ObjectIdentifier] = []
        for layer in originals { Self.appendShape(of: layer, to: &shape) }
        if shape != copiedShape || containers.count > count {
            dropContainers()
            copiedShape = shape
        }
        while containers.count < count {
            let container = CALayer()
            container.superlayer = self
            for original in originals { container.addSublayer(Self.copyTree(of: original)) }
            containers.append(container)
        }
        let bounds = renderBounds
        let step = renderInstanceTransform
        let delay = renderExtraScalar("instanceDelay", model: CGFloat(instanceDelay))
        let base = renderExtraColor("instanceColor", model: instanceColor) ?? .white
        let offsets = [
            renderExtraScalar("instanceRedOffset", model: CGFloat(instanceRedOffset)),
            renderExtraScalar("instanceGreenOffset", model: CGFloat(instanceGreenOffset)),
            renderExtraScalar("instanceBlueOffset", model: CGFloat(instanceBlueOffset)),
            renderExtraScalar("instanceAlphaOffset", model: CGFloat(instanceAlphaOffset)),
        ]
        var transform = CATransform3DIdentity
        for (index, container) in containers.enumerated() {
            let k = CGFloat(index)
            container.bounds = bounds
            container.anchorPoint = CGPoint(x: 0.5, y: 0.5)
            container.position = CGPoint(x: bounds.midX, y: bounds.midY)
            container.transform = transform
            container.timeOffset = delay.isFinite ? -Double(k) * Double(delay) : 0
            func clamp(_ v: CGFloat) -> CGFloat { v.isFinite ? min(1, max(0, v)) : 0 }
            let tint = CGColor(
                red: clamp(base.red + k * offsets[0]), green: clamp(base.green + k * offsets[1]),
                blue: clamp(base.blue + k * offsets[2]), alpha: 1)
            container.opacity = Float(clamp(base.alpha + k * offsets[3]))
            for (original, copy) in zip(originals, container.sublayerStorage ?? []) {
                Self.sync(copy, with: original, tint: tint)
            }
            transform = transform.concatenating(step)
        }
    }

    private var renderInstanceTransform: CATransform3D {
        if case .transform(let t)? = renderExtra("instanceTransform") { return t }
        return instanceTransform
    }

    private func dropContainers() {
        for container in containers { container.superlayer = nil }
        containers.removeAll()
        copiedShape.removeAll()
    }

    private static func appendShape(of layer: CALayer, to shape: inout [ObjectIdentifier]) {
        shape.append(ObjectIdentifier(layer))
        for sublayer in layer.sublayersInDrawingOrder { appendShape(of: sublayer, to: &shape) }
        shape.append(ObjectIdentifier(CALayer.self))
    }

    private static func copyTree(of original: CALayer) -> CALayer {
        let copy = type(of: original).init()
        for sublayer in original.sublayersInDrawingOrder { copy.addSublayer(copyTree(of: sublayer)) }
        return copy
    }

    /// Brings a copy's model values and animations in step with its original, tinted.
    private static func sync(_ copy: CALayer, with original: CALayer, tint: CGColor) {
        copy.copyProperties(from: original)
        if tint.red < 1 || tint.green < 1 || tint.blue < 1 {
            func tinted(_ c: CGColor?) -> CGColor? {
                c.map {
                    CGColor(
                        red: $0.red * tint.red, green: $0.green * tint.green, blue: $0.blue * tint.blue, alpha: $0.alpha
                    )
                }
            }
            copy.backgroundColor = tinted(copy.backgroundColor)
            copy.borderColor = tinted(copy.borderColor)
            if let shape = copy as? CAShapeLayer {
                shape.fillColor = tinted(shape.fillColor)
                shape.strokeColor = tinted(shape.strokeColor)
            }
            if let text = copy as? CATextLayer { text.foregroundColor = tinted(text.foregroundColor) }
        }
        let animations = original.attachedAnimations
        if animations.map({ ObjectIdentifier($0.animation) }) != copy.copiedAnimationIDs {
            copy.attachedAnimations = animations.map { attached in
                let animation = (attached.animation.copy() as? CAAnimation) ?? attached.animation
                animation.delegate = nil
                let copied = AttachedAnimation(key: attached.key, animation: animation, completionGroups: [])
                copied.begin = attached.begin
                copied.started = true
                return copied
            }
            copy.copiedAnimationIDs = animations.map { ObjectIdentifier($0.animation) }
            if !animations.isEmpty { copy.markSubtreeHasAnimations() }
        }
        for (originalSublayer, copySublayer) in zip(original.sublayersInDrawingOrder, copy.sublayerStorage ?? []) {
            sync(copySublayer, with: originalSublayer, tint: tint)
        }
    }

    // MARK: Animation and copies

    override func extraAnimatableValues() -> [String: AnimationValue] {
        [
            "instanceDelay": .scalar(instanceDelay), "instanceTransform": .transform(instanceTransform),
            "instanceColor": .color(instanceColor ?? .clear), "instanceRedOffset": .scalar(Double(instanceRedOffset)),
            "instanceGreenOffset": .scalar(Double(instanceGreenOffset)),
            "instanceBlueOffset": .scalar(Double(instanceBlueOffset)),
            "instanceAlphaOffset": .scalar(Double(instanceAlphaOffset)),
        ]
    }

    override func setExtraAnimatableValue(_ value: AnimationValue, forKey key: String) {
        switch (key, value) {
        case ("instanceDelay", .scalar(let v)): instanceDelay = v
        case ("instanceTransform", .transform(let t)): instanceTransform = t
        case ("instanceColor", .color(let c)): instanceColor = c
        case ("instanceRedOffset", .scalar(let v)): instanceRedOffset = Float(v)
        case ("instanceGreenOffset", .scalar(let v)): instanceGreenOffset = Float(v)
        case ("instanceBlueOffset", .scalar(let v)): instanceBlueOffset = Float(v)
        case ("instanceAlphaOffset", .scalar(let v)): instanceAlphaOffset = Float(v)
        default: break
        }
    }

    override func copyProperties(from other: CALayer) {
        super.copyProperties(from: other)
        guard let other = other as? CAReplicatorLayer else { return }
        instanceCount = other.instanceCount
        preservesDepth = other.preservesDepth
        instanceDelay = other.instanceDelay
        instanceTransform = other.instanceTransform
        instanceColor = other.instanceColor
        instanceRedOffset = other.instanceRedOffset
        instanceGreenOffset = other.instanceGreenOffset
        instanceBlueOffset = other.instanceBlueOffset
        instanceAlphaOffset = other.instanceAlphaOffset
    }
}
