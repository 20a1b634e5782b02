import Foundation
import Testing
import VitrineKit

@Suite @MainActor struct DrawingBezierPathTests {
    /// Fills `path` red into a fresh 40x40 context and returns its pixels.
    func filled(_ path: UIBezierPath, width: Int = 40, height: Int = 40) -> PixelBuffer {
        let context = makeDrawingContext(width: width, height: height)
        context.setFillColor(.init(red: 1, green: 0, blue: 0, alpha: 1))
        drawing(in: context) { path.fill() }
        return context.pixelBuffer
    }

    @Test func rectFillsExactlyItsPixels() {
        let pixels = filled(UIBezierPath(rect: CGRect(x: 10, y: 5, width: 20, height: 10)))
        #expect(pixels.pixel(x: 10, y: 5) == opaqueRedPixel)
        #expect(pixels.pixel(x: 29, y: 14) == opaqueRedPixel)
        #expect(pixels.pixel(x: 9, y: 5) == 0)
        #expect(pixels.pixel(x: 30, y: 14) == 0)
        #expect(pixels.pixel(x: 10, y: 15) == 0)
        #expect(pixels.inkedPixelCount() == 200)
    }

    @Test func rectRunsClockwiseOnScreenFromTheTopLeft() {
        let path = UIBezierPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(
            path.cgPath.elements == [
                .moveToPoint(CGPoint(x: 1, y: 2)), .addLineToPoint(CGPoint(x: 4, y: 2)),
                .addLineToPoint(CGPoint(x: 4, y: 6)), .addLineToPoint(CGPoint(x: 1, y: 6)), .closeSubpath,
            ])
    }

    /// UIKit's `clockwise: true` turns clockwise on screen: from angle 0 (right) to π/2 it
    /// passes through the bottom of the circle (y-down).
    @Test func clockwiseArcTurnsClockwiseOnScreen() {
        let center = CGPoint(x: 20, y: 20)
        let wedge = UIBezierPath(arcCenter: center, radius: 16, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        wedge.addLine(to: center)
        wedge.close()
        let pixels = filled(wedge)
        #expect(pixels.pixel(x: 28, y: 28) == opaqueRedPixel)  // below right of centre
        #expect(pixels.pixel(x: 28, y: 12) == 0)  // above right
        #expect(pixels.pixel(x: 12, y: 28) == 0)  // below left
        #expect(pixels.pixel(x: 12, y: 12) == 0)  // above left
    }

    /// `clockwise: false` over the same angles takes the other three quarters.
    @Test func counterClockwiseArcTakesTheLongWayRound() {
        let center = CGPoint(x: 20, y: 20)
        let wedge = UIBezierPath(arcCenter: center, radius: 16, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        wedge.addLine(to: center)
        wedge.close()
        let pixels = filled(wedge)
        #expect(pixels.pixel(x: 28, y: 28) == 0)
        #expect(pixels.pixel(x: 28, y: 12) == opaqueRedPixel)
        #expect(pixels.pixel(x: 12, y: 28) == opaqueRedPixel)
        #expect(pixels.pixel(x: 12, y: 12) == opaqueRedPixel)
    }

    @Test func arcJoinsAnExistingSubpathWithALine() {
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addArc(withCenter: CGPoint(x: 20, y: 20), radius: 10, startAngle: 0, endAngle: .pi, clockwise: true)
        #expect(path.cgPath.elements[1] == .addLineToPoint(CGPoint(x: 30, y: 20)))
        #expect(abs(path.currentPoint.x - 10) < 1e-9)
        #expect(abs(path.currentPoint.y - 20) < 1e-9)
        // Clockwise on screen through the bottom: the curve reaches y = 30.
        #expect(path.bounds.maxY >= 30)
        #expect(path.cgPath.boundingBoxOfPath.maxY > 29.99)
        #expect(path.cgPath.boundingBoxOfPath.minY > -0.01)
    }

    @Test func ovalFillsTheInscribedEllipse() {
        let pixels = filled(UIBezierPath(ovalIn: CGRect(x: 0, y: 10, width: 40, height: 20)))
        #expect(pixels.pixel(x: 20, y: 20) == opaqueRedPixel)
        #expect(pixels.pixel(x: 1, y: 20) == opaqueRedPixel)
        #expect(pixels.pixel(x: 1, y: 11) == 0)
        #expect(pixels.pixel(x: 20, y: 8) == 0)
        // Area of the ellipse: π * 20 * 10 ≈ 628.
        #expect(abs(pixels.inkedPixelCount() - 628) < 12)
    }

    /// The oval runs the same way round as a rectangle, as in UIKit: with the non-zero rule an
    /// oval inside a rectangle does not punch a hole, with the even-odd rule it does.
    @Test func ovalRunsTheSameWayAsARect() {
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40))
        path.append(UIBezierPath(ovalIn: CGRect(x: 10, y: 10, width: 20, height: 20)))
        #expect(path.cgPath.elements.first == .moveToPoint(CGPoint(x: 0, y: 0)))
        #expect(filled(path).pixel(x: 20, y: 20) == opaqueRedPixel)
        path.usesEvenOddFillRule = true
        let evenOdd = filled(path)
        #expect(evenOdd.pixel(x: 20, y: 20) == 0)
        #expect(evenOdd.pixel(x: 2, y: 2) == opaqueRedPixel)
        #expect(!path.contains(CGPoint(x: 20, y: 20)))
        #expect(path.contains(CGPoint(x: 2, y: 2)))
        path.usesEvenOddFillRule = false
        #expect(path.contains(CGPoint(x: 20, y: 20)))
    }

