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
/// kept here, as the compositor keeps it, and an output buffer of age n receives the union of
/// the last n frames' damage. The damage reported to the display is turned into the output's
/// coordinates.
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
    /// The picture damage of the last frames, newest first.
    private var damageHistory: [Region] = []

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
        if let current = self.picture, current.width == width, current.height == height {
            picture = current
        } else {
            // A new picture holds nothing: the compositor repaints all of it (a new size alone
            // would make it do so, not a new buffer of the old size).
            picture = compositor.renderer.makePicture(width: width, height: height)
            self.picture = picture
            invalidate()
        }
        var result = compositor.render(root, into: picture, bufferAge: 1)
        damageHistory.insert(result.frameDamage, at: 0)
        if damageHistory.count > Compositor.maximumBufferAge { damageHistory.removeLast() }
        var copied = Region()
        if bufferAge <= 0 || bufferAge > damageHistory.count {
            copied = Region(PixelRect(x: 0, y: 0, width: width, height: height))
        } else {
            for age in 0..<bufferAge { copied.formUnion(damageHistory[age]) }
        }
        guard !copied.isEmpty else {
            result.frameDamage = Region()
            result.repainted = Region()
            result.moved = nil
            return result
        }
        let turned = rotation.outputRegion(copied, logicalWidth: width, logicalHeight: height)
        compositor.renderer.present(
            picture: picture, outputTransform: rotation.outputTransform(logicalWidth: width, logicalHeight: height),
            region: turned, into: target)
        result.frameDamage = rotation.outputRegion(result.frameDamage, logicalWidth: width, logicalHeight: height)
        result.repainted = turned
        // A scroll moved pixels in the picture; the output got them by the turned copy.
        result.moved = nil
        return result
    }

    /// Forgets every previous frame: the next render repaints everything.
    func invalidate() {
        compositor.invalidate()
        damageHistory.removeAll()
    }
}
