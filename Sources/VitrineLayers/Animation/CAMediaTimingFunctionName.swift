/// The names of Core Animation's predefined timing curves, as `CAMediaTimingFunctionName`
/// (a string-backed struct, so the raw values are Core Animation's).
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    /// The name's string value, as CA's `kCAMediaTimingFunction*` constants.
    public var rawValue: String

    /// A name with the given string value.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Constant speed: control points (0, 0) and (1, 1).
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// Starts slowly: control points (0.42, 0) and (1, 1).
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// Ends slowly: control points (0, 0) and (0.58, 1).
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// Starts and ends slowly: control points (0.42, 0) and (0.58, 1).
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// Core Animation's default curve: control points (0.25, 0.1) and (0.25, 1).
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}
