import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform

@testable import VitrineLayers

/// A layer tree driven as a screen drives it: a manual clock, an animation engine sampling at
/// the clock's time, and a compositor drawing into a small buffer (which also marks layers as
/// drawn, so implicit actions apply).
@MainActor
final class AnimationRig {
    let clock = ManualClock()
    let engine = CAAnimationEngine()
    let compositor = Compositor()
    let root = CALayer()
    let layer = CALayer()
    let buffer = PixelBuffer(width: 64, height: 64, format: .xrgb8888)
    /// What the last `frame` returned.
    private(set) var running = false

    init() {
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.backgroundColor = .white
        root.addSublayer(layer)
        compositor.render(root, into: buffer, bufferAge: 0)
    }

    /// Moves the clock to `time`, samples the animations there and composites.
    @discardableResult
    func frame(at time: Double) -> Bool {
        clock.advance(to: time)
        running = engine.advance(root, to: clock.now)
        compositor.render(root, into: buffer, bufferAge: 0)
        return running
    }

    /// The presentation value of `keyPath` of `layer` (the model's when nothing animates).
    func value(_ keyPath: String, of target: CALayer? = nil) -> Any? {
        let target = target ?? layer
        return (target.presentation() ?? target).value(forKeyPath: keyPath)
    }

    func scalar(_ keyPath: String, of target: CALayer? = nil) -> Double {
        Double(value(keyPath, of: target) as? CGFloat ?? .nan)
    }
}

/// Records delegate calls as strings: "start NAME", "stop NAME true".
@MainActor
final class AnimationEventLog: CAAnimationDelegate {
    var events: [String] = []
    var names: [ObjectIdentifier: String] = [:]

    func name(_ animation: CAAnimation) -> String {
        names[ObjectIdentifier(animation)] ?? "?"
    }

    /// Names the copy attached under `key` on `layer`.
    func track(_ layer: CALayer, key: String, as name: String) {
        if let animation = layer.animation(forKey: key) { names[ObjectIdentifier(animation)] = name }
    }

    func animationDidStart(_ anim: CAAnimation) { events.append("start \(name(anim))") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append("stop \(name(anim)) \(flag)") }
}

/// A basic animation of `keyPath` from `from` to `to` over `duration`, linear.
@MainActor
func basic(_ keyPath: String, from: Any?, to: Any?, duration: Double = 1) -> CABasicAnimation {
    let animation = CABasicAnimation(keyPath: keyPath)
    animation.fromValue = from
    animation.toValue = to
    animation.duration = duration
    return animation
}

func isClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}
