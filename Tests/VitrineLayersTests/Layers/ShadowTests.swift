import Foundation
import Testing
import VitrineGraphics

@testable import VitrineLayers

@MainActor
@Suite("CALayer shadows")
struct ShadowTests {
    /// Core Animation's defaults: no shadow (opacity 0), black, 3 points up, radius 3.
    @Test func defaults() {
        let layer = CALayer()
        #expect(layer.shadowOpacity == 0)
        #expect(layer.shadowColor == CGColor(gray: 0, alpha: 1))
        #expect(layer.shadowOffset == CGSize(width: 0, height: -3))
        #expect(layer.shadowRadius == 3)
        #expect(layer.shadowPath == nil)
    }

    /// A square casting a shadow 20 points down with radius 10 (a Gaussian of sigma 5).
    private func scene() -> (root: CALayer, caster: CALayer) {
        let root = Scene.root()
        let caster = Scene.layer(CGRect(x: 50, y: 50, width: 100, height: 100), color: .red, parent: root)
        caster.shadowOpacity = 1
        caster.shadowRadius = 10
        caster.shadowOffset = CGSize(width: 0, height: 20)
        return (root, caster)
    }

    /// Darkest inside the offset shape, half at its edge, fading out within about three sigma;
    /// nothing on the far side; the layer itself drawn over its shadow.
    @Test func falloff() {
        let (root, _) = scene()
        let buffer = Scene.render(root)
        #expect(pixel(buffer, 100, 100, is: red))
        let inside = darkness(buffer, 100, 160)
        let edge = darkness(buffer, 100, 170)
        let out = darkness(buffer, 100, 178)
        let far = darkness(buffer, 100, 190)
        #expect(inside > 200)
        #expect(edge > 90 && edge < 170)
        #expect(out < edge && out > far)
        #expect(far < 6)
        // Above the layer the shadow is 20 points lower: nothing shows.
        #expect(darkness(buffer, 100, 44) < 3)
        // Beside the layer, the blurred side edge.
        #expect(darkness(buffer, 45, 120) > 20)
        #expect(darkness(buffer, 30, 120) < 10)
    }

    /// As in Core Animation, masksToBounds clips the layer's own shadow: none shows outside.
    @Test func masksToBoundsClipsTheShadow() {
        let (root, caster) = scene()
        #expect(darkness(Scene.render(root), 100, 160) > 200)
        caster.masksToBounds = true
        #expect(darkness(Scene.render(root), 100, 160) < 2)
    }

    /// The display list has a `shadow` entry first for the caster, spanning its drawing and
    /// subtree, with what another renderer needs to draw it.
    @Test func displayListEntry() throws {
        let (root, caster) = scene()
        Scene.layer(CGRect(x: 10, y: 10, width: 20, height: 20), color: .blue, parent: caster)
        let recorder = RecordingRenderer()
        var checked = false
        recorder.inspect = { frame in
            guard let index = frame.displayList.firstIndex(where: { $0.kind == .shadow }) else { return }
            let entry = frame.displayList[index]
            #expect(entry.layer === caster)
            #expect(entry.groupLength == 3)  // the caster's content and its sublayer's, after it
            #expect(frame.displayList[index + 1].kind == .content)
            #expect(entry.shadowColor == CGColor.black.premultiplied)
            #expect(entry.shadowSigma == 5)
            #expect(entry.shadowOffset.x == 0 && entry.shadowOffset.y == 20)
            #expect(entry.shadowPath == nil)
            #expect(entry.shadowSourceBox == PixelRect(x: 50, y: 50, width: 100, height: 100))
            #expect(entry.shadowBox == PixelRect(x: 34, y: 54, width: 132, height: 132))
            checked = true
        }
        let compositor = Compositor(renderer: recorder)
        compositor.render(root, into: GPUOnlyTarget(width: 200, height: 200), bufferAge: 0)
        #expect(checked)
    }

    /// A larger radius spreads the shadow further.
    @Test func radiusSpreads() {
        let (root, caster) = scene()
        let narrow = darkness(Scene.render(root), 100, 178)
        caster.shadowRadius = 20
        let wide = darkness(Scene.render(root), 100, 178)
        #expect(wide > narrow + 10)
    }

    /// The shadow follows the alpha of the layer and its sublayers: a layer with no background
    /// but a sublayer casts the sublayer's shadow only.
    @Test func alphaOfSublayers() {
        let root = Scene.root()
        let container = Scene.layer(CGRect(x: 0, y: 0, width: 200, height: 200), parent: root)
        Scene.layer(CGRect(x: 20, y: 20, width: 40, height: 40), color: .blue, parent: container)
        container.shadowOpacity = 1
        container.shadowRadius = 2
        container.shadowOffset = CGSize(width: 50, height: 0)
        let buffer = Scene.render(root)
        #expect(darkness(buffer, 90, 40) > 200)
        #expect(darkness(buffer, 150, 150) < 3)
    }

