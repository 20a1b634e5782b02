import Foundation
import VitrineGraphics

/// Core Animation's boxing of a 3D transform, as `NSValue(caTransform3D:)` and
/// `caTransform3DValue` (boxed as sixteen doubles, `[16d]`; see `NSValue(cgRect:)`).
extension NSValue {
    /// A value holding `transform`, as `init(caTransform3D:)`.
    public convenience init(caTransform3D transform: CATransform3D) {
        let t = transform
        self.init(packing: [
            t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
            t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44,
        ])
    }

    /// The transform held, as `caTransform3DValue`: the identity when the value holds
    /// something else (an affine transform is not converted, as in Core Animation).
    public var caTransform3DValue: CATransform3D { heldTransform3D ?? CATransform3DIdentity }

    /// The 3D transform held; nil when the value holds something else.
    package var heldTransform3D: CATransform3D? {
        guard let v = unpackedDoubles(count: 16) else { return nil }
        return CATransform3D(
            m11: v[0], m12: v[1], m13: v[2], m14: v[3], m21: v[4], m22: v[5], m23: v[6], m24: v[7],
            m31: v[8], m32: v[9], m33: v[10], m34: v[11], m41: v[12], m42: v[13], m43: v[14], m44: v[15])
    }
}
