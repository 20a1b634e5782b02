/// An animation of one key path of a layer, as Core Animation's `CAPropertyAnimation`.
///
/// The key paths that animate are those of `CALayer`'s animatable properties (see
/// `CALayer.add(_:forKey:)`); any other key path makes the animation do nothing, without an
/// error, as in Core Animation.
@preconcurrency @MainActor
open class CAPropertyAnimation: CAAnimation {
    /// The layer property the animation changes, as `keyPath` (`"position"`,
    /// `"transform.rotation.z"`, ...).
    open var keyPath: String? {
        didSet { parsedKeyPath = keyPath.flatMap(AnimatableKeyPath.init) }
    }

    /// The parsed key path; nil when not animatable.
    private(set) var parsedKeyPath: AnimatableKeyPath?

    /// Whether the animation's value is added to the value underneath (the model value, with
    /// earlier animations applied), as `isAdditive` (default false). Transforms are combined by
    /// concatenation (the animated transform first).
    open var isAdditive = false

    /// Whether each repetition continues from where the previous one ended instead of starting
    /// over, as `isCumulative` (default false).
    open var isCumulative = false

    /// A new animation of `path`, as `init(keyPath:)`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
        parsedKeyPath = path.flatMap(AnimatableKeyPath.init)
    }

    override func copyValues(from other: CAAnimation) {
        super.copyValues(from: other)
        guard let other = other as? CAPropertyAnimation else { return }
        keyPath = other.keyPath
        isAdditive = other.isAdditive
        isCumulative = other.isCumulative
    }

    override var isUsable: Bool { parsedKeyPath != nil }

    override func animates(_ property: AnimatedProperties) -> Bool {
        parsedKeyPath.map { property.contains($0.property) } ?? false
    }

    /// Combines an animated value with the value underneath for additive animations, and
    /// writes the result.
    func write(_ value: AnimationValue, to values: inout LayerRenderValues, keyPath: AnimatableKeyPath)
        -> AnimatedProperties
    {
        var result = value
        if isAdditive, let sum = keyPath.read(values).adding(value) { result = sum }
        guard result.isFinite else { return [] }
        keyPath.write(result, into: &values)
        return keyPath.property
    }
}
