import Foundation

/// An image's pixels as stored (`UIImage.cgImage`), its orientation, and the same pixels
/// turned upright, made once on first use (the first draw, or the first time the image is a
/// layer's contents) and kept: what UIKit does each time it draws an oriented image, done once
/// so the compositor only ever sees upright pixels. Shared by every `UIImage` over the same
/// pixels (resizable copies, images from the named-image cache). Thread-safe.
final class OrientedPixels: @unchecked Sendable {
    /// The pixels as decoded or given, never turned.
    let stored: CGImage
    /// How `stored` is turned to stand upright.
    let orientation: UIImage.Orientation

    private let lock = NSLock()
    private var cachedUpright: CGImage?

    init(_ stored: CGImage, orientation: UIImage.Orientation) {
        self.stored = stored
        self.orientation = orientation
    }

    /// The pixels upright: `stored` itself for `.up`.
    var upright: CGImage {
        guard orientation != .up else { return stored }
        return lock.withLock {
            if let cachedUpright { return cachedUpright }
            let made = stored.oriented(CGImagePropertyOrientation(orientation))
            cachedUpright = made
            return made
        }
    }

    /// Decodes a PNG or JPEG; a JPEG's EXIF orientation (none, or a corrupt EXIF block: `.up`)
    /// becomes the orientation, as `UIImage(data:)` on iOS.
    static func decode(_ data: Data) throws(ImageCodecError) -> OrientedPixels {
        let image = try ImageCodec.decode(data)
        let exif = ImageCodec.format(of: data) == .jpeg ? ImageCodec.exifOrientation(ofJPEG: data) : nil
        return OrientedPixels(image, orientation: exif.map(UIImage.Orientation.init) ?? .up)
    }
}

extension UIImage.Orientation {
    /// The orientation UIKit gives an image whose EXIF Orientation tag (ImageIO's
    /// `CGImagePropertyOrientation`) is `exif`: 1 up, 2 upMirrored, 3 down, 4 downMirrored,
    /// 5 leftMirrored, 6 right, 7 rightMirrored, 8 left.
    init(_ exif: CGImagePropertyOrientation) {
        self =
            switch exif {
            case .up: .up
            case .upMirrored: .upMirrored
            case .down: .down
            case .downMirrored: .downMirrored
            case .leftMirrored: .leftMirrored
            case .right: .right
            case .rightMirrored: .rightMirrored
            case .left: .left
            }
    }
}

extension CGImagePropertyOrientation {
    /// The EXIF orientation of a `UIImage.Orientation` (the inverse of UIKit's mapping).
    init(_ orientation: UIImage.Orientation) {
        self =
            switch orientation {
            case .up: .up
            case .upMirrored: .upMirrored
            case .down: .down
            case .downMirrored: .downMirrored
            case .leftMirrored: .leftMirrored
            case .right: .right
            case .rightMirrored: .rightMirrored
            case .left: .left
            }
    }
}
