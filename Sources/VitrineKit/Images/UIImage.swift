import Foundation

/// An immutable image with a scale, as UIKit's `UIImage`: a `CGImage` of pixels plus how many
/// pixels make a point, so that a 200x100-pixel image at scale 2 is 100x50 points.
///
/// Follows UIKit: `size` is in points (pixel size divided by `scale`), images are immutable and
/// safe to share between threads, and loading (`init?(named:)`, `init?(contentsOfFile:)`,
/// `init?(data:)`) gives nil for missing or undecodable files instead of failing loudly; an
/// undecodable file is also logged. A JPEG's EXIF orientation becomes `imageOrientation`, and
/// every orientation is applied as UIKit applies it: `size` is upright (width and height
/// swapped for the quarter turns), drawing and image views show the image upright, and
/// `cgImage` stays the pixels as stored. Vitrine turns the pixels once, when the image is
/// first drawn or shown in a layer, and keeps the upright copy with the image. Deviations: a
/// not an `NSObject` subclass (an open class, as UIKit's); only PNG and JPEG decode.
open class UIImage: @unchecked Sendable {
    /// The pixels as stored, not turned by `imageOrientation`, as `cgImage`. Optional as in
    /// UIKit (where CIImage-backed images have none); in Vitrine every image has one.
    open var cgImage: CGImage? { image }

    /// Pixels per point, as `scale`: 1, 2 or 3 for images named `name`, `name@2x`, `name@3x`.
    open private(set) var scale: CGFloat

    /// How the pixels are turned to stand upright, as `imageOrientation`: the orientation
    /// given when the image was made, or a JPEG's EXIF orientation (`.up` without one).
    open var imageOrientation: Orientation { pixels.orientation }

    /// The end caps that keep their size when the image is stretched, in points, as
    /// `capInsets`; `.zero` for an image that is not resizable.
    open private(set) var capInsets: UIEdgeInsets

    /// How the part between the caps fills extra space, as `resizingMode` (`.stretch` for an
    /// image that is not resizable).
    open private(set) var resizingMode: ResizingMode

    /// How the image is drawn by views that tint, as `renderingMode` (see
    /// `withRenderingMode(_:)`); `.automatic` for a loaded image.
    open private(set) var renderingMode: RenderingMode

    /// The pixels, their orientation, and (once made) the pixels upright.
    private(set) var pixels: OrientedPixels

    /// The pixels as stored (never nil here).
    var image: CGImage { pixels.stored }

    /// The pixels turned upright, as they are drawn and shown: made on first use and kept.
    var uprightImage: CGImage { pixels.upright }

    /// The size in points, as `size`: the pixel size divided by `scale`, upright (width and
    /// height swapped for `.left`, `.right`, `.leftMirrored` and `.rightMirrored`), as in UIKit.
    open var size: CGSize {
        let width = CGFloat(image.width) / scale
        let height = CGFloat(image.height) / scale
        return CGImagePropertyOrientation(imageOrientation).swapsWidthAndHeight
            ? CGSize(width: height, height: width) : CGSize(width: width, height: height)
    }

    /// An image of `cgImage` at scale 1, orientation `.up`, as `init(cgImage:)`.
    public convenience init(cgImage: CGImage) {
        self.init(cgImage: cgImage, scale: 1, orientation: .up)
    }

