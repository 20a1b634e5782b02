/// What happens to text that does not fit its width or line count, as UIKit's
/// `NSLineBreakMode` (same cases and raw values). Laid out by pango (`TextLayout`): the
/// truncating modes put "…" in the last line shown.
public enum NSLineBreakMode: Int, Sendable, Hashable, CaseIterable {
    /// Wrap at word boundaries (characters for words longer than a line).
    case byWordWrapping = 0
    /// Wrap at any character.
    case byCharWrapping = 1
    /// Wrap at words; what does not fit is cut off.
    case byClipping = 2
    /// The last line shown starts with "…".
    case byTruncatingHead = 3
    /// The last line shown ends with "…" (UILabel's default).
    case byTruncatingTail = 4
    /// The last line shown has "…" in its middle.
    case byTruncatingMiddle = 5

    /// The same mode for `TextLayout`.
    var layoutMode: TextLayout.LineBreakMode {
        switch self {
        case .byWordWrapping: .byWordWrapping
        case .byCharWrapping: .byCharWrapping
        case .byClipping: .byClipping
        case .byTruncatingHead: .byTruncatingHead
        case .byTruncatingTail: .byTruncatingTail
        case .byTruncatingMiddle: .byTruncatingMiddle
        }
    }
}
