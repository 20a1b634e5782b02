import Foundation
import Testing
import VitrineGraphics

@testable import VitrineLayers

@MainActor
@Suite("CAReplicatorLayer")
struct ReplicatorLayerTests {
    @Test func defaults() {
        let layer = CAReplicatorLayer()
        #expect(layer.instanceCount == 1)
        #expect(layer.instanceDelay == 0)
        #expect(CATransform3DIsIdentity(layer.instanceTransform))
        #expect(layer.instanceColor == CGColor(gray: 1, alpha: 1))
        #expect(layer.instanceRedOffset == 0 && layer.instanceAlphaOffset == 0)
        #expect(layer.preservesDepth == false)
    }

    /// The activity spinner's layout: a dot at the top, 12 instances turned by 30° about the
    /// replicator's centre.
    private func spinner() -> (root: CALayer, replicator: CAReplicatorLayer, dot: CALayer) {
        let root = Scene.root()
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let dot = Scene.layer(CGRect(x: 94, y: 19, width: 12, height: 12), color: .red, parent: replicator)
        replicator.instanceCount = 12
        replicator.instanceTransform = CATransform3DMakeRotation(2 * .pi / 12, 0, 0, 1)
        root.addSublayer(replicator)
        return (root, replicator, dot)
    }

    /// Twelve dots at 30° steps, clockwise on screen from the top; nothing between them.
    @Test func instancesAtRotatedPositions() {
        let (root, _, _) = spinner()
        let buffer = Scene.render(root)
        let center = CGPoint(x: 100, y: 100)
        for k in 0..<12 {
            let (x, y) = point(on: center, radius: 75, angle: -.pi / 2 + CGFloat(k) * .pi / 6)
            #expect(pixel(buffer, x, y, is: red, tolerance: 30), "instance \(k)")
        }
        let (x, y) = point(on: center, radius: 75, angle: -.pi / 2 + .pi / 12)
        #expect(pixel(buffer, x, y, is: white))
        // The originals are not drawn a second time on top, and hit-testing sees them only.
        #expect(root.sublayers?.first?.sublayers?.count == 1)
    }

    /// instanceCount 0 draws nothing; instanceAlphaOffset fades each instance more.
    @Test func countAndAlphaOffset() {
        let (root, replicator, _) = spinner()
        replicator.instanceCount = 0
        #expect(pixel(Scene.render(root), 100, 25, is: white))
        replicator.instanceCount = 3
        replicator.instanceAlphaOffset = -0.5
        let buffer = Scene.render(root)
        #expect(pixel(buffer, 100, 25, is: red, tolerance: 2))
        let (x, y) = point(on: CGPoint(x: 100, y: 100), radius: 75, angle: -.pi / 2 + .pi / 6)
        #expect(pixel(buffer, x, y, is: (255, 128, 128), tolerance: 6))
        let (x2, y2) = point(on: CGPoint(x: 100, y: 100), radius: 75, angle: -.pi / 2 + .pi / 3)
        #expect(pixel(buffer, x2, y2, is: white, tolerance: 2))
    }

    /// instanceColor and the colour offsets multiply the instances' colours.
    @Test func colorOffsets() {
        let (root, replicator, dot) = spinner()
        dot.backgroundColor = .white
        replicator.instanceCount = 2
        replicator.instanceColor = CGColor(red: 0, green: 1, blue: 1, alpha: 1)
        replicator.instanceRedOffset = 1
        replicator.instanceGreenOffset = -1
        replicator.instanceBlueOffset = -1
        root.backgroundColor = CGColor(gray: 0, alpha: 1)
        let buffer = Scene.render(root)
        #expect(pixel(buffer, 100, 25, is: (0, 255, 255), tolerance: 2))
        let (x, y) = point(on: CGPoint(x: 100, y: 100), radius: 75, angle: -.pi / 2 + .pi / 6)
        #expect(pixel(buffer, x, y, is: red, tolerance: 30))
    }

    /// The spinner's fade: an opacity animation on the dot with instanceDelay runs each
    /// instance later by k times the delay.
    @Test func instanceDelay() {
        let (root, replicator, dot) = spinner()
        replicator.instanceDelay = 0.1
        let engine = CAAnimationEngine()
        let compositor = Compositor()
        let buffer = PixelBuffer(width: 200, height: 200, format: .xrgb8888)
        compositor.render(root, into: buffer, bufferAge: 0)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 1.2
        fade.repeatCount = .infinity
        fade.beginTime = 1
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        dot.add(fade, forKey: "fade")
        engine.advance(root, to: 1)
        compositor.render(root, into: buffer, bufferAge: 1)
        #expect(engine.advance(root, to: 1.6))
        compositor.render(root, into: buffer, bufferAge: 1)
        let center = CGPoint(x: 100, y: 100)
        // Instance 0: half-way (opacity 0.5); instance 3: 0.3 s in (0.75); instance 9: not begun (1).
        #expect(pixel(buffer, 100, 25, is: (255, 128, 128), tolerance: 4))
        let (x3, y3) = point(on: center, radius: 75, angle: -.pi / 2 + 3 * .pi / 6)
        #expect(pixel(buffer, x3, y3, is: (255, 64, 64), tolerance: 6))
        let (x9, y9) = point(on: center, radius: 75, angle: -.pi / 2 + 9 * .pi / 6)
        #expect(pixel(buffer, x9, y9, is: red, tolerance: 6))
        // The original's presentation runs undelayed.
        #expect(abs(Double(dot.presentation()?.opacity ?? -1) - 0.5) < 1e-6)
    }

    /// A huge instance count is clamped; a change to the original shows in every instance.
    @Test func clampAndFollowOriginal() {
        let (root, replicator, dot) = spinner()
        replicator.instanceCount = Int.max
        _ = Scene.render(root)
        dot.backgroundColor = .blue
        replicator.instanceCount = 12
        let buffer = Scene.render(root)
        let (x, y) = point(on: CGPoint(x: 100, y: 100), radius: 75, angle: 0)
        #expect(pixel(buffer, x, y, is: blue, tolerance: 30))
    }
}
