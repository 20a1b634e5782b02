import Foundation

/// An axis-aligned rectangle of whole pixels: the unit of damage and of buffer areas.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    @inlinable
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let zero = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// The smallest pixel rectangle covering `rect`, or `.zero` for a null, empty or
    /// non-finite rect. Coordinates are clamped to a range pixman's 32-bit regions hold.
    public init(enclosing rect: CGRect) {
        let limit: CGFloat = 16_777_216
        guard !rect.isNull, !rect.isEmpty, rect.minX.isFinite, rect.minY.isFinite,
            rect.maxX.isFinite, rect.maxY.isFinite
        else {
            self = .zero
            return
        }
        let minX = Int(Swift.max(-limit, Swift.min(limit, rect.minX.rounded(.down))))
        let minY = Int(Swift.max(-limit, Swift.min(limit, rect.minY.rounded(.down))))
        let maxX = Int(Swift.max(-limit, Swift.min(limit, rect.maxX.rounded(.up))))
        let maxY = Int(Swift.max(-limit, Swift.min(limit, rect.maxY.rounded(.up))))
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    @inlinable
    public var minX: Int { x }
    @inlinable
    public var minY: Int { y }
    @inlinable
    public var maxX: Int { x + width }
    @inlinable
    public var maxY: Int { y + height }
    @inlinable
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    @inlinable
    public var area: Int { isEmpty ? 0 : width * height }
    public var cgRect: CGRect { CGRect(x: x, y: y, width: width, height: height) }

    @inlinable
    public func intersection(_ other: PixelRect) -> PixelRect {
        let minX = Swift.max(x, other.x)
        let minY = Swift.max(y, other.y)
        let maxX = Swift.min(self.maxX, other.maxX)
        let maxY = Swift.min(self.maxY, other.maxY)
        guard maxX > minX, maxY > minY else { return .zero }
        return PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The smallest rectangle holding both; an empty rectangle adds nothing.
    @inlinable
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let minX = Swift.min(x, other.x)
        let minY = Swift.min(y, other.y)
        return PixelRect(
            x: minX, y: minY, width: Swift.max(maxX, other.maxX) - minX, height: Swift.max(maxY, other.maxY) - minY)
    }

    @inlinable
    public func intersects(_ other: PixelRect) -> Bool { !intersection(other).isEmpty }

    @inlinable
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
