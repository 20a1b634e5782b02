import Foundation

/// Insets for each edge of a rectangle, as UIKit's `UIEdgeInsets`: positive values shrink the
/// rectangle.
public struct UIEdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    /// As `init(top:left:bottom:right:)`.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// All insets zero, as `init()`.
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }

    /// All insets zero, as `UIEdgeInsets.zero`.
    public static let zero = UIEdgeInsets()
}

extension CGRect {
    /// The rectangle shrunk by `insets` (grown by negative ones), as UIKit's
    /// `inset(by:)`; an inset larger than the rectangle gives a null rectangle.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        let rect = standardized
        let width = rect.width - insets.left - insets.right
        let height = rect.height - insets.top - insets.bottom
        guard width >= 0, height >= 0 else { return .null }
        return CGRect(x: rect.minX + insets.left, y: rect.minY + insets.top, width: width, height: height)
    }
}
