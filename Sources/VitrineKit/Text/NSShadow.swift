import Foundation

/// A text shadow, as UIKit's `NSShadow`: the value of `NSAttributedString.Key.shadow`.
///
/// Defaults as UIKit's: an offset of (0, -3), no blur, and black at a third of full opacity
/// when `shadowColor` is nil. Deviation: the shadow is drawn sharp (the blur radius is kept
/// but not drawn).
open class NSShadow: NSObject, NSCopying, @unchecked Sendable {
    /// How far the shadow is moved, in points (positive height: down), as `shadowOffset`.
    open var shadowOffset = CGSize(width: 0, height: -3)
    /// How much the shadow is blurred, in points, as `shadowBlurRadius` (default 0).
    open var shadowBlurRadius: CGFloat = 0
    /// The shadow's colour, a `UIColor`, as `shadowColor` (nil: black at one third opacity).
    open var shadowColor: Any?

    /// A shadow with the defaults, as `init()`.
    public override init() {
        super.init()
    }

    /// A copy, as `copy(with:)`.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSShadow()
        copy.shadowOffset = shadowOffset
        copy.shadowBlurRadius = shadowBlurRadius
        copy.shadowColor = shadowColor
        return copy
    }

    /// Equal offset, blur and colour, as `isEqual(_:)`.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSShadow else { return false }
        return shadowOffset == other.shadowOffset && shadowBlurRadius == other.shadowBlurRadius
            && resolvedColor == other.resolvedColor
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(shadowOffset.width)
        hasher.combine(shadowOffset.height)
        hasher.combine(shadowBlurRadius)
        return hasher.finalize()
    }

    /// The colour drawn: `shadowColor` as a `UIColor` or `CGColor`, else UIKit's default.
    var resolvedColor: CGColor {
        switch shadowColor {
        case let color as UIColor: color.cgColor
        case let color as CGColor: color
        default: CGColor(red: 0, green: 0, blue: 0, alpha: 1.0 / 3)
        }
    }
}
