import Foundation
import VitrineGraphics
import VitrineLayers

extension UIView {
    /// Changes a view's content with a transition, as
    /// `transition(with:duration:options:animations:completion:)`.
    ///
    /// The changes `animations` makes apply at once (animated, with `allowAnimatedContent`),
    /// and a snapshot of the view as shown before them stands in for the old content: the
    /// view's bounds as drawn by the compositor at the screen's scale (parts of a view outside
    /// its superview's positive quadrant, or under a transform, are not captured). The
    /// snapshot leaves when the transition ends, before the completion runs. Without a
    /// transition option the changes apply at once (animated with `allowAnimatedContent`).
    ///
    /// - `transitionFlipFromLeft`, `FromRight`, `FromTop`, `FromBottom`: UIKit's flips (see
    ///   `FlipTransition`). The snapshot takes the view's place just above it among its
    ///   superlayer's sublayers and turns from 0 to 90 degrees about the view's centre while
    ///   the view itself is edge-on (drawn nowhere); then the view turns in from −90 to 0, so
    ///   what is behind the view shows around it and at the midpoint. The angle follows the
    ///   options' curve over the whole duration. The turn is an animation of the view layer's
    ///   presentation only: its model transform, its geometry and hit-testing (which passes
    ///   over the view until the end, as for any animation without `allowUserInteraction`)
    ///   stay as they are. A view with no superlayer cross-dissolves instead. A flip made
    ///   while another flip of the view runs ends that one (its snapshot leaves and its
    ///   completion gets false at the next frame) and starts from the view as drawn then:
    ///   turned part way, or nothing in the other flip's first half (its snapshot is not
    ///   part of the view).
    /// - `transitionCrossDissolve`, and the curls (`transitionCurlUp`, `transitionCurlDown`,
    ///   not drawn as curls yet): the snapshot is laid over the view's content, as its topmost
    ///   sublayer, and fades out.
    public class func transition(
        with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
        animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
        let group = ViewAnimationGroup()
        let context = ViewAnimationContext.push(duration: duration, delay: 0, options: options, group: group)
        context.suppressesPropertyAnimations = !options.contains(.allowAnimatedContent)
        let snapshot =
            options.transition != 0 && context.duration > 0 && areAnimationsEnabled ? view.snapshotLayer() : nil
        let oldFrame = view.layer.frame
        if let animations { runBlock(animations, in: context) } else { ViewAnimationContext.pop() }
        guard let snapshot else {
            group.close(completion: completion)
            return
        }
        let layer = view.layer
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        if let flip = FlipTransition(options), let superlayer = layer.superlayer {
            // A flip of the view still running ends here, its snapshot's turn too.
            if let running = layer.animation(forKey: "transition")?.delegate as? ViewAnimationObserver {
                for record in running.group.records where record.animationKey == "transition" {
                    record.layer?.removeAnimation(forKey: "transition")
                }
            }
            snapshot.frame = oldFrame
            snapshot.zPosition = layer.zPosition
            superlayer.insertSublayer(snapshot, above: layer)
            CATransaction.commit()
            let turnOut = flip.animation(
                outgoing: true, size: snapshot.bounds.size, anchorPoint: snapshot.anchorPoint,
                duration: context.duration, timingFunction: context.timingFunction)
            addTransitionAnimation(turnOut, to: snapshot, of: view, context: context, from: snapshot.transform)
            let turnIn = flip.animation(
                outgoing: false, size: layer.bounds.size, anchorPoint: layer.anchorPoint,
                duration: context.duration, timingFunction: context.timingFunction)
            addTransitionAnimation(turnIn, to: layer, of: view, context: context, from: layer.transform)
        } else {
            snapshot.zPosition = .greatestFiniteMagnitude
            layer.addSublayer(snapshot)
            snapshot.opacity = 0
            CATransaction.commit()
            addTransitionAnimation(
                fadeOut(from: 1, context: context), to: snapshot, of: view, context: context, from: CGFloat(1),
                to: CGFloat(0))
        }
        group.close { [weak snapshot] finished in
            snapshot?.removeFromSuperlayer()
            completion?(finished)
        }
    }

