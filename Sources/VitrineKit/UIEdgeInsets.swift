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

/// Insets whose horizontal edges follow the reading direction, as UIKit's
/// `NSDirectionalEdgeInsets`: leading is left and trailing right, except in a view laid out
/// right to left (`UIView.semanticContentAttribute`).
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    /// As `init(top:leading:bottom:trailing:)`.
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// All insets zero, as `init()`.
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }

    /// All insets zero, as `NSDirectionalEdgeInsets.zero`.
    public static let zero = NSDirectionalEdgeInsets()
}

extension UIEdgeInsets {
    /// The same insets with leading and trailing as left and right (left to right).
    init(_ directional: NSDirectionalEdgeInsets) {
        self.init(
            top: directional.top, left: directional.leading, bottom: directional.bottom, right: directional.trailing)
    }

    /// The same insets as leading and trailing (left to right).
    var directional: NSDirectionalEdgeInsets {
        NSDirectionalEdgeInsets(top: top, leading: left, bottom: bottom, trailing: right)
    }

    /// The insets with leading and trailing as the edges `direction` puts them on.
    init(_ directional: NSDirectionalEdgeInsets, _ direction: UIUserInterfaceLayoutDirection) {
        let rightToLeft = direction == .rightToLeft
        self.init(
            top: directional.top, left: rightToLeft ? directional.trailing : directional.leading,
            bottom: directional.bottom, right: rightToLeft ? directional.leading : directional.trailing)
    }

    /// The insets as leading and trailing in `direction`.
    func directional(_ direction: UIUserInterfaceLayoutDirection) -> NSDirectionalEdgeInsets {
        let rightToLeft = direction == .rightToLeft
        return NSDirectionalEdgeInsets(
            top: top, leading: rightToLeft ? right : left, bottom: bottom, trailing: rightToLeft ? left : right)
    }
}

/// Edges of a rectangle, as UIKit's `UIRectEdge` (its raw values).
public struct UIRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top edge, as `top`.
    public static let top = UIRectEdge(rawValue: 1 << 0)
    /// The left edge, as `left`.
    public static let left = UIRectEdge(rawValue: 1 << 1)
    /// The bottom edge, as `bottom`.
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    /// The right edge, as `right`.
    public static let right = UIRectEdge(rawValue: 1 << 3)
    /// Every edge, as `all`.
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}
