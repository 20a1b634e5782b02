import Foundation
import Testing
import VitrineKit

private func close(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-9) -> Bool { abs(a - b) <= tolerance }
private func close(_ a: CGPoint, _ b: CGPoint) -> Bool { close(a.x, b.x) && close(a.y, b.y) }
private func close(_ a: CGRect, _ b: CGRect) -> Bool {
    close(a.minX, b.minX) && close(a.minY, b.minY) && close(a.width, b.width) && close(a.height, b.height)
}

/// The View Programming Guide's geometry rules: frame, bounds and center, and transforms.
@MainActor @Suite struct ViewGeometryTests {
    @Test func settingFrameSetsBoundsSizeAndCenter() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(view.center == CGPoint(x: 60, y: 45))
        view.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
        #expect(view.bounds.size == CGSize(width: 40, height: 30))
        #expect(view.center == CGPoint(x: 20, y: 15))
    }

    @Test func settingCenterMovesFrameAndKeepsSize() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        view.center = CGPoint(x: 200, y: 100)
        #expect(view.frame == CGRect(x: 150, y: 75, width: 100, height: 50))
        #expect(view.bounds.size == CGSize(width: 100, height: 50))
    }

    @Test func settingBoundsSizeResizesAboutTheCenter() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        view.bounds.size = CGSize(width: 60, height: 10)
        #expect(view.center == CGPoint(x: 60, y: 45))
        #expect(view.frame == CGRect(x: 30, y: 40, width: 60, height: 10))
    }

    @Test func boundsOriginShiftsWhatSubviewsShow() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let scroller = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let content = UIView(frame: CGRect(x: 0, y: 200, width: 50, height: 50))
        container.addSubview(scroller)
        scroller.addSubview(content)
        let before = content.convert(CGPoint.zero, to: nil)
        scroller.bounds.origin = CGPoint(x: 0, y: 180)
        // The subview's frame is unchanged, but it now shows 180 points higher.
        #expect(content.frame.origin == CGPoint(x: 0, y: 200))
        #expect(scroller.frame == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(before == CGPoint(x: 0, y: 200))
        #expect(content.convert(CGPoint.zero, to: nil) == CGPoint(x: 0, y: 20))
    }

    @Test func transformAppliesAboutTheCenterAndFrameIsTheBoundingBox() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        // Bounds and center stay exact; frame is the rotated box's bounding box.
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(view.center == CGPoint(x: 50, y: 25))
        #expect(close(view.frame, CGRect(x: 25, y: -25, width: 50, height: 100)))

        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(close(view.frame, CGRect(x: -50, y: -25, width: 200, height: 100)))
        #expect(view.bounds.size == CGSize(width: 100, height: 50))
    }

    @Test func rotationByFortyFiveDegreesGivesTheDiagonalBox() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.transform = CGAffineTransform(rotationAngle: .pi / 4)
        let side = 100 * 2.0.squareRoot()
        #expect(close(view.frame.width, side, 1e-6))
        #expect(close(view.frame.midX, 50, 1e-9) && close(view.frame.midY, 50, 1e-9))
    }

    @Test func centerIsTheLayerPositionAndBoundsTheLayerBounds() {
        let view = UIView(frame: CGRect(x: 5, y: 5, width: 10, height: 10))
        #expect(view.layer.position == view.center)
        #expect(view.layer.bounds == view.bounds)
        #expect(view.layer.delegate === view)
    }

    @Test func layerClassDecidesTheBackingLayer() {
        final class CountingLayer: CALayer {}
        final class CustomView: UIView {
            override class var layerClass: AnyClass { CountingLayer.self }
        }
        #expect(CustomView(frame: .zero).layer is CountingLayer)
        #expect(!(UIView(frame: .zero).layer is CountingLayer))
    }
}
