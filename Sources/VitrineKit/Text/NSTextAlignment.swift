/// How lines of text are placed horizontally, as UIKit's `NSTextAlignment` (same cases and
/// iOS raw values).
public enum NSTextAlignment: Int, Sendable, Hashable, CaseIterable {
    /// Lines start at the left edge.
    case left = 0
    /// Lines are centred.
    case center = 1
    /// Lines end at the right edge.
    case right = 2
    /// Every line but a paragraph's last fills the width.
    case justified = 3
    /// Left for left-to-right text, right for right-to-left text.
    case natural = 4

    /// The alignment a view laid out in `direction` uses: `.natural` is `.right` right to
    /// left (UIKit's natural alignment follows the view's
    /// `effectiveUserInterfaceLayoutDirection`), the others are themselves.
    func resolved(for direction: UIUserInterfaceLayoutDirection) -> NSTextAlignment {
        self == .natural && direction == .rightToLeft ? .right : self
    }

    /// The alignment for `TextLayout` in a view laid out in `direction` (see `resolved(for:)`).
    func layoutAlignment(for direction: UIUserInterfaceLayoutDirection) -> TextLayout.Alignment {
        resolved(for: direction).layoutAlignment
    }

    /// The same alignment for `TextLayout`.
    var layoutAlignment: TextLayout.Alignment {
        switch self {
        case .left: .left
        case .center: .center
        case .right: .right
        case .justified: .justified
        case .natural: .natural
        }
    }
}
