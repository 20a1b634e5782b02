import Foundation
import VitrineLayers

/// The geometry and timing of UIKit's flip transitions (`transitionFlipFromLeft`,
/// `transitionFlipFromRight`, `transitionFlipFromTop`, `transitionFlipFromBottom`).
///
/// The view turns half a turn about an axis through its centre, in its own plane's vertical
/// (left and right flips) or horizontal (top and bottom) line. Over the first half of the turn
/// the old content turns from 0 to 90 degrees, the leading edge (left for `FromLeft`, as
/// Apple's documentation puts it: "the left side of the view moves toward the front and right
/// side toward the back"; top for `FromTop`) coming toward the viewer; at the midpoint it is
/// edge-on and nothing of it shows. Over the second half the new content turns from −90 to 0
/// degrees the same way round, as the back of a card would. Neither ever shows its back.
///
/// - **Perspective**: m34 = −1/d with d twice the view's extent across the axis (its width for
///   left and right flips, its height for top and bottom ones), so a flip looks the same at
///   any size: at 45 degrees the far edge is about three quarters of the near one's height,
///   chosen to match the moderate depth UIKit's flips show.
/// - **Recess**: as in UIKit's flip, whose turning edge never grows past the view, the view
///   also moves away from the viewer by (extent / 2)·|sin θ|: the edge turning toward the
///   viewer stays as tall as the view and only the far edge shrinks, so the flip stays inside
///   the view's frame (and in front of the viewer: w ≥ 1 everywhere).
/// - **Timing**: the angle follows the curve over the whole duration (θ = 180° · curve(t)),
///   so with the ease-in-out curve (UIKit's default) the view is edge-on at half the duration.
///
/// Each side is a `CAKeyframeAnimation` of `transform` (additive: the turn applies in the
/// layer's own plane, before its model transform, which stays as it is), with a keyframe every
/// 3 degrees: transforms that differ in their 3D entries interpolate entry by entry, which
/// between keyframes that close stays within a thousandth of a rigid turn.
struct FlipTransition {
    /// The axis the content turns about; its direction makes a positive angle bring the
    /// leading edge toward the viewer (Core Animation's rotations turn +x toward −z about +y).
    let axis: (x: CGFloat, y: CGFloat)

    /// Keyframes for each half of the turn (one every 3 degrees).
    static let stepsPerHalf = 30
    /// The perspective distance as a multiple of the extent across the axis.
    static let perspectiveFactor: CGFloat = 2

    /// The flip the options' transition bits name; nil for the other transitions (the cross
    /// dissolve and the curls, which cross-dissolve) and for none.
    init?(_ options: UIView.AnimationOptions) {
        switch options.transition {
        case UIView.AnimationOptions.transitionFlipFromLeft.transition: axis = (0, 1)
        case UIView.AnimationOptions.transitionFlipFromRight.transition: axis = (0, -1)
        case UIView.AnimationOptions.transitionFlipFromTop.transition: axis = (-1, 0)
        case UIView.AnimationOptions.transitionFlipFromBottom.transition: axis = (1, 0)
        default: return nil
        }
    }

    /// The transform of a layer of `size` whose anchor point is `anchorPoint`, turned by
    /// `degrees` about its centre, with the flip's perspective and recess (see the type).
    func transform(degrees: Double, size: CGSize, anchorPoint: CGPoint) -> CATransform3D {
        let extent = axis.x == 0 ? size.width : size.height
        let rotation = CATransform3DMakeRotation(CGFloat(degrees) * .pi / 180, axis.x, axis.y, 0)
        // |sin θ|, exact (1) edge-on, where the layer must be exactly singular to draw nothing.
        let sine = abs(axis.x == 0 ? rotation.m13 : rotation.m23)
        var perspective = CATransform3DIdentity
        if extent > 0, extent.isFinite { perspective.m34 = -1 / (Self.perspectiveFactor * extent) }
        let centre = CGPoint(x: (0.5 - anchorPoint.x) * size.width, y: (0.5 - anchorPoint.y) * size.height)
        return CATransform3DMakeTranslation(-centre.x, -centre.y, 0)
            .concatenating(rotation)
            .concatenating(CATransform3DMakeTranslation(0, 0, -extent / 2 * sine))
            .concatenating(perspective)
            .concatenating(CATransform3DMakeTranslation(centre.x, centre.y, 0))
    }

    /// The animation of one side over the whole flip: the outgoing side turns from 0 to 90
    /// degrees over the first half of the turn and stays edge-on after it; the incoming side
    /// is edge-on until the midpoint, then turns from −90 to 0 degrees. The key times are
    /// fractions of the turn, which the timing function maps from the time.
    @MainActor
    func animation(
        outgoing: Bool, size: CGSize, anchorPoint: CGPoint, duration: Double,
        timingFunction: CAMediaTimingFunction?
    ) -> CAKeyframeAnimation {
        let steps = Self.stepsPerHalf
        var angles: [(degrees: Double, time: Double)] = []
        if !outgoing { angles.append((-90, 0)) }
        for step in 0...steps {
            let fraction = Double(step) / Double(steps)
            angles.append(outgoing ? (90 * fraction, fraction / 2) : (90 * fraction - 90, 0.5 + fraction / 2))
        }
        if outgoing { angles.append((90, 1)) }
        let animation = CAKeyframeAnimation(keyPath: "transform")
        animation.values = angles.map { transform(degrees: $0.degrees, size: size, anchorPoint: anchorPoint) }
        animation.keyTimes = angles.map { NSNumber(value: $0.time) }
        animation.isAdditive = true
        animation.duration = duration
        animation.timingFunction = timingFunction
        animation.fillMode = .backwards
        return animation
    }
}
