import Foundation
import Testing
import VitrineGL
import VitrineGraphics
import VitrineLayers
import VitrineTestSupport

/// The compositor's pixel-test scenes (VitrineLayersTests) drawn by the GLES renderer on
/// llvmpipe, against the pixman renderer's PNG references.
///
/// The tolerance: channels within 3 of the reference, with as many pixels beyond it as the
/// pixman test allows itself (0 to 10, on antialiased edges), except `borders-rounded` (8 for
/// 4): rounded corners are coverage the shader works out as cairo rasterises pixman's masks
/// (15 sample rows, arcs flattened into chords), close but not bit-exact on curved edges
/// (docs/testing.md, "GL tests").
@MainActor
@Suite("GLESRenderer: the compositor's scenes against pixman's references")
struct GLCompositorSceneTests {
    static let tolerance = 3

    private func overlappingPair(in container: CALayer) -> (CALayer, CALayer) {
        let first = Scene.layer(CGRect(x: 10, y: 10, width: 60, height: 60), color: .red, parent: container)
        let second = Scene.layer(CGRect(x: 40, y: 40, width: 60, height: 60), color: .blue, parent: container)
        return (first, second)
    }

    @Test func groupOpacityAndPerLayerOpacity() throws {
        let renderer = try GLTest.makeRenderer()
        let root = Scene.root(width: 120, height: 120)
        let group = Scene.layer(CGRect(x: 0, y: 0, width: 120, height: 120), parent: root)
        group.opacity = 0.5
        _ = overlappingPair(in: group)
        #expect(
            try GLTest.comparisonWithPixmanReference(
                try GLTest.render(root, with: renderer), named: "group-opacity", tolerance: Self.tolerance,
                maxDifferingPixels: 0) == .matched)

