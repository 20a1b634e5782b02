// vitrine-kit-bench: the view system's frame cost and memory at 1920x1080 on a headless
// screen, as medians and ratios.
// Run: swift run -c release vitrine-kit-bench   (see docs/benchmarks.md)
import Foundation
import VitrineKit
import VitrinePlatform
import VitrineTestSupport

let width = 1920
let height = 1080

/// Median wall time in seconds of `measured` over `runs` runs (after `warmup` unmeasured
/// ones); `prepare` and `finish` run around each, untimed.
@MainActor func median(
    runs: Int, warmup: Int = 10, prepare: () -> Void = {}, _ measured: () -> Void, finish: () -> Void = {}
) -> Double {
    for _ in 0..<warmup {
        prepare()
        measured()
        finish()
    }
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    for _ in 0..<runs {
        prepare()
        let start = DispatchTime.now().uptimeNanoseconds
        measured()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        finish()
    }
    samples.sort()
    return samples[samples.count / 2]
}

func format(_ seconds: Double) -> String { String(format: "%9.1f µs", seconds * 1_000_000) }

/// A colour that differs from view to view.
@MainActor func color(_ index: Int, alpha: CGFloat = 1) -> UIColor {
    UIColor(
        red: CGFloat(index * 37 % 256) / 255, green: CGFloat(index * 91 % 256) / 255,
        blue: CGFloat(index * 53 % 256) / 255, alpha: alpha)
}

/// 500 views in a full-screen window: 20 containers in a 5x4 grid (every third clips to
/// rounded bounds, every fourth is translucent), each holding a nested container with 11
/// leaves and 12 leaves of its own (every fifth leaf rounded, every seventh translucent).
/// Returns the window and one leaf in the middle.
@MainActor func makeHierarchy(on screen: UIScreen) -> (window: UIWindow, leaf: UIView, count: Int) {
    let window = UIWindow(frame: screen.bounds)
    window.backgroundColor = UIColor(white: 0.1, alpha: 1)
    var count = 0
    var leaves: [UIView] = []
    let cellWidth = CGFloat(width) / 5
    let cellHeight = CGFloat(height) / 4
    func addLeaves(_ number: Int, to container: UIView, columns: Int) {
        for index in 0..<number {
            let leaf = UIView(
                frame: CGRect(
                    x: 8 + CGFloat(index % columns) * 58, y: 8 + CGFloat(index / columns) * 40, width: 50, height: 32))
            leaf.backgroundColor = color(count)
            if count % 5 == 0 { leaf.layer.cornerRadius = 8 }
            if count % 7 == 0 { leaf.alpha = 0.7 }
            container.addSubview(leaf)
            leaves.append(leaf)
            count += 1
        }
    }
    for cell in 0..<20 {
        let container = UIView(
            frame: CGRect(
                x: CGFloat(cell % 5) * cellWidth + 6, y: CGFloat(cell / 5) * cellHeight + 6, width: cellWidth - 12,
                height: cellHeight - 12))
        container.backgroundColor = color(cell * 13)
        if cell % 3 == 0 {
            container.layer.cornerRadius = 18
            container.clipsToBounds = true
        }
        if cell % 4 == 0 { container.alpha = 0.85 }
        window.addSubview(container)
        count += 1
        addLeaves(12, to: container, columns: 6)
        let nested = UIView(frame: CGRect(x: 8, y: 140, width: cellWidth - 28, height: cellHeight - 160))
        nested.backgroundColor = color(cell * 7, alpha: 0.9)
        nested.clipsToBounds = true
        container.addSubview(nested)
        count += 1
        addLeaves(11, to: nested, columns: 6)
    }
    window.isHidden = false
    return (window, leaves[leaves.count / 2], count)
}

