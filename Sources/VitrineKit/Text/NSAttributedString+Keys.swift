import Foundation

extension NSAttributedString.Key {
    /// The `UIFont` of the text, as UIKit's `NSAttributedString.Key.font` (same raw value,
    /// `"NSFont"`). Drawing without it uses the 12-point system font, as UIKit does.
    public static let font = NSAttributedString.Key("NSFont")

    /// The `UIColor` of the text, as UIKit's `NSAttributedString.Key.foregroundColor` (same raw
    /// value, `"NSColor"`). Drawing without it uses black, as UIKit does.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
}
