// The GLKMath types and functions ported GL code uses most, as GLKit declares them: column-major
// matrices (`m[12...14]` the translation), angles in radians, laid out as 16 (or 9) `Float`s so
// `withUnsafePointer(to: &matrix.m)` hands them to `glUniformMatrix4fv` as on iOS.
import Foundation

/// A 4x4 matrix, as `GLKMatrix4`: `m` holds the 16 elements column by column; `mCR` is column
/// C, row R.
public struct GLKMatrix4: Equatable, Sendable {
    public var m:
        (Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float)

    public init(
        m: (
            Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float, Float,
            Float
        )
    ) {
        self.m = m
    }

    /// The elements in `m`'s order.
    public init(_ elements: [Float]) {
        precondition(elements.count == 16, "GLKMatrix4 takes 16 elements, got \(elements.count)")
        m = (
            elements[0], elements[1], elements[2], elements[3], elements[4], elements[5], elements[6], elements[7],
            elements[8], elements[9], elements[10], elements[11], elements[12], elements[13], elements[14],
            elements[15]
        )
    }

    /// The elements in `m`'s order (column-major).
    public var array: [Float] {
        withUnsafeBytes(of: m) { Array($0.bindMemory(to: Float.self)) }
    }

    /// Element `index` of `m` (0...15).
    public subscript(index: Int) -> Float {
        get { array[index] }
        set {
            var elements = array
            elements[index] = newValue
            self = GLKMatrix4(elements)
        }
    }

    public var m00: Float { self[0] }
    public var m01: Float { self[1] }
    public var m02: Float { self[2] }
    public var m03: Float { self[3] }
    public var m10: Float { self[4] }
    public var m11: Float { self[5] }
    public var m12: Float { self[6] }
    public var m13: Float { self[7] }
    public var m20: Float { self[8] }
    public var m21: Float { self[9] }
    public var m22: Float { self[10] }
    public var m23: Float { self[11] }
    public var m30: Float { self[12] }
    public var m31: Float { self[13] }
    public var m32: Float { self[14] }
    public var m33: Float { self[15] }

    public static func == (lhs: GLKMatrix4, rhs: GLKMatrix4) -> Bool { lhs.array == rhs.array }
}

/// A 3x3 matrix, as `GLKMatrix3` (a normal matrix for lighting): `m` column by column.
public struct GLKMatrix3: Equatable, Sendable {
    public var m: (Float, Float, Float, Float, Float, Float, Float, Float, Float)

    public init(m: (Float, Float, Float, Float, Float, Float, Float, Float, Float)) { self.m = m }

    /// The elements in `m`'s order.
    public init(_ elements: [Float]) {
        precondition(elements.count == 9, "GLKMatrix3 takes 9 elements, got \(elements.count)")
        m = (
            elements[0], elements[1], elements[2], elements[3], elements[4], elements[5], elements[6], elements[7],
            elements[8]
        )
    }

    /// The elements in `m`'s order (column-major).
    public var array: [Float] {
        withUnsafeBytes(of: m) { Array($0.bindMemory(to: Float.self)) }
    }

    public static func == (lhs: GLKMatrix3, rhs: GLKMatrix3) -> Bool { lhs.array == rhs.array }
}

/// A 3-component vector, as `GLKVector3`.
public struct GLKVector3: Equatable, Sendable {
    public var x: Float
    public var y: Float
    public var z: Float
    public init(x: Float, y: Float, z: Float) {
        self.x = x
        self.y = y
        self.z = z
    }
}

/// A 4-component vector, as `GLKVector4`.
public struct GLKVector4: Equatable, Sendable {
    public var x: Float
    public var y: Float
    public var z: Float
    public var w: Float
    public init(x: Float, y: Float, z: Float, w: Float) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }
}

