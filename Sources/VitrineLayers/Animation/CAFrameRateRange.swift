/// A range of frame rates a display link would like, as Core Animation's `CAFrameRateRange`.
public struct CAFrameRateRange: Hashable, Sendable {
    /// The lowest acceptable rate in frames per second.
    public var minimum: Float
    /// The highest acceptable rate in frames per second.
    public var maximum: Float
    /// The rate wanted, if any (nil: the display's maximum within the range).
    public var preferred: Float?

    /// A range, as `init(minimum:maximum:preferred:)`.
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    /// No preference: the display's refresh rate, as `.default`.
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)
}
