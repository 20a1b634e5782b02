import Foundation

extension UIImage {

    /// The stretchable middle of the image in unit coordinates (y down, as the compositor
    /// slices contents; of the upright pixels, since caps are in upright points as in UIKit):
    /// what `CALayer.contentsCenter` must be for the caps to keep their size.
    /// `(0, 0, 1, 1)` without caps. Caps that meet or overlap leave a middle one pixel wide or
    /// tall (UIKit needs some middle to stretch), placed at the first cap's end.
    var layerContentsCenter: CGRect {
        guard capInsets != .zero else { return CGRect(x: 0, y: 0, width: 1, height: 1) }
        func span(_ start: CGFloat, _ end: CGFloat, pixels: Int) -> (CGFloat, CGFloat) {
            let length = CGFloat(pixels)
            let onePixel = 1 / length
            let first = min(start * scale / length, 1)
            let middle = 1 - first - min(end * scale / length, 1)
            guard middle < onePixel else { return (first, middle) }
            return (min(first, 1 - onePixel), onePixel)
        }
        let (x, width) = span(capInsets.left, capInsets.right, pixels: uprightImage.width)
        let (y, height) = span(capInsets.top, capInsets.bottom, pixels: uprightImage.height)
        return CGRect(x: x, y: y, width: width, height: height)
    }
}
