import Foundation
import VitrineLayers

/// The backing layer of a `UIImageView`: its contents are the image the view sets, so a
/// display pass (`setNeedsDisplay()`, a first display, a scale change) must not replace them
/// with a drawn backing image, as UIKit's image view never draws.
final class UIImageViewLayer: CALayer {
    /// An image view's layer, as `init()`.
    required init() {
        super.init()
    }

    /// Keeps the contents: an image view's image is not drawn.
    override func display() {}
}
