import Foundation
import Testing
import VitrineGraphics
import VitrineTestSupport

@testable import VitrineLayers

@MainActor
@Suite("Compositor: bad geometry")
struct CompositorRobustnessTests {
    private func sceneWithBadLayer(_ configure: ((CALayer) -> Void)?) -> PixelBuffer {
        let root = Scene.root(width: 100, height: 100)
        Scene.layer(CGRect(x: 10, y: 10, width: 50, height: 50), color: .red, parent: root)
        if let configure {
            let bad = Scene.layer(CGRect(x: 20, y: 20, width: 40, height: 40), color: .blue, parent: root)
            bad.contents = Scene.quadrantImage(width: 8, height: 8)
            Scene.layer(CGRect(x: 0, y: 0, width: 10, height: 10), color: .green, parent: bad)
            configure(bad)
        }
        Scene.layer(CGRect(x: 50, y: 50, width: 40, height: 40), color: .green, parent: root)
        return Scene.render(root)
    }

    /// A layer with NaN or infinite geometry, or a singular transform, draws nothing (nor do its
    /// sublayers) and the rest of the tree renders as if it were not there.
    @Test(arguments: ["nan-position", "nan-size", "infinite-size", "singular-transform", "nan-transform"])
    func badLayerDrawsNothing(kind: String) {
        let clean = sceneWithBadLayer(nil)
        let result = sceneWithBadLayer { layer in
            switch kind {
            case "nan-position": layer.position = CGPoint(x: CGFloat.nan, y: 5)
            case "nan-size": layer.bounds = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10)
            case "infinite-size": layer.bounds = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10)
            case "singular-transform": layer.transform = CATransform3DMakeScale(0, 1, 1)
            default:
                var transform = CATransform3DIdentity
                transform.m11 = .nan
                layer.transform = transform
            }
        }
        #expect(PixelComparison(result, clean).isMatch)
    }

    /// A zero-sized layer draws nothing of its own; its sublayers still draw, as in Core
    /// Animation.
    @Test func zeroSizeLayerDrawsNoBackground() {
        let root = Scene.root(width: 60, height: 60)
        let empty = Scene.layer(CGRect(x: 10, y: 10, width: 0, height: 0), color: .red, parent: root)
        empty.borderWidth = 3
        Scene.layer(CGRect(x: 5, y: 5, width: 10, height: 10), color: .blue, parent: empty)
        let buffer = Scene.render(root)
        #expect(pixel(buffer, 10, 10, is: white))
        #expect(pixel(buffer, 20, 20, is: blue))
    }

    /// A tree made valid again after bad geometry renders again.
    @Test func recoversAfterBadGeometry() {
        let root = Scene.root(width: 60, height: 60)
        let layer = Scene.layer(CGRect(x: 10, y: 10, width: 20, height: 20), color: .red, parent: root)
        let buffer = PixelBuffer(width: 60, height: 60, format: .xrgb8888)
        let compositor = Compositor()
        compositor.render(root, into: buffer, bufferAge: 0)
        layer.position = CGPoint(x: CGFloat.nan, y: 0)
        compositor.render(root, into: buffer, bufferAge: 1)
        #expect(pixel(buffer, 20, 20, is: white))
        layer.position = CGPoint(x: 40, y: 40)
        compositor.render(root, into: buffer, bufferAge: 1)
        #expect(pixel(buffer, 40, 40, is: red))
        #expect(pixel(buffer, 20, 20, is: white))
    }
}
