import Foundation
import Testing
import VitrineGraphics
import VitrineLayers
import VitrineTestSupport

@testable import VitrineGL

/// What has no PNG reference of its own but must draw as the pixman renderer draws it:
/// shadows (path and alpha), generated contents (gradients, shapes), rounded clips at a scale,
/// compared frame against frame.
@MainActor
@Suite("GLESRenderer: effects against the pixman renderer")
struct GLEffectsTests {
    /// At most `maxDifferingPixels` pixels beyond the scenes' tolerance (3), and none beyond
    /// `curveTolerance`: rounded edges are where the shader's coverage and cairo's masks part.
    private func expectMatchesPixman(
        _ root: CALayer, scale: CGFloat = 1, with renderer: GLESRenderer, maxDifferingPixels: Int,
        curveTolerance: Int = 24, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let gl = try GLTest.render(root, with: renderer, scale: scale)
        let pixman = GLTest.renderWithPixman(root, scale: scale)
        let comparison = PixelComparison(gl, pixman, tolerance: GLCompositorSceneTests.tolerance)
        let curves = PixelComparison(gl, pixman, tolerance: curveTolerance)
        #expect(curves.isMatch, "\(curves)", sourceLocation: sourceLocation)
        if !comparison.passes(maxDifferingPixels: maxDifferingPixels) || !curves.isMatch {
            // For a look at what differs: the GL frame and pixman's, beside the reference failures.
            let directory = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("snapshot-failures/VitrineGLTests")
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let name = "\(sourceLocation.line)"
            try? ImageCodec.encodePNG(gl).write(to: directory.appendingPathComponent("effects-\(name).gl.png"))
            try? ImageCodec.encodePNG(pixman).write(to: directory.appendingPathComponent("effects-\(name).pixman.png"))
        }
        #expect(
            comparison.passes(maxDifferingPixels: maxDifferingPixels), "\(comparison)", sourceLocation: sourceLocation)
    }

    @Test func shadowsAlongAPathAndFromAlpha() throws {
        let renderer = try GLTest.makeRenderer()
        let root = Scene.root(width: 200, height: 140)
        let card = Scene.layer(CGRect(x: 20, y: 20, width: 70, height: 60), color: .white, parent: root)
        card.cornerRadius = 10
        card.shadowOpacity = 0.6
        card.shadowRadius = 6
        card.shadowOffset = CGSize(width: 4, height: 5)
        card.shadowPath = CGPath(
            roundedRect: CGRect(x: 0, y: 0, width: 70, height: 60), cornerWidth: 10, cornerHeight: 10, transform: nil)
        // No shadowPath: the shadow of the layer's and its sublayers' alpha.
        let badge = Scene.layer(CGRect(x: 120, y: 30, width: 50, height: 50), parent: root)
        badge.shadowOpacity = 0.8
        badge.shadowRadius = 4
        let dot = Scene.layer(CGRect(x: 5, y: 5, width: 30, height: 30), color: .blue, parent: badge)
        dot.cornerRadius = 15
        // The badge's 30-pixel circle and the card's corners: 48 pixels beyond 3, within 21.
        try expectMatchesPixman(root, with: renderer, maxDifferingPixels: 60)
        // A full repaint keeps the blurred masks; a changed shape makes its mask again.
        let target = try GLTextureTarget(width: 200, height: 140)
        let compositor = Compositor(renderer: renderer)
        compositor.render(root, into: target, bufferAge: 0)
        let made = renderer.shadowMasksMade
        compositor.render(root, into: target, bufferAge: 0)
        #expect(renderer.shadowMasksMade == made)
        dot.cornerRadius = 5
        compositor.render(root, into: target, bufferAge: 1)
        #expect(renderer.shadowMasksMade == made + 1)
    }

    @Test func gradientAndShapeLayers() throws {
        let renderer = try GLTest.makeRenderer()
        let root = Scene.root(width: 160, height: 100)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        gradient.colors = [CGColor.red, CGColor.blue]
        gradient.cornerRadius = 12
        gradient.masksToBounds = true
        root.addSublayer(gradient)
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 100, y: 20, width: 50, height: 60)
        shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 50, height: 60), transform: nil)
        shape.fillColor = .green
        shape.strokeColor = .red
        shape.lineWidth = 3
        root.addSublayer(shape)
        try expectMatchesPixman(root, with: renderer, maxDifferingPixels: 12)
    }

    /// A 2x screen, a scaled and rounded clip with a border, translucent contents.
    @Test func roundedClipsAtScaleTwo() throws {
        let renderer = try GLTest.makeRenderer()
        let root = Scene.root(width: 100, height: 80)
        let clip = Scene.layer(CGRect(x: 10, y: 10, width: 70, height: 50), color: .blue, parent: root)
        clip.cornerRadius = 14
        clip.masksToBounds = true
        clip.borderWidth = 2.5
        clip.borderColor = .red
        let picture = Scene.layer(CGRect(x: -10, y: -5, width: 60, height: 45), parent: clip)
        picture.contents = Scene.quadrantImage(width: 30, height: 20)
        picture.opacity = 0.6
        // The clip's 28-pixel corners and the 5-pixel border ring: 34 pixels beyond 3, within 16.
        try expectMatchesPixman(root, scale: 2, with: renderer, maxDifferingPixels: 40)
    }
}
