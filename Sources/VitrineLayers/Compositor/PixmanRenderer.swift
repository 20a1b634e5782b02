import Foundation
import VitrineGraphics

/// The software renderer: paints the compositor's frames with pixman (through `Canvas`) into
/// CPU pixel buffers (`RenderTarget.cpuPixels`).
///
/// Every operation is clipped to the frame's damage: region fills for axis-aligned
/// backgrounds and borders, colours through coverage masks for rounded or turned ones
/// (nine-sliced for axis-aligned layers, `PixmanRenderer+Masks`), contents through projective
/// transforms, offscreen groups from a pool of buffers reused across frames. The masks are
/// kept with each layer (`Compositor.DisplayEntry.rendererCache`) while its shape stays the
/// same.
@preconcurrency @MainActor
public final class PixmanRenderer: Renderer {
    /// Premultiplied buffers for offscreen groups.
    let offscreens = OffscreenPool()

    /// A renderer with nothing kept yet.
    public init() {}

    /// Paints `frame` into `target`, whose `cpuPixels` it draws into.
    public func render(_ frame: RenderFrame, into target: any RenderTarget) {
        paint(frame, into: Canvas(target: Self.pixels(of: target)))
        // Buffers unused for a while go; frames without damage do not get here, and an idle
        // screen renders no frames at all, so this is where the pool is aged.
        offscreens.trim(frame: frame.frameNumber)
    }

    /// An XRGB8888 pixel buffer.
    public func makePicture(width: Int, height: Int) -> any RenderTarget {
        PixelBuffer(width: width, height: height, format: .xrgb8888)
    }

    /// Copies the turned picture with nearest sampling and pixman's `SRC`: at quarter turns an
    /// exact copy of each pixel.
    public func present(
        picture: any RenderTarget, outputTransform: ProjectiveTransform, region: Region,
        into target: any RenderTarget
    ) {
        guard !region.isEmpty else { return }
        Canvas(target: Self.pixels(of: target)).draw(
            Self.pixels(of: picture), transform: outputTransform, filter: .nearest, operator: .source, clip: region)
    }

    /// Moves pixels within CPU buffers (`Canvas.move`: row by row, in the order that reads
    /// each row before it is overwritten).
    public var movesPixels: Bool { true }

    /// Moves `move.area`'s pixels by its offset within `target`.
    public func move(_ move: PixelMove, in target: any RenderTarget) {
        Canvas(target: Self.pixels(of: target)).move(move.area, dx: move.dx, dy: move.dy)
    }

    private static func pixels(of target: any RenderTarget) -> PixelBuffer {
        guard let pixels = target.cpuPixels else {
            preconditionFailure("PixmanRenderer draws only into targets with CPU pixels (\(type(of: target)))")
        }
        return pixels
    }
}

/// What `PixmanRenderer` keeps with a layer: its rasterised coverage masks (made again when
/// their key changes).
final class PixmanLayerCache {
    var backgroundMask: CachedMask? = nil
    var borderMask: CachedMask? = nil
    /// The blurred shadow mask and what it was made from.
    var shadow: CachedShadow? = nil
    /// The blurred backdrop and the compositor's key of what it was made from.
    var backdrop: (key: UInt64, sourceBox: PixelRect, pixels: PixelBuffer)? = nil

    /// The cache kept with `record`, made and attached on first use.
    @MainActor static func of(_ record: LayerRecord) -> PixmanLayerCache {
        if let existing = record.rendererCache as? PixmanLayerCache { return existing }
        let cache = PixmanLayerCache()
        record.rendererCache = cache
        return cache
    }
}

/// A layer's rasterised mask and, for a nine-sliced one, its slices for the pixel rectangle
/// they were made for (kept while the layer does not move).
struct CachedMask {
    var key: MaskKey
    var mask: PixelBuffer
    var slicedRect: PixelRect? = nil
    var slices: [PixmanRenderer.MaskSlice] = []
}

/// Identifies a rasterised shape mask: pixel size, radius and border width in mask pixels, and
/// whether it is nine-sliced (an axis-aligned layer's) or whole.
struct MaskKey: Equatable {
    var width: Int
    var height: Int
    var radius: Double
    var borderWidth: Double
    var isSliced: Bool
}
