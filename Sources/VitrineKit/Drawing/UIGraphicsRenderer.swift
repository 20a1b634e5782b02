import Foundation

/// The base of UIKit's graphics renderers, as `UIGraphicsRenderer`: an area to draw, in
/// points, and a format. Vitrine has one concrete renderer, `UIGraphicsImageRenderer`
/// (`UIGraphicsPDFRenderer` is not provided: there is no PDF output on a kiosk panel).
///
/// Deviation: main-actor bound, because drawing goes through the main actor's UIGraphics
/// stack; UIKit's renderers may also be used from other threads.
@preconcurrency @MainActor
open class UIGraphicsRenderer {
    /// The renderer's own copy of the format, whose `bounds` is the renderer's, as `format`.
    public let format: UIGraphicsRendererFormat

    /// A renderer of `bounds` with the default format, as `init(bounds:)`.
    public convenience init(bounds: CGRect) {
        self.init(bounds: bounds, format: UIGraphicsRendererFormat.default())
    }

    /// A renderer of `bounds` using a copy of `format`, as `init(bounds:format:)`.
    public init(bounds: CGRect, format: UIGraphicsRendererFormat) {
        let copy = format.copy()
        copy.bounds = bounds
        self.format = copy
    }

    /// Whether the renderer makes images, as `allowsImageOutput`.
    open var allowsImageOutput: Bool { false }
}
