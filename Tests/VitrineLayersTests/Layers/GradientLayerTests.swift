import Foundation
import Testing
import VitrineGraphics

@testable import VitrineLayers

@MainActor
@Suite("CAGradientLayer")
struct GradientLayerTests {
    @Test func defaults() {
        let layer = CAGradientLayer()
        #expect(layer.type == .axial)
        #expect(layer.colors == nil)
        #expect(layer.locations == nil)
        #expect(layer.startPoint == CGPoint(x: 0.5, y: 0))
        #expect(layer.endPoint == CGPoint(x: 0.5, y: 1))
        #expect(CAGradientLayerType.conic.rawValue == "conic")
    }

    private func gradient(_ configure: (CAGradientLayer) -> Void) -> PixelBuffer {
        let root = Scene.root()
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        layer.colors = [CGColor.red, CGColor.blue]
        configure(layer)
        root.addSublayer(layer)
        return Scene.render(root)
    }

    /// The default axial gradient runs top to bottom: red at the top, blue at the bottom, the
    /// mix half-way.
    @Test func axialStartMidEnd() {
        let buffer = gradient { _ in }
        #expect(pixel(buffer, 100, 0, is: (254, 0, 1), tolerance: 3))
        #expect(pixel(buffer, 100, 199, is: (1, 0, 254), tolerance: 3))
        #expect(pixel(buffer, 100, 100, is: (127, 0, 128), tolerance: 3))
        // Constant along a row.
        #expect(buffer.pixel(x: 10, y: 50) == buffer.pixel(x: 190, y: 50))
    }

    /// Locations move the stops; beyond them the end colours extend.
    @Test func locations() {
        let buffer = gradient { $0.locations = [0.25, 0.75] }
        #expect(pixel(buffer, 100, 20, is: red, tolerance: 2))
        #expect(pixel(buffer, 100, 180, is: blue, tolerance: 2))
        #expect(pixel(buffer, 100, 100, is: (127, 0, 128), tolerance: 3))
    }

    /// Horizontal, from startPoint to endPoint.
    @Test func horizontalAxis() {
        let buffer = gradient {
            $0.startPoint = CGPoint(x: 0, y: 0.5)
            $0.endPoint = CGPoint(x: 1, y: 0.5)
        }
        #expect(pixel(buffer, 0, 100, is: red, tolerance: 3))
        #expect(pixel(buffer, 199, 100, is: blue, tolerance: 3))
    }

    /// Radial: red at startPoint, blue from the ellipse through endPoint outwards.
    @Test func radial() {
        let buffer = gradient {
            $0.type = .radial
            $0.startPoint = CGPoint(x: 0.5, y: 0.5)
            $0.endPoint = CGPoint(x: 1, y: 1)
        }
        #expect(pixel(buffer, 100, 100, is: red, tolerance: 4))
        #expect(pixel(buffer, 150, 100, is: (127, 0, 128), tolerance: 4))
        #expect(pixel(buffer, 5, 5, is: blue, tolerance: 2))
    }

    /// Conic: around the centre, clockwise from the direction of endPoint (to the right).
    @Test func conic() {
        let buffer = gradient {
            $0.type = .conic
            $0.startPoint = CGPoint(x: 0.5, y: 0.5)
            $0.endPoint = CGPoint(x: 1, y: 0.5)
        }
        // Just below the start direction: the beginning (red); half-way round (left): the mix;
        // just above the start direction: nearly the end (blue).
        #expect(pixel(buffer, 180, 102, is: red, tolerance: 10))
        #expect(pixel(buffer, 20, 100, is: (127, 0, 128), tolerance: 6))
        #expect(pixel(buffer, 180, 97, is: blue, tolerance: 10))
    }

    /// Mismatched locations are ignored (even spread); non-colour elements are skipped; no
    /// colours draw nothing; one colour fills.
    @Test func badInput() {
        let mismatched = gradient { $0.locations = [0, 0.1, 0.2] }
        #expect(pixel(mismatched, 100, 100, is: (127, 0, 128), tolerance: 3))
        let skipped = gradient { $0.colors = ["nope", CGColor.green, 42] }
        #expect(pixel(skipped, 100, 100, is: green, tolerance: 2))
        let none = gradient { $0.colors = [] }
        #expect(pixel(none, 100, 100, is: white))
        let nan = gradient { $0.startPoint = CGPoint(x: CGFloat.nan, y: 0) }
        #expect(pixel(nan, 100, 100, is: white))
    }

    /// colors animate element-wise; mid-way the top is the mix of red and green.
    @Test func colorsAnimate() {
        let root = Scene.root()
        let layer = CAGradientLayer()
        layer.frame = root.bounds
        layer.colors = [CGColor.red, CGColor.red]
        root.addSublayer(layer)
        let compositor = Compositor()
        let buffer = PixelBuffer(width: 200, height: 200, format: .xrgb8888)
        compositor.render(root, into: buffer, bufferAge: 0)
        let animation = CABasicAnimation(keyPath: "colors")
        animation.fromValue = [CGColor.red, CGColor.red]
        animation.toValue = [CGColor.blue, CGColor.blue]
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        animation.beginTime = 1
        layer.add(animation, forKey: "colors")
        let engine = CAAnimationEngine()
        engine.advance(root, to: 1.5)
        compositor.render(root, into: buffer, bufferAge: 1)
        #expect(pixel(buffer, 100, 100, is: (128, 0, 128), tolerance: 3))
        let locations = CABasicAnimation(keyPath: "startPoint")
        #expect(locations.keyPath == "startPoint")
    }
}
