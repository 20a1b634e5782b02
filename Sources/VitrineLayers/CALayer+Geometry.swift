import Foundation
import VitrineGraphics

// Geometry: frame, the mapping from a layer into its superlayer, and conversions between
// layers. Core Animation flattens every layer into its superlayer's plane, so a mapping across
// several levels is the product of each level's flattened (2D projective) transform; the
// compositor, `convert` and `hitTest` all use `transformToSuperlayer()` so they agree.
extension CALayer {
    /// The anchor point in this layer's bounds coordinates.
    var anchorInBounds: CGPoint {
        // Each property read once: a read of an observed, open property is not free.
        let bounds = bounds
        let anchorPoint = anchorPoint
        return CGPoint(
            x: bounds.origin.x + anchorPoint.x * bounds.size.width,
            y: bounds.origin.y + anchorPoint.y * bounds.size.height)
    }

    /// The layer's placement in its superlayer, without the superlayer's `sublayerTransform`:
    /// translate the anchor point (and `anchorPointZ`) to the origin, apply `transform`, then
    /// translate to `position` (and `zPosition`).
    func transformInSuperlayerPlane() -> CATransform3D {
        let anchor = anchorInBounds
        let position = position
        let transform = transform
        if transform.isIdentity {
            return CATransform3DMakeTranslation(
                position.x - anchor.x, position.y - anchor.y, zPosition - anchorPointZ)
        }
        return CATransform3DMakeTranslation(-anchor.x, -anchor.y, -anchorPointZ)
            .concatenating(transform)
            .concatenating(CATransform3DMakeTranslation(position.x, position.y, zPosition))
    }

    /// The full 4x4 mapping of a point in this layer's bounds coordinates into its
    /// superlayer's bounds coordinates:
    ///
    /// 1. translate by `-(bounds.origin + anchorPoint * bounds.size)` and by `-anchorPointZ`
    ///    in z,
    /// 2. `transform`,
    /// 3. translate by `position` and by `zPosition` in z (so a perspective in the
    ///    superlayer's `sublayerTransform` sees the layer's depth, as in Core Animation),
    /// 4. the superlayer's `sublayerTransform` about the superlayer's anchor point (translate
    ///    by minus the anchor in its bounds, `sublayerTransform`, translate back; the anchor's z
    ///    is taken as 0).
    ///
    /// For a root layer it maps into the space the root is placed in (the screen).
    /// Flatten it with `.flattened` to map points with z = 0.
    internal func transformToSuperlayer() -> CATransform3D {
        let placement = transformInSuperlayerPlane()
        guard let parent = superlayer, !parent.sublayerTransform.isIdentity else { return placement }
        let pivot = parent.anchorInBounds
        return
            placement
            .concatenating(CATransform3DMakeTranslation(-pivot.x, -pivot.y, 0))
            .concatenating(parent.sublayerTransform)
            .concatenating(CATransform3DMakeTranslation(pivot.x, pivot.y, 0))
    }

    /// The flattened mapping from this layer's bounds coordinates into `ancestor`'s bounds
    /// coordinates; with nil (or a layer that is not an ancestor), into the space the root is
    /// placed in.
    func projectiveTransform(toAncestor ancestor: CALayer?) -> ProjectiveTransform {
        var result = ProjectiveTransform.identity
        var layer = self
        while layer !== ancestor {
            result = result.concatenating(layer.transformToSuperlayer().flattened)
            guard let parent = layer.superlayer else { break }
            layer = parent
        }
        return result
    }

    /// The nearest layer that is `other` or this layer or an ancestor of both; nil when they
    /// are in different trees. (Core Animation has no public name for this.)
    func ancestorShared(with other: CALayer) -> CALayer? {
        var ancestors = Set<ObjectIdentifier>()
        var layer: CALayer? = self
        while let current = layer {
            ancestors.insert(ObjectIdentifier(current))
            layer = current.superlayer
        }
        layer = other
        while let current = layer {
            if ancestors.contains(ObjectIdentifier(current)) { return current }
            layer = current.superlayer
        }
        return nil
    }

    /// The flattened mapping from `source`'s coordinates to `destination`'s; nil stands for
    /// the space the root is placed in. Nil when the mapping is singular or not finite.
    static func conversion(from source: CALayer?, to destination: CALayer?) -> ProjectiveTransform? {
        if source === destination { return .identity }
        var shared: CALayer?
        if let source, let destination { shared = source.ancestorShared(with: destination) }
        let up = source?.projectiveTransform(toAncestor: shared) ?? .identity
        guard let destination else { return up.isFinite ? up : nil }
        guard let down = destination.projectiveTransform(toAncestor: shared).inverted() else {
            return nil
        }
        let result = up.concatenating(down)
        return result.isFinite ? result : nil
    }

    /// A point that could not be mapped.
    static let unmappablePoint = CGPoint(x: CGFloat.nan, y: CGFloat.nan)

    var computedFrame: CGRect {
        if transform.isIdentity {
            let anchor = anchorInBounds
            return CGRect(
                x: position.x - (anchor.x - bounds.origin.x), y: position.y - (anchor.y - bounds.origin.y),
                width: bounds.width, height: bounds.height)
        }
        return transformInSuperlayerPlane().flattened.boundingBox(of: bounds) ?? .null
    }

