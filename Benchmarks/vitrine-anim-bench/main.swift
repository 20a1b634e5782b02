// vitrine-anim-bench: animation frames and idle cost on a 1920x1080 headless screen.
// Run: swift run -c release vitrine-anim-bench   (see docs/benchmarks.md)
import Foundation
import VitrineGraphics
import VitrineKit
import VitrineLayers
import VitrinePlatform

#if canImport(Glibc)
    import Glibc
#endif

let width = 1920
let height = 1080
let layerCount = 1_000

/// CPU seconds the calling thread has used.
func threadCPUSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// CPU seconds the process has used (user + system).
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
        + Double(usage.ru_stime.tv_usec) / 1e6
}

func median(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    return sorted[sorted.count / 2]
}

func format(_ seconds: Double) -> String { String(format: "%9.1f µs", seconds * 1_000_000) }

/// A media clock over a manual clock that counts the wake-ups it fires.
@MainActor final class CountingClock: MediaClock {
    let base = ManualClock()
    private(set) var wakeUps = 0
    var now: Double { base.now }
    @discardableResult
    func schedule(at time: Double, _ action: @escaping @MainActor () -> Void) -> ClockTimer {
        base.schedule(at: time) { [weak self] in
            self?.wakeUps += 1
            action()
        }
    }
}

/// 1,000 layers of 40x40 points on a grid, each a different colour.
@MainActor func makeLayers(in parent: CALayer) -> [CALayer] {
    var layers: [CALayer] = []
    for index in 0..<layerCount {
        let layer = CALayer()
        let column = index % 40
        let row = index / 40
        layer.frame = CGRect(x: 8 + column * 47, y: 8 + row * 42, width: 40, height: 40)
        layer.backgroundColor = CGColor(
            red: Double(index % 7) / 6, green: Double(index % 11) / 10, blue: Double(index % 13) / 12, alpha: 1)
        parent.addSublayer(layer)
        layers.append(layer)
    }
    return layers
}

/// Position (30 points sideways) and opacity (1 to 0.4), 2 s, autoreversing for ever.
@MainActor func animate(_ layers: [CALayer]) {
    for (index, layer) in layers.enumerated() {
        let move = CABasicAnimation(keyPath: "position.x")
        move.byValue = 30.0
        move.duration = 2
        move.autoreverses = true
        move.repeatCount = .infinity
        move.timeOffset = Double(index % 17) * 0.1
        move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        layer.add(move, forKey: "move")
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.4
        fade.duration = 2
        fade.autoreverses = true
        fade.repeatCount = .infinity
        layer.add(fade, forKey: "fade")
    }
}

/// The phases of a frame, timed one by one, as the screen's frame loop runs them: the engine
/// samples at the frame's target time, the compositor collects (damage) and paints into the
/// back buffer of a headless output, which presents it and completes at its vblank.
@MainActor func measurePhases() {
    let clock = ManualClock()
    let output = HeadlessOutput(width: width, height: height, clock: clock)
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: width, height: height)
    root.backgroundColor = CGColor(gray: 0.1, alpha: 1)
    let layers = makeLayers(in: root)
    let engine = CAAnimationEngine()
    let compositor = Compositor()
    animate(layers)
    var sampling: [Double] = []
    var collecting: [Double] = []
    var painting: [Double] = []
    var total: [Double] = []
    var changed = 0
    let period = output.currentMode.refreshPeriod
    for frame in 0..<660 {
        let t0 = threadCPUSeconds()
        engine.advance(root, to: clock.now + period)
        let t1 = threadCPUSeconds()
        guard let buffer = output.acquireBuffer() else { fatalError("no buffer") }
        compositor.render(root, into: buffer.pixels, bufferAge: buffer.age)
        let t2 = threadCPUSeconds()
        try? output.present(buffer, damage: Region(buffer.pixels.bounds))
        clock.advance(to: output.nextVblank(after: clock.now))
        if frame >= 60 {  // warm-up
            sampling.append(t1 - t0)
            collecting.append(compositor.lastCollectSeconds)
            painting.append(t2 - t1 - compositor.lastCollectSeconds)
            total.append(t2 - t0)
            changed += engine.changedLayerCount
        }
    }
    print(
        "1,000 layers animating position.x and opacity at \(width)x\(height), 600 frames, medians of thread CPU time:")
    print("  sampling (CAAnimationEngine.advance)     \(format(median(sampling)))")
    print("  collect + damage (Compositor, wall)      \(format(median(collecting)))")
    print("  paint (render minus collect)             \(format(median(painting)))")
    print("  frame (sampling + composite)             \(format(median(total)))")
    print("  layers changed per frame (mean)          \(changed / 600)")
}