    /// With shadowPath the shape is the path, whatever the layer draws.
    @Test func shadowPath() {
        let root = Scene.root()
        let layer = Scene.layer(CGRect(x: 50, y: 50, width: 100, height: 100), parent: root)
        layer.shadowOpacity = 0.5
        layer.shadowRadius = 0
        layer.shadowOffset = .zero
        layer.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 50, height: 50))
        let buffer = Scene.render(root)
        #expect(pixel(buffer, 70, 70, is: (128, 128, 128), tolerance: 3))
        #expect(pixel(buffer, 120, 120, is: white))
    }

    /// A still shadow is blurred once: later repaints over it only composite the kept mask;
    /// a change of what casts it blurs again. Damage covers the shadow's extent.
    @Test func stillShadowIsNotBlurredAgain() {
        let (root, caster) = scene()
        let other = Scene.layer(CGRect(x: 0, y: 150, width: 200, height: 10), color: .clear, parent: root)
        let compositor = Compositor()
        let buffer = PixelBuffer(width: 200, height: 200, format: .xrgb8888)
        compositor.render(root, into: buffer, bufferAge: 0)
        let made = PixmanRenderer.shadowMasksMade
        other.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 0.01)
        let result = compositor.render(root, into: buffer, bufferAge: 1)
        #expect(!result.repainted.isEmpty)
        #expect(PixmanRenderer.shadowMasksMade == made)
        #expect(darkness(buffer, 100, 165) > 200)
        caster.backgroundColor = .blue
        let changed = compositor.render(root, into: buffer, bufferAge: 1)
        #expect(PixmanRenderer.shadowMasksMade == made + 1)
        // The damage reaches the blurred edge below the shadow.
        #expect(changed.frameDamage.contains(x: 100, y: 180))
    }

    /// Scrolling a shadowed layer by whole pixels moves its kept mask: no blur, and the shadow
    /// lands where a fresh render puts it.
    @Test func scrollingKeepsTheMask() {
        let root = Scene.root()
        let scroller = Scene.layer(CGRect(x: 0, y: 0, width: 200, height: 200), parent: root)
        scroller.masksToBounds = true
        let caster = Scene.layer(CGRect(x: 50, y: 50, width: 60, height: 60), color: .red, parent: scroller)
        caster.shadowOpacity = 1
        caster.shadowRadius = 8
        caster.shadowOffset = CGSize(width: 0, height: 10)
        let compositor = Compositor()
        let buffer = PixelBuffer(width: 200, height: 200, format: .xrgb8888)
        compositor.render(root, into: buffer, bufferAge: 0)
        let made = PixmanRenderer.shadowMasksMade
        scroller.bounds.origin.y = 17
        compositor.render(root, into: buffer, bufferAge: 1)
        #expect(PixmanRenderer.shadowMasksMade == made)
        #expect(buffer.hasSamePixels(as: Scene.render(root)))
    }

    /// A layer that only moves (by whole pixels) keeps its alpha shadow's mask; a change of
    /// its look or of a sublayer blurs again.
    @Test func movingKeepsTheMask() {
        let (root, caster) = scene()
        let badge = Scene.layer(CGRect(x: 10, y: 10, width: 20, height: 20), color: .blue, parent: caster)
        let compositor = Compositor()
        let buffer = PixelBuffer(width: 200, height: 200, format: .xrgb8888)
        compositor.render(root, into: buffer, bufferAge: 0)
        var made = PixmanRenderer.shadowMasksMade
        caster.position.x += 7
        compositor.render(root, into: buffer, bufferAge: 1)
        #expect(PixmanRenderer.shadowMasksMade == made)
        #expect(buffer.hasSamePixels(as: Scene.render(root)))
        made = PixmanRenderer.shadowMasksMade
        badge.backgroundColor = .clear
        compositor.render(root, into: buffer, bufferAge: 1)
        #expect(PixmanRenderer.shadowMasksMade == made + 1)
        caster.cornerRadius = 20
        compositor.render(root, into: buffer, bufferAge: 1)
        #expect(PixmanRenderer.shadowMasksMade == made + 2)
        #expect(buffer.hasSamePixels(as: Scene.render(root)))
    }

    /// shadowOpacity animates; mid-way the shadow is half as dark.
    @Test func opacityAnimates() {
        let (root, caster) = scene()
        caster.shadowRadius = 0
        let compositor = Compositor()
        let buffer = PixelBuffer(width: 200, height: 200, format: .xrgb8888)
        compositor.render(root, into: buffer, bufferAge: 0)
        let animation = CABasicAnimation(keyPath: "shadowOpacity")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = 1
        animation.beginTime = 5
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        caster.add(animation, forKey: nil)
        CAAnimationEngine().advance(root, to: 5.5)
        compositor.render(root, into: buffer, bufferAge: 1)
        #expect(pixel(buffer, 100, 165, is: (128, 128, 128), tolerance: 3))
    }

    /// An absurd radius or offset never takes seconds: the blur is clamped.
    @Test func hugeRadius() {
        let (root, caster) = scene()
        caster.shadowRadius = 10_000
        let buffer = Scene.render(root)
        #expect(pixel(buffer, 100, 100, is: red))
        caster.shadowOffset = CGSize(width: CGFloat.nan, height: 1e300)
        caster.shadowRadius = .infinity
        #expect(pixel(Scene.render(root), 100, 100, is: red))
    }
}
