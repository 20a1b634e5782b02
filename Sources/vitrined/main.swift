// vitrined: the kiosk daemon. Until the daemon issue gives it config, logging and systemd, its
// main job runs the showcase app (VitrineDemo) on a headless screen through the whole
// runtime (UIApplication, the screen's frame loop, synthetic touch input) and writes the screen
// to a PNG.
import Foundation
import VitrineDemo
import VitrineGraphics
import VitrineKit
import VitrineLayers
import VitrinePlatform

/// Command line: `vitrined [--screenshot PATH] [--size WxH]`.
struct Options {
    var screenshotPath = "kiosk.png"
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

/// Runs the showcase app on a headless screen; once its first frame is on screen, taps its
/// "Check in" button through the synthetic touchscreen (the whole input path: router, hit-test,
/// control, action), waits for the change to be on screen and its bounce to settle (the app
/// animates all the time, so there is no idle moment to wait for), writes the screen to a PNG
/// and exits.
@MainActor
func runDemo(_ options: Options) -> Never {
    let clock = MonotonicClock()
    let backend = HeadlessBackend(clock: clock)
    let output = backend.addOutput(width: options.width, height: options.height)
    let input = SyntheticInput().install()
    let delegate = ShowcaseAppDelegate()

    var tapped = false
    var presentsBeforeTap = 0
    var tapTime = 0.0
    func check() {
        let controller = delegate.mainViewController
        if !tapped, output.completedPresentCount > 0 {
            let point = controller.screenCenter(of: controller.checkInButton)
            tapped = true
            presentsBeforeTap = output.completedPresentCount
            tapTime = clock.now
            input.tap(at: point, time: clock.now, duration: 0.05)
        } else if tapped, output.completedPresentCount > presentsBeforeTap + 1, clock.now > tapTime + 0.6 {
            writeScreenshot(of: output, options: options, status: controller.statusLabel.text ?? "")
        }
        clock.schedule(at: clock.now + 0.02) { check() }
    }
    clock.schedule(at: clock.now + 0.02) { check() }
    clock.schedule(at: clock.now + 10) {
        fail("vitrined: the demo did not reach the screen within 10 s\n")
    }
    UIApplicationMain(delegate, displayBackend: backend)
}

@MainActor
func writeScreenshot(of output: HeadlessOutput, options: Options, status: String) -> Never {
    guard let screen = output.screenshot() else { fail("vitrined: nothing on screen\n") }
    do {
        let url = URL(fileURLWithPath: options.screenshotPath)
        try ImageCodec.encodePNG(screen).write(to: url)
        print(
            "vitrined: \(output.name) \(output.currentMode): showcase after a tap on \"Check in\" "
                + "(status \"\(status)\"), \(output.completedPresentCount) frames presented; wrote \(url.path)")
        exit(0)
    } catch {
        fail("vitrined: cannot write \(options.screenshotPath): \(error)\n")
    }
}

do {
    let options = try Options(arguments: CommandLine.arguments)
    MainActor.assumeIsolated { runDemo(options) }
} catch {
    fail("vitrined: \(error)\n", status: 64)
}
