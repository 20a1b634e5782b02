import Foundation
import VitrineGraphics

// Display: turning `draw(in:)` into `contents`, on demand, as Core Animation does.
extension CALayer {
    /// The largest backing image `display()` makes, per side and in total pixels; a larger
    /// layer gets no contents rather than a huge allocation.
    static let maximumBackingSide = 16_384
    static let maximumBackingPixels = 64 * 1024 * 1024

    /// Marks the layer; tells the tree hosts unless `notifying` is false (when the caller is
    /// about to tell them anyway).
    func markNeedsDisplay(notifying: Bool = true) {
        let wasMarked = needsDisplayFlag
        needsDisplayFlag = true
        superlayer?.markDescendantNeedsDisplay()
        if !wasMarked && notifying { notifyTreeHosts() }
    }

    func markDescendantNeedsDisplay() {
        var layer: CALayer? = self
        while let current = layer, !current.descendantNeedsDisplay {
            current.descendantNeedsDisplay = true
            layer = current.superlayer
        }
    }

    func performDisplayIfNeeded() {
        guard needsDisplayFlag else { return }
        needsDisplayFlag = false
        display()
    }

    func performDisplay() {
        if let delegate {
            delegate.display(self)
        } else {
            drawBackingImage()
        }
    }

    /// Draws a backing image and makes it the contents, as Core Animation's `display()` does
    /// when the delegate does not provide contents itself.
    ///
    /// The image is `ceil(bounds.size * contentsScale)` pixels of premultiplied ARGB, cleared
    /// to transparent; the context is scaled by `contentsScale` and translated so that drawing
    /// happens in bounds coordinates (`bounds.origin` at the top left), the delegate's
    /// `layerWillDraw(_:)` is called, then `draw(in:)`. An empty, non-finite or oversized
    /// bounds (see `maximumBackingSide`) leaves the layer with no contents.
    func drawBackingImage() {
        let scale = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        let width = (bounds.width * scale).rounded(.up)
        let height = (bounds.height * scale).rounded(.up)
        guard bounds.origin.x.isFinite, bounds.origin.y.isFinite,
            width.isFinite, height.isFinite, width >= 1, height >= 1,
            width <= CGFloat(Self.maximumBackingSide), height <= CGFloat(Self.maximumBackingSide),
            Int(width) * Int(height) <= Self.maximumBackingPixels
        else {
            contents = nil
            return
        }
        delegate?.layerWillDraw(self)
        let buffer = PixelBuffer(width: Int(width), height: Int(height), format: .argb8888Premultiplied)
        let context = CGContext(pixelBuffer: buffer)
        context.scaleBy(x: scale, y: scale)
        context.translateBy(x: -bounds.origin.x, y: -bounds.origin.y)
        draw(in: context)
        contents = context.makeImage()
    }

    /// A Vitrine extension doing what Core Animation does for a tree when its transaction
    /// commits: the layout pass (`layoutIfNeeded()` from this layer), then `displayIfNeeded()`
    /// on every layer below it that needs display, parents before children. Clean subtrees
    /// are skipped. The frame loop calls it on the root before compositing.
    public func layoutAndDisplayIfNeeded() {
        layoutIfNeeded()
        displaySubtreeIfNeeded()
    }

    /// `displayIfNeeded()` for this layer and every descendant that needs display.
    func displaySubtreeIfNeeded() {
        displayIfNeeded()
        guard descendantNeedsDisplay else { return }
        descendantNeedsDisplay = false
        for layer in sublayerStorage ?? [] where layer.needsDisplayFlag || layer.descendantNeedsDisplay {
            layer.displaySubtreeIfNeeded()
        }
    }
}
