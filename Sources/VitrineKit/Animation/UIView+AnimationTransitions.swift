import Foundation
import VitrineGraphics
import VitrineLayers

extension UIView {
    /// Changes a view's content with a transition, as
    /// `transition(with:duration:options:animations:completion:)`.
    ///
    /// With a transition option, Vitrine performs a cross dissolve (`transitionCrossDissolve`;
    /// the flips and curls are not implemented yet and cross-dissolve too): a snapshot of the
    /// view as shown is laid over its content and fades out while the changes `animations`
    /// makes show underneath, at once (or animated, with `allowAnimatedContent`). The snapshot
    /// is the view's bounds as drawn by the compositor at the screen's scale; parts of a view
    /// outside its superview's positive quadrant, or under a transform, are not captured. The
    /// snapshot leaves when the transition ends, before the completion runs. Without a
    /// transition option the changes apply at once (animated with `allowAnimatedContent`).
    public class func transition(
        with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
        animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
        let group = ViewAnimationGroup()
        let context = ViewAnimationContext.push(duration: duration, delay: 0, options: options, group: group)
        context.suppressesPropertyAnimations = !options.contains(.allowAnimatedContent)
        let snapshot =
            options.transition != 0 && context.duration > 0 && areAnimationsEnabled ? view.snapshotLayer() : nil
        if let animations { runBlock(animations, in: context) } else { ViewAnimationContext.pop() }
        guard let snapshot else {
            group.close(completion: completion)
            return
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        snapshot.zPosition = .greatestFiniteMagnitude
        view.layer.addSublayer(snapshot)
        snapshot.opacity = 0
        CATransaction.commit()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = CGFloat(1)
        fade.toValue = CGFloat(0)
        fade.duration = context.duration
        fade.timingFunction = context.timingFunction
        fade.fillMode = .backwards
        fade.delegate = ViewAnimationObserver(
            group: group, view: view, blocksInteraction: !context.options.contains(.allowUserInteraction))
        group.animationAdded(
            ViewAnimationRecord(
                layer: snapshot, view: view, key: "opacity", animationKey: "transition", from: CGFloat(1),
                to: CGFloat(0)))
        snapshot.add(fade, forKey: "transition")
        group.close { [weak snapshot] finished in
            snapshot?.removeFromSuperlayer()
            completion?(finished)
        }
    }

    /// Replaces `fromView` with `toView` with a transition, as
    /// `transition(from:to:duration:options:completion:)`: `toView` takes `fromView`'s place
    /// among its superview's subviews (just below it) and `fromView` fades out over it, then
    /// leaves its superview (with `showHideTransitionViews`: `toView` is shown and `fromView`
    /// hidden instead, neither added nor removed). A cross dissolve whatever the transition
    /// option (flips and curls are not implemented yet); without a transition option the
    /// replacement happens at once and the completion runs at the next turn of the clock.
    public class func transition(
        from fromView: UIView, to toView: UIView, duration: TimeInterval, options: AnimationOptions = [],
        completion: ((Bool) -> Void)? = nil
    ) {
        let showHide = options.contains(.showHideTransitionViews)
        if showHide {
            toView.isHidden = false
        } else if let superview = fromView.superview, toView !== fromView {
            superview.insertSubview(toView, belowSubview: fromView)
        }
        let finish: (Bool) -> Void = { finished in
            if showHide { fromView.isHidden = true } else { fromView.removeFromSuperview() }
            completion?(finished)
        }
        let seconds = ViewAnimationContext.sanitized(duration, "duration")
        guard options.transition != 0, seconds > 0, areAnimationsEnabled, fromView.layer.presentation() != nil
        else {
            finish(true)
            return
        }
        let group = ViewAnimationGroup()
        let context = ViewAnimationContext.push(duration: seconds, delay: 0, options: options, group: group)
        ViewAnimationContext.pop()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = CGFloat(fromView.layer.opacity)
        fade.toValue = CGFloat(0)
        fade.duration = context.duration
        fade.timingFunction = context.timingFunction
        fade.fillMode = .forwards
        fade.isRemovedOnCompletion = false
        fade.delegate = ViewAnimationObserver(
            group: group, view: fromView, blocksInteraction: !context.options.contains(.allowUserInteraction))
        group.animationAdded(
            ViewAnimationRecord(
                layer: fromView.layer, view: fromView, key: "opacity", animationKey: "transition",
                from: CGFloat(fromView.layer.opacity), to: CGFloat(0)))
        fromView.layer.add(fade, forKey: "transition")
        group.close { [weak fromView] finished in
            fromView?.layer.removeAnimation(forKey: "transition")
            finish(finished)
        }
    }

    /// A layer showing the view as drawn now (its presentation), the size of its bounds.
    func snapshotLayer() -> CALayer? {
        let scale = window?.screen.scale ?? layer.contentsScale
        let frame = layer.frame
        guard frame.width > 0, frame.height > 0, frame.maxX.isFinite, frame.maxY.isFinite else { return nil }
        let width = Int((max(0, frame.maxX) * scale).rounded(.up))
        let height = Int((max(0, frame.maxY) * scale).rounded(.up))
        guard width > 0, height > 0, width * height <= 64_000_000 else { return nil }
        let buffer = PixelBuffer(width: width, height: height, format: .argb8888Premultiplied)
        let compositor = Compositor(scale: scale, clearColor: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0))
        compositor.render(layer, into: buffer, bufferAge: 0)
        let pixelRect = CGRect(
            x: frame.minX * scale, y: frame.minY * scale, width: frame.width * scale, height: frame.height * scale
        ).integral
        guard let image = CGImage(copying: buffer).cropping(to: pixelRect) else { return nil }
        let snapshot = CALayer()
        snapshot.contents = image
        snapshot.contentsScale = scale
        snapshot.frame = layer.bounds
        return snapshot
    }
}
