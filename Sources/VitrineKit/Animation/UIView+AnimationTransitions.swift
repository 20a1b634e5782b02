import Foundation
import VitrineGraphics
import VitrineLayers

extension UIView {

    /// A cross dissolve's fade of `opacity` from `start` to 0, with the block's timing.
    static func fadeOut(from start: CGFloat, context: ViewAnimationContext) -> CABasicAnimation {
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
    static func addTransitionAnimation(
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
