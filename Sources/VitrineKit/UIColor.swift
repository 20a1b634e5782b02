import Foundation
import VitrineGraphics

/// A colour, as UIKit's `UIColor`: sRGB components with alpha, immutable.
///
/// Colours compare by value as UIKit's do: equal when in the same colour space with the same
/// components. Greys made with `init(white:alpha:)` (and `black`, `white`, `gray`,
/// `darkGray`, `lightGray`, `clear`, which UIKit makes so) are in the grey colour space, so
/// `UIColor(white: 1, alpha: 1) == .white` but not `UIColor(red: 1, green: 1, blue: 1,
/// alpha: 1)`, as on iOS; all other colours are in sRGB.
///
/// Vitrine has no dark mode, so the dynamic system colours (`label`, `systemBackground` ...)
/// have their light-appearance values. Extended-range components are clamped to 0...1 when
/// drawn (`cgColor` keeps them).
///
/// **Dynamic colours** (`init(dynamicProvider:)`, `UIColor { traits in ... }`) are resolved
/// as UIKit resolves them: by `resolvedColor(with:)`, and for `cgColor` (and the components)
/// with `UITraitCollection.current`, which Vitrine sets to a view's traits while it draws
/// (`draw(_:)`) and reports trait changes; a view's `backgroundColor` is resolved with the
/// view's `traitCollection`, again when its traits change. A dynamic colour is equal only to
/// itself.
open class UIColor: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The colour as a CoreGraphics colour, as `cgColor`; a dynamic colour's is resolved with
    /// `UITraitCollection.current`.
    open var cgColor: CGColor {
        guard dynamicProvider != nil else { return staticColor }
        return resolvedColor(with: Self.currentTraits()).cgColor
    }
    /// The components of a colour that is not dynamic.
    private let staticColor: CGColor
    /// The provider of a dynamic colour.
    private let dynamicProvider: ((UITraitCollection) -> UIColor)?

    /// Whether the colour is in the grey colour space (made from a white level) rather than
    /// sRGB; part of equality, as in UIKit.
    let isGray: Bool

    /// A colour from sRGB components, as `init(red:green:blue:alpha:)`.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        staticColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
        dynamicProvider = nil
        isGray = false
    }

    /// A grey, as `init(white:alpha:)`: in the grey colour space.
    public init(white: CGFloat, alpha: CGFloat) {
        staticColor = CGColor(red: white, green: white, blue: white, alpha: alpha)
        dynamicProvider = nil
        isGray = true
    }

    /// A colour that depends on the traits it is shown with, as `init(dynamicProvider:)`:
    /// `provider` is called each time the colour is resolved (`resolvedColor(with:)`, or
    /// `cgColor` with `UITraitCollection.current`), not when it is made.
    public init(dynamicProvider provider: @escaping (UITraitCollection) -> UIColor) {
        staticColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        dynamicProvider = provider
        isGray = false
    }

    /// The colour for `traitCollection`, as `resolvedColor(with:)`: a dynamic colour's
    /// provider's answer (itself resolved), any other colour itself.
    open func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        guard let dynamicProvider else { return self }
        return dynamicProvider(traitCollection).resolvedColor(with: traitCollection)
    }

    /// Whether the colour is dynamic (made with a provider).
    var isDynamic: Bool { dynamicProvider != nil }

    /// `UITraitCollection.current`: as set (`performAsCurrent(_:)`, a view drawing, a trait
    /// change being reported), else the light appearance every Vitrine screen has.
    private static func currentTraits() -> UITraitCollection {
        UITraitCollection.resolvingTraits.get()
            ?? UITraitCollection(
                scale: 0, horizontal: .unspecified, vertical: .unspecified, idiom: .pad, direction: .leftToRight,
                style: .light)
    }

    /// A colour from hue, saturation and brightness (HSB, all 0...1), as
    /// `init(hue:saturation:brightness:alpha:)`.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let (red, green, blue) = Self.rgb(hue: hue, saturation: saturation, brightness: brightness)
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A colour from Display P3 components, as `init(displayP3Red:green:blue:alpha:)`. Vitrine
    /// panels are treated as sRGB, so the components are used as they are.
    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The colour of a CoreGraphics colour, as `init(cgColor:)` (in sRGB: Vitrine's `CGColor`
    /// has no colour space of its own).
    public init(cgColor: CGColor) {
        staticColor = cgColor
        dynamicProvider = nil
        isGray = false
    }

    /// The same colour with another alpha, in the same colour space, as
    /// `withAlphaComponent(_:)` (a dynamic colour stays dynamic).
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        if let dynamicProvider {
            return UIColor { traits in dynamicProvider(traits).withAlphaComponent(alpha) }
        }
        let cgColor = staticColor
        return isGray
            ? UIColor(white: cgColor.red, alpha: alpha)
            : UIColor(red: cgColor.red, green: cgColor.green, blue: cgColor.blue, alpha: alpha)
    }

    /// The sRGB components, as `getRed(_:green:blue:alpha:)`; always succeeds.
    @discardableResult
    open func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        red?.pointee = cgColor.red
        green?.pointee = cgColor.green
        blue?.pointee = cgColor.blue
        alpha?.pointee = cgColor.alpha
        return true
    }

    /// The grey level and alpha, as `getWhite(_:alpha:)`: succeeds only for greys (equal
    /// red, green and blue), as UIKit does for colours in a grey colour space.
    @discardableResult
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard cgColor.red == cgColor.green, cgColor.green == cgColor.blue else { return false }
        white?.pointee = cgColor.red
        alpha?.pointee = cgColor.alpha
        return true
    }

    /// Hue, saturation, brightness and alpha, as `getHue(_:saturation:brightness:alpha:)`.
    @discardableResult
    open func getHue(
        _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
        brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let (r, g, b) = (cgColor.red, cgColor.green, cgColor.blue)
        let maximum = max(r, g, b)
        let minimum = min(r, g, b)
        let delta = maximum - minimum
        var h: CGFloat = 0
        if delta > 0 {
            if maximum == r {
                h = (g - b) / delta
            } else if maximum == g {
                h = 2 + (b - r) / delta
            } else {
                h = 4 + (r - g) / delta
            }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = maximum > 0 ? delta / maximum : 0
        brightness?.pointee = maximum
        alpha?.pointee = cgColor.alpha
        return true
    }

    static func rgb(hue: CGFloat, saturation: CGFloat, brightness: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6
        let s = min(max(saturation, 0), 1)
        let v = min(max(brightness, 0), 1)
        let sector = Int(h.rounded(.down)) % 6
        let f = h - h.rounded(.down)
        let p = v * (1 - s)
        let q = v * (1 - s * f)
        let t = v * (1 - s * (1 - f))
        switch sector {
        case 0: return (v, t, p)
        case 1: return (q, v, p)
        case 2: return (p, v, t)
        case 3: return (p, q, v)
        case 4: return (t, p, v)
        default: return (v, p, q)
        }
    }

    /// Whether both are in the same colour space with the same components, as UIKit's
    /// `isEqual(_:)`.
    public static func == (lhs: UIColor, rhs: UIColor) -> Bool {
        if lhs.isDynamic || rhs.isDynamic { return lhs === rhs }
        return lhs.isGray == rhs.isGray && lhs.staticColor == rhs.staticColor
    }

    /// Hashes the colour space and components (a dynamic colour: its identity).
    public func hash(into hasher: inout Hasher) {
        if isDynamic {
            hasher.combine(ObjectIdentifier(self))
            return
        }
        hasher.combine(isGray)
        hasher.combine(staticColor)
    }

    open var description: String {
        "UIColor(red: \(cgColor.red), green: \(cgColor.green), blue: \(cgColor.blue), alpha: \(cgColor.alpha))"
    }

    // The named colours are `open class var`s, as UIKit's: in the class body, since Swift
    // cannot override a member declared in an extension.
    private static func rgb255(_ red: Int, _ green: Int, _ blue: Int, alpha: CGFloat = 1) -> UIColor {
        UIColor(red: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255, alpha: alpha)
    }

    // The classic fixed colours, with UIKit's values.
    open class var black: UIColor { UIColor(white: 0, alpha: 1) }
    open class var darkGray: UIColor { UIColor(white: 1.0 / 3.0, alpha: 1) }
    open class var lightGray: UIColor { UIColor(white: 2.0 / 3.0, alpha: 1) }
    open class var white: UIColor { UIColor(white: 1, alpha: 1) }
    open class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    open class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    open class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    open class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    open class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    open class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    open class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    open class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    open class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    open class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    open class var clear: UIColor { UIColor(white: 0, alpha: 0) }

    // The system colours, with iOS's light-appearance values.
    open class var systemRed: UIColor { rgb255(255, 59, 48) }
    open class var systemOrange: UIColor { rgb255(255, 149, 0) }
    open class var systemYellow: UIColor { rgb255(255, 204, 0) }
    open class var systemGreen: UIColor { rgb255(52, 199, 89) }
    open class var systemMint: UIColor { rgb255(0, 199, 190) }
    open class var systemTeal: UIColor { rgb255(48, 176, 199) }
    open class var systemCyan: UIColor { rgb255(50, 173, 230) }
    open class var systemBlue: UIColor { rgb255(0, 122, 255) }
    open class var systemIndigo: UIColor { rgb255(88, 86, 214) }
    open class var systemPurple: UIColor { rgb255(175, 82, 222) }
    open class var systemPink: UIColor { rgb255(255, 45, 85) }
    open class var systemBrown: UIColor { rgb255(162, 132, 94) }
    open class var systemGray: UIColor { rgb255(142, 142, 147) }
    open class var systemGray2: UIColor { rgb255(174, 174, 178) }
    open class var systemGray3: UIColor { rgb255(199, 199, 204) }
    open class var systemGray4: UIColor { rgb255(209, 209, 214) }
    open class var systemGray5: UIColor { rgb255(229, 229, 234) }
    open class var systemGray6: UIColor { rgb255(242, 242, 247) }

    // Semantic colours (light appearance).
    open class var label: UIColor { .black }
    open class var secondaryLabel: UIColor { rgb255(60, 60, 67, alpha: 0.6) }
    open class var tertiaryLabel: UIColor { rgb255(60, 60, 67, alpha: 0.3) }
    open class var quaternaryLabel: UIColor { rgb255(60, 60, 67, alpha: 0.18) }
    open class var placeholderText: UIColor { rgb255(60, 60, 67, alpha: 0.3) }
    open class var link: UIColor { rgb255(0, 122, 255) }
    open class var separator: UIColor { rgb255(60, 60, 67, alpha: 0.29) }
    open class var opaqueSeparator: UIColor { rgb255(198, 198, 200) }
    open class var systemBackground: UIColor { .white }
    open class var secondarySystemBackground: UIColor { rgb255(242, 242, 247) }
    open class var tertiarySystemBackground: UIColor { .white }
    open class var systemGroupedBackground: UIColor { rgb255(242, 242, 247) }
    open class var systemFill: UIColor { rgb255(120, 120, 128, alpha: 0.2) }
    open class var secondarySystemFill: UIColor { rgb255(120, 120, 128, alpha: 0.16) }

    // MARK: Drawing (declared here, not in UIColor+Drawing.swift, so they can be overridden)

    /// Makes this colour the fill colour of the current context (`UIGraphicsGetCurrentContext()`),
    /// as `setFill()`: what `UIBezierPath.fill()` and `UIGraphicsRendererContext.fill(_:)` paint
    /// with. Without a current context it does nothing. Deviation: main-actor bound (the
    /// context stack is the main actor's).
    @preconcurrency @MainActor
    open func setFill() {
        UIGraphicsGetCurrentContext()?.setFillColor(cgColor)
    }

    /// Makes this colour the stroke colour of the current context, as `setStroke()`: what
    /// `UIBezierPath.stroke()` draws with. Without a current context it does nothing.
    @preconcurrency @MainActor
    open func setStroke() {
        UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor)
    }

    /// Makes this colour both the fill and the stroke colour of the current context, as `set()`.
    @preconcurrency @MainActor
    open func set() {
        setFill()
        setStroke()
    }
}
