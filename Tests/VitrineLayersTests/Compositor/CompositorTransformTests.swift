import Foundation
import Testing
import VitrineGraphics
import VitrineTestSupport

@testable import VitrineLayers

@MainActor
@Suite("Compositor: transforms")
struct CompositorTransformTests {
    /// The guide's example: a shape rotated 45° inside a layer rotated 45° appears rotated 90°.
    @Test func nestedRotationsAdd() throws {
        let root = Scene.root()
        let outer = Scene.layer(CGRect(x: 50, y: 50, width: 100, height: 100), parent: root)
        outer.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 4))
        let inner = Scene.layer(CGRect(x: 20, y: 30, width: 60, height: 40), color: .red, parent: outer)
        inner.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 4))
        let nested = Scene.render(root)

        // The same shape turned 90° once: a 40x60 rectangle about the same centre.
        let reference = Scene.root()
        let turned = Scene.layer(CGRect(x: 20, y: 30, width: 60, height: 40), color: .red)
        // inner's centre (50, 50) in outer is outer's centre: it stays at (100, 100).
        turned.position = CGPoint(x: 100, y: 100)
        turned.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
        reference.addSublayer(turned)
        let expected = Scene.render(reference)

        // Upright 40 wide, 60 tall around (100, 100).
        #expect(pixel(nested, 100, 100, is: red))
        #expect(pixel(nested, 100, 72, is: red))
        #expect(pixel(nested, 83, 100, is: red))
        #expect(pixel(nested, 100, 65, is: white))
        #expect(pixel(nested, 75, 100, is: white))
        let comparison = PixelComparison(nested, expected, tolerance: 8)
        #expect(comparison.differingPixelCount <= 40, "\(comparison)")
        try assertSnapshot(of: nested, named: "nested-rotations", tolerance: 3, maxDifferingPixels: 10)
    }

    /// A layer rotated about the y axis under the parent's perspective (`m34`) becomes a
    /// trapezoid: the edge that comes towards the viewer grows, the far one shrinks.
    @Test func perspectiveRotationAboutY() throws {
        func render(perspective: Bool) -> PixelBuffer {
            let root = Scene.root()
            if perspective {
                var sublayerTransform = CATransform3DIdentity
                sublayerTransform.m34 = -1 / 300
                root.sublayerTransform = sublayerTransform
            }
            let card = Scene.layer(CGRect(x: 50, y: 60, width: 100, height: 80), color: .blue, parent: root)
            card.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
            return Scene.render(root)
        }
        func columnHeight(_ buffer: PixelBuffer, x: Int) -> Int {
            (0..<buffer.height).filter { pixel(buffer, x, $0, is: blue, tolerance: 40) }.count
        }
        let flat = render(perspective: false)
        let deep = render(perspective: true)
        // Without perspective the rotated card is only narrower: both sides equally tall.
        #expect(abs(columnHeight(flat, x: 75) - columnHeight(flat, x: 125)) <= 1)
        #expect(columnHeight(flat, x: 100) == 80)
        // With it, one side is clearly taller than the other.
        let left = columnHeight(deep, x: 80)
        let right = columnHeight(deep, x: 120)
        #expect(abs(left - right) >= 8, "left \(left) right \(right)")
        try assertSnapshot(of: deep, named: "perspective-y-rotation", tolerance: 3, maxDifferingPixels: 10)
    }

    /// Contents scale with the screen: a 2x screen renders every point as 2x2 pixels.
    @Test func screenScaleDoublesPixels() {
        let root = Scene.root(width: 50, height: 50)
        Scene.layer(CGRect(x: 10, y: 10, width: 20, height: 10), color: .red, parent: root)
        let buffer = Scene.render(root, scale: 2)
        #expect(buffer.width == 100)
        #expect(pixel(buffer, 20, 20, is: red))
        #expect(pixel(buffer, 59, 39, is: red))
        #expect(pixel(buffer, 60, 40, is: white))
        #expect(pixel(buffer, 19, 19, is: white))
    }
}
