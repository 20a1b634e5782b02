import Foundation
import VitrineGraphics

// Swift conveniences over `CATransform3D`. Apple's QuartzCore overlay has only the C functions
// and `CATransform3DIdentity`; these methods are Vitrine additions named in the spirit of
// `CGAffineTransform`'s Swift API, each defined by the C function it wraps.
extension CATransform3D {
    /// The identity transform (Vitrine convenience for ``CATransform3DIdentity``).
    public static let identity = CATransform3DIdentity

    /// Whether this is exactly the identity, as `CATransform3DIsIdentity`.
    public var isIdentity: Bool { CATransform3DIsIdentity(self) }

    /// Whether this can be represented exactly as an affine transform, as
    /// `CATransform3DIsAffine`.
    public var isAffine: Bool { CATransform3DIsAffine(self) }

    /// The affine part, as `CATransform3DGetAffineTransform`.
    public var affineTransform: CGAffineTransform { CATransform3DGetAffineTransform(self) }

    /// The 3D form of an affine transform, as `CATransform3DMakeAffineTransform`.
    public init(_ affine: CGAffineTransform) {
        self = CATransform3DMakeAffineTransform(affine)
    }

    /// A translation, as `CATransform3DMakeTranslation`.
    public init(translationX tx: CGFloat, y ty: CGFloat, z tz: CGFloat = 0) {
        self = CATransform3DMakeTranslation(tx, ty, tz)
    }

    /// A scale, as `CATransform3DMakeScale`.
    public init(scaleX sx: CGFloat, y sy: CGFloat, z sz: CGFloat = 1) {
        self = CATransform3DMakeScale(sx, sy, sz)
    }

    /// A rotation by `angle` radians about `(x, y, z)`, as `CATransform3DMakeRotation`.
    public init(rotationAngle angle: CGFloat, x: CGFloat, y: CGFloat, z: CGFloat) {
        self = CATransform3DMakeRotation(angle, x, y, z)
    }

    /// `self` followed by `other`, as `CATransform3DConcat(self, other)`.
    public func concatenating(_ other: CATransform3D) -> CATransform3D {
        CATransform3DConcat(self, other)
    }

    /// The inverse, as `CATransform3DInvert` (a singular matrix is returned unchanged).
    public func inverted() -> CATransform3D { CATransform3DInvert(self) }

    /// A translation applied before `self`, as `CATransform3DTranslate`.
    public func translatedBy(x: CGFloat, y: CGFloat, z: CGFloat = 0) -> CATransform3D {
        CATransform3DTranslate(self, x, y, z)
    }

    /// A scale applied before `self`, as `CATransform3DScale`.
    public func scaledBy(x: CGFloat, y: CGFloat, z: CGFloat = 1) -> CATransform3D {
        CATransform3DScale(self, x, y, z)
    }

    /// A rotation applied before `self`, as `CATransform3DRotate`.
    public func rotated(by angle: CGFloat, x: CGFloat, y: CGFloat, z: CGFloat) -> CATransform3D {
        CATransform3DRotate(self, angle, x, y, z)
    }

    /// Whether every entry is finite (neither NaN nor infinite).
    public var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m14.isFinite
            && m21.isFinite && m22.isFinite && m23.isFinite && m24.isFinite
            && m31.isFinite && m32.isFinite && m33.isFinite && m34.isFinite
            && m41.isFinite && m42.isFinite && m43.isFinite && m44.isFinite
    }

    /// The entries row by row.
    var rows: [[CGFloat]] {
        [
            [m11, m12, m13, m14], [m21, m22, m23, m24],
            [m31, m32, m33, m34], [m41, m42, m43, m44],
        ]
    }

    /// The matrix with the given rows (four rows of four entries).
    init(rows r: [[CGFloat]]) {
        self.init(
            m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3],
            m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
            m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3],
            m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3])
    }
}
