import Foundation

/// A coordinate space points and rectangles convert between, as UIKit's `UICoordinateSpace`:
/// views and screens (`UIScreen.coordinateSpace`) are coordinate spaces.
@preconcurrency @MainActor
public protocol UICoordinateSpace: AnyObject {
    /// `point` from this space into `coordinateSpace`, as `convert(_:to:)`.
    func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint
    /// `point` from `coordinateSpace` into this space, as `convert(_:from:)`.
    func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint
    /// The bounding box of `rect` converted into `coordinateSpace`, as `convert(_:to:)`.
    func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect
    /// The bounding box of `rect` converted from `coordinateSpace`, as `convert(_:from:)`.
    func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect
    /// The space's bounds, as `bounds`.
    var bounds: CGRect { get }
}

/// How a coordinate space reaches screen coordinates (points, the screen's top left at the
/// origin); every conversion between unrelated spaces goes through them.
@MainActor
protocol ScreenCoordinateConvertible: AnyObject {
    func pointToScreen(_ point: CGPoint) -> CGPoint
    func pointFromScreen(_ point: CGPoint) -> CGPoint
}

@MainActor
enum CoordinateSpaceConversion {
    static func convert(_ point: CGPoint, from source: AnyObject, to target: AnyObject) -> CGPoint {
        let onScreen = (source as? any ScreenCoordinateConvertible)?.pointToScreen(point) ?? point
        return (target as? any ScreenCoordinateConvertible)?.pointFromScreen(onScreen) ?? onScreen
    }

    static func convert(_ rect: CGRect, from source: AnyObject, to target: AnyObject) -> CGRect {
        guard !rect.isNull else { return rect }
        let corners = [
            CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
            CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY),
        ].map { convert($0, from: source, to: target) }
        guard corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return .null }
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
