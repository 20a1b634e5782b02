import Foundation
import Testing
import VitrineGraphics
import VitrineTestSupport

@testable import VitrineLayers

@MainActor
@Suite("Compositor: contents")
struct CompositorContentsTests {
    /// A 100x80 layer (at 10,10 in a 120x100 root) showing a 40x30 quadrant image.
    private func render(gravity: CALayerContentsGravity) -> PixelBuffer {
        let root = Scene.root(width: 120, height: 100)
        let layer = Scene.layer(CGRect(x: 10, y: 10, width: 100, height: 80), parent: root)
        layer.contents = Scene.quadrantImage(width: 40, height: 30)
        layer.contentsGravity = gravity
        return Scene.render(root)
    }

    /// Where each gravity puts the image's top-left (red) quadrant's top-left pixel, and a point
    /// that must stay white. Vertical names follow iOS: `.top` aligns with the bottom edge.
    @Test(arguments: [
        (CALayerContentsGravity.center, (40, 35), (15, 15)),
        (.top, (40, 60), (60, 15)),
        (.bottom, (40, 10), (60, 85)),
        (.left, (10, 35), (100, 50)),
        (.right, (70, 35), (15, 50)),
        (.topLeft, (10, 60), (100, 15)),
        (.topRight, (70, 60), (15, 15)),
        (.bottomLeft, (10, 10), (100, 85)),
        (.bottomRight, (70, 10), (15, 85)),
    ])
    func unscaledGravityPlacesTheImage(gravity: CALayerContentsGravity, origin: (Int, Int), outside: (Int, Int)) throws
    {
        let buffer = render(gravity: gravity)
        #expect(pixel(buffer, origin.0, origin.1, is: red))
        #expect(pixel(buffer, origin.0 + 39, origin.1 + 29, is: yellow))
        #expect(pixel(buffer, origin.0 + 20, origin.1, is: green))
        #expect(pixel(buffer, origin.0, origin.1 + 15, is: blue))
        #expect(pixel(buffer, outside.0, outside.1, is: white))
        try assertSnapshot(of: buffer, named: "gravity-\(gravity.rawValue)", tolerance: 2)
    }

    @Test func resizeFillsTheBounds() throws {
        let buffer = render(gravity: .resize)
        #expect(pixel(buffer, 10, 10, is: red))
        #expect(pixel(buffer, 109, 89, is: yellow))
        #expect(pixel(buffer, 109, 10, is: green))
        #expect(pixel(buffer, 10, 89, is: blue))
        #expect(pixel(buffer, 9, 9, is: white))
        try assertSnapshot(of: buffer, named: "gravity-resize", tolerance: 3, maxDifferingPixels: 4)
    }

    /// resizeAspect fits 40x30 into 100x80 as 100x75 (letterboxed); resizeAspectFill covers it
    /// as 106.7x80, spilling out sideways.
    @Test func aspectGravities() throws {
        let fit = render(gravity: .resizeAspect)
        #expect(pixel(fit, 60, 11, is: white))
        #expect(pixel(fit, 20, 20, is: red))
        #expect(pixel(fit, 100, 85, is: yellow))
        #expect(pixel(fit, 60, 88, is: white))
        try assertSnapshot(of: fit, named: "gravity-resizeAspect", tolerance: 3, maxDifferingPixels: 4)
        let fill = render(gravity: .resizeAspectFill)
        #expect(pixel(fill, 20, 10, is: red))
        #expect(pixel(fill, 8, 30, is: red, tolerance: 60))  // spills out to the left
        #expect(pixel(fill, 100, 88, is: yellow))
        try assertSnapshot(of: fill, named: "gravity-resizeAspectFill", tolerance: 3, maxDifferingPixels: 4)
    }

    /// contentsCenter slices the image in nine: 10-pixel corners keep their size, edges stretch
    /// one way, the middle both ways.
    @Test func nineSliceContentsCenter() throws {
        let root = Scene.root(width: 170, height: 110)
        let layer = Scene.layer(CGRect(x: 10, y: 10, width: 150, height: 90), parent: root)
        layer.contents = LayerScene.nineSliceImage()
        layer.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        let buffer = Scene.render(root)
        #expect(pixel(buffer, 11, 11, is: red))
        #expect(pixel(buffer, 18, 18, is: red))
        #expect(pixel(buffer, 158, 98, is: red))
        #expect(pixel(buffer, 151, 91, is: red))
        #expect(pixel(buffer, 85, 14, is: blue))  // top edge, stretched sideways
        #expect(pixel(buffer, 14, 55, is: blue))  // left edge, stretched down
        #expect(pixel(buffer, 22, 22, is: green))  // the middle reaches right after the corner
        #expect(pixel(buffer, 147, 87, is: green))
        try assertSnapshot(of: buffer, named: "nine-slice", tolerance: 3, maxDifferingPixels: 8)
    }

    /// contentsRect picks part of the image; contentsScale 2 halves its size in points.
    @Test func contentsRectAndScale() {
        let root = Scene.root(width: 120, height: 100)
        let layer = Scene.layer(CGRect(x: 10, y: 10, width: 100, height: 80), parent: root)
        layer.contents = Scene.quadrantImage(width: 40, height: 30)
        layer.contentsRect = CGRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5)
        var buffer = Scene.render(root)
        #expect(pixel(buffer, 20, 20, is: yellow))
        #expect(pixel(buffer, 100, 80, is: yellow))
        layer.contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
        layer.contentsGravity = .topLeft
        layer.contentsScale = 2
        buffer = Scene.render(root)
        // 40x30 pixels at scale 2: 20x15 points, aligned with the bottom-left corner (iOS .topLeft).
        #expect(pixel(buffer, 10, 75, is: red))
        #expect(pixel(buffer, 29, 89, is: yellow))
        #expect(pixel(buffer, 31, 89, is: white))
        #expect(pixel(buffer, 10, 73, is: white))
    }
}
