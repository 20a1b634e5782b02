/// What the showcase's controls have set: shown on the main screen and mirrored on the info
/// board of every other screen.
public struct ShowcaseStatus: Equatable, Sendable {
    /// Taps on "Check in" since the last reset.
    public var visitors = 0
    /// How fast the animated panel runs: 1 is its natural pace.
    public var motionSpeed = 1.0
    /// Whether the animated panel is in warm colours (the switch) rather than cool ones.
    public var warmColors = false

    /// No visitors, natural speed, cool colours.
    public init() {}

    /// The speed as shown on screen: "1.5×".
    public var speedText: String {
        let tenths = Int((motionSpeed * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)×"
    }
}
