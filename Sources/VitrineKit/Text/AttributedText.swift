import Foundation

/// An `NSAttributedString` read for drawing: its string, its runs as `TextLayout` runs (UTF-8
/// ranges), and the paragraph style at its start, which lays out the whole text.
///
/// Values of the wrong type, non-finite numbers and fonts of no size are ignored, as UIKit
/// ignores what it cannot use. Ranges come from the string's own runs, so they are always
/// within it (corelibs Foundation crashes on adding an attribute beyond the string, where
/// Apple's raises `NSRangeException`; `TextLayout` clamps ranges all the same).
struct AttributedText: Equatable {
    let string: String
    let runs: [TextRun]
    let paragraph: TextParagraph
    /// The paragraph style at the start, if any.
    let alignment: NSTextAlignment?
    let lineBreakMode: NSLineBreakMode?

    /// Reads `attributed`; runs with a `.link` take `linkAttributes` over their own (a text
    /// view's `linkTextAttributes`).
    init(_ attributed: NSAttributedString, linkAttributes: [NSAttributedString.Key: Any]? = nil) {
        let string = attributed.string
        self.string = string
        var runs: [TextRun] = []
        let whole = NSRange(location: 0, length: attributed.length)
        // UTF-16 offsets grow run by run: convert incrementally rather than from the start.
        let utf16 = string.utf16
        var index = string.startIndex
        var utf16Offset = 0
        var utf8Offset = 0
        func utf8(at offset: Int) -> Int {
            let target = min(max(offset, utf16Offset), utf16.count)
            let next = utf16.index(index, offsetBy: target - utf16Offset)
            // An offset inside a surrogate pair rounds down to the pair's start.
            let scalar =
                string.unicodeScalars.indices.contains(next) || next == string.endIndex
                ? next : string.unicodeScalars.index(before: next)
            utf8Offset += string.utf8.distance(from: index, to: scalar)
            utf16Offset = utf16.distance(from: utf16.startIndex, to: scalar)
            index = scalar
            return utf8Offset
        }
        if whole.length > 0 {
            attributed.enumerateAttributes(in: whole, options: []) { attributes, range, _ in
                let start = utf8(at: range.location)
                let end = utf8(at: range.location + range.length)
                var attributes = attributes
                if let linkAttributes, attributes[.link] != nil {
                    attributes.merge(linkAttributes) { _, link in link }
                }
                let run = TextRun(attributes: attributes, range: start..<end)
                if !run.isEmpty, start < end { runs.append(run) }
            }
        }
        self.runs = runs
        let style =
            attributed.length > 0
            ? attributed.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle : nil
        paragraph = TextParagraph(
            lineSpacing: style?.lineSpacing ?? 0, firstLineHeadIndent: style?.firstLineHeadIndent ?? 0,
            headIndent: style?.headIndent ?? 0)
        alignment = style?.alignment
        lineBreakMode = style?.lineBreakMode
    }

    static func == (lhs: AttributedText, rhs: AttributedText) -> Bool {
        lhs.string == rhs.string && lhs.runs == rhs.runs && lhs.paragraph == rhs.paragraph
            && lhs.alignment == rhs.alignment && lhs.lineBreakMode == rhs.lineBreakMode
    }

    /// The laid-out text: `font` where a run has none, wrapped at `maxWidth` per the
    /// paragraph style's alignment and line break mode (else the ones given).
    func layout(
        font: FontDescriptor, maxWidth: CGFloat?, alignment: TextLayout.Alignment,
        lineBreakMode: TextLayout.LineBreakMode = .byWordWrapping, lines: Int = 0
    ) -> TextLayout {
        TextLayout(
            string: string, font: font, maxWidth: maxWidth, alignment: alignment, lineBreakMode: lineBreakMode,
            maximumNumberOfLines: lines, runs: runs, paragraph: paragraph)
    }
}

extension TextRun {
    /// The run `attributes` describe over `range`.
    init(attributes: [NSAttributedString.Key: Any], range: Range<Int>) {
        self.init(range: range)
        if let font = attributes[.font] as? UIFont, font.pointSize.isFinite, font.pointSize > 0 {
            self.font = font.descriptor
        }
        foregroundColor = Self.color(attributes[.foregroundColor])
        backgroundColor = Self.color(attributes[.backgroundColor])
        if let kern = Self.number(attributes[.kern]), kern.isFinite, kern != 0 { self.kern = kern }
        if let style = Self.lineStyle(attributes[.underlineStyle]) {
            underline = TextDecoration(
                isDouble: style.contains(.double) && !style.contains(.thick),
                color: Self.color(attributes[.underlineColor]))
        }
        if let style = Self.lineStyle(attributes[.strikethroughStyle]) {
            strikethrough = TextDecoration(
                isDouble: style.contains(.double) && !style.contains(.thick),
                color: Self.color(attributes[.strikethroughColor]))
        }
        if let shadow = attributes[.shadow] as? NSShadow, shadow.shadowOffset.width.isFinite,
            shadow.shadowOffset.height.isFinite
        {
            self.shadow = TextShadow(
                offset: shadow.shadowOffset,
                blurRadius: shadow.shadowBlurRadius.isFinite ? max(0, shadow.shadowBlurRadius) : 0,
                color: shadow.resolvedColor)
        }
    }

    private static func color(_ value: Any?) -> CGColor? {
        switch value {
        case let color as UIColor: color.cgColor
        case let color as CGColor: color
        default: nil
        }
    }

    private static func number(_ value: Any?) -> CGFloat? {
        switch value {
        case let number as CGFloat: number
        case let number as Double: CGFloat(number)
        case let number as Float: CGFloat(number)
        case let number as Int: CGFloat(number)
        case let number as NSNumber: CGFloat(number.doubleValue)
        default: nil
        }
    }

    /// An underline or strikethrough style; nil for none (0) or a value of another type.
    private static func lineStyle(_ value: Any?) -> NSUnderlineStyle? {
        let style: NSUnderlineStyle
        switch value {
        case let value as NSUnderlineStyle: style = value
        case let value as Int: style = NSUnderlineStyle(rawValue: value)
        case let value as NSNumber: style = NSUnderlineStyle(rawValue: value.intValue)
        default: return nil
        }
        // The line itself is in the low byte; a pattern or `byWord` alone draws nothing.
        return style.rawValue & 0xFF == 0 ? nil : style
    }
}

extension NSAttributedString {
    /// This string's attributes carried onto `text`, an edit of its string: the characters
    /// kept at the start and the end keep theirs, and the characters typed in between take
    /// the attributes before them (the start's when nothing precedes), as UIKit's typing
    /// attributes do.
    func carryingAttributes(to text: String) -> NSAttributedString {
        let old = Array(string.utf16)
        let new = Array(text.utf16)
        guard old != new else { return self }
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        {
            suffix += 1
        }
        let result = NSMutableAttributedString(attributedString: self)
        let typing: [NSAttributedString.Key: Any] =
            length == 0 ? [:] : attributes(at: max(0, min(prefix - 1, length - 1)), effectiveRange: nil)
        let insertedUnits = Array(new[prefix..<(new.count - suffix)])
        let inserted = String(decoding: insertedUnits, as: UTF16.self)
        result.replaceCharacters(
            in: NSRange(location: prefix, length: old.count - prefix - suffix),
            with: NSAttributedString(string: inserted, attributes: typing))
        // A cut through a surrogate pair could leave the strings apart: start afresh then.
        guard result.string == text else {
            return NSAttributedString(string: text, attributes: typing)
        }
        return result
    }
}