/// A headless backend on `clock` with one `width` x `height` output, made the application's
/// display backend; returns the output.
@MainActor @discardableResult func installHeadlessBackend(clock: ManualClock = ManualClock()) -> HeadlessOutput {
    let backend = HeadlessBackend(clock: clock)
    let output = backend.addOutput(name: "HEADLESS-1", width: width, height: height)
    UIApplication.shared.setDisplayBackend(backend)
    return output
}

/// The median time of a memcpy of one whole 1920x1080 frame into an output buffer.
@MainActor func frameCopyTime() -> Double {
    let picture = PixelBuffer(width: width, height: height, format: .xrgb8888)
    let target = PixelBuffer(width: width, height: height, format: .xrgb8888)
    // Written memory: calloc'd pages read as one shared zero page, which flatters the copy.
    Canvas(target: picture).fill(
        Region(picture.bounds), color: PremultipliedColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1))
    return median(runs: 200, { target.copyPixels(from: picture) })
}

@MainActor func runBenchmarks() {
    let clock = ManualClock()
    let output = installHeadlessBackend(clock: clock)
    let screen = UIScreen.main
    let (window, leaf, count) = makeHierarchy(on: screen)
    print("VitrineKit benchmark: \(width)x\(height) headless screen, a window of \(count) views")

    /// Lets the frame presented last reach its vblank (untimed).
    func completePresent() {
        clock.advance(to: output.nextVblank(after: clock.now))
    }
    clock.advance(by: 0)
    completePresent()

    // One leaf changes colour: the frame loop's layout, display, composite and present.
    var frame = 0
    let small = median(
        runs: 1000,
        prepare: {
            leaf.backgroundColor = frame % 2 == 0 ? .red : .blue
            frame += 1
        },
        { clock.advance(by: 0) }, finish: completePresent)
    let presentsBefore = output.presentCount
    // A full redraw: the compositor forgets its previous frames (as with buffer age 0).
    let full = median(
        runs: 200, prepare: { screen.setNeedsFullRedraw() }, { clock.advance(by: 0) }, finish: completePresent)
    let fullPresents = output.presentCount - presentsBefore
    // Nothing changed: the clock turns and nothing runs.
    let idle = median(runs: 1000, { clock.advance(by: 0) })

    print("(a) full redraw               median \(format(full))")
    print("(b) one leaf view recolored   median \(format(small))")
    print("    nothing changed           median \(format(idle))")
    print(String(format: "(b)/(a) = %.4f", small / full))
    precondition(fullPresents >= 200, "every full redraw presents")

    // The same on a panel mounted turned: the picture is composited upright into a buffer of
    // its own and the damage copied turned into the output buffer. At 180° the window and its
    // views are the same; at 90° and 270° the full-screen window becomes 1080x1920 and the
    // 5x4 grid is cut at its right edge, so those frames composite less.
    print("rotated panels (window resized to the turned bounds):")
    for rotation in [DisplayRotation.clockwise180, .clockwise90, .clockwise270] {
        screen.rotation = rotation
        clock.advance(by: 0)
        completePresent()
        let rotatedSmall = median(
            runs: 1000,
            prepare: {
                leaf.backgroundColor = frame % 2 == 0 ? .red : .blue
                frame += 1
            },
            { clock.advance(by: 0) }, finish: completePresent)
        let rotatedFull = median(
            runs: 200, prepare: { screen.setNeedsFullRedraw() }, { clock.advance(by: 0) }, finish: completePresent)
        let name = String(rotation.rawValue).padding(toLength: 3, withPad: " ", startingAt: 0)
        print(
            "    \(name)° full redraw \(format(rotatedFull)) (x\(String(format: "%.2f", rotatedFull / full)) upright)"
                + "   one leaf \(format(rotatedSmall)) (x\(String(format: "%.2f", rotatedSmall / small)) upright)")
    }
    screen.rotation = .upright
    clock.advance(by: 0)
    completePresent()

    // The turned copy alone: a whole 1920x1080 picture into an output buffer, against memcpy.
    let copy = frameCopyTime()
    print("whole-frame copy into the output buffer:  memcpy \(format(copy))")
    runTableFlingBenchmark(clock: clock, output: output, screen: screen, memcpy: copy)
    for rotation in DisplayRotation.allCases where rotation != .upright {
        let size = rotation.logicalSize(forOutputSize: CGSize(width: width, height: height))
        let source = PixelBuffer(width: Int(size.width), height: Int(size.height), format: .xrgb8888)
        let target = PixelBuffer(width: width, height: height, format: .xrgb8888)
        // Written memory: calloc'd pages read as one shared zero page, which flatters the copy.
        Canvas(target: source).fill(
            Region(source.bounds), color: PremultipliedColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1))
        let transform = rotation.outputTransform(logicalWidth: source.width, logicalHeight: source.height)
        let everything = Region(target.bounds)
        let turned = median(runs: 200) {
            Canvas(target: target).draw(
                source, transform: transform, filter: .nearest, operator: .source, clip: everything)
        }
        print("    turned \(rotation.rawValue)°: \(format(turned)) (x\(String(format: "%.1f", turned / copy)) memcpy)")
    }

    // Memory per plain UIView: 10,000 views made and added to one superview.
    let superview = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    var views: [UIView] = []
    views.reserveCapacity(10_000)
    let heapBefore = ProcessMemory.residentAnonymousBytes()
    for index in 0..<10_000 {
        let view = UIView(frame: CGRect(x: index % 100, y: index / 100, width: 1, height: 1))
        superview.addSubview(view)
        views.append(view)
    }
    let heapAfter = ProcessMemory.residentAnonymousBytes()
    print(
        String(
            format: "memory per UIView (10,000 in one superview): %.0f bytes", Double(heapAfter - heapBefore) / 10_000))
    withExtendedLifetime((window, views, superview)) {}

    runAutoLayoutBenchmarks(on: screen)
}