/// A headless screen on a counting clock with a window holding the 1,000 layers, their
/// animations just started.
@MainActor func makeAnimatingScreen() -> (CountingClock, HeadlessOutput, UIWindow) {
    let clock = CountingClock()
    let backend = HeadlessBackend(clock: clock)
    let output = backend.addOutput(name: "HEADLESS-1", width: width, height: height)
    UIApplication.shared.setDisplayBackend(backend)
    let window = UIWindow(frame: UIScreen.main.bounds)
    window.backgroundColor = UIColor(white: 0.1, alpha: 1)
    window.isHidden = false
    let layers = makeLayers(in: window.layer)
    for _ in 0..<6 { clock.base.advance(by: 1.0 / 60) }
    animate(layers)
    return (clock, output, window)
}

/// The whole frame loop of a VitrineKit screen: one vblank turn per frame.
@MainActor func measureScreen() -> (frame: Double, idleCPU: Double, idleWakeUps: Int, idlePresents: Int) {
    let (clock, output, window) = makeAnimatingScreen()
    var frames: [Double] = []
    for frame in 0..<360 {
        let start = threadCPUSeconds()
        clock.base.advance(to: output.nextVblank(after: clock.now))
        if frame >= 60 { frames.append(threadCPUSeconds() - start) }
    }
    for layer in window.layer.sublayers ?? [] { layer.removeAllAnimations() }
    for _ in 0..<10 { clock.base.advance(by: 1.0 / 60) }  // the removal's frames
    // Ten seconds with nothing animating, stepped a millisecond at a time.
    let wakeUps = clock.wakeUps
    let presents = output.presentCount
    let cpuStart = processCPUSeconds()
    for _ in 0..<10_000 { clock.base.advance(by: 0.001) }
    let idleCPU = processCPUSeconds() - cpuStart
    withExtendedLifetime(window) {}
    return (median(frames), idleCPU, clock.wakeUps - wakeUps, output.presentCount - presents)
}

/// The same screen with its 1,000 animations still running, blanked by idle blanking (power
/// off): 10 s stepped every millisecond, as the idle figure.
@MainActor func measureBlanked() -> (cpu: Double, wakeUps: Int, presents: Int, framesBeforeBlank: Int) {
    let (clock, output, window) = makeAnimatingScreen()
    UIApplication.shared.idleBlanking = IdleBlanking(timeout: 1)
    defer { UIApplication.shared.idleBlanking = nil }
    // The animated second before the timeout, and the flip in flight when it blanks.
    clock.base.advance(by: 1 + 2.0 / 60)
    let framesBeforeBlank = output.presentCount
    let wakeUps = clock.wakeUps
    let presents = output.presentCount
    let cpuStart = processCPUSeconds()
    for _ in 0..<10_000 { clock.base.advance(by: 0.001) }
    let cpu = processCPUSeconds() - cpuStart
    withExtendedLifetime(window) {}
    return (cpu, clock.wakeUps - wakeUps, output.presentCount - presents, framesBeforeBlank)
}

@MainActor func run() {
    measurePhases()
    let screen = measureScreen()
    print("VitrineKit screen, frame loop turn per vblank (links, sampling, layout, composite, present):")
    print("  frame                                    \(format(screen.frame))")
    print("10 s of clock time with nothing animating (stepped every 1 ms):")
    print(
        String(
            format: "  CPU %.2f ms, %d wake-ups, %d presents   (targets: < 10 ms, 0 presents)", screen.idleCPU * 1000,
            screen.idleWakeUps, screen.idlePresents))
    let blanked = measureBlanked()
    print("10 s blanked by idle blanking (power off) with the 1,000 animations still attached (stepped every 1 ms):")
    print(
        String(
            format: "  CPU %.2f ms, %d wake-ups, %d presents   (%d frames presented before the timeout)",
            blanked.cpu * 1000, blanked.wakeUps, blanked.presents, blanked.framesBeforeBlank))
}

MainActor.assumeIsolated { run() }
