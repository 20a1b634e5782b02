import Foundation
import VitrineGraphics

/// What the compositor knows about one layer: where it drew last frame (for damage) and how it
/// draws this frame. Kept across frames, keyed by the layer's id; dropped once the layer is no
/// longer drawn.
///
/// Its fields are read and written only by the compositor's own methods, one at a time (no
/// access overlaps another), so they are not checked for exclusive access at run time: culling
/// a list of 10,000 rows reads a few of them per row, and the checks cost more than the rest.
@MainActor
final class LayerRecord {
    let layer: CALayer

    /// The inputs that decide the layer's own pixels. Any difference between two frames damages
    /// the old and the new `box`.
    struct Appearance: Equatable {
        /// The layer's `drawingSerial`: its own properties, not its bounds' origin (which the
        /// transform shows) or its sublayers.
        var changeSerial: UInt64 = 0
        /// Bounds coordinates to target pixels.
        var transform = ProjectiveTransform.identity
        /// The product of the opacities from the root down, this layer's included.
        var opacity: Double = 1
        /// The pixel rectangle ancestors' `masksToBounds` limit drawing to (nil: unlimited).
        var clipRect: PixelRect? = nil
        /// Identifies the shapes of the masking ancestors (rounded or rotated clips).
        var clipKey: Int = 0
        /// Where the outermost of them is (see `Compositor.Clip`).
        var clipOriginX = 0.0
        var clipOriginY = 0.0
        /// The sibling drawn just before this layer: catches reordering.
        var previousSiblingID: UInt64 = 0
        /// Pixels the layer's own drawing may touch, clipped.
        var box = PixelRect.zero
        /// Drawn as an offscreen group.
        var isGroup = false
        /// Whether the layer's own drawing, moved by whole pixels, gives exactly the pixels it
        /// draws there afresh: any affine transform (`Canvas` puts whole pixels of a
        /// translation into pixman's fixed point exactly), not a projection.
        var translatesExactly = false
    }

    /// What this layer's drawing was last worked out from; while it stays the same the
    /// worked-out values are reused.
    struct Inputs: Equatable {
        /// The layer's `changeSerial`.
        var serial: UInt64
        /// The superlayer record's `sublayerGeneration` (the screen's for the root).
        var parentGeneration: UInt64
        var previousSiblingID: UInt64
    }
    @exclusivity(unchecked) var inputs: Inputs? = nil
    /// False when the geometry is singular or not finite: the layer and its subtree draw nothing.
    @exclusivity(unchecked) var isDrawable = false

    /// What a layer passes down to its sublayers: everything besides their own properties
    /// that decides how they draw.
    struct SublayerContext: Equatable {
        /// The layer's bounds coordinates to target pixels.
        var transform = ProjectiveTransform.identity
        /// The layer's `sublayerTransform` and the point it applies about.
        var sublayerTransform = CATransform3DIdentity
        var sublayerPivot = CGPoint.zero
        /// The product of the opacities from the root down.
        var opacity: Double = 1
        /// What the sublayers are clipped to.
        var clip = Compositor.Clip(rect: .zero, key: 0)
        /// Whether the sublayers are drawn into an offscreen group.
        var insideGroup = false
    }
    @exclusivity(unchecked) var sublayerContext = SublayerContext()
    /// Changes whenever `sublayerContext` does (a never-reused number): sublayers compare it
    /// instead of the whole context.
    @exclusivity(unchecked) var sublayerGeneration: UInt64 = 0

    /// This frame's appearance, and the one last rendered.
    @exclusivity(unchecked) var current = Appearance()
    @exclusivity(unchecked) var rendered: Appearance? = nil
    /// The frame in which the layer was last visited or reused.
    @exclusivity(unchecked) var seenFrame: UInt64 = 0
    /// The layer's `subtreeStamp` when it was last visited.
    @exclusivity(unchecked) var subtreeStamp: UInt64 = 0
    /// Where this layer's and its subtree's entries are in the display list of `seenFrame`.
    @exclusivity(unchecked) var entries = 0..<0
    /// The records of the sublayers drawn (or culled) in `seenFrame`, in drawing order.
    @exclusivity(unchecked) var children: [LayerRecord] = []
    /// The layer's `sublayersStamp` when it was last visited.
    @exclusivity(unchecked) var sublayersStamp: UInt64 = 0

