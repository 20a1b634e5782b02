import Foundation
import VitrineLayers

/// The delegate of a screen's own layers (its root and its software-dimming layer): no
/// implicit animations, so a mode change resizes the root at once and brightness dims at once
/// (UIKit's screen has no layers an app sees).
@MainActor
final class ScreenLayerActions: CALayerDelegate {
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { NSNull() }
}
