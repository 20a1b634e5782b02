import VitrineGraphics
import VitrineLayers
import VitrinePlatform

/// A screen's compositor with the screen's scale and its panel's rotation.
///
/// Upright, the layer tree is rendered straight into the output's buffer. Rotated, the
/// compositor renders the upright picture into a buffer of its own (the *picture*, which
/// always holds the last frame, so the compositor sees buffer age 1) and the damaged part is
/// copied, turned, into the output's buffer by the compositor's renderer
/// (`Renderer.present(picture:outputTransform:region:into:)`; pixman's nearest sampling at
/// quarter turns: an exact copy), which also makes the picture (`makePicture`), so both are
/// of its kind. The compositor and its damage logic stay unaware of rotation; the cost is one
/// picture-sized buffer and one copy of the damage per frame (figures in docs/benchmarks.md).
///
/// The output's buffers have ages of their own, so the picture damage of the last frames is
/// kept here, turned, as the compositor keeps it, and an output buffer of age n receives the
/// union of the last n frames' damage. A scroll the compositor moved in the picture is moved in
/// the output's buffer too (turned, with the renderer's `move`), so only what it uncovered is
/// copied turned. The damage reported to the display is turned into the output's coordinates.
@MainActor
final class ScreenCompositor {
    private static let clearColor = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1)

    private var compositor: Compositor
    /// Makes the renderer of each compositor (pixman's by default).
    private let makeRenderer: @MainActor () -> any Renderer
    /// Points to pixels. A change starts a new compositor (every record depends on it), so
    /// the next frame repaints everything.
    var scale: CGFloat {
        didSet {
            guard scale != oldValue else { return }
            compositor = Compositor(scale: scale, clearColor: Self.clearColor, renderer: makeRenderer())
            // The picture was made by the old renderer: the new one makes its own.
            picture = nil
            invalidate()
        }
    }
    /// The panel's rotation. A change makes the next frame repaint everything.
    var rotation: DisplayRotation {
        didSet {
            guard rotation != oldValue else { return }
            if rotation == .upright { picture = nil }
            invalidate()
        }
    }
    /// The upright picture, while rotated.
    private var picture: (any RenderTarget)?
    /// The upright picture of the last frame, while rotated (screenshots copy it).
    var uprightPicture: (any RenderTarget)? { rotation == .upright ? nil : picture }
    /// The last frames, turned into the output's pixels.
    private var outputHistory = DamageHistory(capacity: Compositor.maximumBufferAge)

    init(
        scale: CGFloat, rotation: DisplayRotation = .upright,
        makeRenderer: @escaping @MainActor () -> any Renderer = { PixmanRenderer() }
    ) {
        self.scale = scale
        self.rotation = rotation
        self.makeRenderer = makeRenderer
        compositor = Compositor(scale: scale, clearColor: Self.clearColor, renderer: makeRenderer())
    }

    /// Renders `root` into `target`, an output buffer holding the frame of `bufferAge` presents
    /// ago; the result's regions are in `target`'s pixels.
    func render(_ root: CALayer, into target: any RenderTarget, bufferAge: Int) -> CompositeResult {
        guard rotation != .upright else { return compositor.render(root, into: target, bufferAge: bufferAge) }
        let size = rotation.logicalSize(forOutputSize: CGSize(width: target.width, height: target.height))
        let width = Int(size.width)
        let height = Int(size.height)
        let picture: any RenderTarget
        if let current = self.picture, current.width == width, current.height == height,
            compositor.renderer.canDraw(into: current)
        {
            picture = current
        } else {
            // A new picture holds nothing: the compositor repaints all of it (a new size alone
            // would make it do so, not a new buffer of the old size, nor one of another kind
            // after the renderer gave the GPU up).
            picture = compositor.renderer.makePicture(width: width, height: height)
            self.picture = picture
            invalidate()
        }
        var result = compositor.render(root, into: picture, bufferAge: 1)
        // The picture is one frame old: what the compositor moved is this frame's move, and
        // what it painted the damage after it.
        var frame = DamageHistory.Frame(
            changed: rotation.outputRegion(result.frameDamage, logicalWidth: width, logicalHeight: height))
        if let move = result.moved, compositor.renderer.movesPixels {
            frame.move = turned(move, logicalWidth: width, logicalHeight: height)
            frame.damageAfterMove = rotation.outputRegion(result.repainted, logicalWidth: width, logicalHeight: height)
        }
        outputHistory.record(frame)
        let repaint = outputHistory.repaint(
            forAge: bufferAge, screen: PixelRect(x: 0, y: 0, width: target.width, height: target.height))
        if let move = repaint.move { compositor.renderer.move(move, in: target) }
        if !repaint.region.isEmpty {
            compositor.renderer.present(
                picture: picture,
                outputTransform: rotation.outputTransform(logicalWidth: width, logicalHeight: height),
                region: repaint.region, into: target)
        }
        result.frameDamage = frame.changed
        result.repainted = repaint.region
        result.moved = repaint.move
        return result
    }

    /// Forgets every previous frame: the next render repaints everything.
    func invalidate() {
        compositor.invalidate()
        outputHistory.removeAll()
    }

    /// A move of the picture's pixels, as the output shows them.
    private func turned(_ move: PixelMove, logicalWidth width: Int, logicalHeight height: Int) -> PixelMove {
        let area = rotation.outputRect(move.area, logicalWidth: width, logicalHeight: height)
        return switch rotation {
        case .upright: move
        case .clockwise90: PixelMove(area: area, dx: -move.dy, dy: move.dx)
        case .clockwise180: PixelMove(area: area, dx: -move.dx, dy: -move.dy)
        case .clockwise270: PixelMove(area: area, dx: move.dy, dy: -move.dx)
        }
    }
}