    /// The layer and everything drawn inside it, clipped: an offscreen group's size.
    @exclusivity(unchecked) var subtreeBox = PixelRect.zero
    /// The pixels the layer's own drawing may touch, before ancestors clip it.
    @exclusivity(unchecked) var unclippedBox = PixelRect.zero
    /// Where the layer and its subtree may draw, before any clip, in the pixels of the frame
    /// in which the record was last visited or culled: what culling tests.
    @exclusivity(unchecked) var extent = PixelRect.zero
    /// The frame in which the subtree was last culled: left out of the frame, unvisited,
    /// because it moved with its superlayer and lies outside the clip (`seenFrame` then stays
    /// at its last visit). Never before the first frame.
    @exclusivity(unchecked) var culledFrame = UInt64.max
    /// Records in this subtree, this one included, as last visited.
    @exclusivity(unchecked) var subtreeCount = 1
    /// How this layer is drawn this frame.
    @exclusivity(unchecked) var drawing = Drawing()

    struct Drawing: Equatable {
        /// Background or contents to draw, and a border.
        var drawsContent = false
        var drawsBorder = false
        /// Composited as one group in an offscreen buffer (group opacity, shaped clip).
        var isGroup = false
        /// The group is cut to the layer's (rounded or rotated) bounds.
        var groupMasksToBounds = false
        /// Opacity applied when drawing: the layer's own, or 1 inside its own group.
        var opacity: Double = 1
        /// Pixels this layer covers opaquely, for occlusion (top-level layers only).
        var opaqueBox: PixelRect? = nil
        /// The axis-aligned bounds in pixels, when `masksToBounds` clips with a rectangle.
        var boundsClip: PixelRect? = nil
        /// For an axis-aligned border without rounded corners: the pixels inside it (nil when
        /// it fills the layer).
        var borderInnerRect: PixelRect? = nil
        /// The backdrop blur's standard deviation in target pixels (0: no backdrop).
        var backdropSigma: Double = 0
    }

    /// Whether the layer or one below it draws a backdrop (such a subtree is always visited).
    @exclusivity(unchecked) var containsBackdrop = false
    /// The layer's backdrop as last worked out (nil: none); out of line as `shadow`.
    var backdrop: BackdropDrawing? {
        get { backdropBox?.value }
        set { Boxed.store(newValue, in: &backdropBox) }
    }
    @exclusivity(unchecked) private var backdropBox: Boxed<BackdropDrawing>? = nil

    /// What the renderer keeps with this layer (`PixmanLayerCache`: its coverage masks).
    @exclusivity(unchecked) var rendererCache: AnyObject? = nil
    /// Where the contents image goes.
    @exclusivity(unchecked) var contentsPieces: [ContentsPiece] = []
    /// The image drawn: `contents`, or what a shape, gradient or text layer generated.
    @exclusivity(unchecked) var image: CGImage? = nil
    /// The layer's shadow this frame (nil: none), and as last rendered (for damage). Kept out
    /// of line: few layers cast one, and inline they would add hundreds of bytes to every record.
    var shadow: ShadowDrawing? {
        get { shadowBox?.value }
        set { Boxed.store(newValue, in: &shadowBox) }
    }
    var renderedShadow: ShadowDrawing? {
        get { renderedShadowBox?.value }
        set { Boxed.store(newValue, in: &renderedShadowBox) }
    }
    @exclusivity(unchecked) private var shadowBox: Boxed<ShadowDrawing>? = nil
    @exclusivity(unchecked) private var renderedShadowBox: Boxed<ShadowDrawing>? = nil

    init(layer: CALayer) {
        self.layer = layer
    }
}
