import Foundation

// The one place where an editor's positions (UTF-16 offsets, as UIKit's `NSRange`s count
// them) and a `TextLayout`'s (UTF-8 byte offsets, pango's unit) are converted.
extension String {
    /// The UTF-8 offset of the UTF-16 offset `offset` (clamped to the string; an offset
    /// inside a surrogate pair rounds down to the pair's start).
    func utf8Offset(forUTF16Offset offset: Int) -> Int {
        let index = String.Index(utf16Offset: min(max(0, offset), utf16.count), in: self)
        return utf8.distance(from: startIndex, to: index)
    }

    /// The UTF-16 offset of the UTF-8 offset `offset` (clamped to the string).
    func utf16Offset(forUTF8Offset offset: Int) -> Int {
        let index = utf8.index(utf8.startIndex, offsetBy: min(max(0, offset), utf8.count))
        return index.utf16Offset(in: self)
    }
}
