/// The fill rule of a `CAShapeLayer`, as Core Animation's `CAShapeLayerFillRule`.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The non-zero winding rule (the default), as `.nonZero` (`"non-zero"`).
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// The even-odd rule, as `.evenOdd` (`"even-odd"`).
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// How the ends of a `CAShapeLayer`'s stroke are drawn, as Core Animation's
/// `CAShapeLayerLineCap`.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Squared off at the end point (the default), as `.butt`.
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    /// A half circle past the end point, as `.round`.
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// A half square past the end point, as `.square`.
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// How the corners of a `CAShapeLayer`'s stroke are drawn, as Core Animation's
/// `CAShapeLayerLineJoin`.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A sharp corner, limited by `miterLimit` (the default), as `.miter`.
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    /// A rounded corner, as `.round`.
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    /// A cut-off corner, as `.bevel`.
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}
