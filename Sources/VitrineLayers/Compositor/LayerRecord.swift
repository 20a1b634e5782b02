import Foundation
import VitrineGraphics

/// What the compositor knows about one layer: where it drew last frame (for damage) and how it
/// draws this frame. Kept across frames, keyed by the layer's id; dropped once the layer is no
/// longer drawn.
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
        /// The sibling drawn just before this layer: catches reordering.
        var previousSiblingID: UInt64 = 0
        /// Pixels the layer's own drawing may touch, clipped.
        var box = PixelRect.zero
        /// Drawn as an offscreen group.
        var isGroup = false
        /// Whether the layer's own drawing, moved by whole pixels, gives exactly the pixels it
        /// draws there afresh: axis-aligned, and contents drawn as whole-pixel copies (no
        /// resampling, whose fixed-point positions need not move exactly).
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
    var inputs: Inputs? = nil
    /// False when the geometry is singular or not finite: the layer and its subtree draw nothing.
    var isDrawable = false

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
    var sublayerContext = SublayerContext()
    /// Changes whenever `sublayerContext` does (a never-reused number): sublayers compare it
    /// instead of the whole context.
    var sublayerGeneration: UInt64 = 0

    /// This frame's appearance, and the one last rendered.
    var current = Appearance()
    var rendered: Appearance? = nil
    /// The frame in which the layer was last visited or reused.
    var seenFrame: UInt64 = 0
    /// The layer's `subtreeStamp` when it was last visited.
    var subtreeStamp: UInt64 = 0
    /// Where this layer's and its subtree's entries are in the display list of `seenFrame`.
    var entries = 0..<0
    /// The records of the sublayers drawn in `seenFrame`, in drawing order.
    var children: [LayerRecord] = []

    /// The layer and everything drawn inside it, clipped: an offscreen group's size.
    var subtreeBox = PixelRect.zero
    /// How this layer is drawn this frame.
    var drawing = Drawing()

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
    }

    /// What the renderer keeps with this layer (`PixmanLayerCache`: its coverage masks).
    var rendererCache: AnyObject? = nil
    /// Where the contents image goes.
    var contentsPieces: [ContentsPiece] = []

    init(layer: CALayer) {
        self.layer = layer
    }
}