MainActor.assumeIsolated {
    if CommandLine.arguments.contains("--profile-autolayout-first-solve") {
        // One dashboard activated and laid out, and nothing else, for a profiler.
        installHeadlessBackend()
        ConstrainedDashboard(on: UIScreen.main).activateAndLayOut()
    } else if CommandLine.arguments.contains("--profile-autolayout-constant") {
        // 1,000 constant changes re-laid out on one dashboard, for a profiler.
        installHeadlessBackend()
        let board = ConstrainedDashboard(on: UIScreen.main)
        board.activateAndLayOut()
        for index in 0..<1_000 {
            board.gap.constant = index % 2 == 0 ? 12 : 8
            board.window.layoutIfNeeded()
        }
    } else if let flag = CommandLine.arguments.firstIndex(of: "--table-fling") {
        // The table fling alone, optionally its first N frames (for a profiler).
        let clock = ManualClock()
        let output = installHeadlessBackend(clock: clock)
        let copy = frameCopyTime()
        let limit = CommandLine.arguments.dropFirst(flag + 1).first.flatMap { Int($0) }
        runTableFlingBenchmark(clock: clock, output: output, screen: UIScreen.main, memcpy: copy, frameLimit: limit)
    } else if CommandLine.arguments.contains("--interface") {
        installHeadlessBackend()
        runInterfaceBenchmark()
    } else if let flag = CommandLine.arguments.firstIndex(of: "--interface-once") {
        installHeadlessBackend()
        let arguments = CommandLine.arguments.dropFirst(flag + 1)
        runInterfaceInstantiations(arguments.first.flatMap { Int($0) } ?? 1, cached: arguments.contains("cached"))
    } else if CommandLine.arguments.contains("--keystroke") {
        let clock = ManualClock()
        let output = installHeadlessBackend(clock: clock)
        runKeystrokeBenchmark(clock: clock, output: output, screen: UIScreen.main, memcpy: frameCopyTime())
    } else if CommandLine.arguments.contains("--autolayout") {
        installHeadlessBackend()
        runAutoLayoutBenchmarks(on: UIScreen.main)
    } else {
        runBenchmarks()
    }
}
