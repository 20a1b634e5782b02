import Foundation

/// A 2D projective transform (a 3x3 matrix), the form in which the compositor places a layer:
/// Core Animation's 3D transforms flatten to it, and pixman samples through it.
///
/// Row-vector convention, like `CGAffineTransform` and `CATransform3D`: a point maps as
/// `[x y 1] * M` followed by the division by the third coordinate, and `t1.concatenating(t2)`
/// applies `t1` first.
public struct ProjectiveTransform: Hashable, Sendable {
    public var m11: Double, m12: Double, m13: Double
    public var m21: Double, m22: Double, m23: Double
    public var m31: Double, m32: Double, m33: Double

    public init(
        m11: Double, m12: Double, m13: Double,
        m21: Double, m22: Double, m23: Double,
        m31: Double, m32: Double, m33: Double
    ) {
        self.m11 = m11
        self.m12 = m12
        self.m13 = m13
        self.m21 = m21
        self.m22 = m22
        self.m23 = m23
        self.m31 = m31
        self.m32 = m32
        self.m33 = m33
    }

    public static let identity = ProjectiveTransform(affine: .identity)

    /// The projective form of an affine transform.
    public init(affine t: CGAffineTransform) {
        self.init(
            m11: Double(t.a), m12: Double(t.b), m13: 0,
            m21: Double(t.c), m22: Double(t.d), m23: 0,
            m31: Double(t.tx), m32: Double(t.ty), m33: 1)
    }

    public init(translationX x: Double, y: Double) {
        self.init(affine: CGAffineTransform(translationX: CGFloat(x), y: CGFloat(y)))
    }

    public init(scaleX x: Double, y: Double) {
        self.init(affine: CGAffineTransform(scaleX: CGFloat(x), y: CGFloat(y)))
    }

    /// `self` followed by `other`.
    public func concatenating(_ o: ProjectiveTransform) -> ProjectiveTransform {
        ProjectiveTransform(
            m11: m11 * o.m11 + m12 * o.m21 + m13 * o.m31,
            m12: m11 * o.m12 + m12 * o.m22 + m13 * o.m32,
            m13: m11 * o.m13 + m12 * o.m23 + m13 * o.m33,
            m21: m21 * o.m11 + m22 * o.m21 + m23 * o.m31,
            m22: m21 * o.m12 + m22 * o.m22 + m23 * o.m32,
            m23: m21 * o.m13 + m22 * o.m23 + m23 * o.m33,
            m31: m31 * o.m11 + m32 * o.m21 + m33 * o.m31,
            m32: m31 * o.m12 + m32 * o.m22 + m33 * o.m32,
            m33: m31 * o.m13 + m32 * o.m23 + m33 * o.m33)
    }

    public var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// The inverse, or nil when the matrix is singular or not finite.
    public func inverted() -> ProjectiveTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let inverse = ProjectiveTransform(
            m11: (m22 * m33 - m23 * m32) / det,
            m12: (m13 * m32 - m12 * m33) / det,
            m13: (m12 * m23 - m13 * m22) / det,
            m21: (m23 * m31 - m21 * m33) / det,
            m22: (m11 * m33 - m13 * m31) / det,
            m23: (m13 * m21 - m11 * m23) / det,
            m31: (m21 * m32 - m22 * m31) / det,
            m32: (m12 * m31 - m11 * m32) / det,
            m33: (m11 * m22 - m12 * m21) / det)
        return inverse.isFinite ? inverse : nil
    }

    public var isFinite: Bool {
        [m11, m12, m13, m21, m22, m23, m31, m32, m33].allSatisfy(\.isFinite)
    }

    /// Whether the third column is (0, 0, 1): no perspective.
    public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }

    /// The affine part, meaningful when `isAffine`.
    public var affine: CGAffineTransform {
        CGAffineTransform(
            a: CGFloat(m11), b: CGFloat(m12), c: CGFloat(m21), d: CGFloat(m22),
            tx: CGFloat(m31), ty: CGFloat(m32))
    }

    /// Whether the transform only translates, by whole pixels.
    public var isIntegerTranslation: Bool {
        isAffine && m11 == 1 && m12 == 0 && m21 == 0 && m22 == 1
            && m31 == m31.rounded() && m32 == m32.rounded()
    }

    /// Whether the transform maps axis-aligned rectangles to axis-aligned rectangles
    /// (scales and translations, no rotation, shear or perspective).
    public var isAxisAligned: Bool { isAffine && m12 == 0 && m21 == 0 }

    /// Maps a point; nil where it falls behind the viewer (w <= 0) or is not finite.
    public func apply(_ p: CGPoint) -> CGPoint? {
        let x = Double(p.x)
        let y = Double(p.y)
        let w = x * m13 + y * m23 + m33
        guard w > 1e-9 else { return nil }
        let mapped = CGPoint(x: (x * m11 + y * m21 + m31) / w, y: (x * m12 + y * m22 + m32) / w)
        return mapped.x.isFinite && mapped.y.isFinite ? mapped : nil
    }

    /// The bounding box of a rectangle's four mapped corners; nil when a corner cannot be
    /// mapped (behind the viewer, or not finite).
    public func boundingBox(of rect: CGRect) -> CGRect? {
        guard let a = apply(CGPoint(x: rect.minX, y: rect.minY)),
            let b = apply(CGPoint(x: rect.maxX, y: rect.minY)),
            let c = apply(CGPoint(x: rect.minX, y: rect.maxY)),
            let d = apply(CGPoint(x: rect.maxX, y: rect.maxY))
        else { return nil }
        let minX = Swift.min(a.x, b.x, c.x, d.x)
        let minY = Swift.min(a.y, b.y, c.y, d.y)
        return CGRect(
            x: minX, y: minY, width: Swift.max(a.x, b.x, c.x, d.x) - minX,
            height: Swift.max(a.y, b.y, c.y, d.y) - minY)
    }
}
