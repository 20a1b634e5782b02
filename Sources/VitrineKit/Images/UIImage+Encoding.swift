import Foundation

extension UIImage {
    /// The image as PNG data, as `pngData()`: opaque images as RGB, others as RGBA. nil (and a
    /// logged error) if encoding fails. The scale is not recorded in the file, as in UIKit.
    public func pngData() -> Data? {
        do {
            return try ImageCodec.encodePNG(image)
        } catch {
            kitLog.error("UIImage.pngData(): \(error.description)")
            return nil
        }
    }

    /// The image as baseline JPEG data, as `jpegData(compressionQuality:)`: quality 0
    /// (smallest) to 1 (best), clamped. JPEG has no alpha: translucent pixels come out as if
    /// composited over black. nil (and a logged error) if encoding fails.
    public func jpegData(compressionQuality: CGFloat) -> Data? {
        do {
            return try ImageCodec.encodeJPEG(image, quality: compressionQuality)
        } catch {
            kitLog.error("UIImage.jpegData(compressionQuality:): \(error.description)")
            return nil
        }
    }
}
