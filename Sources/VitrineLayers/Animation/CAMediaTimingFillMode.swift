/// What an animation shows outside its active time, as Core Animation's
/// `CAMediaTimingFillMode` (string-backed, with Core Animation's raw values).
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    /// The mode's string value, as CA's `kCAFillMode*` constants.
    public var rawValue: String

    /// A fill mode with the given string value.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Nothing outside the active time: the layer shows its model value (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// After the active time the final value stays (while the animation stays attached:
    /// set `isRemovedOnCompletion` to false).
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// Before `beginTime` the initial value shows.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both `forwards` and `backwards`.
    public static let both = CAMediaTimingFillMode(rawValue: "both")

    var fillsBackwards: Bool { self == .backwards || self == .both }
    var fillsForwards: Bool { self == .forwards || self == .both }
}
