import GLKit
import Testing

/// The GLKMath subset, against values worked out by hand.
@Suite("GLKMath") struct GLKMathTests {
    private func close(_ a: [Float], _ b: [Float]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-5 }
    }

    @Test func layoutIsSixteenFloatsColumnByColumn() {
        #expect(MemoryLayout<GLKMatrix4>.size == 64)
        let translation = GLKMatrix4MakeTranslation(1, 2, 3)
        #expect((translation.m30, translation.m31, translation.m32) == (1, 2, 3))
        var matrix = translation
        let twelfth = withUnsafePointer(to: &matrix.m) {
            $0.withMemoryRebound(to: Float.self, capacity: 16) { $0[12] }
        }
        #expect(twelfth == 1)
    }

    @Test func perspectiveAndOrtho() {
        let perspective = GLKMatrix4MakePerspective(GLKMathDegreesToRadians(90), 1, 1, 3)
        #expect(close(perspective.array, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -2, -1, 0, 0, -3, 0]))
        let ortho = GLKMatrix4MakeOrtho(0, 4, 0, 2, -1, 1)
        let corner = GLKMatrix4MultiplyVector4(ortho, GLKVector4Make(4, 2, 0, 1))
        #expect(close([corner.x, corner.y, corner.z, corner.w], [1, 1, 0, 1]))
    }

    @Test func rotateTranslateAndMultiply() {
        let quarter = GLKMatrix4MakeZRotation(GLKMathDegreesToRadians(90))
        let turned = GLKMatrix4MultiplyVector4(quarter, GLKVector4Make(1, 0, 0, 1))
        #expect(close([turned.x, turned.y, turned.z], [0, 1, 0]))
        // Translate(Scale): the scale applies first.
        let matrix = GLKMatrix4Multiply(GLKMatrix4MakeTranslation(10, 0, 0), GLKMatrix4MakeScale(2, 2, 2))
        let point = GLKMatrix4MultiplyVector3WithTranslation(matrix, GLKVector3Make(1, 1, 1))
        #expect(close([point.x, point.y, point.z], [12, 2, 2]))
        #expect(GLKMatrix4Rotate(GLKMatrix4Identity, 0.3, 0, 1, 0) == GLKMatrix4MakeYRotation(0.3))
        #expect(
            close(
                GLKMatrix4Transpose(GLKMatrix4MakeTranslation(1, 2, 3)).array,
                [1, 0, 0, 1, 0, 1, 0, 2, 0, 0, 1, 3, 0, 0, 0, 1]))
    }

    @Test func normalMatrix() {
        var invertible = false
        let normal = GLKMatrix3InvertAndTranspose(GLKMatrix4GetMatrix3(GLKMatrix4MakeScale(2, 4, 8)), &invertible)
        #expect(invertible)
        #expect(close(normal.array, [0.5, 0, 0, 0, 0.25, 0, 0, 0, 0.125]))
        // A rotation's normal matrix is the rotation.
        let rotation = GLKMatrix4MakeRotation(0.7, 1, 2, 3)
        #expect(
            close(
                GLKMatrix3InvertAndTranspose(GLKMatrix4GetMatrix3(rotation), nil).array,
                GLKMatrix4GetMatrix3(rotation).array))
        _ = GLKMatrix3InvertAndTranspose(GLKMatrix4GetMatrix3(GLKMatrix4MakeScale(1, 0, 1)), &invertible)
        #expect(!invertible)
    }
}
