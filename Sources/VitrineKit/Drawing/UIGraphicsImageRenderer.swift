import Foundation

/// Draws images from drawing code, as UIKit's `UIGraphicsImageRenderer`: the actions draw in
/// points into a bitmap of `bounds.size × format.scale` pixels, which becomes the image.
///
/// ```swift
/// let renderer = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40))
/// let png = renderer.pngData { context in
///     UIColor.red.setFill()
///     UIBezierPath(ovalIn: context.format.bounds).fill()
/// }
/// ```
///
/// While the actions run, their context is the current UIGraphics context. The bitmap is
/// premultiplied ARGB starting transparent, or, with `format.opaque`, without alpha starting
/// black. Deviations: main-actor bound (see `UIGraphicsRenderer`); bounds that are empty,
/// non-finite or larger than 16384 pixels a side or 64 megapixels at the format's scale give
/// an empty result (the actions still run, on a context that draws nothing), where UIKit
/// asserts or runs out of memory.
@preconcurrency @MainActor
open class UIGraphicsImageRenderer: UIGraphicsRenderer {
    /// The image format, as `format` (typed for image renderers).
    open var imageFormat: UIGraphicsImageRendererFormat {
        format as? UIGraphicsImageRendererFormat ?? UIGraphicsImageRendererFormat()
    }

    /// A renderer of `size` points at the main screen's scale, as `init(size:)`.
    public convenience init(size: CGSize) {
        self.init(size: size, format: UIGraphicsImageRendererFormat())
    }

    /// A renderer of `size` points with a copy of `format`, as `init(size:format:)`.
    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    /// A renderer of `bounds` with a copy of `format`, as `init(bounds:format:)`: drawing at
    /// `bounds.origin` lands at the image's top-left corner.
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        super.init(bounds: bounds, format: format)
    }

    /// A renderer of `bounds` with the default image format, as `init(bounds:)`.
    public convenience init(bounds: CGRect) {
        self.init(bounds: bounds, format: UIGraphicsImageRendererFormat())
    }

    /// Whether the renderer makes images: always true, as `allowsImageOutput`.
    open override var allowsImageOutput: Bool { true }

    /// Runs `actions` and returns the drawing as an image at the format's scale, as
    /// `image(actions:)`. Bounds that cannot be rendered give a 1x1 transparent image (UIKit's
    /// result there is unspecified).
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let scale = GraphicsContextStack.resolvedScale(imageFormat.scale)
        guard let context = render(actions), let image = context.makeImage() else {
            return UIImage(cgImage: CGImage(copying: PixelBuffer(width: 1, height: 1, format: .argb8888Premultiplied)))
        }
        return UIImage(cgImage: image, scale: scale, orientation: .up)
    }

    /// Runs `actions` and returns the drawing as PNG data, as `pngData(actions:)`. The PNG
    /// has the bitmap's pixel size (points × scale) and carries no scale. Empty when the
    /// bounds cannot be rendered.
    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        guard let context = render(actions) else { return Data() }
        return (try? ImageCodec.encodePNG(context.pixelBuffer)) ?? Data()
    }

    /// Makes the bitmap context, runs `actions` with it current, and returns it; nil when the
    /// bounds cannot be rendered (the actions then ran on a context that draws nothing).
    func render(_ actions: (UIGraphicsImageRendererContext) -> Void) -> CGContext? {
        let format = imageFormat
        let bounds = format.bounds
        let scale = GraphicsContextStack.resolvedScale(format.scale)
        let pixels =
            bounds.origin.x.isFinite && bounds.origin.y.isFinite
            ? GraphicsContextStack.pixelSize(for: bounds.size, scale: scale) : nil
        let context: CGContext
        if let pixels {
            let buffer = PixelBuffer(
                width: pixels.width, height: pixels.height,
                format: format.opaque ? .xrgb8888 : .argb8888Premultiplied)
            context = CGContext(pixelBuffer: buffer, scale: scale)
            context.translateBy(x: -bounds.origin.x, y: -bounds.origin.y)
        } else {
            context = CGContext(pixelBuffer: PixelBuffer(width: 1, height: 1, format: .argb8888Premultiplied))
            context.clip(to: [CGRect]())
        }
        let rendererContext = UIGraphicsImageRendererContext(cgContext: context, format: format)
        context.saveGState()
        UIGraphicsPushContext(context)
        actions(rendererContext)
        // Pop down to (and including) this context, whatever the actions left pushed.
        if let index = GraphicsContextStack.entries.lastIndex(where: { $0.context === context }) {
            GraphicsContextStack.entries.removeSubrange(index...)
        }
        context.restoreGState()
        return pixels == nil ? nil : context
    }
}
