import Foundation

/// An sRGB colour with straight (non-premultiplied) components in 0...1, as `CGColor`'s
/// `components` are. `premultiplied` and `argb32` give the premultiplied form the compositor
/// and pixel buffers use.
///
/// Deviation: CoreGraphics' `CGColor` is a reference type; this is a value type, which reads
/// the same at call sites (`CGColor(red:green:blue:alpha:)`, `.alpha`, `copy(alpha:)`).
public struct CGColor: Hashable, Sendable {
    public var red: CGFloat
    public var green: CGFloat
    public var blue: CGFloat
    public var alpha: CGFloat

    /// A colour from sRGB components, as `CGColor(red:green:blue:alpha:)`. Components are
    /// clamped to 0...1; a NaN component counts as 0.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = Self.clamp(red)
        self.green = Self.clamp(green)
        self.blue = Self.clamp(blue)
        self.alpha = Self.clamp(alpha)
    }

    /// A grey, as `CGColor(gray:alpha:)`.
    public init(gray: CGFloat, alpha: CGFloat) {
        self.init(red: gray, green: gray, blue: gray, alpha: alpha)
    }

    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// The components `[red, green, blue, alpha]`, as `CGColor.components`.
    public var components: [CGFloat]? { [red, green, blue, alpha] }

    public var numberOfComponents: Int { 4 }

    /// The same colour with another alpha, as `copy(alpha:)`.
    public func copy(alpha: CGFloat) -> CGColor? {
        CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The premultiplied components.
    public var premultiplied: PremultipliedColor {
        PremultipliedColor(red: red * alpha, green: green * alpha, blue: blue * alpha, alpha: alpha)
    }

    /// The premultiplied colour packed as a native-endian ARGB8888 pixel.
    public var argb32: UInt32 { premultiplied.argb32 }

    public var isOpaque: Bool { alpha >= 1 }

    private static func clamp(_ value: CGFloat) -> CGFloat {
        value.isNaN ? 0 : Swift.min(1, Swift.max(0, value))
    }
}

/// A colour with premultiplied components in 0...1: each colour channel is already
/// multiplied by alpha, the form pixman and cairo composite with.
public struct PremultipliedColor: Hashable, Sendable {
    public var red: CGFloat
    public var green: CGFloat
    public var blue: CGFloat
    public var alpha: CGFloat

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Unpacks a native-endian ARGB8888 pixel.
    public init(argb32 pixel: UInt32) {
        self.init(
            red: CGFloat((pixel >> 16) & 0xff) / 255, green: CGFloat((pixel >> 8) & 0xff) / 255,
            blue: CGFloat(pixel & 0xff) / 255, alpha: CGFloat(pixel >> 24) / 255)
    }

    /// Packs as a native-endian ARGB8888 pixel, rounding each channel.
    public var argb32: UInt32 {
        func byte(_ v: CGFloat) -> UInt32 { UInt32((Swift.min(1, Swift.max(0, v)) * 255).rounded()) }
        return byte(alpha) << 24 | byte(red) << 16 | byte(green) << 8 | byte(blue)
    }

    /// Every component multiplied by `opacity` (0...1), as drawing at that opacity does.
    public func scaled(toOpacity opacity: Double) -> PremultipliedColor {
        guard opacity < 1 else { return self }
        let factor = CGFloat(Swift.max(0, opacity))
        return PremultipliedColor(red: red * factor, green: green * factor, blue: blue * factor, alpha: alpha * factor)
    }

    /// The straight colour; a fully transparent colour gives clear.
    public var unpremultiplied: CGColor {
        guard alpha > 0 else { return .clear }
        return CGColor(red: red / alpha, green: green / alpha, blue: blue / alpha, alpha: alpha)
    }
}
