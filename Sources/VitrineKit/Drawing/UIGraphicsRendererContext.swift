import Foundation

/// The drawing environment a renderer passes to its actions, as UIKit's
/// `UIGraphicsRendererContext`: the Core Graphics context and a few conveniences.
///
/// While the actions run the context is also the current UIGraphics context, so
/// `UIGraphicsGetCurrentContext()`, `UIBezierPath.fill()` and `UIColor.setFill()` reach it.
/// Deviation: main-actor bound (see `UIGraphicsRendererFormat`).
@preconcurrency @MainActor
open class UIGraphicsRendererContext {
    /// The Core Graphics context to draw into, as `cgContext`: in points, y-down, with
    /// `format.bounds.origin` at the top left.
    public let cgContext: CGContext

    /// The format the renderer draws with, as `format`.
    public let format: UIGraphicsRendererFormat

    init(cgContext: CGContext, format: UIGraphicsRendererFormat) {
        self.cgContext = cgContext
        self.format = format
    }

    /// Fills `rect` with the context's fill colour, as `fill(_:)`.
    open func fill(_ rect: CGRect) {
        cgContext.fill(rect)
    }

    /// Fills `rect` with the fill colour using `blendMode`, as `fill(_:blendMode:)`; the
    /// context's blend mode is left as it was.
    open func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        cgContext.fill(rect)
        cgContext.restoreGState()
    }

    /// Strokes the outline of `rect` with the stroke colour and line width of the context,
    /// centred on the edges, as `stroke(_:)`.
    open func stroke(_ rect: CGRect) {
        cgContext.stroke(rect)
    }

    /// Strokes the outline of `rect` using `blendMode`, as `stroke(_:blendMode:)`.
    open func stroke(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        cgContext.stroke(rect)
        cgContext.restoreGState()
    }

    /// Intersects the clip with `rect`, as `clip(to:)`.
    open func clip(to rect: CGRect) {
        cgContext.clip(to: rect)
    }
}
