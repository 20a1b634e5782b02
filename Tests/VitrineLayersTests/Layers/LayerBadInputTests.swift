import Foundation
import Testing
import VitrineGraphics

@testable import VitrineLayers

@MainActor
@Suite("Layers: bad input")
struct LayerBadInputTests {
    /// Empty, NaN and enormous paths, and NaN line attributes, draw what they can and never trap.
    @Test func shapes() {
        let root = Scene.root()
        let shape = CAShapeLayer()
        shape.frame = root.bounds
        root.addSublayer(shape)
        shape.path = CGMutablePath()
        #expect(pixel(Scene.render(root), 100, 100, is: white))

        let nan = CGMutablePath()
        nan.move(to: CGPoint(x: CGFloat.nan, y: 0))
        nan.addLine(to: CGPoint(x: 10, y: CGFloat.infinity))
        shape.path = nan
        #expect(pixel(Scene.render(root), 100, 100, is: white))

        // A rectangle a billion points wide covering the screen: drawn (at a bounded size).
        shape.path = CGPath(rect: CGRect(x: -1e9, y: -1e9, width: 2e9, height: 2e9))
        shape.fillColor = .green
        #expect(pixel(Scene.render(root), 100, 100, is: green))

        shape.path = ringPath(center: CGPoint(x: 100, y: 100), radius: 50)
        shape.fillColor = nil
        shape.strokeColor = .red
        shape.lineWidth = .nan
        #expect(pixel(Scene.render(root), 150, 100, is: white))
        shape.lineWidth = 4
        shape.strokeEnd = .nan
        #expect(pixel(Scene.render(root), 150, 100, is: white))
        shape.strokeEnd = 5
        shape.strokeStart = -3
        #expect(pixel(Scene.render(root), 150, 100, is: red, tolerance: 40))
        shape.lineDashPattern = [-1, .init(value: Double.nan)]
        #expect(pixel(Scene.render(root), 150, 100, is: red, tolerance: 40))
    }

    /// A text layer with empty, NaN-sized or zero-sized content draws nothing.
    @Test func text() {
        let root = Scene.root()
        let text = CATextLayer()
        text.frame = root.bounds
        text.foregroundColor = .red
        root.addSublayer(text)
        text.string = ""
        #expect(pixel(Scene.render(root), 5, 5, is: white))
        text.string = "x"
        text.fontSize = .nan
        _ = Scene.render(root)
        text.bounds = .zero
        #expect(pixel(Scene.render(root), 5, 5, is: white))
    }
}
