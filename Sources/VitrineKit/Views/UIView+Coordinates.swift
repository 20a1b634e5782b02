import Foundation
import VitrineLayers

// Converting points and rectangles between views, windows and screens, through every
// transform and bounds origin on the way (the layers do the arithmetic).
extension UIView: UICoordinateSpace, ScreenCoordinateConvertible {
    /// `point` from this view's bounds coordinates into `view`'s, as `convert(_:to:)`. A nil
    /// `view` means the window (for a view in no window: its topmost superview). Views in
    /// different windows convert through screen coordinates.
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        layer.convert(point, to: (view ?? rootAncestor).layer)
    }

    /// `point` from `view`'s bounds coordinates into this view's, as `convert(_:from:)`; a nil
    /// `view` means the window.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        layer.convert(point, from: (view ?? rootAncestor).layer)
    }

    /// The bounding box of `rect` converted into `view`'s coordinates, as `convert(_:to:)`.
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        layer.convert(rect, to: (view ?? rootAncestor).layer)
    }

    /// The bounding box of `rect` converted from `view`'s coordinates, as `convert(_:from:)`.
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        layer.convert(rect, from: (view ?? rootAncestor).layer)
    }

    /// `point` into any coordinate space (a view, a screen's `coordinateSpace`), as
    /// `UICoordinateSpace.convert(_:to:)`.
    public func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint {
        if let view = coordinateSpace as? UIView { return layer.convert(point, to: view.layer) }
        return CoordinateSpaceConversion.convert(point, from: self, to: coordinateSpace)
    }

    /// `point` from any coordinate space, as `UICoordinateSpace.convert(_:from:)`.
    public func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint {
        if let view = coordinateSpace as? UIView { return layer.convert(point, from: view.layer) }
        return CoordinateSpaceConversion.convert(point, from: coordinateSpace, to: self)
    }

    /// `rect` into any coordinate space, as `UICoordinateSpace.convert(_:to:)`.
    public func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect {
        if let view = coordinateSpace as? UIView { return layer.convert(rect, to: view.layer) }
        return CoordinateSpaceConversion.convert(rect, from: self, to: coordinateSpace)
    }

    /// `rect` from any coordinate space, as `UICoordinateSpace.convert(_:from:)`.
    public func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect {
        if let view = coordinateSpace as? UIView { return layer.convert(rect, from: view.layer) }
        return CoordinateSpaceConversion.convert(rect, from: coordinateSpace, to: self)
    }

    /// Into screen coordinates: the layer tree's root space, which is the screen's when the
    /// view is in a window on a screen.
    func pointToScreen(_ point: CGPoint) -> CGPoint { layer.convert(point, to: nil) }

    func pointFromScreen(_ point: CGPoint) -> CGPoint { layer.convert(point, from: nil) }
}
