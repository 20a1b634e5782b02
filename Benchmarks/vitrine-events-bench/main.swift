// vitrine-events-bench: hit-testing and touch delivery costs, as medians.
// Run: swift run -c release vitrine-events-bench   (see docs/benchmarks.md)
import Foundation
import VitrineKit
import VitrinePlatform

/// Median wall time in seconds of `measured` over `runs` runs (after `warmup` unmeasured
/// ones); `finish` runs after each, untimed.
@MainActor func median(runs: Int, warmup: Int = 100, _ measured: () -> Void, finish: () -> Void = {}) -> Double {
    for _ in 0..<warmup {
        measured()
        finish()
    }
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        measured()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        finish()
    }
    samples.sort()
    return samples[samples.count / 2]
}

func format(_ seconds: Double) -> String { String(format: "%8.2f µs", seconds * 1_000_000) }

/// A plain view whose touch handlers count what they get.
final class CountingView: UIView {
    var calls = 0
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { calls += 1 }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { calls += 1 }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { calls += 1 }
}

@MainActor func runBenchmarks() {
    let clock = ManualClock()
    let backend = HeadlessBackend(clock: clock)
    backend.addOutput(name: "HEADLESS-1", width: 1000, height: 1000)
    UIApplication.shared.setDisplayBackend(backend)
    let input = SyntheticInput().install()

    // (a) 10,000 cells: 100 row containers of 100 cells of 10x10 points, in a window.
    let window = UIWindow(frame: UIScreen.main.bounds)
    for row in 0..<100 {
        let container = UIView(frame: CGRect(x: 0, y: CGFloat(row) * 10, width: 1000, height: 10))
        for column in 0..<100 {
            container.addSubview(UIView(frame: CGRect(x: CGFloat(column) * 10, y: 0, width: 10, height: 10)))
        }
        window.addSubview(container)
    }
    window.makeKeyAndVisible()
    clock.advance(by: 0)
    // The worst case: the first cell of the first row, behind 99 rows and 99 cells (subviews
    // are tried front to back).
    let point = CGPoint(x: 5, y: 5)
    var hits = 0
    let hitTest = median(runs: 10_000) {
        if window.hitTest(point, with: nil) != nil { hits += 1 }
    }
    let expected = window.subviews[0].subviews[0]
    precondition(window.hitTest(point, with: nil) === expected, "the hit test finds the first cell")
    let middle = median(runs: 10_000) {
        if window.hitTest(CGPoint(x: 505, y: 505), with: nil) != nil { hits += 1 }
    }
    window.isHidden = true

    // (b) A touch down and up on a plain view inside three views carrying a pan, a long press
    // and a tap recognizer.
    let touchWindow = UIWindow(frame: UIScreen.main.bounds)
    let outer = UIView(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
    let middleView = UIView(frame: CGRect(x: 100, y: 100, width: 800, height: 800))
    let inner = UIView(frame: CGRect(x: 100, y: 100, width: 600, height: 600))
    let leaf = CountingView(frame: CGRect(x: 100, y: 100, width: 400, height: 400))
    touchWindow.addSubview(outer)
    outer.addSubview(middleView)
    middleView.addSubview(inner)
    inner.addSubview(leaf)
    var actions = 0
    outer.addGestureRecognizer(UIPanGestureRecognizer { _ in actions += 1 })
    middleView.addGestureRecognizer(UILongPressGestureRecognizer { _ in actions += 1 })
    inner.addGestureRecognizer(UITapGestureRecognizer { _ in actions += 1 })
    touchWindow.makeKeyAndVisible()
    clock.advance(by: 0)
    var time = 10.0
    let touch = median(
        runs: 10_000,
        {
            input.down(at: CGPoint(x: 500, y: 500), time: time)
            input.up(time: time + 0.05)
        },
        finish: {
            time += 1  // apart enough that each touch is a first tap
            clock.advance(to: time)
        })
    precondition(actions > 10_000 && leaf.calls > 20_000, "every touch reached the recognizers and the view")

    print("vitrine-events-bench")
    print("(a) hit test, 10,000 views, worst case  median \(format(hitTest))")
    print("    hit test, 10,000 views, middle      median \(format(middle))")
    print("(b) touch down+up, 3 recognizers + view median \(format(touch))")
    withExtendedLifetime((window, touchWindow, hits)) {}
}

MainActor.assumeIsolated { runBenchmarks() }
