import BenchmarkSupport
// vitrine-bench: the compositor's speed and memory at 1920x1080, as medians and ratios.
// Run: swift run -c release vitrine-bench   (see docs/benchmarks.md)
import Foundation
import VitrineGraphics
import VitrineLayers
import VitrineShowcase
import VitrineTestSupport

let width = 1920
let height = 1080

func format(_ seconds: Double) -> String { String(format: "%9.1f µs", seconds * 1_000_000) }

@MainActor func runBenchmarks() {
    // The compositor alone: the scene's changes apply at once, without implicit animations.
    CATransaction.setDisableActions(true)
    let scene = ShowcaseScene(width: width, height: height)
    print("Vitrine compositor benchmark: \(width)x\(height), showcase scene of \(scene.layerCount) layers")

    if CommandLine.arguments.contains("--backdrop-only") {
        runBackdropBenchmarks(width: width, height: height)
        return
    }

    // (c) The physical floor: copying one full frame.
    let source = PixelBuffer(width: width, height: height, format: .xrgb8888)
    let destination = PixelBuffer(width: width, height: height, format: .xrgb8888)
    memset(source.baseAddress, 0x5a, source.byteCount)
    let copy = median(runs: 300) { destination.copyPixels(from: source) }

    // (a) A full composite of the scene (buffer age 0: every pixel repainted).
    let fullCompositor = Compositor()
    let fullTarget = PixelBuffer(width: width, height: height, format: .xrgb8888)
    let full = median(runs: 100) { fullCompositor.render(scene.root, into: fullTarget, bufferAge: 0) }

    // (b) One 200x60 layer changes colour each frame, double-buffered (buffer age 2).
    let compositor = Compositor()
    let buffers = [
        PixelBuffer(width: width, height: height, format: .xrgb8888),
        PixelBuffer(width: width, height: height, format: .xrgb8888),
    ]
    var frame = 0
    var ages = [0, 0]
    @MainActor func smallChangeFrame() {
        let index = frame % 2
        scene.recolorStatus(frame)
        compositor.render(scene.root, into: buffers[index], bufferAge: ages[index])
        ages[index] = 2
        frame += 1
    }
    if CommandLine.arguments.contains("--profile-small-change") {
        // For `perf record`: nothing but frames of (b).
        for _ in 0..<200_000 { smallChangeFrame() }
        return
    }
    let small = median(runs: 2000, warmup: 20, smallChangeFrame)

    // Heap growth over 10,000 frames of (b).
    for _ in 0..<200 { smallChangeFrame() }
    let heapBefore = heapInUse()
    for _ in 0..<10_000 { smallChangeFrame() }
    let heapAfter = heapInUse()
    // Pixel buffers of 128 KiB or more are mapped outside malloc: the resident memory shows
    // them, over 10,000 more frames (measured apart, as reading it allocates).
    let residentBefore = ProcessMemory.residentAnonymousBytes()
    for _ in 0..<10_000 { smallChangeFrame() }
    let residentAfter = ProcessMemory.residentAnonymousBytes()

    // A frame with nothing changed, for reference.
    let idle = median(runs: 2000) {
        compositor.render(scene.root, into: buffers[frame % 2], bufferAge: 2)
        frame += 1
    }

    print("(a) full composite          median \(format(full))")
    print("(b) one 200x60 layer recolor median \(format(small))")
    print("(c) memcpy of one frame     median \(format(copy))")
    print("    nothing changed          median \(format(idle))")
    print(String(format: "(a)/(c) = %.2f   (target <= 6)", full / copy))
    print(String(format: "(b)/(c) = %.4f (target <= 0.05)", small / copy))
    print("heap growth over 10,000 frames of (b): \(heapAfter - heapBefore) bytes (target 0)")
    print(
        "resident anonymous growth over 10,000 more frames of (b): \(residentAfter - residentBefore) bytes (target 0)")
    runLayersBenchmarks(width: width, height: height)
    runBackdropBenchmarks(width: width, height: height)
    if CommandLine.arguments.contains("--gles") {
        CATransaction.setDisableActions(true)
        runGLESBenchmarks(scene: scene, width: width, height: height)
    }
}

MainActor.assumeIsolated { runBenchmarks() }
