import Foundation

/// A font: a family, a face and a point size, as UIKit's `UIFont`. Immutable and safe to
/// share between threads.
///
/// Follows UIKit: `pointSize` is in points (one user-space unit in a drawing context),
/// `ascender` is positive and `descender` negative, `lineHeight` is the distance between
/// baselines, `UIFont(name:size:)` takes PostScript names (`"DejaVuSans-Bold"`), full names and
/// family names and gives nil for a font that is not installed, and `fontName` is the
/// PostScript name. Fonts an app ships are registered with `registerFont(at:)`.
/// Deviations: fonts are found by fontconfig and laid out by pango; the system font is the
/// generic `"sans-serif"` family (DejaVu Sans with `fonts-dejavu-core`), not San Francisco, so
/// metrics differ from iOS; not an `NSObject` (an open class, as UIKit's); there is no `capHeight` or
/// `xHeight` yet. `fontDescriptor` is a `UIFontDescriptor` (see there for what it carries).
open class UIFont: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// What pango lays out: family, size, weight and slant. A Vitrine extension, for drawing
    /// with VitrineGraphics' `TextLayout`.
    public let descriptor: FontDescriptor

    private let lock = NSLock()
    private var cachedMetrics: FontDescriptor.Metrics?
    private var cachedFamily: String?
    private var cachedName: String?

    /// The font's descriptor, as `fontDescriptor`: its family, size, weight and slant, whose
    /// `symbolicTraits` say whether it is bold or italic.
    open var fontDescriptor: UIFontDescriptor { UIFontDescriptor(descriptor) }

    /// A font for `descriptor`. A Vitrine extension: what `UIFont(descriptor:size:)` would be.
    public init(descriptor: FontDescriptor) {
        self.descriptor = descriptor
    }

    /// The installed font named `fontName` at `fontSize` points, as `UIFont(name:size:)`; nil
    /// when no installed face matches (fontconfig would substitute one; UIKit gives nil).
    /// `fontName` is compared without regard to case, as fontconfig does, and may be a
    /// PostScript name as on iOS (`"DejaVuSans-Bold"`, `"Roboto-Medium"`: that face's family,
    /// weight and slant), a full name (`"DejaVu Sans Bold"`), a family name (`"DejaVu Sans"`:
    /// its regular face) or a family followed by pango's style words (`"DejaVu Sans Bold
    /// Oblique"`). A size that is not positive becomes 1 point (see `FontDescriptor`).
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard let descriptor = FontDescriptor(installedFontNamed: fontName, size: fontSize) else {
            kitLog.debug("UIFont(name: \"\(fontName)\"): no such font installed")
            return nil
        }
        self.init(descriptor: descriptor)
    }

    /// The system font at `fontSize` points, regular weight, as `systemFont(ofSize:)`.
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .regular)
    }

    /// The system font at `fontSize` points and `weight`, as `systemFont(ofSize:weight:)`.
    /// Weights between UIKit's named steps go to the nearest step.
    open class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(descriptor: .systemFont(ofSize: fontSize, weight: weight.descriptorWeight))
    }

    /// The bold system font, as `boldSystemFont(ofSize:)`.
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(descriptor: .boldSystemFont(ofSize: fontSize))
    }

    /// The italic (oblique) system font, as `italicSystemFont(ofSize:)`.
    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(descriptor: FontDescriptor(family: "sans-serif", size: fontSize, italic: true))
    }

    /// The monospaced system font, as `monospacedSystemFont(ofSize:weight:)` (SF Mono on iOS):
    /// the generic `"monospace"` family (DejaVu Sans Mono on Debian).
    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(descriptor: FontDescriptor(family: "monospace", size: fontSize, weight: weight.descriptorWeight))
    }

    /// The size UILabel uses by default, as `labelFontSize`: 17 points.
    open class var labelFontSize: CGFloat { 17 }
    /// The standard system font size, as `systemFontSize`: 14 points.
    open class var systemFontSize: CGFloat { 14 }
    /// The small system font size, as `smallSystemFontSize`: 12 points.
    open class var smallSystemFontSize: CGFloat { 12 }
    /// The size buttons use, as `buttonFontSize`: 18 points.
    open class var buttonFontSize: CGFloat { 18 }

    /// The installed font families (and those registered with `registerFont(at:)`), sorted,
    /// as `familyNames`.
    open class var familyNames: [String] { FontDescriptor.installedFamilies }

    /// The same font at another size, as `withSize(_:)`.
    open func withSize(_ fontSize: CGFloat) -> UIFont {
        var descriptor = self.descriptor
        descriptor.size = FontDescriptor(size: fontSize).size
        return UIFont(descriptor: descriptor)
    }

    /// The size in points, as `pointSize`.
    open var pointSize: CGFloat { descriptor.size }

    /// The family fontconfig chose, as `familyName` (`"DejaVu Sans"` for the system font).
    open var familyName: String {
        if let family = lock.withLock({ cachedFamily }) { return family }
        let family = descriptor.resolvedFamily
        lock.withLock { cachedFamily = family }
        return family
    }

    /// The face's PostScript name, as `fontName` (`"DejaVuSans-Bold"`): of the face fontconfig
    /// matches for the request, so a weight with no face of its own names the face drawn
    /// (semibold DejaVu Sans is `"DejaVuSans-Bold"`). A face with no PostScript name gives
    /// the family and pango's style words (`"DejaVu Sans Bold"`). `UIFont(name: font.fontName,
    /// size:)` gives that face back.
    open var fontName: String {
        if let name = lock.withLock({ cachedName }) { return name }
        let name = descriptor.postScriptName ?? descriptor.resolvedName
        lock.withLock { cachedName = name }
        return name
    }

    /// The distance from the baseline to the top of the tallest glyphs, as `ascender`.
    open var ascender: CGFloat { metrics.ascender }

    /// The distance from the baseline to the bottom of the lowest glyphs, negative, as
    /// `descender`.
    open var descender: CGFloat { metrics.descender }

    /// The distance from one baseline to the next, as `lineHeight`.
    open var lineHeight: CGFloat { metrics.lineHeight }

    /// The gap between one line's descender and the next line's ascender, as `leading`.
    open var leading: CGFloat { max(0, metrics.lineHeight - metrics.ascender + metrics.descender) }

    /// A description for logs.
    public var description: String { "<UIFont \"\(fontName)\" \(pointSize)pt>" }

    /// Fonts are equal when they request the same family, size, weight and slant.
    public static func == (lhs: UIFont, rhs: UIFont) -> Bool { lhs.descriptor == rhs.descriptor }

    /// Hashes the request.
    public func hash(into hasher: inout Hasher) { hasher.combine(descriptor) }

    private var metrics: FontDescriptor.Metrics {
        if let metrics = lock.withLock({ cachedMetrics }) { return metrics }
        let metrics = descriptor.metrics
        lock.withLock { cachedMetrics = metrics }
        return metrics
    }

    // MARK: Overridable class methods of UIFont+TextStyle and +Registration

    // Declared here: Swift cannot override a member declared in an extension, and UIKit
    // declares these `open class` methods.

    /// The system font for `style`, as `preferredFont(forTextStyle:)`, at iOS's default
    /// (Large) content size: largeTitle 34, title1 28, title2 22, title3 20, headline 17
    /// semibold, body 17, callout 16, subheadline 15, footnote 13, caption1 12, caption2 11
    /// points. Deviation: Vitrine has no Dynamic Type setting, so the size never changes
    /// (a panel has no accessibility text-size control); `adjustsFontForContentSizeCategory`
    /// therefore has nothing to follow.
    open class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        let (size, weight) = style.defaultSizeAndWeight
        return systemFont(ofSize: size, weight: weight)
    }

    /// As `preferredFont(forTextStyle:compatibleWith:)`: the traits do not change the size
    /// (see `preferredFont(forTextStyle:)`).
    open class func preferredFont(
        forTextStyle style: TextStyle, compatibleWith traitCollection: UITraitCollection?
    ) -> UIFont {
        preferredFont(forTextStyle: style)
    }

    /// The system font with digits of one width, as `monospacedDigitSystemFont(ofSize:weight:)`
    /// (for clocks and counters that must not jitter). The system font's digits (DejaVu Sans)
    /// are already all of one width, so this is `systemFont(ofSize:weight:)`.
    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        systemFont(ofSize: fontSize, weight: weight)
    }

    /// The PostScript names of the installed faces of `familyName` (without regard to case),
    /// sorted, as `fontNames(forFamilyName:)`: each gives its face to `UIFont(name:size:)`.
    /// Empty for a family that is not installed.
    open class func fontNames(forFamilyName familyName: String) -> [String] {
        FontRegistry.postScriptNames(forFamily: familyName)
    }
}
