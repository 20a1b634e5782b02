import Foundation

/// A description of a font, as UIKit's `UIFontDescriptor`: a family or face, a point size and
/// symbolic traits (bold, italic, monospace), from which `UIFont(descriptor:size:)` makes a
/// font. `UIFont.fontDescriptor` gives a font's, and `withSymbolicTraits(_:)` the same font
/// bold or italic, the usual way to make a bold or italic variant of any font.
///
/// Vitrine's descriptor is the font request pango draws (family, size, weight, slant; see
/// `UIFont`), so its attributes are those four: traits other than bold, italic and monospace
/// are carried in `symbolicTraits` but select nothing (fontconfig is asked for the family,
/// weight and slant only). Bold is a weight of `.bold` or heavier, as a face's bold trait
/// reads. Not an `NSObject`; no attribute dictionaries. Open, as UIKit's class is (unchecked
/// `Sendable`: an open class cannot be checked; its properties are constants).
open class UIFontDescriptor: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// A font's stylistic traits, as `UIFontDescriptor.SymbolicTraits` (UIKit's raw values).
    public struct SymbolicTraits: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
        public static let traitExpanded = SymbolicTraits(rawValue: 1 << 5)
        public static let traitCondensed = SymbolicTraits(rawValue: 1 << 6)
        public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
        public static let traitVertical = SymbolicTraits(rawValue: 1 << 11)
        public static let traitUIOptimized = SymbolicTraits(rawValue: 1 << 12)
        public static let traitTightLeading = SymbolicTraits(rawValue: 1 << 15)
        public static let traitLooseLeading = SymbolicTraits(rawValue: 1 << 16)
    }

    /// The font request (family, size, weight, slant).
    let request: FontDescriptor
    /// Traits asked for that the request does not carry (condensed, tight leading ...).
    private let otherTraits: SymbolicTraits

    /// A descriptor of the font request `request` (a Vitrine extension, as
    /// `UIFont(descriptor:)` takes one). Public and designated so that a subclass made in
    /// another module inherits `init(name:size:)`, as from UIKit's class.
    public init(_ request: FontDescriptor, otherTraits: SymbolicTraits = []) {
        self.request = request
        self.otherTraits = otherTraits.subtracting([.traitBold, .traitItalic, .traitMonoSpace])
    }

    /// A descriptor for the font named `fontName` (a PostScript, full or family name, as
    /// `UIFont(name:size:)` takes) at `size` points, as `init(name:size:)`; a name no
    /// installed face has is kept as a family name, which fontconfig substitutes when drawn.
    public convenience init(name fontName: String, size: CGFloat) {
        self.init(
            FontDescriptor(installedFontNamed: fontName, size: size) ?? FontDescriptor(family: fontName, size: size))
    }

    /// The point size, as `pointSize`.
    open var pointSize: CGFloat { request.size }

    /// The face's PostScript name, as `postscriptName`.
    open var postscriptName: String { request.postScriptName ?? request.resolvedName }

    /// The traits, as `symbolicTraits`: bold for a weight of `.bold` or heavier, italic, and
    /// monospace for the generic `monospace` family (the monospaced system font), with any
    /// other traits asked for through `withSymbolicTraits(_:)`.
    open var symbolicTraits: SymbolicTraits {
        var traits = otherTraits
        if request.weight >= .bold { traits.insert(.traitBold) }
        if request.italic { traits.insert(.traitItalic) }
        if request.family == Self.monospaceFamily { traits.insert(.traitMonoSpace) }
        return traits
    }

    /// The same descriptor with `symbolicTraits` in place of its traits, as
    /// `withSymbolicTraits(_:)`: bold asks for the bold weight (and its absence for the
    /// regular weight, when the font was bold), italic for the italic face, monospace for the
    /// monospaced system family. As in UIKit the traits are replaced, not added: keep the
    /// others with `symbolicTraits.union(.traitBold)`. Never nil in Vitrine, where fontconfig
    /// substitutes a face for any request.
    open func withSymbolicTraits(_ symbolicTraits: SymbolicTraits) -> UIFontDescriptor? {
        var request = self.request
        if symbolicTraits.contains(.traitBold) {
            if request.weight < .bold { request.weight = .bold }
        } else if request.weight >= .bold {
            request.weight = .regular
        }
        request.italic = symbolicTraits.contains(.traitItalic)
        if symbolicTraits.contains(.traitMonoSpace) {
            request.family = Self.monospaceFamily
        } else if request.family == Self.monospaceFamily {
            request.family = FontDescriptor.systemFont(ofSize: request.size).family
        }
        return UIFontDescriptor(request, otherTraits: symbolicTraits)
    }

    /// The same descriptor at `newPointSize` points, as `withSize(_:)`.
    open func withSize(_ newPointSize: CGFloat) -> UIFontDescriptor {
        var request = self.request
        request.size = FontDescriptor(size: newPointSize).size
        return UIFontDescriptor(request, otherTraits: otherTraits)
    }

    /// The same descriptor in the family `newFamily`, as `withFamily(_:)`.
    open func withFamily(_ newFamily: String) -> UIFontDescriptor {
        var request = self.request
        request.family = newFamily
        return UIFontDescriptor(request, otherTraits: otherTraits)
    }

    /// The generic family of `monospacedSystemFont(ofSize:weight:)`.
    static let monospaceFamily = "monospace"

    public static func == (lhs: UIFontDescriptor, rhs: UIFontDescriptor) -> Bool {
        lhs.request == rhs.request && lhs.otherTraits == rhs.otherTraits
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(request)
        hasher.combine(otherTraits)
    }

    public var description: String {
        "UIFontDescriptor(family: \(request.family), size: \(request.size), traits: \(symbolicTraits.rawValue))"
    }
}

extension UIFont {
    /// The font `descriptor` describes at `pointSize` points (0: the descriptor's size), as
    /// `init(descriptor:size:)`.
    public convenience init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {
        var request = descriptor.request
        if pointSize > 0 { request.size = FontDescriptor(size: pointSize).size }
        self.init(descriptor: request)
    }
}
