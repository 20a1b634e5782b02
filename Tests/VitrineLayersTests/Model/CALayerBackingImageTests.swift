import Foundation
import Testing
import VitrineGraphics

@testable import VitrineLayers

/// What `display()` draws: the context is in bounds coordinates at `contentsScale`.
@MainActor
@Suite("CALayer backing image")
struct CALayerBackingImageTests {
    typealias S = ModelTestSupport
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

    func displayed(bounds: CGRect, scale: CGFloat, fill rect: CGRect) throws -> CGImage {
        let delegate = ModelRecordingDelegate()
        delegate.drawBody = { ctx in
            ctx.setFillColor(Self.red)
            ctx.fill(rect)
        }
        let layer = CALayer()
        layer.bounds = bounds
        layer.contentsScale = scale
        layer.delegate = delegate
        layer.display()
        return try #require(layer.contentsImage)
    }

    @Test func drawingIsScaledByContentsScale() throws {
        let image = try displayed(
            bounds: CGRect(x: 0, y: 0, width: 10, height: 10), scale: 2,
            fill: CGRect(x: 0, y: 0, width: 5, height: 5))
        #expect(image.width == 20 && image.height == 20)
        #expect(image.pixel(x: 0, y: 0) == Self.red.argb32)
        #expect(image.pixel(x: 9, y: 9) == Self.red.argb32)
        #expect(image.pixel(x: 10, y: 10) == 0)
        #expect(image.pixel(x: 19, y: 0) == 0)
    }

    @Test func drawingIsInBoundsCoordinates() throws {
        let image = try displayed(
            bounds: CGRect(x: 5, y: 5, width: 10, height: 10), scale: 1,
            fill: CGRect(x: 5, y: 5, width: 5, height: 5))
        #expect(image.pixel(x: 0, y: 0) == Self.red.argb32)
        #expect(image.pixel(x: 4, y: 4) == Self.red.argb32)
        #expect(image.pixel(x: 5, y: 5) == 0)
    }

    @Test func eachDisplayStartsFromAClearImage() throws {
        var fill = true
        let delegate = ModelRecordingDelegate()
        delegate.drawBody = { ctx in
            guard fill else { return }
            ctx.setFillColor(Self.red)
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        layer.delegate = delegate
        layer.display()
        let first = try #require(layer.contentsImage)
        fill = false
        layer.display()
        let second = try #require(layer.contentsImage)
        #expect(first !== second)
        #expect(first.pixel(x: 1, y: 1) == Self.red.argb32)
        #expect(second.pixel(x: 1, y: 1) == 0)
    }
}
