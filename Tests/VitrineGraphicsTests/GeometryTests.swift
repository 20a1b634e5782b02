import Foundation
import Testing
import VitrineGraphics

@Suite struct CGAffineTransformTests {
    @Test func rotationByQuarterTurnMapsXAxisToYAxis() {
        let p = CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(approximatelyEqual(p, CGPoint(x: 0, y: 1)))
    }

    @Test func concatenationAppliesReceiverFirst() {
        let translate = CGAffineTransform(translationX: 10, y: 0)
        let scale = CGAffineTransform(scaleX: 2, y: 2)
        let p = CGPoint(x: 1, y: 1)
        #expect(p.applying(translate.concatenating(scale)) == CGPoint(x: 22, y: 2))
        #expect(p.applying(scale.concatenating(translate)) == CGPoint(x: 12, y: 2))
    }

    @Test func invertedRoundTrips() {
        let t = CGAffineTransform(rotationAngle: 0.3).translatedBy(x: 7, y: -3).scaledBy(
            x: 2, y: 0.5)
        let p = CGPoint(x: 3.5, y: -11)
        #expect(approximatelyEqual(p.applying(t).applying(t.inverted()), p))
        #expect(approximatelyEqual(t.concatenating(t.inverted()), .identity))
    }

    @Test func singularInvertedReturnsSelf() {
        let singular = CGAffineTransform(scaleX: 0, y: 2)
        #expect(singular.inverted() == singular)
        let nan = CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        #expect(nan.inverted().a.isNaN)
    }

    @Test func translatedScaledRotatedPrepend() {
        // translatedBy: the translation happens before the scale.
        let t1 = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 5, y: 0)
        #expect(CGPoint.zero.applying(t1) == CGPoint(x: 10, y: 0))
        // scaledBy: the scale happens before the translation.
        let t2 = CGAffineTransform(translationX: 10, y: 0).scaledBy(x: 3, y: 3)
        #expect(CGPoint(x: 1, y: 1).applying(t2) == CGPoint(x: 13, y: 3))
        // rotated: the rotation happens before the translation.
        let t3 = CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)
        #expect(approximatelyEqual(CGPoint(x: 1, y: 0).applying(t3), CGPoint(x: 10, y: 1)))
    }

    @Test func rectApplyingGivesBoundingBoxOfRotatedRect() {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 20)
        let rotated = rect.applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(approximatelyEqual(rotated, CGRect(x: -20, y: 0, width: 20, height: 10)))
        let diamond = CGRect(x: -1, y: -1, width: 2, height: 2).applying(
            CGAffineTransform(rotationAngle: .pi / 4))
        #expect(approximatelyEqual(diamond.width, 2 * 2.0.squareRoot()))
        #expect(CGRect.null.applying(CGAffineTransform(scaleX: 2, y: 2)).isNull)
    }

    @Test func sizeApplyingUsesLinearPartOnly() {
        let size = CGSize(width: 10, height: 20)
        let moved = size.applying(CGAffineTransform(translationX: 100, y: 100).scaledBy(x: 2, y: 3))
        #expect(moved == CGSize(width: 20, height: 60))
        let rotated = size.applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(approximatelyEqual(rotated.width, -20) && approximatelyEqual(rotated.height, 10))
    }
}

@Suite struct ProjectiveTransformTests {
    let perspective = ProjectiveTransform(
        m11: 1, m12: 0.2, m13: 0.001,
        m21: -0.1, m22: 1.5, m23: 0.002,
        m31: 30, m32: -4, m33: 1)

    @Test func inverseRoundTrips() throws {
        let inverse = try #require(perspective.inverted())
        let p = CGPoint(x: 40, y: 25)
        let mapped = try #require(perspective.apply(p))
        let back = try #require(inverse.apply(mapped))
        #expect(approximatelyEqual(back, p, tolerance: 1e-9))
        let product = perspective.concatenating(inverse)
        #expect(
            abs(product.m11 - 1) < 1e-12 && abs(product.m22 - 1) < 1e-12 && abs(product.m12) < 1e-12
        )
    }

    @Test func perspectiveDividesByW() throws {
        // w = 0.01 x + 1: at x = 100, w = 2, so coordinates halve.
        let t = ProjectiveTransform(
            m11: 1, m12: 0, m13: 0.01, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)
        let p = try #require(t.apply(CGPoint(x: 100, y: 50)))
        #expect(approximatelyEqual(p, CGPoint(x: 50, y: 25)))
        #expect(!t.isAffine)
    }

    @Test func pointsBehindTheViewerAreNil() {
        let t = ProjectiveTransform(
            m11: 1, m12: 0, m13: 0.01, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)
        #expect(t.apply(CGPoint(x: -100, y: 0)) == nil)  // w == 0
        #expect(t.apply(CGPoint(x: -200, y: 0)) == nil)  // w < 0
        #expect(t.boundingBox(of: CGRect(x: -300, y: 0, width: 10, height: 10)) == nil)
        #expect(t.apply(CGPoint(x: -50, y: 0)) != nil)
    }

    @Test func singularHasNoInverse() {
        let flat = ProjectiveTransform(affine: CGAffineTransform(scaleX: 0, y: 1))
        #expect(flat.inverted() == nil)
    }

    @Test func affineFormAgreesWithCGAffineTransform() throws {
        let affine = CGAffineTransform(rotationAngle: 0.7).translatedBy(x: 3, y: 4)
        let p = CGPoint(x: 2, y: -5)
        let mapped = try #require(ProjectiveTransform(affine: affine).apply(p))
        #expect(approximatelyEqual(mapped, p.applying(affine)))
    }
}