    func applyFrame(_ rect: CGRect) {
        var rect = rect
        if rect.size.width < 0 {
            rect.origin.x += rect.size.width
            rect.size.width = -rect.size.width
        }
        if rect.size.height < 0 {
            rect.origin.y += rect.size.height
            rect.size.height = -rect.size.height
        }
        let transform = transform
        guard !transform.isIdentity else {
            bounds.size = rect.size
            position = CGPoint(
                x: rect.origin.x + anchorPoint.x * rect.size.width,
                y: rect.origin.y + anchorPoint.y * rect.size.height)
            return
        }
        applyFrame(rect, through: transform)
    }

    /// Sets the frame of a layer with a non-identity transform, as Core Animation does: the
    /// bounds size is the frame's size mapped back through the inverse of the transform's
    /// linear part (a 100x100 frame under a 0.5 scale gives 200x200 bounds; under a quarter
    /// turn width and height swap), and `position` is placed so that the bounding box of the
    /// transformed bounds, which `frame` reads, starts at the frame's origin. So reading
    /// `frame` gives back what was set whenever the transform maps rectangles to rectangles
    /// (scales, translations, quarter turns). A transform that cannot be inverted keeps the
    /// bounds size and only moves the layer.
    private func applyFrame(_ rect: CGRect, through transform: CATransform3D) {
        let linear = CATransform3DGetAffineTransform(transform)
        let inverse = CGAffineTransform(a: linear.a, b: linear.b, c: linear.c, d: linear.d, tx: 0, ty: 0).inverted()
        let determinant = linear.a * linear.d - linear.b * linear.c
        if determinant != 0, determinant.isFinite {
            let size = CGRect(origin: .zero, size: rect.size).applying(inverse).size
            if size.width.isFinite, size.height.isFinite {
                bounds.size = CGSize(width: abs(size.width), height: abs(size.height))
            }
        }
        // Where the transformed bounds land with the position at the superlayer's origin.
        let anchor = anchorInBounds
        let placement = CATransform3DMakeTranslation(-anchor.x, -anchor.y, -anchorPointZ).concatenating(transform)
        guard let box = placement.flattened.boundingBox(of: bounds), box.origin.x.isFinite, box.origin.y.isFinite
        else { return }
        position = CGPoint(x: rect.origin.x - box.origin.x, y: rect.origin.y - box.origin.y)
    }

    /// The transform as an affine transform, as `affineTransform()` (meaningful when the
    /// transform is affine).
    internal func affineTransformValue() -> CGAffineTransform {
        CATransform3DGetAffineTransform(transform)
    }

    /// Sets `transform` from an affine transform, as `setAffineTransform(_:)`.
    internal func setAffineTransformValue(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }

    /// `p` from `layer`'s coordinates into this layer's, as `convert(_:from:)`, through every
    /// transform on the way (bounds origins, anchor points, `transform`, `sublayerTransform`,
    /// perspective). A nil `layer` stands for the space the root layer is placed in (the
    /// screen; for a window's layer at the origin, UIKit's window coordinates). Layers in
    /// different trees convert through their roots' spaces, taken to be the same. Core
    /// Animation leaves unmappable points undefined; Vitrine returns NaN coordinates.
    internal func mapPoint(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        CALayer.conversion(from: layer, to: self)?.apply(p) ?? CALayer.unmappablePoint
    }

    /// `p` from this layer's coordinates into `layer`'s, as `convert(_:to:)`; see
    /// `convert(_:from:)`.
    internal func mapPoint(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        CALayer.conversion(from: self, to: layer)?.apply(p) ?? CALayer.unmappablePoint
    }

    /// The bounding box of `r` mapped from `layer`'s coordinates into this layer's, as
    /// `convert(_:from:)`; `.null` when a corner cannot be mapped. See `convert(_:from:)` for
    /// points.
    internal func mapRect(_ r: CGRect, from layer: CALayer?) -> CGRect {
        if r.isNull { return r }
        return CALayer.conversion(from: layer, to: self)?.boundingBox(of: r) ?? .null
    }

    /// The bounding box of `r` mapped from this layer's coordinates into `layer`'s, as
    /// `convert(_:to:)`; `.null` when a corner cannot be mapped.
    internal func mapRect(_ r: CGRect, to layer: CALayer?) -> CGRect {
        if r.isNull { return r }
        return CALayer.conversion(from: self, to: layer)?.boundingBox(of: r) ?? .null
    }

    /// Whether the geometry that places this layer is finite; the compositor skips layers
    /// for which it is not.
    internal var hasFiniteGeometry: Bool {
        bounds.origin.x.isFinite && bounds.origin.y.isFinite
            && bounds.size.width.isFinite && bounds.size.height.isFinite
            && position.x.isFinite && position.y.isFinite && zPosition.isFinite
            && anchorPoint.x.isFinite && anchorPoint.y.isFinite && anchorPointZ.isFinite
            && transform.isFinite && sublayerTransform.isFinite
    }
}