/// The identity matrix, as `GLKMatrix4Identity`.
public let GLKMatrix4Identity = GLKMatrix4([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
/// The identity matrix, as `GLKMatrix3Identity`.
public let GLKMatrix3Identity = GLKMatrix3([1, 0, 0, 0, 1, 0, 0, 0, 1])

/// Degrees to radians, as `GLKMathDegreesToRadians`.
public func GLKMathDegreesToRadians(_ degrees: Float) -> Float { degrees * .pi / 180 }
/// Radians to degrees, as `GLKMathRadiansToDegrees`.
public func GLKMathRadiansToDegrees(_ radians: Float) -> Float { radians * 180 / .pi }

/// As `GLKVector3Make`.
public func GLKVector3Make(_ x: Float, _ y: Float, _ z: Float) -> GLKVector3 { GLKVector3(x: x, y: y, z: z) }
/// As `GLKVector4Make`.
public func GLKVector4Make(_ x: Float, _ y: Float, _ z: Float, _ w: Float) -> GLKVector4 {
    GLKVector4(x: x, y: y, z: z, w: w)
}
/// The unit vector along `vector`, as `GLKVector3Normalize`.
public func GLKVector3Normalize(_ vector: GLKVector3) -> GLKVector3 {
    let length = (vector.x * vector.x + vector.y * vector.y + vector.z * vector.z).squareRoot()
    return GLKVector3(x: vector.x / length, y: vector.y / length, z: vector.z / length)
}

/// A matrix from 16 elements given row by row in reading order... as `GLKMatrix4Make`, whose
/// arguments are `m00, m01, m02, m03, m10, ...` (column 0 first).
public func GLKMatrix4Make(
    _ m00: Float, _ m01: Float, _ m02: Float, _ m03: Float, _ m10: Float, _ m11: Float, _ m12: Float, _ m13: Float,
    _ m20: Float, _ m21: Float, _ m22: Float, _ m23: Float, _ m30: Float, _ m31: Float, _ m32: Float, _ m33: Float
) -> GLKMatrix4 {
    GLKMatrix4([m00, m01, m02, m03, m10, m11, m12, m13, m20, m21, m22, m23, m30, m31, m32, m33])
}

/// `left × right` (right applied first), as `GLKMatrix4Multiply`.
public func GLKMatrix4Multiply(_ left: GLKMatrix4, _ right: GLKMatrix4) -> GLKMatrix4 {
    let a = left.array
    let b = right.array
    var result = [Float](repeating: 0, count: 16)
    for column in 0..<4 {
        for row in 0..<4 {
            var sum: Float = 0
            for k in 0..<4 { sum += a[k * 4 + row] * b[column * 4 + k] }
            result[column * 4 + row] = sum
        }
    }
    return GLKMatrix4(result)
}

/// A translation, as `GLKMatrix4MakeTranslation`.
public func GLKMatrix4MakeTranslation(_ tx: Float, _ ty: Float, _ tz: Float) -> GLKMatrix4 {
    GLKMatrix4([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, tx, ty, tz, 1])
}

/// A scale, as `GLKMatrix4MakeScale`.
public func GLKMatrix4MakeScale(_ sx: Float, _ sy: Float, _ sz: Float) -> GLKMatrix4 {
    GLKMatrix4([sx, 0, 0, 0, 0, sy, 0, 0, 0, 0, sz, 0, 0, 0, 0, 1])
}

/// A rotation by `radians` about the axis (`x`, `y`, `z`), normalised, as
/// `GLKMatrix4MakeRotation` (counter-clockwise looking down the axis toward the origin).
public func GLKMatrix4MakeRotation(_ radians: Float, _ x: Float, _ y: Float, _ z: Float) -> GLKMatrix4 {
    let axis = GLKVector3Normalize(GLKVector3Make(x, y, z))
    let c = cos(radians)
    let s = sin(radians)
    let k = 1 - c
    return GLKMatrix4([
        c + k * axis.x * axis.x, k * axis.x * axis.y + s * axis.z, k * axis.x * axis.z - s * axis.y, 0,
        k * axis.x * axis.y - s * axis.z, c + k * axis.y * axis.y, k * axis.y * axis.z + s * axis.x, 0,
        k * axis.x * axis.z + s * axis.y, k * axis.y * axis.z - s * axis.x, c + k * axis.z * axis.z, 0,
        0, 0, 0, 1,
    ])
}

/// A rotation about x, as `GLKMatrix4MakeXRotation`.
public func GLKMatrix4MakeXRotation(_ radians: Float) -> GLKMatrix4 { GLKMatrix4MakeRotation(radians, 1, 0, 0) }
/// A rotation about y, as `GLKMatrix4MakeYRotation`.
public func GLKMatrix4MakeYRotation(_ radians: Float) -> GLKMatrix4 { GLKMatrix4MakeRotation(radians, 0, 1, 0) }
/// A rotation about z, as `GLKMatrix4MakeZRotation`.
public func GLKMatrix4MakeZRotation(_ radians: Float) -> GLKMatrix4 { GLKMatrix4MakeRotation(radians, 0, 0, 1) }

/// A perspective projection, as `GLKMatrix4MakePerspective` (`gluPerspective`'s).
public func GLKMatrix4MakePerspective(_ fovyRadians: Float, _ aspect: Float, _ nearZ: Float, _ farZ: Float)
    -> GLKMatrix4
{
    let cotan = 1 / tan(fovyRadians / 2)
    return GLKMatrix4([
        cotan / aspect, 0, 0, 0,
        0, cotan, 0, 0,
        0, 0, (farZ + nearZ) / (nearZ - farZ), -1,
        0, 0, (2 * farZ * nearZ) / (nearZ - farZ), 0,
    ])
}

/// An orthographic projection, as `GLKMatrix4MakeOrtho` (`glOrtho`'s).
public func GLKMatrix4MakeOrtho(
    _ left: Float, _ right: Float, _ bottom: Float, _ top: Float, _ nearZ: Float, _ farZ: Float
) -> GLKMatrix4 {
    GLKMatrix4([
        2 / (right - left), 0, 0, 0,
        0, 2 / (top - bottom), 0, 0,
        0, 0, -2 / (farZ - nearZ), 0,
        -(right + left) / (right - left), -(top + bottom) / (top - bottom), -(farZ + nearZ) / (farZ - nearZ), 1,
    ])
}

/// `matrix` followed by... as `GLKMatrix4Translate`: `matrix × translation`.
public func GLKMatrix4Translate(_ matrix: GLKMatrix4, _ tx: Float, _ ty: Float, _ tz: Float) -> GLKMatrix4 {
    GLKMatrix4Multiply(matrix, GLKMatrix4MakeTranslation(tx, ty, tz))
}

/// As `GLKMatrix4Scale`: `matrix × scale`.
public func GLKMatrix4Scale(_ matrix: GLKMatrix4, _ sx: Float, _ sy: Float, _ sz: Float) -> GLKMatrix4 {
    GLKMatrix4Multiply(matrix, GLKMatrix4MakeScale(sx, sy, sz))
}

/// As `GLKMatrix4Rotate`: `matrix × rotation`.
public func GLKMatrix4Rotate(_ matrix: GLKMatrix4, _ radians: Float, _ x: Float, _ y: Float, _ z: Float)
    -> GLKMatrix4
{
    GLKMatrix4Multiply(matrix, GLKMatrix4MakeRotation(radians, x, y, z))
}

/// As `GLKMatrix4RotateX`.
public func GLKMatrix4RotateX(_ matrix: GLKMatrix4, _ radians: Float) -> GLKMatrix4 {
    GLKMatrix4Rotate(matrix, radians, 1, 0, 0)
}
/// As `GLKMatrix4RotateY`.
public func GLKMatrix4RotateY(_ matrix: GLKMatrix4, _ radians: Float) -> GLKMatrix4 {
    GLKMatrix4Rotate(matrix, radians, 0, 1, 0)
}
/// As `GLKMatrix4RotateZ`.
public func GLKMatrix4RotateZ(_ matrix: GLKMatrix4, _ radians: Float) -> GLKMatrix4 {
    GLKMatrix4Rotate(matrix, radians, 0, 0, 1)
}

/// The transpose, as `GLKMatrix4Transpose`.
public func GLKMatrix4Transpose(_ matrix: GLKMatrix4) -> GLKMatrix4 {
    let a = matrix.array
    return GLKMatrix4((0..<16).map { a[($0 % 4) * 4 + $0 / 4] })
}

/// `matrix × (x, y, z, 1)`'s first three components, as `GLKMatrix4MultiplyVector3WithTranslation`.
public func GLKMatrix4MultiplyVector3WithTranslation(_ matrix: GLKMatrix4, _ vector: GLKVector3) -> GLKVector3 {
    let v = GLKMatrix4MultiplyVector4(matrix, GLKVector4Make(vector.x, vector.y, vector.z, 1))
    return GLKVector3(x: v.x, y: v.y, z: v.z)
}

/// `matrix × vector`, as `GLKMatrix4MultiplyVector4`.
public func GLKMatrix4MultiplyVector4(_ matrix: GLKMatrix4, _ vector: GLKVector4) -> GLKVector4 {
    let a = matrix.array
    let v = [vector.x, vector.y, vector.z, vector.w]
    var out = [Float](repeating: 0, count: 4)
    for row in 0..<4 {
        for column in 0..<4 { out[row] += a[column * 4 + row] * v[column] }
    }
    return GLKVector4(x: out[0], y: out[1], z: out[2], w: out[3])
}

/// The upper-left 3x3 part, as `GLKMatrix4GetMatrix3`.
public func GLKMatrix4GetMatrix3(_ matrix: GLKMatrix4) -> GLKMatrix3 {
    let a = matrix.array
    return GLKMatrix3([a[0], a[1], a[2], a[4], a[5], a[6], a[8], a[9], a[10]])
}

/// The inverse transposed (a normal matrix), as `GLKMatrix3InvertAndTranspose`; the identity
/// with `isInvertible` false when the matrix is singular.
public func GLKMatrix3InvertAndTranspose(_ matrix: GLKMatrix3, _ isInvertible: UnsafeMutablePointer<Bool>?)
    -> GLKMatrix3
{
    let a = matrix.array
    // Column-major: element (row r, column c) is a[c * 3 + r].
    func e(_ r: Int, _ c: Int) -> Float { a[c * 3 + r] }
    let cofactors: [Float] = [
        e(1, 1) * e(2, 2) - e(1, 2) * e(2, 1), -(e(1, 0) * e(2, 2) - e(1, 2) * e(2, 0)),
        e(1, 0) * e(2, 1) - e(1, 1) * e(2, 0),
        -(e(0, 1) * e(2, 2) - e(0, 2) * e(2, 1)), e(0, 0) * e(2, 2) - e(0, 2) * e(2, 0),
        -(e(0, 0) * e(2, 1) - e(0, 1) * e(2, 0)),
        e(0, 1) * e(1, 2) - e(0, 2) * e(1, 1), -(e(0, 0) * e(1, 2) - e(0, 2) * e(1, 0)),
        e(0, 0) * e(1, 1) - e(0, 1) * e(1, 0),
    ]
    // cofactors[r * 3 + c] is C(r, c); (A⁻¹)ᵀ = C / det, and stored column-major element
    // (r, c) goes at c * 3 + r.
    let determinant = e(0, 0) * cofactors[0] + e(0, 1) * cofactors[1] + e(0, 2) * cofactors[2]
    guard determinant != 0, determinant.isFinite else {
        isInvertible?.pointee = false
        return GLKMatrix3Identity
    }
    isInvertible?.pointee = true
    var result = [Float](repeating: 0, count: 9)
    for r in 0..<3 {
        for c in 0..<3 { result[c * 3 + r] = cofactors[r * 3 + c] / determinant }
    }
    return GLKMatrix3(result)
}
