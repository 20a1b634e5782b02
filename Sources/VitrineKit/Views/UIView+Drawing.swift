import Foundation
import VitrineLayers

// On-demand drawing, as UIKit does it: a view that overrides `draw(_:)` is drawn into a backing
// image at its `contentScaleFactor`, which becomes `layer.contents`; marks made by
// `setNeedsDisplay()` / `setNeedsDisplay(_:)` are coalesced until the next display pass (the
// layer tree's `layoutAndDisplayIfNeeded()`, run by the frame loop), which calls `draw(_:)`
// once with their union. Between passes the cached image is placed by `contentMode`, through
// the layer's `contentsGravity`, and stretched per `contentStretch` (the layer's
// `contentsCenter`). A geometry change never redraws, except a bounds-size change with
// `contentMode == .redraw`.
//
// Choices, and why:
// - The backing image starts transparent and `backgroundColor` is not drawn into it: it is the
//   layer's `backgroundColor`, which the compositor paints below the contents, as UIKit does
//   (the view's `isOpaque` stays a hint; UIKit leaves undrawn pixels of an opaque view
//   undefined, Vitrine leaves them transparent).
// - A view whose `draw(_:)` is not overridden keeps no backing image. Swift cannot ask whether
//   a method is overridden, so the base `draw(_:)` records that it ran: when it ran during a
//   display and the image came out fully transparent (the plain case, or an override that
//   calls `super` and draws nothing), the image is dropped and `contents` stays nil. An
//   override that calls `super.draw(_:)` and draws keeps its image.
// - `setNeedsDisplay(_:)` redraws only the marked part: when the view already has a backing
//   image of the same pixel size, the new image starts as a copy of it with the marked rect
//   cleared, and `draw(_:)` runs clipped to the union of the marks, as UIKit keeps the rest of
//   the backing store. Otherwise the whole bounds are redrawn.
// - A new view is marked for its first display unless its class is known not to draw (see
//   `ViewDrawingState.nonDrawingClasses`); a first display that finds empty bounds waits for
//   the bounds to get a size.

/// What the display machinery remembers about one view between passes (kept in the view's
/// `drawingState`, made on first use).
@MainActor
final class ViewDrawingState {
    /// The union of the rects marked since the last pass, in bounds coordinates; nil with
    /// `wholeViewIsDirty` false means nothing is pending.
    var dirtyRect: CGRect?
    /// `setNeedsDisplay()` was called since the last pass.
    var wholeViewIsDirty = false
    /// Set by the base `draw(_:)`.
    var baseDrawRan = false
    /// The view has not been drawn yet (its first display found empty bounds, say).
    var awaitsFirstDraw = true

    /// View classes whose `draw(_:)` is known to draw nothing (the base one ran and the image
    /// stayed transparent): their new instances are not marked for a first display, so plain
    /// views never allocate a backing image. Classes not in it are marked, as UIKit draws a
    /// view that overrides `draw(_:)` when it is first shown.
    static var nonDrawingClasses: Set<ObjectIdentifier> = []

    static func existing(for view: UIView) -> ViewDrawingState? { view.drawingState }

    static func state(for view: UIView) -> ViewDrawingState {
        if let state = view.drawingState { return state }
        let state = ViewDrawingState()
        view.drawingState = state
        return state
    }
}

extension UIView {
    /// The base `draw(_:)` ran: the view does not draw content of its own (or its override
    /// called `super`).
    func baseDrawCalled() {
        ViewDrawingState.existing(for: self)?.baseDrawRan = true
    }

    /// `setNeedsDisplay()` (nil) and `setNeedsDisplay(_:)`: records the mark and marks the
    /// layer. A null, empty or non-finite rect marks nothing, as in UIKit (which ignores empty
    /// rects).
    func markNeedsDisplay(in rect: CGRect?) {
        let state = ViewDrawingState.state(for: self)
        if let rect {
            guard !rect.isNull, !rect.isEmpty, rect.isFinite else { return }
            let standardized = rect.standardized
            state.dirtyRect = state.dirtyRect.map { $0.union(standardized) } ?? standardized
        } else {
            state.wholeViewIsDirty = true
        }
        layer.setNeedsDisplay()
    }

