/// The shape of a `CAGradientLayer`'s gradient, as Core Animation's `CAGradientLayerType`.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Along the line from `startPoint` to `endPoint` (the default), as `.axial`.
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// Outwards from `startPoint` to an ellipse through `endPoint`, as `.radial`.
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Around `startPoint`, starting in the direction of `endPoint`, as `.conic`.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}
