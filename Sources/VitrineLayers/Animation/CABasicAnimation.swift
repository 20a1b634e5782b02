/// An animation between two values of one key path, as Core Animation's `CABasicAnimation`.
///
/// Which of `fromValue`, `toValue` and `byValue` are set decides the interpolation, by Core
/// Animation's rules ("current" is the value underneath: the model value with earlier
/// animations of the layer applied):
///
/// | set | from | to |
/// | --- | --- | --- |
/// | from, to | fromValue | toValue |
/// | from, by | fromValue | fromValue + byValue |
/// | by, to | toValue - byValue | toValue |
/// | from | fromValue | current |
/// | to | current | toValue |
/// | by | current | current + byValue |
/// | none | the value shown before the change | current |
///
/// With all three set, `byValue` is ignored. "The value shown before the change" is the
/// presentation value when the animation runs as the action of a property change (the
/// implicit animation case); for an animation added with `add(_:forKey:)` it is the
/// presentation value at that moment.
///
/// Values are Swift values in `Any?`, as Core Animation's: `CGFloat`, `Double`, `Float`,
/// `Int` for scalars, `CGPoint`, `CGSize`, `CGRect`, `CATransform3D` (or `CGAffineTransform`),
/// `CGColor` (or nil for a clear colour). A value of the wrong type or with a NaN or infinite
/// component makes the animation do nothing (the layer shows what is underneath).
@preconcurrency @MainActor
open class CABasicAnimation: CAPropertyAnimation {
    /// The start value, as `fromValue`.
    open var fromValue: Any?
    /// The end value, as `toValue`.
    open var toValue: Any?
    /// The change from start to end, as `byValue`.
    open var byValue: Any?

    /// The value shown before the change, for an animation with no values set (captured by
    /// `CALayer.add(_:forKey:)`).
    var impliedFromValue: AnimationValue?

    override func copyValues(from other: CAAnimation) {
        super.copyValues(from: other)
        guard let other = other as? CABasicAnimation else { return }
        fromValue = other.fromValue
        toValue = other.toValue
        byValue = other.byValue
        impliedFromValue = other.impliedFromValue
    }

    /// Whether none of `fromValue`, `toValue`, `byValue` is set.
    var hasNoValues: Bool { fromValue == nil && toValue == nil && byValue == nil }

    /// The start and end values by Core Animation's rules, given the value underneath.
    func endpoints(current: AnimationValue, keyPath: AnimatableKeyPath) -> (AnimationValue, AnimationValue)? {
        let kind = keyPath.kind
        let from = fromValue.flatMap { AnimationValue($0, kind: kind) }
        let to = toValue.flatMap { AnimationValue($0, kind: kind) }
        let by = byValue.flatMap { AnimationValue($0, kind: kind) }
        // A value that is set but unusable makes the whole animation do nothing.
        if (fromValue != nil && from == nil) || (toValue != nil && to == nil) || (byValue != nil && by == nil) {
            return nil
        }
        switch (from, to, by) {
        case (let from?, let to?, _): return (from, to)
        case (let from?, nil, let by?): return from.adding(by).map { (from, $0) }
        case (nil, let to?, let by?): return to.subtracting(by).map { ($0, to) }
        case (let from?, nil, nil): return (from, current)
        case (nil, let to?, nil): return (current, to)
        case (nil, nil, let by?): return current.adding(by).map { (current, $0) }
        case (nil, nil, nil):
            return (impliedFromValue ?? current, current)
        }
    }

    override func apply(progress: AnimationProgress, to values: inout LayerRenderValues)
        -> AnimatedProperties
    {
        guard let keyPath = parsedKeyPath else { return [] }
        let current = keyPath.read(values)
        guard let (from, to) = endpoints(current: current, keyPath: keyPath) else { return [] }
        guard var value = AnimationValue.interpolate(from, to, interpolationFraction(progress)) else { return [] }
        if isCumulative, progress.iteration > 0, let step = to.subtracting(from),
            let sum = value.adding(step.scaled(Double(progress.iteration)))
        {
            value = sum
        }
        return write(value, to: &values, keyPath: keyPath)
    }

    /// The fraction between the endpoints at `progress`: the timing curve's value (overridden
    /// by springs).
    func interpolationFraction(_ progress: AnimationProgress) -> Double {
        progress.eased
    }
}