    /// Replaces `fromView` with `toView` with a transition, as
    /// `transition(from:to:duration:options:completion:)`.
    ///
    /// - The flips animate `fromView`'s superview, as UIKit's do: its content turns over
    ///   (`transition(with:)` with a flip), and within it `toView` takes
    ///   `fromView`'s place among the subviews and `fromView` leaves at once (with
    ///   `showHideTransitionViews`: `toView` is shown and `fromView` hidden, neither added
    ///   nor removed). A `fromView` without a superview is replaced at once.
    /// - The cross dissolve (and the curls, not drawn as curls yet): `toView` takes
    ///   `fromView`'s place (just below it) and `fromView` fades out over it, then leaves its
    ///   superview (with `showHideTransitionViews`: it is hidden).
    ///
    /// Without a transition option the replacement happens at once and the completion runs at
    /// the next turn of the clock.
    public class func transition(
        from fromView: UIView, to toView: UIView, duration: TimeInterval, options: AnimationOptions = [],
        completion: ((Bool) -> Void)? = nil
    ) {
        let showHide = options.contains(.showHideTransitionViews)
        let flips = FlipTransition(options) != nil
        if flips, let superview = fromView.superview {
            transition(
                with: superview, duration: duration, options: options,
                animations: {
                    if showHide {
                        toView.isHidden = false
                        fromView.isHidden = true
                    } else if toView !== fromView {
                        superview.insertSubview(toView, belowSubview: fromView)
                        fromView.removeFromSuperview()
                    }
                }, completion: completion)
            return
        }
        if showHide {
            toView.isHidden = false
        } else if let superview = fromView.superview, toView !== fromView {
            superview.insertSubview(toView, belowSubview: fromView)
        }
        let removeFromView = {
            if showHide { fromView.isHidden = true } else { fromView.removeFromSuperview() }
        }
        let group = ViewAnimationGroup()
        let seconds = ViewAnimationContext.sanitized(duration, "duration")
        guard !flips, options.transition != 0, seconds > 0, areAnimationsEnabled,
            fromView.layer.presentation() != nil
        else {
            removeFromView()
            group.close(completion: completion)
            return
        }
        let context = ViewAnimationContext.push(duration: seconds, delay: 0, options: options, group: group)
        ViewAnimationContext.pop()
        let opacity = CGFloat(fromView.layer.opacity)
        let fade = fadeOut(from: opacity, context: context)
        fade.fillMode = .forwards
        fade.isRemovedOnCompletion = false
        addTransitionAnimation(fade, to: fromView.layer, of: fromView, context: context, from: opacity, to: CGFloat(0))
        group.close { [weak fromView] finished in
            fromView?.layer.removeAnimation(forKey: "transition")
            removeFromView()
            completion?(finished)
        }
    }

    /// A cross dissolve's fade of `opacity` from `start` to 0, with the block's timing.
    private static func fadeOut(from start: CGFloat, context: ViewAnimationContext) -> CABasicAnimation {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = start
        fade.toValue = CGFloat(0)
        fade.duration = context.duration
        fade.timingFunction = context.timingFunction
        fade.fillMode = .backwards
        return fade
    }

    /// Adds a transition's animation of `layer` (the view's own or its snapshot's) under the
    /// key `transition`, counted by the block's group and, unless `allowUserInteraction`,
    /// keeping touches off `view` while it runs. `from` and `to` are the model values of the
    /// animated property (`to` is `from` when the animation leaves the model as it is).
    private static func addTransitionAnimation(
        _ animation: CAPropertyAnimation, to layer: CALayer, of view: UIView, context: ViewAnimationContext,
        from: Any, to: Any? = nil
    ) {
        animation.delegate = ViewAnimationObserver(
            group: context.group, view: view, blocksInteraction: !context.options.contains(.allowUserInteraction))
        context.group.animationAdded(
            ViewAnimationRecord(
                layer: layer, view: view, key: animation.keyPath ?? "", animationKey: "transition", from: from,
                to: to ?? from))
        layer.add(animation, forKey: "transition")
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
