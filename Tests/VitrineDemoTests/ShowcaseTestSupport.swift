import Foundation
import Testing
import VitrineDemo
import VitrineKit
import VitrinePlatform

/// The showcase launched on a fresh headless backend with a manual clock, a synthetic
/// touchscreen and a fake wall clock: Tuesday 3 June 2025, 09:41:07.25 UTC when the media
/// clock reads 0, moving with it.
@MainActor
struct ShowcaseRig {
    static let wallClockAtZero = 1_748_943_667.25
    static let frame = 1.0 / 60

    let clock = ManualClock()
    let backend: HeadlessBackend
    let output: HeadlessOutput
    let input: SyntheticInput
    let app: ShowcaseAppDelegate

    /// `extraOutputs` more outputs (1280x720) are connected before launch.
    init(width: Int = 800, height: Int = 480, extraOutputs: Int = 0) {
        backend = HeadlessBackend(clock: clock)
        output = backend.addOutput(name: "HEADLESS-1", width: width, height: height)
        for index in 0..<extraOutputs { backend.addOutput(name: "HDMI-A-\(index + 1)", width: 1280, height: 720) }
        UIApplication.shared.setDisplayBackend(backend)
        input = SyntheticInput().install()
        let clock = clock
        app = ShowcaseAppDelegate(
            wallClock: { Date(timeIntervalSince1970: Self.wallClockAtZero + clock.now) },
            timeZone: TimeZone(identifier: "UTC")!)
        _ = app.application(UIApplication.shared, didFinishLaunchingWithOptions: nil)
        clock.advance(by: 0)
    }

    var controller: ShowcaseViewController { app.mainViewController }

    /// Runs `count` frames.
    func frames(_ count: Int) {
        for _ in 0..<count { clock.advance(by: Self.frame) }
    }

    /// A tap on the middle of `view`, a frame from now.
    func tap(_ view: UIView) {
        input.tap(at: controller.screenCenter(of: view), time: clock.now + Self.frame)
    }
}

/// The red, green and blue of an XRGB8888 pixel.
struct RGB: Equatable, CustomStringConvertible {
    var red: Int
    var green: Int
    var blue: Int

    init(pixel: UInt32) {
        red = Int((pixel >> 16) & 0xff)
        green = Int((pixel >> 8) & 0xff)
        blue = Int(pixel & 0xff)
    }

    var description: String { "(\(red), \(green), \(blue))" }
}

extension HeadlessOutput {
    /// The colour at a screen point (scale 1) of the front buffer.
    func rgb(at point: CGPoint) throws -> RGB {
        let shot = try #require(screenshot())
        return RGB(pixel: shot.pixel(x: Int(point.x), y: Int(point.y)))
    }
}

extension UIView {
    /// The view's frame in its window's (screen) coordinates.
    var frameOnScreen: CGRect { convert(bounds, to: nil) }
}

/// Whether two rectangles share an area (touching edges do not count).
func overlap(_ a: CGRect, _ b: CGRect) -> Bool {
    min(a.maxX, b.maxX) - max(a.minX, b.minX) > 0.5 && min(a.maxY, b.maxY) - max(a.minY, b.minY) > 0.5
}
