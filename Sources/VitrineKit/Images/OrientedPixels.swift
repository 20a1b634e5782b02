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

/// UIKit's mapping between EXIF Orientation values (ImageIO's `CGImagePropertyOrientation`)
/// and `UIImage.Orientation`: 1 up, 2 upMirrored, 3 down, 4 downMirrored, 5 leftMirrored,
/// 6 right, 7 rightMirrored, 8 left.
private let exifOrientations: [(UIImage.Orientation, CGImagePropertyOrientation)] = [
    (.up, .up), (.upMirrored, .upMirrored), (.down, .down), (.downMirrored, .downMirrored),
    (.leftMirrored, .leftMirrored), (.right, .right), (.rightMirrored, .rightMirrored), (.left, .left),
]

extension UIImage.Orientation {
    /// The orientation UIKit gives an image whose EXIF Orientation tag is `exif`.
    init(_ exif: CGImagePropertyOrientation) {
        self = exifOrientations.first { $0.1 == exif }!.0
    }
}

extension CGImagePropertyOrientation {
    /// The EXIF orientation of a `UIImage.Orientation` (the inverse of UIKit's mapping).
    init(_ orientation: UIImage.Orientation) {
        self = exifOrientations.first { $0.0 == orientation }!.1
    }
}