    @Test func roundedRectCutsItsCorners() {
        let pixels = filled(UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 30), cornerRadius: 10))
        for (x, y) in [(0, 0), (39, 0), (0, 29), (39, 29), (1, 1)] {
            #expect(pixels.pixel(x: x, y: y) == 0, "corner pixel \(x),\(y)")
        }
        for (x, y) in [(20, 0), (0, 15), (39, 15), (20, 29), (20, 15), (4, 4)] {
            #expect(pixels.pixel(x: x, y: y) == opaqueRedPixel, "inside pixel \(x),\(y)")
        }
        // Area: 40 * 30 - (4 - π) * 100 ≈ 1114.
        #expect(abs(pixels.inkedPixelCount() - 1114) < 10)
    }

    @Test func oversizedCornerRadiusMakesACapsule() {
        let path = UIBezierPath(roundedRect: CGRect(x: 0, y: 10, width: 40, height: 20), cornerRadius: 500)
        let pixels = filled(path)
        #expect(pixels.pixel(x: 1, y: 11) == 0)
        #expect(pixels.pixel(x: 1, y: 20) == opaqueRedPixel)
        #expect(pixels.pixel(x: 20, y: 10) == opaqueRedPixel)
        #expect(path.bounds == CGRect(x: 0, y: 10, width: 40, height: 20))
    }

    @Test func onlyTheChosenCornersAreRounded() {
        let path = UIBezierPath(
            roundedRect: CGRect(x: 0, y: 0, width: 40, height: 40), byRoundingCorners: [.topLeft, .bottomRight],
            cornerRadii: CGSize(width: 12, height: 1))
        let pixels = filled(path)
        #expect(pixels.pixel(x: 0, y: 0) == 0)  // top left: rounded
        #expect(pixels.pixel(x: 39, y: 0) == opaqueRedPixel)  // top right: square
        #expect(pixels.pixel(x: 0, y: 39) == opaqueRedPixel)  // bottom left: square
        #expect(pixels.pixel(x: 39, y: 39) == 0)  // bottom right: rounded
        // The height of cornerRadii is ignored, as on iOS: the corner is 12 deep, not 1.
        #expect(pixels.pixel(x: 1, y: 3) == 0)
    }

    @Test func strokeUsesThePathsLineAttributes() {
        let context = makeDrawingContext(width: 40, height: 40)
        context.setStrokeColor(.init(red: 0, green: 0, blue: 1, alpha: 1))
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 5, y: 20))
        path.addLine(to: CGPoint(x: 35, y: 20))
        path.lineWidth = 6
        drawing(in: context) { path.stroke() }
        let pixels = context.pixelBuffer
        #expect(pixels.pixel(x: 20, y: 17) == opaqueBluePixel)
        #expect(pixels.pixel(x: 20, y: 22) == opaqueBluePixel)
        #expect(pixels.pixel(x: 20, y: 16) == 0)
        #expect(pixels.pixel(x: 20, y: 23) == 0)
        #expect(pixels.pixel(x: 3, y: 20) == 0)  // butt cap
        #expect(pixels.inkedPixelCount() == 180)
        // The context's own line width is untouched (the state is restored).
        path.lineCapStyle = .square
        let squared = makeDrawingContext(width: 40, height: 40)
        drawing(in: squared) { path.stroke() }
        #expect(squared.pixelBuffer.alpha(3, 20) == 255)
        #expect(squared.pixelBuffer.inkedPixelCount() == 216)
    }

    @Test func dashedStrokeLeavesGaps() {
        let context = makeDrawingContext(width: 40, height: 10)
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 0, y: 5))
        path.addLine(to: CGPoint(x: 40, y: 5))
        path.lineWidth = 2
        let pattern: [CGFloat] = [5, 5]
        path.setLineDash(pattern, count: 2, phase: 0)
        drawing(in: context) { path.stroke() }
        let pixels = context.pixelBuffer
        #expect(pixels.alpha(2, 5) == 255)
        #expect(pixels.alpha(7, 5) == 0)
        #expect(pixels.alpha(12, 5) == 255)
        #expect(pixels.alpha(17, 5) == 0)
        var count = 0
        var phase: CGFloat = -1
        path.getLineDash(nil, count: &count, phase: &phase)
        #expect(count == 2)
        #expect(phase == 0)
        var lengths = [CGFloat](repeating: 0, count: count)
        lengths.withUnsafeMutableBufferPointer { path.getLineDash($0.baseAddress, count: nil, phase: nil) }
        #expect(lengths == [5, 5])
        path.setLineDash(nil, count: 0, phase: 0)
        let solid = makeDrawingContext(width: 40, height: 10)
        drawing(in: solid) { path.stroke() }
        #expect(solid.pixelBuffer.alpha(7, 5) == 255)
    }

    @Test func fillWithBlendModeAndAlpha() {
        let context = makeDrawingContext(width: 10, height: 10)
        context.setFillColor(.init(red: 1, green: 0, blue: 0, alpha: 1))
        drawing(in: context) {
            UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)).fill(with: .normal, alpha: 0.5)
            UIBezierPath(rect: CGRect(x: 0, y: 0, width: 5, height: 10)).fill(with: .copy, alpha: 1)
        }
        #expect(abs(context.pixelBuffer.alpha(8, 5) - 128) <= 1)
        #expect(context.pixelBuffer.pixel(x: 2, y: 5) == opaqueRedPixel)
        // The alpha does not stick to the context.
        drawing(in: context) { UIBezierPath(rect: CGRect(x: 9, y: 9, width: 1, height: 1)).fill() }
        #expect(context.pixelBuffer.pixel(x: 9, y: 9) == opaqueRedPixel)
    }

    @Test func strokeWithAlpha() {
        let context = makeDrawingContext(width: 20, height: 20)
        let path = UIBezierPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10))
        path.lineWidth = 2
        drawing(in: context) { path.stroke(with: .normal, alpha: 0.25) }
        #expect(abs(context.pixelBuffer.alpha(5, 10) - 64) <= 1)
        #expect(context.pixelBuffer.alpha(10, 10) == 0)
    }

    @Test func addClipLimitsLaterDrawing() {
        let context = makeDrawingContext(width: 40, height: 40)
        context.setFillColor(.init(red: 1, green: 0, blue: 0, alpha: 1))
        drawing(in: context) {
            context.saveGState()
            UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 40, height: 40)).addClip()
            context.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
            context.restoreGState()
            UIBezierPath(rect: CGRect(x: 38, y: 38, width: 2, height: 2)).fill()
        }
        #expect(context.pixelBuffer.pixel(x: 20, y: 20) == opaqueRedPixel)
        #expect(context.pixelBuffer.pixel(x: 1, y: 1) == 0)
        #expect(context.pixelBuffer.pixel(x: 39, y: 39) == opaqueRedPixel)
    }

    @Test func drawsInPointsOnAScaledContext() {
        let context = makeDrawingContext(width: 40, height: 40, scale: 2)
        context.setFillColor(.init(red: 1, green: 0, blue: 0, alpha: 1))
        drawing(in: context) { UIBezierPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10)).fill() }
        #expect(context.pixelBuffer.pixel(x: 10, y: 10) == opaqueRedPixel)
        #expect(context.pixelBuffer.pixel(x: 29, y: 29) == opaqueRedPixel)
        #expect(context.pixelBuffer.pixel(x: 30, y: 30) == 0)
        #expect(context.pixelBuffer.inkedPixelCount() == 400)
    }

    @Test func curvesAndBounds() {
        let path = UIBezierPath()
        #expect(path.isEmpty)
        #expect(path.bounds.isNull)
        #expect(path.currentPoint == .zero)
        path.move(to: CGPoint(x: 0, y: 0))
        #expect(!path.isEmpty)
        path.addQuadCurve(to: CGPoint(x: 20, y: 0), controlPoint: CGPoint(x: 10, y: 20))
        path.addCurve(
            to: CGPoint(x: 40, y: 0), controlPoint1: CGPoint(x: 25, y: -10), controlPoint2: CGPoint(x: 35, y: -10))
        #expect(path.currentPoint == CGPoint(x: 40, y: 0))
        // bounds includes control points, as Apple documents.
        #expect(path.bounds == CGRect(x: 0, y: -10, width: 40, height: 30))
        path.removeAllPoints()
        #expect(path.isEmpty)
    }

    @Test func applyTransformsEveryPoint() {
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 5))
        path.lineWidth = 3
        path.apply(CGAffineTransform(translationX: 5, y: 7).scaledBy(x: 2, y: 2))
        #expect(path.bounds == CGRect(x: 5, y: 7, width: 20, height: 10))
        #expect(path.lineWidth == 3)
    }

    @Test func cgPathRoundTripsAndIsACopy() {
        let mutable = CGMutablePath()
        mutable.addRect(CGRect(x: 1, y: 1, width: 2, height: 2))
        let path = UIBezierPath(cgPath: mutable)
        mutable.addRect(CGRect(x: 10, y: 10, width: 2, height: 2))
        #expect(path.bounds == CGRect(x: 1, y: 1, width: 2, height: 2))
        let snapshot = path.cgPath
        path.addLine(to: CGPoint(x: 50, y: 50))
        #expect(snapshot.boundingBox == CGRect(x: 1, y: 1, width: 2, height: 2))
        path.cgPath = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(path.bounds == CGRect(x: 0, y: 0, width: 4, height: 4))
    }

    @Test func badInputDrawsNothingAndNeverTraps() {
        let nanRect = CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)
        let infinite = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10)
        for path in [
            UIBezierPath(rect: nanRect), UIBezierPath(rect: .null), UIBezierPath(ovalIn: infinite),
            UIBezierPath(roundedRect: nanRect, cornerRadius: 4),
            UIBezierPath(roundedRect: .null, byRoundingCorners: .allCorners, cornerRadii: .zero),
            UIBezierPath(arcCenter: .zero, radius: .nan, startAngle: 0, endAngle: 1, clockwise: true),
            UIBezierPath(
                arcCenter: CGPoint(x: CGFloat.infinity, y: 0), radius: 3, startAngle: 0, endAngle: 1, clockwise: true),
        ] {
            #expect(path.isEmpty)
            #expect(!path.contains(CGPoint(x: 5, y: 5)))
            #expect(filled(path).inkedPixelCount(threshold: 0) == 0)
        }
        // Lines without a current point, NaN points, NaN radii and an empty size.
        let path = UIBezierPath()
        path.addLine(to: CGPoint(x: 5, y: 5))
        path.addCurve(to: .zero, controlPoint1: .zero, controlPoint2: .zero)
        path.move(to: CGPoint(x: CGFloat.nan, y: 1))
        #expect(path.isEmpty)
        let empty = UIBezierPath(roundedRect: CGRect(x: 5, y: 5, width: 0, height: 0), cornerRadius: .nan)
        #expect(filled(empty).inkedPixelCount(threshold: 0) == 0)
        let huge = UIBezierPath(rect: CGRect(x: -1e12, y: -1e12, width: 2e12, height: 2e12))
        #expect(filled(huge).pixel(x: 20, y: 20) == opaqueRedPixel)
        huge.apply(CGAffineTransform(scaleX: .nan, y: 1))
        #expect(huge.isEmpty)
        huge.lineWidth = -.infinity
        huge.setLineDash([CGFloat.nan, -1], count: 2, phase: .nan)
        let context = makeDrawingContext(width: 4, height: 4)
        drawing(in: context) { huge.stroke() }
    }

    @Test func drawingWithoutAContextDoesNothing() {
        #expect(UIGraphicsGetCurrentContext() == nil)
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        path.fill()
        path.stroke()
        path.fill(with: .normal, alpha: 1)
        path.stroke(with: .normal, alpha: 1)
        path.addClip()
        #expect(UIGraphicsGetCurrentContext() == nil)
    }
}
