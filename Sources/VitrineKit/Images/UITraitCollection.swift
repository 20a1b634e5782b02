import Foundation

/// The traits a lookup may depend on, as UIKit's `UITraitCollection`; so far only
/// `displayScale`, which `UIImage(named:in:compatibleWith:)` uses to choose `@2x`/`@3x` files.
///
/// Deviation: a minimal final class with no size classes, appearance or trait changes; it
/// will grow with the view system.
public final class UITraitCollection: Sendable, Equatable {
    /// Pixels per point, as `displayScale`; 0 means unspecified, as in UIKit.
    public let displayScale: CGFloat

    /// A collection with every trait unspecified, as `init()`.
    public init() {
        displayScale = 0
    }

    /// A collection with only the display scale, as `init(displayScale:)`. A scale that is not
    /// finite or negative counts as unspecified.
    public init(displayScale: CGFloat) {
        self.displayScale = displayScale.isFinite && displayScale > 0 ? displayScale : 0
    }

    /// Whether both specify the same traits.
    public static func == (lhs: UITraitCollection, rhs: UITraitCollection) -> Bool {
        lhs.displayScale == rhs.displayScale
    }
}
