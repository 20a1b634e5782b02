import Foundation

/// The settings of an image renderer, as UIKit's `UIGraphicsImageRendererFormat`: the scale
/// (pixels per point) and whether the image is opaque.
///
/// Vitrine always renders 8-bit sRGB with premultiplied alpha (or no alpha when `opaque`), so
/// `preferredRange` is stored and reported but changes nothing. Deviations as for
/// `UIGraphicsRendererFormat`: a main-actor Swift class; `copy()` replaces `NSCopying`.
@preconcurrency @MainActor
open class UIGraphicsImageRendererFormat: UIGraphicsRendererFormat {
    /// The colour range an image renderer would prefer, as
    /// `UIGraphicsImageRendererFormat.Range` (UIKit's raw values).
    public enum Range: Int, Sendable, Hashable {
        /// No preference.
        case unspecified = -1
        /// The system chooses (the default).
        case automatic = 0
        /// Extended (wide colour) range. Deviation: rendered as standard.
        case extended = 1
        /// Standard sRGB range.
        case standard = 2
    }

    /// Pixels per point of the rendered image, as `scale`: by default the main screen's scale.
    /// A non-finite or non-positive value renders at the main screen's scale.
    open var scale: CGFloat

    /// Whether the image has no alpha channel, as `opaque` (default false). An opaque image
    /// starts black; a transparent one starts clear.
    open var opaque = false

    /// The preferred colour range, as `preferredRange` (default `.automatic`); stored only.
    open var preferredRange: Range = .automatic

    /// A format with the main screen's scale, not opaque, as `init()`.
    public required init() {
        scale = GraphicsContextStack.defaultScale
        super.init()
    }

    /// The format for the main screen, as `UIGraphicsImageRendererFormat.preferred()`.
    open class func preferred() -> Self {
        Self()
    }

    /// An independent copy, as `NSCopying.copy()`.
    open override func copy() -> UIGraphicsRendererFormat {
        let copy = UIGraphicsImageRendererFormat()
        copy.bounds = bounds
        copy.scale = scale
        copy.opaque = opaque
        copy.preferredRange = preferredRange
        return copy
    }
}