    /// An image of `cgImage` at `scale`, as `init(cgImage:scale:orientation:)`. A scale that is
    /// not finite or not positive counts as 1 (UIKit does not check). The image is shown
    /// turned by `orientation`; `cgImage` is `cgImage` as given. The one designated
    /// initializer, public, so that a subclass made in another module inherits the others
    /// (`init?(named:)`, `init?(data:)`, ...), as from UIKit's.
    public init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        pixels = OrientedPixels(cgImage, orientation: orientation)
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        capInsets = .zero
        resizingMode = .stretch
        renderingMode = .automatic
    }

    /// An image over new pixels, with every other property.
    convenience init(
        cgImage: CGImage, scale: CGFloat, orientation: Orientation, capInsets: UIEdgeInsets,
        resizingMode: ResizingMode
    ) {
        self.init(
            pixels: OrientedPixels(cgImage, orientation: orientation), scale: scale, capInsets: capInsets,
            resizingMode: resizingMode)
    }

    /// An image with every stored property; `pixels` may be shared.
    convenience init(
        pixels: OrientedPixels, scale: CGFloat, capInsets: UIEdgeInsets = .zero, resizingMode: ResizingMode = .stretch,
        renderingMode: RenderingMode = .automatic
    ) {
        self.init(cgImage: pixels.stored, scale: scale, orientation: pixels.orientation)
        self.pixels = pixels
        self.renderingMode = renderingMode
        self.capInsets = capInsets
        self.resizingMode = resizingMode
    }

    /// An image decoded from PNG or JPEG `data` at scale 1, as `init?(data:)`; nil (and a
    /// logged error) when the data is neither or is corrupt or truncated. A JPEG's EXIF
    /// orientation is its `imageOrientation` (a missing or corrupt EXIF block: `.up`).
    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// An image decoded from PNG or JPEG `data` at `scale`, as `init?(data:scale:)`; nil (and
    /// a logged error) when the data cannot be decoded.
    public convenience init?(data: Data, scale: CGFloat) {
        let decoded: OrientedPixels
        do {
            decoded = try OrientedPixels.decode(data)
        } catch {
            kitLog.error("UIImage(data:): \(error.description)")
            return nil
        }
        self.init(pixels: decoded, scale: scale)
    }

    // MARK: Overridable members of the topic extensions

    // Declared here rather than in UIImage+Drawing, +Encoding, +Resizing and +Rendering:
    // Swift cannot override a member declared in an extension, and UIKit declares these open.

    /// Draws the image scaled to fill `rect` in the current graphics context
    /// (`UIGraphicsGetCurrentContext()`), upright, as `draw(in:)`; nothing without a current
    /// context. `imageOrientation` is applied (the pixels are turned once, on the first draw,
    /// and kept); a resizable image keeps its caps (see `resizingMode`), in upright points as
    /// in UIKit. Main actor only: Vitrine's UIGraphics context stack belongs to it (UIKit
    /// keeps one per thread).
    @preconcurrency @MainActor open func draw(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        draw(in: rect, context: context)
    }

    /// Draws the image at its size in points with its top-left corner at `point` in the
    /// current graphics context, as `draw(at:)`.
    @preconcurrency @MainActor open func draw(at point: CGPoint) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        draw(at: point, context: context)
    }

    /// The image as PNG data, as `pngData()`: opaque images as RGB, others as RGBA. nil (and a
    /// logged error) if encoding fails. The scale is not recorded in the file, as in UIKit.
    open func pngData() -> Data? {
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
    open func jpegData(compressionQuality: CGFloat) -> Data? {
        do {
            return try ImageCodec.encodeJPEG(image, quality: compressionQuality)
        } catch {
            kitLog.error("UIImage.jpegData(compressionQuality:): \(error.description)")
            return nil
        }
    }

    /// A copy whose caps (`capInsets`, in points) keep their size when the image is drawn
    /// larger while the middle fills the rest, as `resizableImage(withCapInsets:)`. Like iOS
    /// since 6, the mode is `.tile` — which Vitrine draws stretched for now (see
    /// `ResizingMode.tile`). Negative or non-finite insets count as 0.
    open func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage {
        resizableImage(withCapInsets: capInsets, resizingMode: .tile)
    }

    /// A copy with caps and a resizing mode, as `resizableImage(withCapInsets:resizingMode:)`.
    /// The pixels are shared, not copied. Negative or non-finite insets count as 0.
    open func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: ResizingMode) -> UIImage {
        func clean(_ value: CGFloat) -> CGFloat { value.isFinite && value > 0 ? value : 0 }
        let insets = UIEdgeInsets(
            top: clean(capInsets.top), left: clean(capInsets.left), bottom: clean(capInsets.bottom),
            right: clean(capInsets.right))
        return UIImage(
            pixels: pixels, scale: scale, capInsets: insets, resizingMode: resizingMode, renderingMode: renderingMode)
    }

    /// A copy drawn in `renderingMode`, as `withRenderingMode(_:)`; the pixels are shared.
    /// The same image when the mode is unchanged, as UIKit. Vitrine differences: only tab bar
    /// items tint templates so far (`UIImageView` and `UIButton` draw every image in its own
    /// colours).
    open func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        guard renderingMode != self.renderingMode else { return self }
        return UIImage(
            pixels: pixels, scale: scale, capInsets: capInsets, resizingMode: resizingMode, renderingMode: renderingMode
        )
    }
}
