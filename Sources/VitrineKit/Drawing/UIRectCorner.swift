import Foundation

/// The corners of a rectangle, as UIKit's `UIRectCorner`: which corners
/// `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)` rounds.
///
/// Corner names are on screen (y-down): `topLeft` is the corner at `minX`/`minY`.
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    /// The bit mask, with UIKit's values (1, 2, 4, 8).
    public var rawValue: UInt

    /// A set from UIKit's bit values, as `UIRectCorner(rawValue:)`.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The corner at `minX`/`minY`.
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    /// The corner at `maxX`/`minY`.
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    /// The corner at `minX`/`maxY`.
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    /// The corner at `maxX`/`maxY`.
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    /// All four corners.
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}
