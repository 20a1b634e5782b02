import Foundation

/// How much a constraint matters, as UIKit's `UILayoutPriority`: 1...1000, where 1000
/// (`.required`) must hold and lower ones give way, the lowest first, when constraints
/// conflict.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral
{
    public var rawValue: Float

    /// As `init(rawValue:)`.
    public init(rawValue: Float) { self.rawValue = rawValue }

    /// As `init(_:)`.
    public init(_ rawValue: Float) { self.rawValue = rawValue }

    public init(floatLiteral value: Float) { rawValue = value }
    public init(integerLiteral value: Int) { rawValue = Float(value) }

    /// 1000: the constraint must hold, as `.required`.
    public static let required = UILayoutPriority(1000)
    /// 750, as `.defaultHigh`: a button's resistance to being squeezed below its content.
    public static let defaultHigh = UILayoutPriority(750)
    /// 510, as `.dragThatCanResizeScene`.
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    /// 500, as `.sceneSizeStayPut`.
    public static let sceneSizeStayPut = UILayoutPriority(500)
    /// 490, as `.dragThatCannotResizeScene`.
    public static let dragThatCannotResizeScene = UILayoutPriority(490)
    /// 250, as `.defaultLow`: how much a view hugs its content by default.
    public static let defaultLow = UILayoutPriority(250)
    /// 50, as `.fittingSizeLevel`: the level `systemLayoutSizeFitting(_:)` asks for its
    /// target size at, so that content wins.
    public static let fittingSizeLevel = UILayoutPriority(50)

    public static func < (lhs: UILayoutPriority, rhs: UILayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }
    public static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority {
        UILayoutPriority(lhs.rawValue + rhs)
    }
    public static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority {
        UILayoutPriority(lhs.rawValue - rhs)
    }
}
