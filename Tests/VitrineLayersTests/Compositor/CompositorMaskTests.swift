import Foundation
import Testing
import VitrineGraphics
import VitrineTestSupport

@testable import VitrineLayers

/// Axis-aligned rounded layers keep nine-sliced masks (corners plus one row and column); the
/// pixels must be exactly those of the whole mask.
@MainActor
@Suite("Compositor: nine-sliced masks")
struct CompositorMaskTests {
    static let background = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
    static let border = CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.8)

    /// The layer drawn by hand with whole masks from `ShapeMask`, over white.
    static func reference(
        width: Int, height: Int, rect: PixelRect, radius: Double, borderWidth: Double
    ) -> PixelBuffer {
        let buffer = PixelBuffer(width: width, height: height, format: .xrgb8888)
        let canvas = Canvas(target: buffer)
        canvas.fill(Region(canvas.area), color: PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1))
        let place = ProjectiveTransform(translationX: Double(rect.x), y: Double(rect.y))
        let shape = ShapeMask.roundedRect(width: rect.width, height: rect.height, radius: radius)
        canvas.fill(mask: shape, transform: place, color: background.premultiplied, clip: Region(canvas.area))
        if borderWidth > 0 {
            let ring = ShapeMask.roundedBorder(
                width: rect.width, height: rect.height, radius: radius, borderWidth: borderWidth)
            canvas.fill(mask: ring, transform: place, color: border.premultiplied, clip: Region(canvas.area))
        }
        return buffer
    }

    @Test(arguments: [
        (radius: 24.0, borderWidth: 0.0), (radius: 24.0, borderWidth: 3.5), (radius: 7.3, borderWidth: 1),
        (radius: 200, borderWidth: 12), (radius: 2, borderWidth: 30),
    ])
    func slicedMasksDrawWhatWholeMasksDraw(radius: Double, borderWidth: Double) {
        let root = Scene.root(width: 340, height: 240)
        let card = Scene.layer(CGRect(x: 17, y: 21, width: 300, height: 180), color: Self.background, parent: root)
        card.cornerRadius = radius
        card.borderWidth = borderWidth
        card.borderColor = Self.border
        let compositor = Compositor()
        let buffer = PixelBuffer(width: 340, height: 240, format: .xrgb8888)
        compositor.render(root, into: buffer, bufferAge: 0)

        let expected = Self.reference(
            width: 340, height: 240, rect: PixelRect(x: 17, y: 21, width: 300, height: 180),
            radius: min(radius, 90), borderWidth: borderWidth)
        let comparison = PixelComparison(buffer, expected, tolerance: 0)
        #expect(comparison.isMatch, "\(comparison)")

        // The masks kept are the corners and one row and column, not 300x180 bytes each.
        let cache = compositor.records[card.layerID]?.rendererCache as? PixmanLayerCache
        let masks = [cache?.backgroundMask?.mask, cache?.borderMask?.mask].compactMap { $0 }
        #expect(!masks.isEmpty)
        for mask in masks {
            let corner = Int(max(min(radius, 90), borderWidth).rounded(.up)) + 1
            #expect(mask.width <= min(300, 2 * corner + 1) && mask.height <= min(180, 2 * corner + 1))
        }
    }

    /// A rounded group (masksToBounds) cut through a sliced mask: sublayers show inside the
    /// rounded rectangle, not in its corners or outside it; damage-limited frames agree.
    @Test func roundedGroupClipsThroughSlices() {
        let root = Scene.root(width: 200, height: 160)
        let clip = Scene.layer(CGRect(x: 20, y: 20, width: 150, height: 110), parent: root)
        clip.masksToBounds = true
        clip.cornerRadius = 30
        clip.opacity = 0.9
        let child = Scene.layer(CGRect(x: -40, y: -40, width: 300, height: 300), color: .green, parent: clip)
        let compositor = Compositor()
        let buffer = PixelBuffer(width: 200, height: 160, format: .xrgb8888)
        compositor.render(root, into: buffer, bufferAge: 0)
        #expect(pixel(buffer, 95, 75, is: (26, 255, 26), tolerance: 3))  // inside: green at 90%
        #expect(pixel(buffer, 22, 22, is: white))  // the rounded-off corner
        #expect(pixel(buffer, 168, 128, is: white))
        #expect(pixel(buffer, 10, 75, is: white))  // outside the bounds
        #expect(pixel(buffer, 95, 21, is: (26, 255, 26), tolerance: 3))  // the top edge between corners
        child.backgroundColor = .red
        compositor.render(root, into: buffer, bufferAge: 1)
        let comparison = PixelComparison(buffer, Scene.render(root), tolerance: 0)
        #expect(comparison.isMatch, "\(comparison)")
    }
}
