/// How an underline or strikethrough is drawn, as UIKit's `NSUnderlineStyle` (same raw
/// values). The value of `.underlineStyle` and `.strikethroughStyle` is its raw value (or the
/// style). Vitrine draws `.single` and `.thick` as one line (pango has no thick line),
/// `.double` as two, and ignores the patterns and `.byWord`.
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// One thin line.
    public static let single = NSUnderlineStyle(rawValue: 0x01)
    /// One thick line.
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    /// Two thin lines.
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    /// A dotted line.
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    /// A dashed line.
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    /// Dashes and dots.
    public static let patternDashDot = NSUnderlineStyle(rawValue: 0x0300)
    /// Dashes and pairs of dots.
    public static let patternDashDotDot = NSUnderlineStyle(rawValue: 0x0400)
    /// Words only, not the spaces between them.
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}
