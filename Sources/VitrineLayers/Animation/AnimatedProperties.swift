/// The layer properties an animation can change, as a set.
struct AnimatedProperties: OptionSet, Hashable {
    let rawValue: UInt16

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
}
