import Foundation
import VitrineLayers

// Converting points and rectangles between views, windows and screens, through every
// transform and bounds origin on the way (the layers do the arithmetic).
extension UIView: UICoordinateSpace, ScreenCoordinateConvertible {

    /// Into screen coordinates: the layer tree's root space, which is the screen's when the
    /// view is in a window on a screen.
    func pointToScreen(_ point: CGPoint) -> CGPoint { layer.convert(point, to: nil) }

    func pointFromScreen(_ point: CGPoint) -> CGPoint { layer.convert(point, from: nil) }
}
