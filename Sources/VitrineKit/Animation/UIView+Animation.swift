import Foundation
import VitrineLayers

// UIView animation blocks, as UIKit's block-based animation API.
//
// The mechanism is UIKit's: while a block runs, the view's layer asks its view
// (`action(for:forKey:)`) for the action of each property change, and the view answers with
// one that adds a Core Animation animation from the old value to the new one, with the block's
// timing. The model values change at once; `layer.presentation()` shows the animation.
//
// - Changes are additive by default (UIKit's behaviour since iOS 8): an animation runs from
//   old − new to zero on top of the new model value, under the key of the property, or
//   `key-2`, `key-3`... while an earlier one runs; an interrupting change continues smoothly
//   and the earlier animation still finishes (its completion gets `finished` true). Colours
//   (and transforms that cannot be inverted) animate from the presentation value to the new
//   value instead.
// - `.beginFromCurrentState`: the animation runs from the presentation value (what is on
//   screen) to the new value, not additively, and replaces the running UIView animations of
//   that property, whose completions get `finished` false.
// - Only views already drawn once animate (Core Animation animates committed layers only);
//   a change to a view never shown is applied at once.
extension UIView {
    static var animationsEnabled = true

    /// Runs a block inside `context` (already pushed), then the `.layoutSubviews` pass, and
    /// closes the context.
    static func runBlock(_ block: () -> Void, in context: ViewAnimationContext) {
        block()
        if context.options.contains(.layoutSubviews) { context.layOutTouchedViews() }
        ViewAnimationContext.pop()
    }
}
