import Foundation
import VitrineLayers

extension UIView {
    /// The layer keys a view animates inside an animation block: the layer properties behind
    /// the guide's animatable view properties (`frame` and `bounds` → `bounds` and `position`,
    /// `center` → `position`, `transform`, `alpha` → `opacity`, `backgroundColor`,
    /// `contentStretch` → `contentsCenter`), and `cornerRadius`, which UIKit animates inside
    /// blocks since iOS 11.
    static let blockAnimatableLayerKeys: Set<String> = [
        "bounds", "position", "transform", "opacity", "backgroundColor", "contentsCenter", "cornerRadius",
    ]

    /// `action(for:forKey:)`: inside an animation block (with animations enabled and a
    /// positive duration) an action that animates the change of one of
    /// `blockAnimatableLayerKeys` on the view's own layer; `NSNull()` otherwise, so a view's
    /// layer never animates implicitly, as in UIKit.
    func viewAnimationAction(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        guard layer === self.layer, UIView.areAnimationsEnabled, let context = ViewAnimationContext.current,
            !context.suppressesPropertyAnimations, context.duration > 0,
            UIView.blockAnimatableLayerKeys.contains(event)
        else { return NSNull() }
        context.noteTouched(self)
        return ViewPropertyAction(
            context: context, view: self, oldModel: layer.value(forKeyPath: event),
            oldPresentation: layer.presentation()?.value(forKeyPath: event))
    }
}
