import Foundation
import VitrineGraphics

/// How a frame the compositor has worked out becomes pixels.
///
/// The `Compositor` decides: it walks the layer tree into a display list, works out the damage
/// to repaint in the target (its age included) and which pixels opaque layers cover. A renderer
/// paints that decision into a `RenderTarget` of the kind it can draw into: `PixmanRenderer`
/// (software, CPU pixel buffers) here, and `GLESRenderer` (VitrineGL: OpenGL ES into
/// framebuffer objects), without the compositor or VitrineKit knowing which.
///
/// A renderer also turns finished frames for rotated panels (`present(picture:...)`): the
/// upright picture is its kind of target (`makePicture`), and the turned copy its operation.
///
/// One renderer per compositor: it may keep state across frames (caches, offscreen buffers)
/// and with each layer (`Compositor.DisplayEntry.rendererCache`).
@preconcurrency @MainActor
public protocol Renderer: AnyObject {
    /// Paints `frame` into `target`: every pixel inside `frame.damage`, and no other.
    ///
    /// Called for each compositor frame with damage (a frame with none touches no pixel and
    /// is not passed on); `frame.frameNumber` counts every frame, so a renderer can age what
    /// it keeps by it. `target` is of a kind this renderer draws into (a programming error
    /// otherwise).
    func render(_ frame: RenderFrame, into target: any RenderTarget)

    /// A target of this renderer's kind for an upright picture `width` x `height` pixels that
    /// is then presented turned: its contents start out undefined.
    func makePicture(width: Int, height: Int) -> any RenderTarget

    /// Copies the pixels of `picture` that land inside `region` (in `target`'s pixels) into
    /// `target`, turned: `outputTransform` maps picture pixel coordinates to target pixel
    /// coordinates and is a quarter turn, half turn or identity with whole-pixel offsets, so
    /// each target pixel receives exactly one picture pixel (nearest sampling, replaced, not
    /// blended). Pixels outside `region` are not touched.
    func present(
        picture: any RenderTarget, outputTransform: ProjectiveTransform, region: Region,
        into target: any RenderTarget)

    /// Whether this renderer can draw into `target`, a target it drew into before. A renderer
    /// whose kinds of target change (one that stops using the GPU mid-run) says no for the
    /// kind it gave up, so that whoever keeps the target (a rotated screen's picture) makes a
    /// new one. True unless a renderer says otherwise.
    func canDraw(into target: any RenderTarget) -> Bool

    /// Whether this renderer implements `move(_:by:in:)`. When it does, the compositor moves
    /// what a scroll moved instead of repainting it (see "Scrolling by moving pixels" in
    /// docs/architecture.md); when not, it repaints. False unless a renderer says otherwise.
    var movesPixels: Bool { get }

    /// Moves the pixels of `move.area` in `target` by `move.dx`, `move.dy`: each pixel of the
    /// area whose source, that far back, is also in the area takes the source's value as it was
    /// before the call (source and destination overlap); the rest keep theirs. The compositor
    /// calls it, when `movesPixels`, before `render` paints the frame's damage over it.
    func move(_ move: PixelMove, in target: any RenderTarget)
}

extension Renderer {
    /// Renderers draw into every target they made or were made for.
    public func canDraw(into target: any RenderTarget) -> Bool { true }

    /// Renderers repaint scrolled pixels unless they say they move them.
    public var movesPixels: Bool { false }

    /// Not called while `movesPixels` is false.
    public func move(_ move: PixelMove, in target: any RenderTarget) {
        preconditionFailure("\(type(of: self)) does not move pixels")
    }
}

/// Pixels a scroll moves within a target: those of `area` go `dx` right and `dy` down, clipped
/// to `area`.
public struct PixelMove: Equatable, Sendable {
    /// The pixels that move, in target pixels: a scrolled layer's clip.
    public var area: PixelRect
    /// How far they move, in target pixels (never both 0).
    public var dx: Int
    public var dy: Int

    /// A move of `area` by `dx`, `dy`.
    public init(area: PixelRect, dx: Int, dy: Int) {
        self.area = area
        self.dx = dx
        self.dy = dy
    }

    /// The pixels that receive moved ones: `area` and its moved copy in common.
    public var destination: PixelRect {
        area.intersection(PixelRect(x: area.x + dx, y: area.y + dy, width: area.width, height: area.height))
    }
}

/// What the compositor decided for one frame: the input of `Renderer.render(_:into:)`.
@preconcurrency @MainActor
public struct RenderFrame {
    /// The compositor's frame number (increases by one each frame).
    public let frameNumber: UInt64
    /// Points to pixels.
    public let scale: CGFloat
    /// What shows where no layer draws.
    public let clearColor: PremultipliedColor
    /// The target pixels to repaint: this frame's damage and whatever the target's age adds.
    /// Never empty.
    public let damage: Region
    /// The part of `damage` no opaque top-level layer covers: what `clearColor` fills.
    public let uncovered: Region
    /// The frame's drawing, back to front, in target pixels. Entries that do not meet `damage`
    /// may be passed over. Valid during `render` only: its entries do not keep their layers'
    /// records alive.
    public let displayList: [Compositor.DisplayEntry]
    /// For each entry of `displayList` at the top level (outside groups), the pixels that
    /// opaque layers above it cover, which it need not draw (nil: none); indexed as the list.
    public let coveredAbove: [Region?]
}

