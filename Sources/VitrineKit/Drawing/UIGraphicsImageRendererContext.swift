import Foundation

/// The drawing environment of `UIGraphicsImageRenderer`'s actions, as UIKit's
/// `UIGraphicsImageRendererContext`.
@preconcurrency @MainActor
open class UIGraphicsImageRendererContext: UIGraphicsRendererContext {
    /// What has been drawn so far, as an image at the format's scale, as `currentImage`.
    open var currentImage: UIImage {
        let scale = GraphicsContextStack.resolvedScale((format as? UIGraphicsImageRendererFormat)?.scale ?? 0)
        guard let image = cgContext.makeImage() else {
            return UIImage(cgImage: CGImage(copying: PixelBuffer(width: 1, height: 1, format: .argb8888Premultiplied)))
        }
        return UIImage(cgImage: image, scale: scale, orientation: .up)
    }
}
