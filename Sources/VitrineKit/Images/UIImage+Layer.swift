import Foundation

extension CALayer {
    /// Shows `image` as the layer's contents, as UIImageView does on iOS: `contents` is the
    /// pixels turned upright by `imageOrientation` (the image's own `cgImage` when it is `.up`;
    /// otherwise turned once and kept with the image), `contentsScale` the image's scale (so
    /// one image point is one layer point), and `contentsCenter` the middle between the cap
    /// insets, normalised (the whole image for an image without caps). nil clears the contents
    /// and resets the scale and centre.
    func setContents(_ image: UIImage?) {
        guard let image else {
            contents = nil
            contentsScale = 1
            contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
            return
        }
        contents = image.uprightImage
        contentsScale = image.scale
        contentsCenter = image.layerContentsCenter
    }
}
