import BenchmarkSupport
import Foundation
import OpenGLES
import VitrineGL
import VitrineGraphics
import VitrineLayers
import VitrineShowcase

/// (g) `--gles`: figures (a) and (b) through the GLES renderer on EGL surfaceless, into a GL
/// framebuffer, each frame finished (`glFinish`) so the GPU's work is in the time. On a machine
/// without a GPU this is Mesa's llvmpipe, whose "GPU" is the CPU's other cores: the process CPU
/// time per frame is printed beside the wall time to show it.
@MainActor func runGLESBenchmarks(scene: ShowcaseScene, width: Int, height: Int) {
    let renderer: GLESRenderer
    do {
        renderer = try GLESRenderer(surfacelessTextureBudget: 256 << 20)
    } catch {
        print("(g) GLES: no EGL context: \(error)")
        return
    }
    print("(g) GLES renderer: \(renderer.glRenderer), \(renderer.glVersion)")
    func cpuSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
    func measure(runs: Int, _ body: () -> Void) -> (wall: Double, cpu: Double) {
        let cpuStart = cpuSeconds()
        let wall = median(runs: runs) {
            body()
            glFinish()
        }
        return (wall, (cpuSeconds() - cpuStart) / Double(runs + 5))
    }
    let fullCompositor = Compositor(renderer: renderer)
    guard let fullTarget = try? GLTextureTarget(width: width, height: height) else {
        print("(g) GLES: no \(width)x\(height) target")
        return
    }
    let full = measure(runs: 50) { fullCompositor.render(scene.root, into: fullTarget, bufferAge: 0) }

    let compositor = Compositor(renderer: renderer)
    guard let first = try? GLTextureTarget(width: width, height: height),
        let second = try? GLTextureTarget(width: width, height: height)
    else { return }
    let buffers = [first, second]
    var ages = [0, 0]
    var frame = 0
    let small = measure(runs: 500) {
        let index = frame % 2
        scene.recolorStatus(frame)
        compositor.render(scene.root, into: buffers[index], bufferAge: ages[index])
        ages[index] = 2
        frame += 1
    }
    // The same (a) into a CPU buffer: drawn by GL, read back (what a headless screen costs).
    let readBackCompositor = Compositor(renderer: renderer)
    let cpuTarget = PixelBuffer(width: width, height: height, format: .xrgb8888)
    let readBack = measure(runs: 30) { readBackCompositor.render(scene.root, into: cpuTarget, bufferAge: 0) }

    print("(g-a) full composite          median \(format(full.wall)), CPU \(format(full.cpu)) per frame")
    print("(g-b) one 200x60 layer recolor median \(format(small.wall)), CPU \(format(small.cpu)) per frame")
    print("(g-a) into a CPU buffer        median \(format(readBack.wall)), CPU \(format(readBack.cpu)) per frame")
    print("      layer textures held: \(renderer.textureBytes) bytes, \(renderer.texturesUploaded) uploads")
}
