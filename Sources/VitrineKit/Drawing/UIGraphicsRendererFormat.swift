import Foundation

/// The settings a graphics renderer draws with, as UIKit's `UIGraphicsRendererFormat`: the
/// base class of `UIGraphicsImageRendererFormat`.
///
/// Deviations: a plain Swift class (not `NSObject`/`NSCopying`; use `copy()`), and bound to
/// the main actor because Vitrine's renderers draw on the main actor's UIGraphics stack.
@preconcurrency @MainActor
open class UIGraphicsRendererFormat {
    /// The area the renderer draws, in points, as `bounds`: set by the renderer the format is
    /// given to (`.zero` until then).
    open internal(set) var bounds: CGRect = .zero

    /// A format with the default settings, as `init()`.
    public required init() {}

    /// The default format, as `UIGraphicsRendererFormat.default()`.
    open class func `default`() -> Self {
        Self()
    }

    /// An independent copy, as `NSCopying.copy()`.
    open func copy() -> UIGraphicsRendererFormat {
        let copy = UIGraphicsRendererFormat()
        copy.bounds = bounds
        return copy
    }
}
