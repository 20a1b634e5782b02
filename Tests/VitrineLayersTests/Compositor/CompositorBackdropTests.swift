import Foundation
import Testing
import VitrineGraphics
import VitrineTestSupport

@_spi(VitrineEffects) @testable import VitrineLayers

/// Backdrops (`CALayer.backdropBlurRadius`, what `UIVisualEffectView` blurs): what lies behind
/// a layer, blurred inside its bounds, kept while nothing behind it changes.
@MainActor
@Suite("Compositor: backdrops")
struct CompositorBackdropTests {
    /// Red on the left half, blue on the right, a blurring layer across the middle with a
    /// green square above it.
    static func scene() -> (root: CALayer, behind: CALayer, blur: CALayer, above: CALayer) {
        let root = Scene.root(width: 120, height: 80, color: .red)
        let behind = Scene.layer(CGRect(x: 60, y: 0, width: 60, height: 80), color: .blue, parent: root)
        let blur = Scene.layer(CGRect(x: 20, y: 20, width: 80, height: 40), parent: root)
        blur.backdropBlurRadius = 6
        let above = Scene.layer(CGRect(x: 4, y: 4, width: 8, height: 8), color: .green, parent: blur)
        return (root, behind, blur, above)
    }

    @Test func blursWhatLiesBehindInsideTheBounds() throws {
        let (root, _, _, _) = Self.scene()
        let image = Scene.render(root)
        // Outside the layer the edge stays sharp; inside it the two colours mix.
        #expect(pixel(image, 59, 10, is: red))
        #expect(pixel(image, 60, 10, is: blue))
        let (r, g, b) = rgb(image.pixel(x: 60, y: 40))
        #expect(abs(r - b) < 40 && r > 90 && b > 90 && g < 5, "mixed at the edge: \(r), \(g), \(b)")
        // Far from the edge, and the sublayer above, are drawn as they are.
        #expect(pixel(image, 90, 40, is: blue, tolerance: 4))
        #expect(pixel(image, 28, 28, is: green))
        try assertSnapshot(of: image, named: "backdrop-blur")
    }

    /// The blur is kept while only what is above it changes; a change behind blurs again, and
    /// the damage-limited frames equal full renders.
    @Test func keptWhileNothingBehindChanges() {
        let (root, behind, blur, above) = Self.scene()
        let compositor = Compositor()
        let buffer = PixelBuffer(width: 120, height: 80, format: .xrgb8888)
        compositor.render(root, into: buffer, bufferAge: 0)
        let blurred = PixmanRenderer.backdropsBlurred
        above.backgroundColor = .blue
        compositor.render(root, into: buffer, bufferAge: 1)
        #expect(PixmanRenderer.backdropsBlurred == blurred)
        // (A full render by another compositor blurs once: counted apart.)
        #expect(PixelComparison(buffer, Scene.render(root), tolerance: 0).isMatch)
        // Behind it, outside its bounds but within the blur's reach: blurred again.
        behind.position.x -= 10
        let beforeMove = PixmanRenderer.backdropsBlurred
        let result = compositor.render(root, into: buffer, bufferAge: 1)
        #expect(PixmanRenderer.backdropsBlurred == beforeMove + 1)
        #expect(result.frameDamage.boundingBox.contains(x: 60, y: 40))
        let comparison = PixelComparison(buffer, Scene.render(root), tolerance: 0)
        #expect(comparison.isMatch, "\(comparison)")
        // A layer behind removed: found after the walk.
        behind.removeFromSuperlayer()
        compositor.render(root, into: buffer, bufferAge: 1)
        #expect(pixel(buffer, 60, 40, is: red))
        // Nothing changed: nothing blurred, nothing painted.
        let before = PixmanRenderer.backdropsBlurred
        #expect(compositor.render(root, into: buffer, bufferAge: 1).repainted.isEmpty)
        #expect(PixmanRenderer.backdropsBlurred == before)
        blur.backdropBlurRadius = 0
        compositor.render(root, into: buffer, bufferAge: 1)
        #expect(PixelComparison(buffer, Scene.render(root), tolerance: 0).isMatch)
    }

    /// Bad radii: 0, negative and NaN draw no backdrop; 10,000 is clamped and still mixes.
    @Test(arguments: [0, -5, .nan, 10_000] as [CGFloat])
    func badRadii(radius: CGFloat) {
        let (root, _, blur, _) = Self.scene()
        blur.backdropBlurRadius = radius
        let image = Scene.render(root)
        if radius == 10_000 {
            let (r, _, b) = rgb(image.pixel(x: 30, y: 40))
            #expect(r < 250 && b > 5, "clamped, still blurred: \(r), \(b)")
        } else {
            #expect(pixel(image, 59, 40, is: red, tolerance: 0))
            #expect(pixel(image, 60, 40, is: blue, tolerance: 0))
        }
    }

    /// A faded backdrop (inside a group, and a layer's own opacity) and one inside a rounded
    /// clip: what lies behind comes through in proportion, and random changes around it keep
    /// damage-limited frames equal to full renders.
    @Test func fadedAndClippedBackdropsMatchFullRenders() {
        let (root, behind, blur, above) = Self.scene()
        let card = Scene.layer(CGRect(x: 0, y: 0, width: 120, height: 80), parent: root)
        card.masksToBounds = true
        card.cornerRadius = 12
        card.addSublayer(blur)
        blur.opacity = 0.5
        let compositor = Compositor()
        let buffers = [0, 1].map { _ in PixelBuffer(width: 120, height: 80, format: .xrgb8888) }
        var ages = [0, 0]
        var random = SeededGenerator(state: 0xB1A5)
        for frame in 0..<40 {
            switch frame % 5 {
            case 0: behind.position.x = .random(in: 40...100, using: &random).rounded()
            case 1: blur.opacity = .random(in: 0...1, using: &random)
            case 2: above.position.y = .random(in: 0...30, using: &random).rounded()
            case 3: blur.backdropBlurRadius = .random(in: 0...12, using: &random)
            default: card.opacity = Bool.random(using: &random) ? 1 : 0.6
            }
            let slot = frame % 2
            compositor.render(root, into: buffers[slot], bufferAge: ages[slot])
            ages[slot] = 2
            let comparison = PixelComparison(buffers[slot], Scene.render(root), tolerance: 0)
            #expect(comparison.isMatch, "frame \(frame): \(comparison)")
        }
    }
}