        let perLayerRoot = Scene.root(width: 120, height: 120)
        let (first, second) = overlappingPair(in: perLayerRoot)
        first.opacity = 0.5
        second.opacity = 0.5
        #expect(
            try GLTest.comparisonWithPixmanReference(
                try GLTest.render(perLayerRoot, with: renderer), named: "per-layer-opacity", tolerance: Self.tolerance,
                maxDifferingPixels: 0) == .matched)
    }

    @Test func masksToBoundsUnderRotation() throws {
        let renderer = try GLTest.makeRenderer()
        let root = Scene.root()
        let clip = Scene.layer(CGRect(x: 50, y: 50, width: 100, height: 100), parent: root)
        clip.masksToBounds = true
        clip.cornerRadius = 20
        clip.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 6))
        Scene.layer(CGRect(x: -100, y: -100, width: 300, height: 300), color: .green, parent: clip)
        #expect(
            try GLTest.comparisonWithPixmanReference(
                try GLTest.render(root, with: renderer), named: "masks-to-bounds-rotated", tolerance: Self.tolerance,
                maxDifferingPixels: 10) == .matched)
    }

    @Test func siblingOrderAndZPosition() throws {
        let renderer = try GLTest.makeRenderer()
        let root = Scene.root(width: 120, height: 120)
        let (first, second) = overlappingPair(in: root)
        first.zPosition = 1
        first.zPosition = 0
        root.insertSublayer(second, below: first)
        root.insertSublayer(second, at: 5)
        second.zPosition = -1
        #expect(
            try GLTest.comparisonWithPixmanReference(
                try GLTest.render(root, with: renderer), named: "z-position", tolerance: Self.tolerance,
                maxDifferingPixels: 0) == .matched)
    }

    @Test func bordersAndRoundedBackgrounds() throws {
        let renderer = try GLTest.makeRenderer()
        let root = Scene.root(width: 120, height: 120)
        let framed = Scene.layer(CGRect(x: 10, y: 10, width: 100, height: 100), color: .blue, parent: root)
        framed.borderWidth = 6
        framed.borderColor = .red
        Scene.layer(CGRect(x: -10, y: 40, width: 120, height: 20), color: .green, parent: framed)
        let rounded = Scene.layer(CGRect(x: 70, y: 70, width: 40, height: 40), color: .green, parent: root)
        rounded.cornerRadius = 20
        // pixman's test allows 4 pixels beyond 3; here 8 (all within 7) on the 40-pixel circle's
        // edge, where cairo's flattened arc and the shader's chords of it part slightly.
        #expect(
            try GLTest.comparisonWithPixmanReference(
                try GLTest.render(root, with: renderer), named: "borders-rounded", tolerance: Self.tolerance,
                maxDifferingPixels: 8) == .matched)
    }

    private func renderContents(gravity: CALayerContentsGravity, with renderer: GLESRenderer) throws -> PixelBuffer {
        let root = Scene.root(width: 120, height: 100)
        let layer = Scene.layer(CGRect(x: 10, y: 10, width: 100, height: 80), parent: root)
        layer.contents = Scene.quadrantImage(width: 40, height: 30)
        layer.contentsGravity = gravity
        return try GLTest.render(root, with: renderer)
    }

    @Test(arguments: [
        CALayerContentsGravity.center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight,
    ])
    func unscaledGravity(gravity: CALayerContentsGravity) throws {
        let renderer = try GLTest.makeRenderer()
        #expect(
            try GLTest.comparisonWithPixmanReference(
                try renderContents(gravity: gravity, with: renderer), named: "gravity-\(gravity.rawValue)",
                tolerance: Self.tolerance, maxDifferingPixels: 0) == .matched)
    }

    @Test(arguments: [CALayerContentsGravity.resize, .resizeAspect, .resizeAspectFill])
    func scalingGravity(gravity: CALayerContentsGravity) throws {
        let renderer = try GLTest.makeRenderer()
        #expect(
            try GLTest.comparisonWithPixmanReference(
                try renderContents(gravity: gravity, with: renderer), named: "gravity-\(gravity.rawValue)",
                tolerance: Self.tolerance, maxDifferingPixels: 4) == .matched)
    }

    @Test func nineSliceContentsCenter() throws {
        let renderer = try GLTest.makeRenderer()
        let root = Scene.root(width: 170, height: 110)
        let layer = Scene.layer(CGRect(x: 10, y: 10, width: 150, height: 90), parent: root)
        layer.contents = LayerScene.nineSliceImage()
        layer.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        #expect(
            try GLTest.comparisonWithPixmanReference(
                try GLTest.render(root, with: renderer), named: "nine-slice", tolerance: Self.tolerance,
                maxDifferingPixels: 8) == .matched)
    }

    @Test func nestedRotations() throws {
        let renderer = try GLTest.makeRenderer()
        let root = Scene.root()
        let outer = Scene.layer(CGRect(x: 50, y: 50, width: 100, height: 100), parent: root)
        outer.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 4))
        let inner = Scene.layer(CGRect(x: 20, y: 30, width: 60, height: 40), color: .red, parent: outer)
        inner.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 4))
        #expect(
            try GLTest.comparisonWithPixmanReference(
                try GLTest.render(root, with: renderer), named: "nested-rotations", tolerance: Self.tolerance,
                maxDifferingPixels: 10) == .matched)
    }

    @Test func perspectiveRotationAboutY() throws {
        let renderer = try GLTest.makeRenderer()
        let root = Scene.root()
        var sublayerTransform = CATransform3DIdentity
        sublayerTransform.m34 = -1 / 300
        root.sublayerTransform = sublayerTransform
        let card = Scene.layer(CGRect(x: 50, y: 60, width: 100, height: 80), color: .blue, parent: root)
        card.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        #expect(
            try GLTest.comparisonWithPixmanReference(
                try GLTest.render(root, with: renderer), named: "perspective-y-rotation", tolerance: Self.tolerance,
                maxDifferingPixels: 10) == .matched)
    }
}
