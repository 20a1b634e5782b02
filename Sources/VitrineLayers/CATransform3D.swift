import Foundation
import VitrineGraphics

/// A 4x4 homogeneous transform, laid out as Core Animation's `CATransform3D`.
///
/// Follows Core Animation's row-vector convention: a point `(x, y, z)` maps as
/// `[x y z 1] * M` followed by the division by the fourth coordinate, so the translation lives
/// in `m41`, `m42`, `m43` and the perspective term in `m34` (`m34 = -1 / eyeDistance`).
/// `CATransform3DConcat(a, b)` applies `a` first, then `b`.
///
/// As in Core Animation, `CATransform3D()` is the all-zero matrix (the zero initialiser Swift
/// gives the imported C struct); use ``CATransform3DIdentity`` (or the Vitrine convenience
/// ``identity``) for the identity.
public struct CATransform3D: Hashable, Sendable {
    /// Row 1, column 1: x to x (scale and rotation).
    public var m11: CGFloat
    /// Row 1, column 2: x to y.
    public var m12: CGFloat
    /// Row 1, column 3: x to z.
    public var m13: CGFloat
    /// Row 1, column 4: x to w (perspective).
    public var m14: CGFloat
    /// Row 2, column 1: y to x.
    public var m21: CGFloat
    /// Row 2, column 2: y to y.
    public var m22: CGFloat
    /// Row 2, column 3: y to z.
    public var m23: CGFloat
    /// Row 2, column 4: y to w (perspective).
    public var m24: CGFloat
    /// Row 3, column 1: z to x.
    public var m31: CGFloat
    /// Row 3, column 2: z to y.
    public var m32: CGFloat
    /// Row 3, column 3: z to z.
    public var m33: CGFloat
    /// Row 3, column 4: z to w; the perspective term (`-1 / eyeDistance`), as in Core Animation.
    public var m34: CGFloat
    /// Row 4, column 1: the x translation.
    public var m41: CGFloat
    /// Row 4, column 2: the y translation.
    public var m42: CGFloat
    /// Row 4, column 3: the z translation.
    public var m43: CGFloat
    /// Row 4, column 4: the homogeneous scale.
    public var m44: CGFloat

    /// The matrix with the given entries, as the memberwise `CATransform3D(m11:...m44:)`.
    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
        m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
        m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    ) {
        self.m11 = m11
        self.m12 = m12
        self.m13 = m13
        self.m14 = m14
        self.m21 = m21
        self.m22 = m22
        self.m23 = m23
        self.m24 = m24
        self.m31 = m31
        self.m32 = m32
        self.m33 = m33
        self.m34 = m34
        self.m41 = m41
        self.m42 = m42
        self.m43 = m43
        self.m44 = m44
    }

    /// The all-zero matrix, as Swift's zero initialiser of Core Animation's C struct.
    /// This is not the identity: use ``CATransform3DIdentity``.
    public init() {
        self.init(
            m11: 0, m12: 0, m13: 0, m14: 0,
            m21: 0, m22: 0, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 0, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 0)
    }
}

/// The identity transform, as Core Animation's `CATransform3DIdentity`.
public let CATransform3DIdentity = CATransform3D(
    m11: 1, m12: 0, m13: 0, m14: 0,
    m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0,
    m41: 0, m42: 0, m43: 0, m44: 1)
