import Foundation
import VitrineLayers

/// The animated change of a control's parts, for `UISwitch.setOn(_:animated:)` and
/// `UISlider.setValue(_:animated:)`: their parts are standalone layers laid out with actions
/// disabled, so the control notes what the parts show, changes its model (the parts jump), and
/// then adds explicit animations from the noted values to the new model values.
///
/// Each animation has only a `fromValue`, so it ends on whatever the model holds then (a
/// layout during the animation is followed). It is attached under a fixed key per key path,
/// so a new animated change replaces a running one and starts from what that one showed.
@MainActor
struct ControlPartAnimation {
    private var starts: [(layer: CALayer, keyPath: String, value: Any)] = []

    /// Notes what each layer shows now (its presentation, else its model) for the key paths.
    init(_ parts: [(CALayer, [String])]) {
        for (layer, keyPaths) in parts {
            let shown = layer.presentation() ?? layer
            for keyPath in keyPaths {
                guard let value = shown.value(forKeyPath: keyPath) else { continue }
                starts.append((layer, keyPath, value))
            }
        }
    }

    /// Animates each noted key path from its noted value to the layer's model value.
    func run(duration: CFTimeInterval, timing: CAMediaTimingFunctionName) {
        for start in starts {
            let animation = CABasicAnimation(keyPath: start.keyPath)
            animation.fromValue = start.value
            animation.duration = duration
            animation.timingFunction = CAMediaTimingFunction(name: timing)
            start.layer.add(animation, forKey: Self.key(for: start.keyPath))
        }
    }

    /// Removes the running part animations of `parts`, so that an immediate change shows at
    /// once.
    static func cancel(_ parts: [(CALayer, [String])]) {
        for (layer, keyPaths) in parts {
            for keyPath in keyPaths { layer.removeAnimation(forKey: key(for: keyPath)) }
        }
    }

    private static func key(for keyPath: String) -> String { "vitrine.control.\(keyPath)" }
}
