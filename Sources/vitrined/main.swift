// vitrined: the kiosk daemon. Until the view system lands (see the issues), its main job
// renders the showcase scene on a headless screen, presents it through the swapchain, waits for
// the vblank and writes the screen to a PNG.
import Foundation
import VitrineGraphics
import VitrineLayers
import VitrinePlatform
import VitrineShowcase

/// Command line: `vitrined [--screenshot PATH] [--size WxH]`.
struct Options {
    var screenshotPath = "showcase.png"
    var width = 1920
    var height = 1080

    init(arguments: [String]) throws {
        var remaining = arguments.dropFirst()
        while let argument = remaining.popFirst() {
            switch argument {
            case "--screenshot":
                guard let path = remaining.popFirst() else { throw UsageError("--screenshot needs a path") }
                screenshotPath = path
            case "--size":
                let parts = remaining.popFirst()?.split(separator: "x").compactMap { Int($0) } ?? []
                guard parts.count == 2, parts[0] > 0, parts[1] > 0, parts[0] <= 8192, parts[1] <= 8192 else {
                    throw UsageError("--size takes WIDTHxHEIGHT, as 1920x1080")
                }
                (width, height) = (parts[0], parts[1])
            case "--help", "-h":
                print("usage: vitrined [--screenshot PATH] [--size WIDTHxHEIGHT]")
                exit(0)
            default:
                throw UsageError("unknown argument \(argument)")
            }
        }
    }
}

/// Writes `message` to standard error and exits with `status`.
func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data(message.utf8))
    exit(status)
}

struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

@MainActor
func showShowcase(_ options: Options) {
    let backend = HeadlessBackend(clock: MonotonicClock())
    let output = backend.addOutput(width: options.width, height: options.height)
    let scene = ShowcaseScene(width: options.width, height: options.height)
    let compositor = Compositor()
    guard let buffer = output.acquireBuffer() else {
        fail("vitrined: the headless output has no free buffer\n")
    }
    scene.root.layoutAndDisplayIfNeeded()
    let result = compositor.render(scene.root, into: buffer.pixels, bufferAge: buffer.age)
    output.presentCompletionHandler = { event in
        guard let screen = output.screenshot() else {
            fail("vitrined: nothing on screen after the vblank\n")
        }
        do {
            let url = URL(fileURLWithPath: options.screenshotPath)
            try ImageCodec.encodePNG(screen).write(to: url)
            print(
                "vitrined: \(output.name) \(output.currentMode): showcase scene of \(scene.layerCount) layers "
                    + "on screen at vblank \(event.sequence); wrote \(url.path)")
            exit(0)
        } catch {
            fail("vitrined: cannot write \(options.screenshotPath): \(error)\n")
        }
    }
    do {
        try output.present(buffer, damage: result.frameDamage)
    } catch {
        fail("vitrined: present failed: \(error)\n")
    }
}

do {
    let options = try Options(arguments: CommandLine.arguments)
    MainActor.assumeIsolated { showShowcase(options) }
    dispatchMain()
} catch {
    fail("vitrined: \(error)\n", status: 64)
}