    /// `contentMode` or `contentStretch` changed: the layer's `contentsGravity` and
    /// `contentsCenter` follow. No redraw, as in UIKit.
    func contentModeDidChange() {
        layer.contentsGravity = contentMode.contentsGravity
        layer.contentsCenter = contentMode.honoursContentStretch ? contentStretch.unitContentsCenter : Self.unitRect
    }

    /// The bounds size changed: only `.redraw` redraws; every other mode lets the layer place
    /// the cached image. A view never drawn yet (its first display found no size) is drawn now.
    func boundsSizeDidChange() {
        if contentMode == .redraw || (drawingState?.awaitsFirstDraw ?? false) { setNeedsDisplay() }
    }

    /// Marks a new view for its first display, unless its class is known not to draw.
    func markForFirstDisplay() {
        guard !ViewDrawingState.nonDrawingClasses.contains(ObjectIdentifier(type(of: self))) else { return }
        markNeedsDisplay(in: nil)
    }

    /// The contents scale changed (the view moved to a screen of another scale, or
    /// `contentScaleFactor` was set): a view with a backing image is redrawn at the new scale,
    /// as UIKit does.
    func contentScaleDidChange() {
        if layer.contents != nil { setNeedsDisplay() }
    }

    /// Draws the view's backing image, as UIKit's `UIView` does as its layer's delegate
    /// (`CALayerDelegate.display(_:)`); the display pass calls it for a view marked by
    /// `setNeedsDisplay()` / `setNeedsDisplay(_:)`.
    ///
    /// The image is `ceil(bounds.size × contentScaleFactor)` pixels of premultiplied ARGB,
    /// transparent where nothing is drawn; a drawing in one opaque colour is kept as a
    /// coverage image (`CGImage.isCoverageImage`: a byte a pixel and the colour), as UIKit
    /// since iOS 12 keeps monochrome drawings in an 8-bit backing store. The context draws in bounds coordinates (points,
    /// `bounds.origin` at the top left), is the current UIGraphics context while `draw(_:)`
    /// runs, and is clipped to the rect `draw(_:)` receives: the union of the marks, or the
    /// bounds. Empty, non-finite or oversized bounds (over 16384 pixels a side or 64
    /// megapixels) leave no image and call no `draw(_:)`. A layer other than the view's own
    /// is left alone.
    func displayBackingImage(of layer: CALayer) {
        guard layer === self.layer else { return }
        let state = ViewDrawingState.state(for: self)
        let marked = state.wholeViewIsDirty ? nil : state.dirtyRect
        state.wholeViewIsDirty = false
        state.dirtyRect = nil

        let bounds = layer.bounds
        let scale = layer.contentsScale.isFinite && layer.contentsScale > 0 ? layer.contentsScale : 1
        guard bounds.origin.x.isFinite, bounds.origin.y.isFinite,
            let pixels = GraphicsContextStack.pixelSize(for: bounds.size, scale: scale)
        else {
            layer.contents = nil
            return
        }

        // A partial redraw keeps the rest of the previous image, when there is one to keep.
        var drawRect = bounds
        var buffer: PixelBuffer?
        if let marked, let previous = layer.contents as? CGImage, previous.width == pixels.width,
            previous.height == pixels.height
        {
            let part = marked.intersection(bounds)
            guard !part.isNull, !part.isEmpty else { return }
            drawRect = part
            buffer = previous.makePixelBuffer()
        }
        let partial = buffer != nil
        let target = buffer ?? ScratchPixels.take(width: pixels.width, height: pixels.height)
        let context = CGContext(pixelBuffer: target, scale: scale)
        context.translateBy(x: -bounds.origin.x, y: -bounds.origin.y)
        if partial {
            context.clip(to: drawRect)
            context.clear(drawRect)
        }

        state.baseDrawRan = false
        UIGraphicsPushContext(context)
        // Dynamic colours resolve with the view's traits while it draws, as in UIKit.
        traitCollection.performAsCurrent { draw(drawRect) }
        if let index = GraphicsContextStack.entries.lastIndex(where: { $0.context === context }) {
            GraphicsContextStack.entries.removeSubrange(index...)
        }
        context.flush()

        state.awaitsFirstDraw = false
        // A coverage image has a covered pixel, so only a drawing that is not one is checked
        // for being empty.
        let coverage = CGImage.coverageImage(of: target)
        if coverage == nil && state.baseDrawRan && !partial && target.isFullyTransparent {
            layer.contents = nil
            ViewDrawingState.nonDrawingClasses.insert(ObjectIdentifier(type(of: self)))
            drawingState = nil
            ScratchPixels.giveBack(target)
        } else if let coverage {
            // A drawing in one colour (a label's text) is kept as coverage, a byte a pixel, as
            // UIKit picks an 8-bit backing store for monochrome content.
            layer.contents = coverage
            ScratchPixels.giveBack(target)
        } else {
            // The drawing is the image: drawing is over (the context goes with this call).
            layer.contents = CGImage(adopting: target)
        }
        drawingState?.baseDrawRan = false
    }

