import Foundation

/// An immutable image with a scale, as UIKit's `UIImage`: a `CGImage` of pixels plus how many
/// pixels make a point, so that a 200x100-pixel image at scale 2 is 100x50 points.
///
/// Follows UIKit: `size` is in points (pixel size divided by `scale`), images are immutable and
/// safe to share between threads, and loading (`init?(named:)`, `init?(contentsOfFile:)`,
/// `init?(data:)`) gives nil for missing or undecodable files instead of failing loudly; an
/// undecodable file is also logged. Deviations: a final class, not an `NSObject` subclass;
/// only PNG and JPEG decode; `imageOrientation` is stored but only `.up` is applied when
/// drawing or shown in a layer (EXIF orientation is not read either), and `size` is the
/// pixel size over the scale whatever the orientation.
public final class UIImage: @unchecked Sendable {
    /// The pixels, as `cgImage`. Optional as in UIKit (where CIImage-backed images have none);
    /// in Vitrine every image has one.
    public var cgImage: CGImage? { image }

    /// Pixels per point, as `scale`: 1, 2 or 3 for images named `name`, `name@2x`, `name@3x`.
    public let scale: CGFloat

    /// The orientation given when the image was made, as `imageOrientation`. Stored only:
    /// Vitrine draws every image as `.up`.
    public let imageOrientation: Orientation

    /// The end caps that keep their size when the image is stretched, in points, as
    /// `capInsets`; `.zero` for an image that is not resizable.
    public let capInsets: UIEdgeInsets

    /// How the part between the caps fills extra space, as `resizingMode` (`.stretch` for an
    /// image that is not resizable).
    public let resizingMode: ResizingMode

    /// The pixels (never nil here).
    let image: CGImage

    /// The size in points, as `size`: the pixel size divided by `scale`.
    public var size: CGSize {
        CGSize(width: CGFloat(image.width) / scale, height: CGFloat(image.height) / scale)
    }

    /// An image of `cgImage` at scale 1, orientation `.up`, as `init(cgImage:)`.
    public convenience init(cgImage: CGImage) {
        self.init(cgImage: cgImage, scale: 1, orientation: .up)
    }

    /// An image of `cgImage` at `scale`, as `init(cgImage:scale:orientation:)`. A scale that is
    /// not finite or not positive counts as 1 (UIKit does not check). `orientation` is stored
    /// in `imageOrientation` but not applied (see the type's notes).
    public convenience init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.init(cgImage: cgImage, scale: scale, orientation: orientation, capInsets: .zero, resizingMode: .stretch)
    }

    /// The designated initialiser: every stored property.
    init(
        cgImage: CGImage, scale: CGFloat, orientation: Orientation, capInsets: UIEdgeInsets,
        resizingMode: ResizingMode
    ) {
        self.image = cgImage
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.imageOrientation = orientation
        self.capInsets = capInsets
        self.resizingMode = resizingMode
    }

    /// An image decoded from PNG or JPEG `data` at scale 1, as `init?(data:)`; nil (and a
    /// logged error) when the data is neither or is corrupt or truncated.
    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// An image decoded from PNG or JPEG `data` at `scale`, as `init?(data:scale:)`; nil (and
    /// a logged error) when the data cannot be decoded.
    public convenience init?(data: Data, scale: CGFloat) {
        let decoded: CGImage
        do {
            decoded = try ImageCodec.decode(data)
        } catch {
            kitLog.error("UIImage(data:): \(error.description)")
            return nil
        }
        self.init(cgImage: decoded, scale: scale, orientation: .up)
    }
}
