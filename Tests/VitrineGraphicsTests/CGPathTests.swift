import Foundation
import Testing
import VitrineGraphics

/// The point an element ends at, nil for a close.
private func endPoint(_ element: CGPath.Element) -> CGPoint? {
    switch element {
    case .moveToPoint(let p), .addLineToPoint(let p): p
    case .addQuadCurveToPoint(_, let p), .addCurveToPoint(_, _, let p): p
    case .closeSubpath: nil
    }
}

@Suite struct CGPathTests {
    @Test func rectPathFollowsCoreGraphicsOrder() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(
            path.elements == [
                .moveToPoint(CGPoint(x: 1, y: 2)), .addLineToPoint(CGPoint(x: 4, y: 2)),
                .addLineToPoint(CGPoint(x: 4, y: 6)), .addLineToPoint(CGPoint(x: 1, y: 6)),
                .closeSubpath,
            ])
        #expect(path.boundingBox == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(path.currentPoint == CGPoint(x: 1, y: 2))  // back at the start after the close
        #expect(path == CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil))
    }

    @Test func emptyPathAndMissingCurrentPoint() {
        let path = CGMutablePath()
        #expect(path.isEmpty && path.currentPoint == .zero && path.boundingBox.isNull)
        path.addLine(to: CGPoint(x: 1, y: 1))
        path.addQuadCurve(to: CGPoint(x: 1, y: 1), control: .zero)
        path.closeSubpath()
        #expect(path.isEmpty)
        path.move(to: CGPoint(x: 1, y: 1))
        path.addLine(to: CGPoint(x: 5, y: 1))
        #expect(!path.isEmpty && path.currentPoint == CGPoint(x: 5, y: 1))
    }

    @Test func nonFiniteInputAddsNothing() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: CGFloat.nan, y: 0))
        path.addRect(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1))
        path.addEllipse(in: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1))
        path.addArc(center: .zero, radius: -1, startAngle: 0, endAngle: 1, clockwise: true)
        path.addArc(center: .zero, radius: .nan, startAngle: 0, endAngle: 1, clockwise: true)
        path.addLines(between: [.zero, CGPoint(x: CGFloat.nan, y: 1)])
        path.addRoundedRect(
            in: CGRect(x: 0, y: 0, width: 10, height: 10), cornerWidth: .nan, cornerHeight: 2)
        #expect(path.elements.count == 5)  // only the rounded rect, as a plain rect
        path.move(to: .zero, transform: CGAffineTransform(scaleX: .infinity, y: 1))
        #expect(path.elements.count == 5)
    }

    @Test func tightBoundsExcludeControlPoints() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(
            to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 0, y: 10),
            control2: CGPoint(x: 10, y: 10))
        #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
        // y(t) = 30 t (1 - t), at most 7.5.
        #expect(
            approximatelyEqual(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 10, height: 7.5)))
    }

    @Test func containsUsesFillRules() {
        let ellipse = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 10), transform: nil)
        #expect(ellipse.contains(CGPoint(x: 10, y: 5)))
        #expect(ellipse.contains(CGPoint(x: 19, y: 5)))
        #expect(!ellipse.contains(CGPoint(x: 1, y: 1)))
        #expect(!ellipse.contains(CGPoint(x: CGFloat.nan, y: 1)))

        let nested = CGMutablePath()
        nested.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        nested.addRect(CGRect(x: 3, y: 3, width: 4, height: 4))
        #expect(nested.contains(CGPoint(x: 5, y: 5), using: .winding))
        #expect(!nested.contains(CGPoint(x: 5, y: 5), using: .evenOdd))
        #expect(nested.contains(CGPoint(x: 1, y: 1), using: .evenOdd))
        #expect(
            nested.contains(
                CGPoint(x: 21, y: 1), transform: CGAffineTransform(translationX: 20, y: 0)))

        // CoreGraphics winds ellipses opposite to rects: a rect with an ellipse in it has a
        // hole under the winding rule too.
        let ring = CGMutablePath()
        ring.addRect(CGRect(x: 0, y: 0, width: 20, height: 20))
        ring.addEllipse(in: CGRect(x: 5, y: 5, width: 10, height: 10))
        #expect(!ring.contains(CGPoint(x: 10, y: 10), using: .winding))
        #expect(ring.contains(CGPoint(x: 1, y: 1), using: .winding))
    }

    @Test func arcEndsWhereCoreGraphicsEnds() {
        let path = CGMutablePath()
        path.addArc(
            center: CGPoint(x: 10, y: 10), radius: 5, startAngle: 0, endAngle: .pi / 2,
            clockwise: false)
        #expect(approximatelyEqual(path.currentPoint, CGPoint(x: 10, y: 15), tolerance: 1e-9))
        // Counter-clockwise quarter (increasing angle): passes through 45 degrees.
        #expect(path.contains(CGPoint(x: 12.5, y: 12.5)))
        let round = CGMutablePath()
        round.addArc(
            center: CGPoint(x: 10, y: 10), radius: 5, startAngle: 0, endAngle: 2 * .pi,
            clockwise: false)
        #expect(
            approximatelyEqual(
                round.boundingBoxOfPath, CGRect(x: 5, y: 5, width: 10, height: 10), tolerance: 1e-6)
        )
        // An existing subpath is joined to the arc with a line.
        let joined = CGMutablePath()
        joined.move(to: .zero)
        joined.addArc(
            center: CGPoint(x: 10, y: 0), radius: 2, startAngle: .pi, endAngle: 0, clockwise: true)
        #expect(
            endPoint(joined.elements[1]).map { approximatelyEqual($0, CGPoint(x: 8, y: 0)) } == true
        )
        #expect(approximatelyEqual(joined.currentPoint, CGPoint(x: 12, y: 0), tolerance: 1e-9))
        // Sweeping with decreasing angle from pi to 0 passes through pi/2 (y > 0, below the
        // centre in y-down space).
        #expect(joined.boundingBoxOfPath.maxY > 1.9 && joined.boundingBoxOfPath.minY > -1e-9)
        let relative = CGMutablePath()
        relative.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: -.pi / 2)
        #expect(approximatelyEqual(relative.currentPoint, CGPoint(x: 0, y: -1), tolerance: 1e-9))
    }

    @Test func tangentArc() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(
            tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 4)
        #expect(
            endPoint(path.elements[1]).map { approximatelyEqual($0, CGPoint(x: 6, y: 0)) } == true)
        #expect(approximatelyEqual(path.currentPoint, CGPoint(x: 10, y: 4), tolerance: 1e-9))
        let straight = CGMutablePath()
        straight.move(to: .zero)
        straight.addArc(
            tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 20, y: 0), radius: 4)
        #expect(straight.currentPoint == CGPoint(x: 10, y: 0))
        let none = CGMutablePath()
        none.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 20, y: 0), radius: 4)
        #expect(none.isEmpty)
    }

    @Test func roundedRectClampsCorners() {
        let rect = CGRect(x: 0, y: 0, width: 20, height: 10)
        let huge = CGPath(roundedRect: rect, cornerWidth: 50, cornerHeight: 50, transform: nil)
        let capsule = CGPath(roundedRect: rect, cornerWidth: 10, cornerHeight: 5, transform: nil)
        #expect(huge == capsule)
        #expect(approximatelyEqual(huge.boundingBoxOfPath, rect, tolerance: 1e-9))
        #expect(huge.contains(CGPoint(x: 10, y: 5)) && !huge.contains(CGPoint(x: 0.5, y: 0.5)))
        let negative = CGPath(roundedRect: rect, cornerWidth: -3, cornerHeight: 2, transform: nil)
        #expect(negative == CGPath(rect: rect, transform: nil))
        let mutable = CGMutablePath()
        mutable.addRoundedRect(in: rect, cornerWidth: 10, cornerHeight: 5)
        #expect(mutable == capsule)
    }

    @Test func copiesAndTransforms() throws {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 2, height: 2))
        var shift = CGAffineTransform(translationX: 10, y: 0)
        let moved = try #require(path.copy(using: &shift))
        #expect(moved.boundingBox == CGRect(x: 10, y: 0, width: 2, height: 2))
        #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 2, height: 2))
        let snapshot = try #require(path.copy())
        path.addRect(CGRect(x: 5, y: 5, width: 1, height: 1))
        #expect(snapshot.elements.count == 5 && path.elements.count == 10)
        #expect(snapshot.copy() === snapshot)  // immutable paths copy as themselves
        let mutable = try #require(snapshot.mutableCopy())
        mutable.addLine(to: CGPoint(x: 9, y: 9))
        #expect(snapshot.elements.count == 5)
        let combined = CGMutablePath()
        combined.addPath(snapshot, transform: CGAffineTransform(scaleX: 2, y: 2))
        #expect(combined.boundingBox == CGRect(x: 0, y: 0, width: 4, height: 4))
        let rotated = CGPath(
            rect: CGRect(x: 0, y: 0, width: 4, height: 2),
            transform: [CGAffineTransform(rotationAngle: .pi / 2)])
        #expect(approximatelyEqual(rotated.boundingBox, CGRect(x: -2, y: 0, width: 2, height: 4)))
    }

    @Test func linesQuadsAndRects() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 4, y: 0), CGPoint(x: 4, y: 4)])
        path.addQuadCurve(to: CGPoint(x: 0, y: 4), control: CGPoint(x: 2, y: 8))
        path.closeSubpath()
        path.addRects([
            CGRect(x: 10, y: 10, width: 1, height: 1), CGRect(x: 20, y: 20, width: 1, height: 1),
        ])
        #expect(path.elements.count == 5 + 10)
        #expect(
            approximatelyEqual(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 21, height: 21)))
        #expect(path.contains(CGPoint(x: 2, y: 5)))  // inside the quad's bulge
    }
}
