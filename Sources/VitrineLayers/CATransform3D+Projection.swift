import Foundation
import VitrineGraphics

// Vitrine additions: how a `CATransform3D` acts on the plane z = 0, which is where every
// layer's content lies. Core Animation flattens each layer into its superlayer's plane; these
// are the pieces that flattening and hit-testing are made of.
extension CATransform3D {
    /// The 2D projective transform this matrix applies to points with z = 0, dropping the
    /// resulting z (Core Animation's flattening into the parent's plane).
    ///
    /// In the row-vector convention both types share, `[x y 0 1] * M` keeps rows 1, 2 and 4 and
    /// the x, y and w columns, so the result is
    /// `[m11 m12 m14; m21 m22 m24; m41 m42 m44]`.
    public var flattened: ProjectiveTransform {
        ProjectiveTransform(
            m11: Double(m11), m12: Double(m12), m13: Double(m14),
            m21: Double(m21), m22: Double(m22), m23: Double(m24),
            m31: Double(m41), m32: Double(m42), m33: Double(m44))
    }

    /// The point `(p.x, p.y, 0)` mapped and projected onto z = 0; nil where it falls behind
    /// the viewer (w <= 0) or is not finite.
    public func projecting(_ p: CGPoint) -> CGPoint? {
        flattened.apply(p)
    }
}
