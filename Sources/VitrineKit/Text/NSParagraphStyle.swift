import Foundation

/// How a paragraph of attributed text is laid out, as UIKit's `NSParagraphStyle`: the value
/// of `NSAttributedString.Key.paragraphStyle`. Immutable; `NSMutableParagraphStyle` sets.
///
/// Vitrine lays out `alignment`, `lineBreakMode`, `lineSpacing`, `firstLineHeadIndent` and
/// `headIndent`, taken from the style at the start of the text for the whole text (UIKit
/// takes each paragraph's own); the other properties are kept and not drawn.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    /// The default style, as `NSParagraphStyle.default`: natural alignment, word wrapping,
    /// no spacing or indents.
    open class var `default`: NSParagraphStyle { NSParagraphStyle() }

    // The values, set by `NSMutableParagraphStyle` and by copies.
    var storedAlignment: NSTextAlignment = .natural
    var storedLineBreakMode: NSLineBreakMode = .byWordWrapping
    var storedLineSpacing: CGFloat = 0
    var storedParagraphSpacing: CGFloat = 0
    var storedParagraphSpacingBefore: CGFloat = 0
    var storedFirstLineHeadIndent: CGFloat = 0
    var storedHeadIndent: CGFloat = 0
    var storedTailIndent: CGFloat = 0
    var storedMinimumLineHeight: CGFloat = 0
    var storedMaximumLineHeight: CGFloat = 0
    var storedLineHeightMultiple: CGFloat = 0

    /// The default style, as `init()`.
    public override init() {
        super.init()
    }

    /// How lines are placed, as `alignment`.
    open var alignment: NSTextAlignment { storedAlignment }
    /// How text that does not fit is wrapped or cut, as `lineBreakMode`.
    open var lineBreakMode: NSLineBreakMode { storedLineBreakMode }
    /// Extra space between lines, in points, as `lineSpacing`.
    open var lineSpacing: CGFloat { storedLineSpacing }
    /// Space after the paragraph, as `paragraphSpacing` (kept, not drawn).
    open var paragraphSpacing: CGFloat { storedParagraphSpacing }
    /// Space before the paragraph, as `paragraphSpacingBefore` (kept, not drawn).
    open var paragraphSpacingBefore: CGFloat { storedParagraphSpacingBefore }
    /// The first line's indent from the leading edge, as `firstLineHeadIndent`.
    open var firstLineHeadIndent: CGFloat { storedFirstLineHeadIndent }
    /// The other lines' indent from the leading edge, as `headIndent`.
    open var headIndent: CGFloat { storedHeadIndent }
    /// The trailing indent, as `tailIndent` (kept, not drawn).
    open var tailIndent: CGFloat { storedTailIndent }
    /// The smallest line height, as `minimumLineHeight` (kept, not drawn).
    open var minimumLineHeight: CGFloat { storedMinimumLineHeight }
    /// The largest line height, as `maximumLineHeight` (kept, not drawn).
    open var maximumLineHeight: CGFloat { storedMaximumLineHeight }
    /// A factor on the line height, as `lineHeightMultiple` (kept, not drawn).
    open var lineHeightMultiple: CGFloat { storedLineHeightMultiple }

    /// An immutable copy, as `copy(with:)`.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSParagraphStyle()
        copy.setValues(from: self)
        return copy
    }

    /// A mutable copy, as `mutableCopy(with:)`.
    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        let copy = NSMutableParagraphStyle()
        copy.setValues(from: self)
        return copy
    }

    /// Equal values, as `isEqual(_:)`.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSParagraphStyle else { return false }
        return values == other.values
    }

    open override var hash: Int { values.hashValue }

    /// The values compared by `isEqual(_:)`.
    private var values: [CGFloat] {
        [
            CGFloat(alignment.rawValue), CGFloat(lineBreakMode.rawValue), lineSpacing, paragraphSpacing,
            paragraphSpacingBefore, firstLineHeadIndent, headIndent, tailIndent, minimumLineHeight,
            maximumLineHeight, lineHeightMultiple,
        ]
    }

    func setValues(from style: NSParagraphStyle) {
        storedAlignment = style.alignment
        storedLineBreakMode = style.lineBreakMode
        storedLineSpacing = style.lineSpacing
        storedParagraphSpacing = style.paragraphSpacing
        storedParagraphSpacingBefore = style.paragraphSpacingBefore
        storedFirstLineHeadIndent = style.firstLineHeadIndent
        storedHeadIndent = style.headIndent
        storedTailIndent = style.tailIndent
        storedMinimumLineHeight = style.minimumLineHeight
        storedMaximumLineHeight = style.maximumLineHeight
        storedLineHeightMultiple = style.lineHeightMultiple
    }
}

/// A paragraph style whose values can be set, as UIKit's `NSMutableParagraphStyle`.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    /// Copies `style`'s values, as `setParagraphStyle(_:)`.
    open func setParagraphStyle(_ style: NSParagraphStyle) {
        setValues(from: style)
    }

    open override var alignment: NSTextAlignment {
        get { storedAlignment }
        set { storedAlignment = newValue }
    }
    open override var lineBreakMode: NSLineBreakMode {
        get { storedLineBreakMode }
        set { storedLineBreakMode = newValue }
    }
    open override var lineSpacing: CGFloat {
        get { storedLineSpacing }
        set { storedLineSpacing = newValue }
    }
    open override var paragraphSpacing: CGFloat {
        get { storedParagraphSpacing }
        set { storedParagraphSpacing = newValue }
    }
    open override var paragraphSpacingBefore: CGFloat {
        get { storedParagraphSpacingBefore }
        set { storedParagraphSpacingBefore = newValue }
    }
    open override var firstLineHeadIndent: CGFloat {
        get { storedFirstLineHeadIndent }
        set { storedFirstLineHeadIndent = newValue }
    }
    open override var headIndent: CGFloat {
        get { storedHeadIndent }
        set { storedHeadIndent = newValue }
    }
    open override var tailIndent: CGFloat {
        get { storedTailIndent }
        set { storedTailIndent = newValue }
    }
    open override var minimumLineHeight: CGFloat {
        get { storedMinimumLineHeight }
        set { storedMinimumLineHeight = newValue }
    }
    open override var maximumLineHeight: CGFloat {
        get { storedMaximumLineHeight }
        set { storedMaximumLineHeight = newValue }
    }
    open override var lineHeightMultiple: CGFloat {
        get { storedLineHeightMultiple }
        set { storedLineHeightMultiple = newValue }
    }
}
