/// The layer properties an animation can change, as a set.
struct AnimatedProperties: OptionSet, Hashable {
    let rawValue: UInt32

    static let position = AnimatedProperties(rawValue: 1 << 0)
    static let bounds = AnimatedProperties(rawValue: 1 << 1)
    static let zPosition = AnimatedProperties(rawValue: 1 << 2)
    static let anchorPoint = AnimatedProperties(rawValue: 1 << 3)
    static let transform = AnimatedProperties(rawValue: 1 << 4)
    static let sublayerTransform = AnimatedProperties(rawValue: 1 << 5)
    static let opacity = AnimatedProperties(rawValue: 1 << 6)
    static let backgroundColor = AnimatedProperties(rawValue: 1 << 7)
    static let borderColor = AnimatedProperties(rawValue: 1 << 8)
    static let borderWidth = AnimatedProperties(rawValue: 1 << 9)
    static let cornerRadius = AnimatedProperties(rawValue: 1 << 10)
    static let contentsRect = AnimatedProperties(rawValue: 1 << 11)
    static let contentsCenter = AnimatedProperties(rawValue: 1 << 12)
    static let shadowColor = AnimatedProperties(rawValue: 1 << 13)
    static let shadowOpacity = AnimatedProperties(rawValue: 1 << 14)
    static let shadowOffset = AnimatedProperties(rawValue: 1 << 15)
    static let shadowRadius = AnimatedProperties(rawValue: 1 << 16)
    /// A property of a subclass (`CAShapeLayer.strokeEnd`, `CAGradientLayer.colors`, ...):
    /// which ones is in `LayerRenderValues.animatedExtraKeys`.
    static let extra = AnimatedProperties(rawValue: 1 << 17)
    static let shadowPath = AnimatedProperties(rawValue: 1 << 18)
}
