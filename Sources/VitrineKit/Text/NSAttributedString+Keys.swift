import Foundation

// UIKit's attribute keys, with UIKit's raw values so that strings made from dictionaries read
// elsewhere carry the same names. corelibs Foundation declares none of them.
extension NSAttributedString.Key {
    /// The `UIFont` of the text, as UIKit's `NSAttributedString.Key.font` (same raw value,
    /// `"NSFont"`). Drawing without it uses the 12-point system font, as UIKit does.
    public static let font = NSAttributedString.Key("NSFont")

    /// The `UIColor` of the text, as UIKit's `NSAttributedString.Key.foregroundColor` (same raw
    /// value, `"NSColor"`). Drawing without it uses black, as UIKit does.
    public static let foregroundColor = NSAttributedString.Key("NSColor")

    /// The `UIColor` behind the text, a line tall, as `backgroundColor` (`"NSBackgroundColor"`).
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")

    /// Extra space after each character in points, a number, as `kern` (`"NSKern"`).
    public static let kern = NSAttributedString.Key("NSKern")

    /// A line under the text: an `NSUnderlineStyle` raw value (or the style), as
    /// `underlineStyle` (`"NSUnderline"`).
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")

    /// The underline's `UIColor` (default: the text's), as `underlineColor`.
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")

    /// A line through the text: an `NSUnderlineStyle` raw value (or the style), as
    /// `strikethroughStyle` (`"NSStrikethrough"`).
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")

    /// The strikethrough's `UIColor` (default: the text's), as `strikethroughColor`.
    public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")

    /// The `NSParagraphStyle` of the text's paragraph, as `paragraphStyle`
    /// (`"NSParagraphStyle"`).
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")

    /// An `NSShadow` drawn under the text, as `shadow` (`"NSShadow"`).
    public static let shadow = NSAttributedString.Key("NSShadow")

    /// A link, a `URL` or a `String`, as `link` (`"NSLink"`): a text view draws it with its
    /// `linkTextAttributes`.
    public static let link = NSAttributedString.Key("NSLink")
}