    nonisolated static let unitRect = CGRect(x: 0, y: 0, width: 1, height: 1)
}

extension UIView.ContentMode {
    /// The layer gravity that places cached content as this mode does on screen.
    ///
    /// `CALayerContentsGravity` follows iOS's flipped vertical naming (its `.top` is the edge
    /// at `maxY`, the bottom on screen), so the vertical names swap here, as UIKit's own
    /// mapping does: `.top` shows the content at the top of the view. `.redraw` stretches the
    /// old image until the new one is drawn, as `.scaleToFill` does.
    var contentsGravity: CALayerContentsGravity {
        switch self {
        case .scaleToFill, .redraw: .resize
        case .scaleAspectFit: .resizeAspect
        case .scaleAspectFill: .resizeAspectFill
        case .center: .center
        case .top: .bottom
        case .bottom: .top
        case .left: .left
        case .right: .right
        case .topLeft: .bottomLeft
        case .topRight: .bottomRight
        case .bottomLeft: .topLeft
        case .bottomRight: .topRight
        }
    }

    /// Whether `contentStretch` applies: only the scaling modes, as the View Programming
    /// Guide documents.
    var honoursContentStretch: Bool {
        self == .scaleToFill || self == .scaleAspectFit || self == .scaleAspectFill
    }
}

extension CGRect {
    /// `contentStretch` as a usable `contentsCenter`: the unit rect when it is not finite.
    fileprivate var unitContentsCenter: CGRect {
        isFinite && !isNull ? standardized : UIView.unitRect
    }
}

/// Buffers a display pass draws into and then keeps only as coverage (a label's text): kept
/// for the next display of the same size instead of mapping fresh zeroed memory each time (a
/// 1888x20 label's 150 KB is 37 page faults), cleared before reuse. A few small ones only.
@MainActor
enum ScratchPixels {
    private static var spares: [PixelBuffer] = []
    private static let maximumCount = 4
    private static let maximumBytes = 512 * 1024

    /// A zeroed premultiplied ARGB buffer of the size.
    static func take(width: Int, height: Int) -> PixelBuffer {
        if let index = spares.firstIndex(where: { $0.width == width && $0.height == height }) {
            let buffer = spares.remove(at: index)
            buffer.clear()
            return buffer
        }
        return PixelBuffer(width: width, height: height, format: .argb8888Premultiplied)
    }

    /// `buffer` is no longer used by anyone: kept for a later `take` when small enough.
    static func giveBack(_ buffer: PixelBuffer) {
        guard buffer.byteCount <= maximumBytes, buffer.format == .argb8888Premultiplied else { return }
        if spares.count == maximumCount { spares.removeFirst() }
        spares.append(buffer)
    }
}
