import Foundation

/// How Vitrine interpolates and takes apart transforms.
///
/// **Interpolation is by decomposition** where it can be: when the two transforms differ only
/// in their 2D affine part (m11, m12, m21, m22, m41, m42) and in z translation and z scale
/// (m43, m33), each is taken apart into translation, scale, shear and rotation about z, those
/// are interpolated (the rotation the shorter way round, as Core Animation does), and the
/// result is put back together; the other entries are equal and kept. So a rotation turns
/// rigidly instead of shrinking through the middle. Transforms that differ in their 3D or
/// perspective entries are interpolated entry by entry (matrix-wise).
///
/// The `transform.*` key paths read and write the same components: `scale` (the mean of x and
/// y), `scale.x/.y/.z`, `rotation` / `rotation.z`, `translation` (a `CGSize`) and
/// `translation.x/.y/.z`. Writing one component keeps the others of the transform underneath.
/// `rotation.x` and `rotation.y` are not supported (not animatable).
enum TransformInterpolation {
    /// A 2D-affine transform taken apart: row 1 = sx·(cos θ, sin θ), row 2 = sy·((-sin θ, cos θ)
    /// + k·(cos θ, sin θ)), translation (tx, ty, tz), z scale sz.
    struct Components: Equatable {
        var tx: Double = 0
        var ty: Double = 0
        var tz: Double = 0
        var sx: Double = 1
        var sy: Double = 1
        var sz: Double = 1
        var shear: Double = 0
        var angle: Double = 0
    }

    static func decompose(_ m: CATransform3D) -> Components {
        var c = Components(tx: m.m41, ty: m.m42, tz: m.m43, sz: m.m33)
        var r1 = (x: Double(m.m11), y: Double(m.m12))
        var r2 = (x: Double(m.m21), y: Double(m.m22))
        let determinant = r1.x * r2.y - r1.y * r2.x
        c.sx = (r1.x * r1.x + r1.y * r1.y).squareRoot()
        guard c.sx > 0 else {
            // Degenerate: no rotation, everything in row 2.
            c.sx = 0
            c.sy = (r2.x * r2.x + r2.y * r2.y).squareRoot()
            return c
        }
        r1 = (r1.x / c.sx, r1.y / c.sx)
        let k = r1.x * r2.x + r1.y * r2.y
        r2 = (r2.x - k * r1.x, r2.y - k * r1.y)
        c.sy = (r2.x * r2.x + r2.y * r2.y).squareRoot()
        if determinant < 0 { c.sy = -c.sy }
        c.shear = c.sy != 0 ? k / c.sy : 0
        c.angle = atan2(r1.y, r1.x)
        return c
    }

    /// `c` put back together over `base`'s other (3D and perspective) entries.
    static func compose(_ c: Components, over base: CATransform3D) -> CATransform3D {
        var m = base
        let cosine = cos(c.angle)
        let sine = sin(c.angle)
        m.m11 = c.sx * cosine
        m.m12 = c.sx * sine
        m.m21 = c.sy * (-sine + c.shear * cosine)
        m.m22 = c.sy * (cosine + c.shear * sine)
        m.m41 = c.tx
        m.m42 = c.ty
        m.m43 = c.tz
        m.m33 = c.sz
        return m
    }

    /// Whether `a` and `b` differ only in entries the decomposition covers.
    static func sharesNonAffineEntries(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
        a.m13 == b.m13 && a.m14 == b.m14 && a.m23 == b.m23 && a.m24 == b.m24 && a.m31 == b.m31
            && a.m32 == b.m32 && a.m34 == b.m34 && a.m44 == b.m44
    }

    static func interpolate(_ a: CATransform3D, _ b: CATransform3D, _ t: Double) -> CATransform3D {
        if a == b { return a }
        guard sharesNonAffineEntries(a, b) else {
            let x = a.entries
            let y = b.entries
            return CATransform3D(entries: (0..<16).map { x[$0] + (y[$0] - x[$0]) * t })
        }
        let p = decompose(a)
        let q = decompose(b)
        var angleDelta = q.angle - p.angle
        if angleDelta > .pi { angleDelta -= 2 * .pi } else if angleDelta < -.pi { angleDelta += 2 * .pi }
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        let c = Components(
            tx: mix(p.tx, q.tx), ty: mix(p.ty, q.ty), tz: mix(p.tz, q.tz), sx: mix(p.sx, q.sx),
            sy: mix(p.sy, q.sy), sz: mix(p.sz, q.sz), shear: mix(p.shear, q.shear), angle: p.angle + angleDelta * t)
        return compose(c, over: a)
    }
}
