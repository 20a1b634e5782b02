import Foundation
import Testing
import VitrineGraphics

@testable import VitrineLayers

@MainActor
@Suite("CALayer display")
struct CALayerDisplayTests {
    typealias S = ModelTestSupport

    @Test func displayDrawsABackingImageAtContentsScale() throws {
        let delegate = ModelRecordingDelegate()
        let layer = S.layer("l", frame: CGRect(x: 0, y: 0, width: 10.5, height: 20))
        layer.contentsScale = 2
        layer.delegate = delegate
        layer.display()
        let image = try #require(layer.contents as? CGImage)
        #expect(image.width == 21 && image.height == 40)
        #expect(layer.contentsImage === image)
        #expect(delegate.events == ["willDraw l", "draw l"])
        #expect(delegate.drawContextSizes.count == 1)
        #expect(delegate.drawContextSizes.first.map { $0 == (21, 40) } == true)
    }

    @Test func fractionalSizesRoundUp() throws {
        let layer = S.layer("l", frame: CGRect(x: 0, y: 0, width: 3.2, height: 0.1))
        layer.contentsScale = 3
        layer.display()
        let image = try #require(layer.contentsImage)
        #expect(image.width == 10 && image.height == 1)
    }

    @Test func delegateDisplayReplacesDrawing() {
        let delegate = ModelContentsDelegate()
        let layer = S.layer("l", frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.delegate = delegate
        layer.display()
        #expect(delegate.displayCount == 1 && delegate.drawCount == 0)
        #expect(layer.contentsImage === delegate.image)
    }

    final class DrawingLayer: CALayer {
        var draws = 0
        override func draw(in ctx: CGContext) { draws += 1 }
    }

    @Test func subclassDrawInContextIsCalledWithoutADelegate() {
        let layer = DrawingLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        layer.display()
        #expect(layer.draws == 1)
        #expect(layer.contentsImage?.width == 4)
    }

    @Test func emptyOrNonFiniteBoundsGiveNoContents() {
        let layer = DrawingLayer()
        layer.contents = S.image()
        layer.display()
        #expect(layer.contents == nil && layer.draws == 0)
        layer.bounds = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10)
        layer.display()
        layer.bounds = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10)
        layer.display()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.contentsScale = .nan
        layer.display()  // falls back to scale 1
        #expect(layer.contentsImage?.width == 10)
        layer.bounds = CGRect(x: 0, y: 0, width: 1e9, height: 1e9)
        layer.display()
        #expect(layer.contents == nil && layer.draws == 1)
    }

    @Test func setNeedsDisplayCoalesces() {
        let delegate = ModelRecordingDelegate()
        let layer = S.layer("l", frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.delegate = delegate
        #expect(!layer.needsDisplay())
        for _ in 0..<10 { layer.setNeedsDisplay() }
        #expect(layer.needsDisplay())
        layer.displayIfNeeded()
        layer.displayIfNeeded()
        #expect(delegate.events.filter { $0.hasPrefix("draw") }.count == 1)
        #expect(!layer.needsDisplay())
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 0, height: 0))
        #expect(!layer.needsDisplay())
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(layer.needsDisplay())
    }

    @Test func needsDisplayOnBoundsChange() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(!layer.needsDisplay())
        layer.needsDisplayOnBoundsChange = true
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        #expect(layer.needsDisplay())
    }

    @Test func displayPassVisitsOnlyDirtyLayers() {
        let delegate = ModelRecordingDelegate()
        let root = S.layer("root", frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let a = S.layer("a", frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        let b = S.layer("b", frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        let c = S.layer("c", frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        for layer in [root, a, b, c] { layer.delegate = delegate }
        root.addSublayer(a)
        root.addSublayer(b)
        b.addSublayer(c)
        root.layoutAndDisplayIfNeeded()
        delegate.events.removeAll()
        c.setNeedsDisplay()
        root.setNeedsDisplay()
        root.layoutAndDisplayIfNeeded()
        #expect(delegate.events.filter { $0.hasPrefix("draw") } == ["draw root", "draw c"])
        #expect(!root.descendantNeedsDisplay && !b.descendantNeedsDisplay)
        // A dirty layer added to a clean tree is found too.
        let d = S.layer("d", frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        d.delegate = delegate
        d.setNeedsDisplay()
        a.addSublayer(d)
        delegate.events.removeAll()
        root.layoutAndDisplayIfNeeded()
        #expect(delegate.events.filter { $0.hasPrefix("draw") } == ["draw d"])
    }
}
