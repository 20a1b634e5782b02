/// How a keyframe animation computes values between keyframes, as Core Animation's
/// `CAAnimationCalculationMode` (string-backed, with Core Animation's raw values).
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    /// The mode's string value, as CA's `kCAAnimation*` constants.
    public var rawValue: String

    /// A mode with the given string value.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Straight-line interpolation between neighbouring values (the default).
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// No interpolation: each value holds until the next key time.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// Linear, with key times worked out so that the speed is constant (`keyTimes` and
    /// `timingFunctions` are ignored).
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// A Catmull-Rom spline through the values (Core Animation's Kochanek-Bartels spline with
    /// its default tension, continuity and bias of 0). Transforms interpolate linearly.
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// `cubic` with key times worked out as for `paced`.
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}
