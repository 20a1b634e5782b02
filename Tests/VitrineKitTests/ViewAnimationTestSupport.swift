import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform

@testable import VitrineKit

/// A drawn view on a headless screen, ready to animate: a black 320x240 window with a red
/// 20x20 view at (10, 100). `start()` notes when an animation made now begins (the time the
/// next frame shows); `frame(k)` runs the clock until the frame showing at
/// `begin + k` refresh periods has been sampled.
@MainActor
final class ViewAnimationScene {
    let rig = HeadlessRig()
    let window: UIWindow
    let view: UIView
    /// When animations made at `start()` begin.
    private(set) var begin = 0.0
    static let period = HeadlessRig.frame

    init() {
        window = makeVisibleWindow(
            on: rig.screen, frame: CGRect(x: 0, y: 0, width: 320, height: 240), color: .black)
        view = UIView(frame: CGRect(x: 10, y: 100, width: 20, height: 20))
        view.backgroundColor = .red
        window.addSubview(view)
        rig.settle()
    }

    /// Call just before making an animation: the next frame runs at this clock turn and shows
    /// at the next vblank, which is where a `beginTime` 0 resolves.
    func start() {
        begin = rig.output.nextVblank(after: rig.clock.now)
    }

    /// Advances until the frame showing at `begin + k·period` was sampled (frame 0: the frame
    /// at this clock turn; frame k > 0: the one rendered at the vblank a period earlier).
    func frame(_ k: Int) {
        if k == 0 {
            rig.clock.advance(by: 0)
        } else {
            let target = begin + Double(k - 1) * Self.period + 1e-7
            if target > rig.clock.now { rig.clock.advance(to: target) }
        }
    }

    /// The time frame `k` shows.
    func time(_ k: Int) -> Double { begin + Double(k) * Self.period }

    /// Runs frames for `seconds` more.
    func run(_ seconds: Double) { rig.clock.advance(by: seconds) }

    /// The view's layer as shown.
    var shown: CALayer { view.layer.presentation() ?? view.layer }
}

/// A reference cubic Bézier timing curve (P0 = (0,0), P3 = (1,1)), solved by bisection on x,
/// written from the curve's formula independently of `CAMediaTimingFunction`.
func referenceCurve(_ x: Double, _ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) -> Double {
    func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<200 {
        let mid = (low + high) / 2
        if bezier(mid, c1x, c2x) < x { low = mid } else { high = mid }
    }
    return bezier((low + high) / 2, c1y, c2y)
}

/// Records completions in order: "NAME true".
@MainActor
final class CompletionLog {
    var entries: [String] = []
    func record(_ name: String) -> (Bool) -> Void {
        { [self] finished in entries.append("\(name) \(finished)") }
    }
}

/// A transition scene: the window of a `ViewAnimationScene` with, in place of its view, a
/// 200x120 red container at (60, 60) holding a blue 60x40 child at (20, 20), drawn.
@MainActor
func transitionScene() -> (ViewAnimationScene, UIView, UIView) {
    let scene = ViewAnimationScene()
    scene.view.removeFromSuperview()
    let container = UIView(frame: CGRect(x: 60, y: 60, width: 200, height: 120))
    container.backgroundColor = .red
    let child = UIView(frame: CGRect(x: 20, y: 20, width: 60, height: 40))
    child.backgroundColor = .blue
    container.addSubview(child)
    scene.window.addSubview(container)
    scene.rig.settle()
    return (scene, container, child)
}

/// The new content the transition tests install: the container of `transitionScene()` turns
/// green and its child moves to x = 120.
@MainActor
func newTransitionContent(_ container: UIView, _ child: UIView) -> () -> Void {
    {
        container.backgroundColor = .green
        child.frame.origin.x = 120
    }
}
