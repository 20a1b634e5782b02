import Foundation
import Testing
import VitrineKit

private func close(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// Conversions between views through transforms and bounds origins, and between windows and
/// screens.
@MainActor @Suite struct ViewCoordinateTests {
    @Test func convertsThroughNestedRotatedScaledAndShiftedViews() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let outer = UIView(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        outer.transform = CGAffineTransform(rotationAngle: .pi / 2)
        outer.bounds.origin = CGPoint(x: 10, y: 0)
        let inner = UIView(frame: CGRect(x: 10, y: 0, width: 50, height: 50))
        inner.transform = CGAffineTransform(scaleX: 2, y: 2)
        window.addSubview(outer)
        outer.addSubview(inner)

        // inner's (0,0): inner is scaled 2x about its center (35,25) in outer's bounds space:
        // its top left lands at (35 - 50, 25 - 50) = (-15, -25) in outer's bounds, which,
        // shifted by the bounds origin (10, 0), is (-25, -25) from outer's top left, i.e.
        // (-125, -125) from outer's center; rotated 90° clockwise (y down): (125, -125);
        // plus outer's center (200, 200): (325, 75).
        let inWindow = inner.convert(CGPoint.zero, to: nil)
        #expect(close(inWindow, CGPoint(x: 325, y: 75)))
        #expect(close(inner.convert(inWindow, from: nil), .zero))
        // Between the two views directly.
        let inOuter = inner.convert(CGPoint(x: 50, y: 50), to: outer)
        #expect(close(inOuter, CGPoint(x: 85, y: 75)))
        #expect(close(outer.convert(inOuter, to: inner), CGPoint(x: 50, y: 50)))
        // Rects become bounding boxes.
        let rect = inner.convert(inner.bounds, to: window)
        #expect(abs(rect.width - 100) < 1e-9 && abs(rect.height - 100) < 1e-9)
    }

    @Test func siblingsConvertThroughTheirCommonAncestor() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let a = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        let b = UIView(frame: CGRect(x: 100, y: 40, width: 50, height: 50))
        root.addSubview(a)
        root.addSubview(b)
        #expect(a.convert(CGPoint(x: 5, y: 5), to: b) == CGPoint(x: -85, y: -25))
        #expect(b.convert(CGPoint(x: -85, y: -25), to: a) == CGPoint(x: 5, y: 5))
        // With no window, nil means the topmost superview.
        #expect(a.convert(CGPoint.zero, to: nil) == CGPoint(x: 10, y: 10))
    }

    @Test func windowsConvertThroughScreenCoordinates() {
        let first = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let second = UIWindow(frame: CGRect(x: 300, y: 100, width: 200, height: 200))
        let view = UIView(frame: CGRect(x: 20, y: 30, width: 10, height: 10))
        first.addSubview(view)
        #expect(view.convert(CGPoint.zero, to: second) == CGPoint(x: -280, y: -70))
        #expect(second.convert(CGPoint(x: 0, y: 0), to: first) == CGPoint(x: 300, y: 100))
        // A window and its screen.
        let screen = second.screen
        #expect(second.convert(CGPoint(x: 5, y: 5), to: screen.coordinateSpace) == CGPoint(x: 305, y: 105))
        #expect(second.convert(CGPoint(x: 305, y: 105), from: screen.coordinateSpace) == CGPoint(x: 5, y: 5))
        #expect(
            screen.coordinateSpace.convert(CGPoint(x: 25, y: 35), to: view) == CGPoint(x: 5, y: 5))
    }
}
