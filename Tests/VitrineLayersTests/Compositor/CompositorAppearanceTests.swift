import Foundation
import Testing
import VitrineGraphics
import VitrineTestSupport

@testable import VitrineLayers

@MainActor
@Suite("Compositor: opacity, clipping, order, borders")
struct CompositorAppearanceTests {
    /// Two overlapping opaque squares, red then blue, inside `container`.
    private func overlappingPair(in container: CALayer) -> (CALayer, CALayer) {
        let first = Scene.layer(CGRect(x: 10, y: 10, width: 60, height: 60), color: .red, parent: container)
        let second = Scene.layer(CGRect(x: 40, y: 40, width: 60, height: 60), color: .blue, parent: container)
        return (first, second)
    }

    /// Core Animation composites a translucent layer with its sublayers as one group: where the
    /// children overlap, the one on top hides the other before the group is faded.
    @Test func groupOpacityAgainstPerLayerOpacity() throws {
        let root = Scene.root(width: 120, height: 120)
        let group = Scene.layer(CGRect(x: 0, y: 0, width: 120, height: 120), parent: root)
        group.opacity = 0.5
        _ = overlappingPair(in: group)
        let grouped = Scene.render(root)
        // Overlap: blue at 50% over white. Red alone: red at 50% over white.
        #expect(pixel(grouped, 55, 55, is: (128, 128, 255), tolerance: 2))
        #expect(pixel(grouped, 20, 20, is: (255, 128, 128), tolerance: 2))

        let perLayerRoot = Scene.root(width: 120, height: 120)
        let (first, second) = overlappingPair(in: perLayerRoot)
        first.opacity = 0.5
        second.opacity = 0.5
        let separate = Scene.render(perLayerRoot)
        // Overlap: blue at 50% over (red at 50% over white): the red shows through.
        #expect(pixel(separate, 55, 55, is: (128, 64, 191), tolerance: 2))
        #expect(pixel(separate, 20, 20, is: (255, 128, 128), tolerance: 2))
        try assertSnapshot(of: grouped, named: "group-opacity", tolerance: 2)
        try assertSnapshot(of: separate, named: "per-layer-opacity", tolerance: 2)
    }

    /// masksToBounds under a rotation (with rounded corners) cuts sublayers to the rotated,
    /// rounded bounds, however far they reach.
    @Test func masksToBoundsUnderRotation() throws {
        let root = Scene.root()
        let clip = Scene.layer(CGRect(x: 50, y: 50, width: 100, height: 100), parent: root)
        clip.masksToBounds = true
        clip.cornerRadius = 20
        clip.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 6))
        Scene.layer(CGRect(x: -100, y: -100, width: 300, height: 300), color: .green, parent: clip)
        let buffer = Scene.render(root)
        #expect(pixel(buffer, 100, 100, is: green))
        // Inside the child but outside the rotated square.
        #expect(pixel(buffer, 55, 52, is: white))
        #expect(pixel(buffer, 190, 190, is: white))
        // Just inside the rotated square's corner, where the rounding cuts it off.
        let cornerInward = CGPoint(x: 3, y: 3).applying(
            CGAffineTransform(translationX: -50, y: -50).concatenating(CGAffineTransform(rotationAngle: .pi / 6))
                .concatenating(CGAffineTransform(translationX: 100, y: 100)))
        #expect(pixel(buffer, Int(cornerInward.x), Int(cornerInward.y), is: white, tolerance: 30))
        try assertSnapshot(of: buffer, named: "masks-to-bounds-rotated", tolerance: 3, maxDifferingPixels: 10)
    }

    /// Later siblings draw on top; a higher zPosition draws above, whatever the array order.
    @Test func siblingOrderAndZPosition() throws {
        let root = Scene.root(width: 120, height: 120)
        let (first, second) = overlappingPair(in: root)
        var buffer = Scene.render(root)
        #expect(pixel(buffer, 55, 55, is: blue))
        first.zPosition = 1
        buffer = Scene.render(root)
        #expect(pixel(buffer, 55, 55, is: red))
        first.zPosition = 0
        root.insertSublayer(second, below: first)
        buffer = Scene.render(root)
        #expect(pixel(buffer, 55, 55, is: red))
        root.insertSublayer(second, at: 5)
        buffer = Scene.render(root)
        #expect(pixel(buffer, 55, 55, is: blue))
        second.zPosition = -1
        buffer = Scene.render(root)
        #expect(pixel(buffer, 55, 55, is: red))
        try assertSnapshot(of: buffer, named: "z-position", tolerance: 2)
    }

    /// Borders are drawn inside the bounds, above the layer's sublayers; rounded layers round
    /// their background and border.
    @Test func bordersAndRoundedBackgrounds() throws {
        let root = Scene.root(width: 120, height: 120)
        let framed = Scene.layer(CGRect(x: 10, y: 10, width: 100, height: 100), color: .blue, parent: root)
        framed.borderWidth = 6
        framed.borderColor = .red
        Scene.layer(CGRect(x: -10, y: 40, width: 120, height: 20), color: .green, parent: framed)
        let rounded = Scene.layer(CGRect(x: 70, y: 70, width: 40, height: 40), color: .green, parent: root)
        rounded.cornerRadius = 20
        let buffer = Scene.render(root)
        #expect(pixel(buffer, 12, 60, is: red))  // the border covers the sublayer
        #expect(pixel(buffer, 18, 60, is: green))  // inside the border, the sublayer
        #expect(pixel(buffer, 5, 60, is: green))  // outside the bounds, not clipped
        #expect(pixel(buffer, 60, 30, is: blue))
        #expect(pixel(buffer, 90, 90, is: green))
        #expect(pixel(buffer, 71, 71, is: blue, tolerance: 40))  // the round corner shows what is under
        try assertSnapshot(of: buffer, named: "borders-rounded", tolerance: 3, maxDifferingPixels: 4)
    }

    /// An opaque layer on top gives exactly its colour: nothing of what is under shows.
    @Test func opaqueLayerHidesWhatIsUnder() {
        let root = Scene.root(width: 60, height: 60)
        let translucent = Scene.layer(
            CGRect(x: 0, y: 0, width: 60, height: 60), color: CGColor(red: 0, green: 1, blue: 0, alpha: 0.5),
            parent: root)
        translucent.cornerRadius = 10
        Scene.layer(CGRect(x: 10, y: 10, width: 40, height: 40), color: .red, parent: root)
        let buffer = Scene.render(root)
        for (x, y) in [(10, 10), (30, 30), (49, 49)] {
            #expect(buffer.pixel(x: x, y: y) == 0xffff_0000)
        }
    }
}
