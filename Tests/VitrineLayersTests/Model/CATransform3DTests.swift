import Foundation
import Testing
import VitrineGraphics

@testable import VitrineLayers

@MainActor
@Suite("CATransform3D")
struct CATransform3DTests {
    typealias S = ModelTestSupport

    @Test func zeroInitialiserIsNotIdentity() {
        #expect(CATransform3D() != CATransform3DIdentity)
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
        #expect(CATransform3D.identity.isIdentity)
        #expect(!CATransform3DIsIdentity(CATransform3DMakeTranslation(0, 0, 1)))
    }

    @Test func rotationAboutZMapsXToY() {
        let r = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let (x, y, z) = S.apply(r, 1, 0, 0)
        #expect(x == 0 && y == 1 && z == 0)
        // Same sense as CGAffineTransform(rotationAngle:).
        let affine = CGAffineTransform(rotationAngle: 0.3)
        #expect(
            S.close(CATransform3DMakeRotation(0.3, 0, 0, 1), CATransform3DMakeAffineTransform(affine)))
    }

    @Test func rotationAboutXAndYFollowTheRightHandRule() {
        let aboutX = CATransform3DMakeRotation(.pi / 2, 1, 0, 0)
        let (x1, y1, z1) = S.apply(aboutX, 0, 1, 0)
        #expect(S.close(x1, 0) && S.close(y1, 0) && S.close(z1, 1))
        // An unnormalised axis means the same rotation.
        let aboutY = CATransform3DMakeRotation(.pi / 2, 0, 5, 0)
        let (x2, y2, z2) = S.apply(aboutY, 0, 0, 1)
        #expect(S.close(x2, 1) && S.close(y2, 0) && S.close(z2, 0))
        // An arbitrary axis keeps points on the axis fixed and preserves lengths.
        let r = CATransform3DMakeRotation(1.1, 1, 2, 3)
        let (ax, ay, az) = S.apply(r, 2, 4, 6)
        #expect(S.close(ax, 2) && S.close(ay, 4) && S.close(az, 6))
        let (px, py, pz) = S.apply(r, 3, -1, 0.5)
        #expect(S.close(px * px + py * py + pz * pz, 9 + 1 + 0.25))
    }

    @Test func zeroAxisRotationIsIdentity() {
        #expect(CATransform3DMakeRotation(1, 0, 0, 0) == CATransform3DIdentity)
    }

    @Test func translateScaleAndRotatePrepend() {
        let scale = CATransform3DMakeScale(2, 3, 1)
        // Translate first, then scale: the origin moves to (20, 30).
        let translated = CATransform3DTranslate(scale, 10, 10, 0)
        let (x, y, _) = S.apply(translated, 0, 0, 0)
        #expect(x == 20 && y == 30)
        #expect(translated == CATransform3DConcat(CATransform3DMakeTranslation(10, 10, 0), scale))

        let move = CATransform3DMakeTranslation(5, 0, 0)
        let scaled = CATransform3DScale(move, 2, 2, 2)
        let (sx, _, _) = S.apply(scaled, 1, 0, 0)
        #expect(sx == 7)  // scale 1 -> 2, then move by 5

        let rotated = CATransform3DRotate(move, .pi / 2, 0, 0, 1)
        let (rx, ry, _) = S.apply(rotated, 1, 0, 0)
        #expect(rx == 5 && ry == 1)  // rotate (1,0) -> (0,1), then move
        #expect(move.rotated(by: .pi / 2, x: 0, y: 0, z: 1) == rotated)
        #expect(move.scaledBy(x: 2, y: 2, z: 2) == scaled)
        #expect(scale.translatedBy(x: 10, y: 10) == translated)
    }

    @Test func concatAppliesFirstThenSecond() {
        let move = CATransform3DMakeTranslation(10, 0, 0)
        let turn = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let (x1, y1, _) = S.apply(CATransform3DConcat(move, turn), 0, 0, 0)
        #expect(x1 == 0 && y1 == 10)
        let (x2, y2, _) = S.apply(CATransform3DConcat(turn, move), 0, 0, 0)
        #expect(x2 == 10 && y2 == 0)
        #expect(move.concatenating(turn) == CATransform3DConcat(move, turn))
    }

    @Test func invertRoundTrips() {
        var t = CATransform3DMakeRotation(0.7, 1, -2, 0.5)
        t = CATransform3DScale(t, 2, 0.5, 3)
        t = CATransform3DTranslate(t, 12, -7, 4)
        t.m34 = -1 / 500
        let inverse = CATransform3DInvert(t)
        #expect(S.close(CATransform3DConcat(t, inverse), CATransform3DIdentity, 1e-12))
        #expect(S.close(CATransform3DConcat(inverse, t), CATransform3DIdentity, 1e-12))
        #expect(t.inverted() == inverse)
    }

    @Test func singularInvertReturnsInput() {
        let flat = CATransform3DMakeScale(1, 0, 1)
        #expect(CATransform3DInvert(flat) == flat)
        #expect(CATransform3DInvert(CATransform3D()) == CATransform3D())
        var nan = CATransform3DIdentity
        nan.m11 = .nan
        #expect(CATransform3DInvert(nan).m11.isNaN)
    }

    @Test func affineConversions() {
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = CATransform3DMakeAffineTransform(affine)
        #expect(CATransform3DIsAffine(t))
        #expect(CATransform3DGetAffineTransform(t) == affine)
        #expect(CATransform3D(affine).affineTransform == affine)
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.1, 0, 1, 0)))
        var perspective = CATransform3DIdentity
        perspective.m34 = -0.002
        #expect(!perspective.isAffine)
        #expect(!CATransform3DIsAffine(CATransform3DMakeTranslation(0, 0, 1)))
        #expect(CATransform3DEqualToTransform(t, CATransform3DMakeAffineTransform(affine)))
        #expect(!CATransform3DEqualToTransform(t, CATransform3DIdentity))
    }

    @Test func flattenedAgreesWithTheFourByFourMapping() {
        var t = CATransform3DMakeRotation(0.6, 0.3, 1, 0.2)
        t = CATransform3DConcat(t, CATransform3DMakeTranslation(30, 40, 10))
        t.m34 = -1 / 300
        for point in [CGPoint(x: 0, y: 0), CGPoint(x: 17, y: -5), CGPoint(x: -40, y: 25)] {
            let (x, y, _) = S.apply(t, point.x, point.y, 0)
            let projected = t.flattened.apply(point)
            #expect(projected.map { S.close($0, CGPoint(x: x, y: y), 1e-9) } == true)
            #expect(t.projecting(point) == projected)
        }
        let affine = CGAffineTransform(a: 2, b: 0.5, c: -1, d: 3, tx: 7, ty: 9)
        #expect(
            CATransform3DMakeAffineTransform(affine).flattened == ProjectiveTransform(affine: affine))
    }

    @Test func perspectivePullsTheFarSideTowardsTheVanishingPoint() {
        // A layer turned 45° about y under a perspective: its +x side goes away from the viewer
        // (z < 0), so it is drawn closer to the vanishing point than without perspective.
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        let turn = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        let flatOnly = turn.flattened
        let withPerspective = turn.concatenating(perspective).flattened
        let far = CGPoint(x: 100, y: 50)
        let near = CGPoint(x: -100, y: 50)
        let farFlat = flatOnly.apply(far)!
        let farProjected = withPerspective.apply(far)!
        #expect(farProjected.x > 0 && farProjected.x < farFlat.x)
        #expect(farProjected.y > 0 && farProjected.y < 50)
        let nearProjected = withPerspective.apply(near)!
        #expect(nearProjected.x < flatOnly.apply(near)!.x)
        #expect(nearProjected.y > 50)
    }
}