extension Compositor.DisplayEntry {
    /// The layer this entry draws (for `content` and `border`), clips to (`pushClip`,
    /// `popClip`) or groups (`beginGroup`, `endGroup`).
    @preconcurrency @MainActor public var layer: CALayer { record.layer }
    /// The layer's bounds coordinates to target pixels.
    @preconcurrency @MainActor public var transform: ProjectiveTransform { record.current.transform }
    /// The opacity to draw the layer's own parts with: its own, or 1 when it is a group, whose
    /// opacity (`groupOpacity`) applies when the group is composited.
    @preconcurrency @MainActor public var opacity: Double { record.drawing.opacity }
    /// The layer's own opacity this frame (animations applied): a group's, at `endGroup`.
    @preconcurrency @MainActor public var groupOpacity: Double { Double(record.layer.renderOpacity) }
    /// The target pixels the layer's own drawing may touch, clipped by its ancestors.
    @preconcurrency @MainActor public var box: PixelRect { record.current.box }
    /// The target pixels the layer and its sublayers may touch: an offscreen group's extent.
    @preconcurrency @MainActor public var subtreeBox: PixelRect { record.subtreeBox }
    /// For `pushClip`: the axis-aligned pixel rectangle the sublayers are clipped to.
    @preconcurrency @MainActor public var boundsClip: PixelRect? { record.drawing.boundsClip }
    /// The pixels the layer covers opaquely (a top-level layer may be drawn as a copy there).
    @preconcurrency @MainActor public var opaqueBox: PixelRect? { record.drawing.opaqueBox }
    /// For groups: whether the group is cut to the layer's rounded or turned bounds.
    @preconcurrency @MainActor public var groupMasksToBounds: Bool { record.drawing.groupMasksToBounds }
    /// For `content`: the pieces of `layer.contents` to draw and where (empty: none).
    @preconcurrency @MainActor public var contentsPieces: [ContentsPiece] { record.contentsPieces }
    /// For `beginGroup`: how many entries further on its `endGroup` is.
    public var groupLength: Int { length }
    /// State the renderer keeps with this layer while it is drawn (caches); dropped with the
    /// compositor's record of the layer.
    @preconcurrency @MainActor public var rendererCache: AnyObject? {
        get { record.rendererCache }
        nonmutating set { record.rendererCache = newValue }
    }

    // The layer's properties as this frame draws them (animations applied), which a renderer
    // reads instead of the model values.
    /// The layer's bounds this frame.
    @preconcurrency @MainActor public var bounds: CGRect { record.layer.renderBounds }
    /// The background colour this frame.
    @preconcurrency @MainActor public var backgroundColor: CGColor? { record.layer.renderBackgroundColor }
    /// The corner radius this frame.
    @preconcurrency @MainActor public var cornerRadius: CGFloat { record.layer.renderCornerRadius }
    /// The border width this frame.
    @preconcurrency @MainActor public var borderWidth: CGFloat { record.layer.renderBorderWidth }
    /// The border colour this frame.
    @preconcurrency @MainActor public var borderColor: CGColor? { record.layer.renderBorderColor }
    /// The image drawn for `content`: `contents`, or what a shape, gradient or text layer
    /// generated.
    @preconcurrency @MainActor public var contentsImage: CGImage? { record.image }

    // For `shadow`: what a renderer needs to draw the layer's shadow under it (the entries
    // that cast an alpha shadow follow, `groupLength` of them).
    /// The shadow's colour with `shadowOpacity` applied, premultiplied; nil: no shadow.
    @preconcurrency @MainActor public var shadowColor: PremultipliedColor? { record.shadow?.color }
    /// The blur's standard deviation in target pixels.
    @preconcurrency @MainActor public var shadowSigma: Double { record.shadow?.sigma ?? 0 }
    /// The shadow's offset in whole target pixels.
    @preconcurrency @MainActor public var shadowOffset: (x: Int, y: Int) {
        (record.shadow?.offsetX ?? 0, record.shadow?.offsetY ?? 0)
    }
    /// `shadowPath` (layer coordinates, drawn through `transform`), or nil for a shadow of the
    /// alpha of the following entries.
    @preconcurrency @MainActor public var shadowPath: CGPath? { record.shadow?.path }
    /// The target pixels the shadow's shape is taken from, before offset and blur.
    @preconcurrency @MainActor public var shadowSourceBox: PixelRect { record.shadow?.sourceBox ?? .zero }
    /// The target pixels the shadow may touch, clipped.
    @preconcurrency @MainActor public var shadowBox: PixelRect { record.shadow?.box ?? .zero }
    /// Changes whenever the shape an alpha shadow is cast from changes (not when it only moves):
    /// a renderer keeps its blurred mask while this, the sigma and the transform's linear part
    /// stay.
    @preconcurrency @MainActor public var shadowContentKey: UInt64 { record.shadow?.contentStamp ?? 0 }

    // For `backdrop`: what a renderer needs to blur what lies behind the layer.
    /// The backdrop blur's standard deviation in target pixels (0: no backdrop).
    @preconcurrency @MainActor public var backdropSigma: Double { record.backdrop?.sigma ?? 0 }
    /// The target pixels behind the layer that are blurred (the entries before this one,
    /// drawn over them).
    @preconcurrency @MainActor public var backdropSourceBox: PixelRect { record.backdrop?.sourceBox ?? .zero }
    /// Changes whenever what lies behind the layer may have changed: a renderer keeps its
    /// blurred backdrop while this stays.
    @preconcurrency @MainActor public var backdropKey: UInt64 { record.backdrop?.stamp ?? 0 }
}
