import Foundation
import VitrineGraphics

// Core Animation's C functions over `CATransform3D`, with the same names, argument order and
// meaning. Functions that modify an existing transform (`Translate`, `Scale`, `Rotate`) prepend
// the new operation, as Core Animation's do: the result applies the new operation first, then
// the given transform.

/// Whether `t` is exactly the identity, as `CATransform3DIsIdentity`.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool {
    t == CATransform3DIdentity
}

/// Whether `a` and `b` are exactly equal, as `CATransform3DEqualToTransform`.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
    a == b
}

/// A translation by `(tx, ty, tz)`, as `CATransform3DMakeTranslation`.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat)
    -> CATransform3D
{
    var t = CATransform3DIdentity
    t.m41 = tx
    t.m42 = ty
    t.m43 = tz
    return t
}

/// A scale by `(sx, sy, sz)`, as `CATransform3DMakeScale`.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m11 = sx
    t.m22 = sy
    t.m33 = sz
    return t
}

/// A rotation by `angle` radians about the vector `(x, y, z)`, as `CATransform3DMakeRotation`.
///
/// Like Core Animation, a rotation about +z by a positive angle turns +x towards +y, which
/// in UIKit's y-down coordinates is clockwise on screen, matching
/// `CGAffineTransform(rotationAngle:)`. The axis need not be normalised. Core Animation leaves
/// a zero-length (or non-finite) axis undefined; Vitrine returns the identity.
public func CATransform3DMakeRotation(
    _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite else { return CATransform3DIdentity }
    let (ux, uy, uz) = (x / length, y / length, z / length)
    let (sine, cosine) = exactSineCosine(angle)
    let t = 1 - cosine
    // Rodrigues' rotation, transposed for the row-vector convention.
    return CATransform3D(
        m11: cosine + t * ux * ux, m12: t * ux * uy + sine * uz, m13: t * ux * uz - sine * uy, m14: 0,
        m21: t * ux * uy - sine * uz, m22: cosine + t * uy * uy, m23: t * uy * uz + sine * ux, m24: 0,
        m31: t * ux * uz + sine * uy, m32: t * uy * uz - sine * ux, m33: cosine + t * uz * uz, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)
}

/// `t` with a translation by `(tx, ty, tz)` applied before it, as `CATransform3DTranslate`.
public func CATransform3DTranslate(
    _ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat
) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)
}

/// `t` with a scale by `(sx, sy, sz)` applied before it, as `CATransform3DScale`.
public func CATransform3DScale(
    _ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat
) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)
}

/// `t` with a rotation by `angle` about `(x, y, z)` applied before it, as `CATransform3DRotate`.
public func CATransform3DRotate(
    _ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}

/// `a` followed by `b` (the matrix product `a * b`), as `CATransform3DConcat`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    CATransform3D(
        m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
        m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
        m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
        m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
        m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
        m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
        m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
        m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
        m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
        m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
        m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
        m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
        m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
        m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
        m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
        m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
}

/// The inverse of `t`, as `CATransform3DInvert`. Like Core Animation, a singular matrix is
/// returned unchanged; so is a matrix whose inverse would not be finite.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    // Gauss-Jordan elimination with partial pivoting on [t | I].
    var m = t.rows
    var inverse = CATransform3DIdentity.rows
    for column in 0..<4 {
        var pivotRow = column
        for row in (column + 1)..<4 where abs(m[row][column]) > abs(m[pivotRow][column]) {
            pivotRow = row
        }
        let pivot = m[pivotRow][column]
        guard pivot != 0, pivot.isFinite else { return t }
        m.swapAt(column, pivotRow)
        inverse.swapAt(column, pivotRow)
        for k in 0..<4 {
            m[column][k] /= pivot
            inverse[column][k] /= pivot
        }
        for row in 0..<4 where row != column {
            let factor = m[row][column]
            if factor == 0 { continue }
            for k in 0..<4 {
                m[row][k] -= factor * m[column][k]
                inverse[row][k] -= factor * inverse[column][k]
            }
        }
    }
    let result = CATransform3D(rows: inverse)
    return result.isFinite ? result : t
}

/// Whether `t` can be represented exactly by a `CGAffineTransform`, as
/// `CATransform3DIsAffine`: no z terms, no perspective, `m33 == m44 == 1`.
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0
        && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m34 == 0
        && t.m43 == 0 && t.m44 == 1
}

/// The affine part of `t` (`a = m11, b = m12, c = m21, d = m22, tx = m41, ty = m42`), as
/// `CATransform3DGetAffineTransform`. Meaningful when `CATransform3DIsAffine(t)`.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

/// The 3D form of an affine transform, as `CATransform3DMakeAffineTransform`.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    CATransform3D(
        m11: m.a, m12: m.b, m13: 0, m14: 0,
        m21: m.c, m22: m.d, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: m.tx, m42: m.ty, m43: 0, m44: 1)
}

/// Sine and cosine with exact values at multiples of a quarter turn, so that a 90° rotation
/// yields exact zeros and ones (Core Animation's matrices are exact there too).
private func exactSineCosine(_ angle: CGFloat) -> (CGFloat, CGFloat) {
    let quarterTurns = angle / (.pi / 2)
    if quarterTurns.isFinite, quarterTurns == quarterTurns.rounded(), abs(quarterTurns) < 0x1p52 {
        switch Int(quarterTurns) & 3 {
        case 0: return (0, 1)
        case 1: return (1, 0)
        case 2: return (0, -1)
        default: return (-1, 0)
        }
    }
    return (sin(angle), cos(angle))
}
