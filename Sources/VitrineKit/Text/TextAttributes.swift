import Foundation

/// The attributes string drawing understands, read from an attribute dictionary: a font
/// (`.font`, a `UIFont`) and a colour (`.foregroundColor`, a `UIColor` or a `CGColor`).
/// Values of other types and other keys are ignored, as UIKit ignores what it cannot use.
struct TextAttributes {
    var font: UIFont
    var color: CGColor

    /// UIKit's defaults for string drawing: the 12-point system font, black.
    static let defaultFont = UIFont.systemFont(ofSize: 12)

    init(_ attributes: [NSAttributedString.Key: Any]?) {
        font = attributes?[.font] as? UIFont ?? Self.defaultFont
        switch attributes?[.foregroundColor] {
        case let color as UIColor: self.color = color.cgColor
        case let color as CGColor: self.color = color
        default: self.color = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        }
    }
}
