import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform

@testable import VitrineKit

/// A fresh headless backend on a manual clock, installed as the app's display backend, with
/// one small output (small buffers keep pixel tests fast).
@MainActor
struct HeadlessRig {
    let clock: ManualClock
    let backend: HeadlessBackend
    let output: HeadlessOutput

    init(width: Int = 320, height: Int = 240, bufferCount: Int = 2) {
        clock = ManualClock()
        backend = HeadlessBackend(clock: clock)
        output = backend.addOutput(name: "HEADLESS-1", width: width, height: height, bufferCount: bufferCount)
        UIApplication.shared.setDisplayBackend(backend)
    }

    /// The main screen of this backend.
    var screen: UIScreen { UIScreen.screens[0] }

    /// One refresh period at 60 Hz.
    static let frame = 1.0 / 60

    /// Runs the frame due now (if any), then lets its present complete at its vblank, and
    /// any frame that was waiting for it.
    func settle() {
        clock.advance(by: 0)
        clock.advance(by: Self.frame)
        clock.advance(by: Self.frame)
    }
}

/// The red, green and blue of an XRGB8888 pixel.
struct RGB: Equatable, CustomStringConvertible {
    var red: Int
    var green: Int
    var blue: Int

    init(_ red: Int, _ green: Int, _ blue: Int) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    init(pixel: UInt32) {
        self.init(Int((pixel >> 16) & 0xff), Int((pixel >> 8) & 0xff), Int(pixel & 0xff))
    }

    func isClose(to other: RGB, tolerance: Int = 1) -> Bool {
        abs(red - other.red) <= tolerance && abs(green - other.green) <= tolerance
            && abs(blue - other.blue) <= tolerance
    }

    var description: String { "(\(red), \(green), \(blue))" }

    static let black = RGB(0, 0, 0)
    static let red = RGB(255, 0, 0)
    static let green = RGB(0, 255, 0)
    static let blue = RGB(0, 0, 255)
    static let yellow = RGB(255, 255, 0)
    static let white = RGB(255, 255, 255)
}

extension PixelBuffer {
    /// The colour at a pixel.
    func rgb(_ x: Int, _ y: Int) -> RGB { RGB(pixel: pixel(x: x, y: y)) }
}

/// Collects notifications of the given names posted on `NotificationCenter.default` while
/// it is alive (`stop()` removes its observers).
@MainActor
final class NotificationRecorder {
    private(set) var received: [(name: Notification.Name, object: ObjectIdentifier?)] = []
    private var tokens: [any NSObjectProtocol] = []

    init(_ names: [Notification.Name]) {
        for name in names {
            let token = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) {
                [weak self] notification in
                let name = notification.name
                let object = (notification.object as AnyObject?).map(ObjectIdentifier.init)
                MainActor.assumeIsolated { self?.received.append((name, object)) }
            }
            tokens.append(token)
        }
    }

    /// The names received for `object`, in order.
    func names(for object: AnyObject) -> [Notification.Name] {
        received.filter { $0.object == ObjectIdentifier(object) }.map(\.name)
    }

    func stop() {
        for token in tokens { NotificationCenter.default.removeObserver(token) }
        tokens = []
    }
}

/// A visible window on `screen` covering `frame`, filled with `color`.
@MainActor
func makeVisibleWindow(on screen: UIScreen, frame: CGRect, color: UIColor, level: UIWindow.Level = .normal)
    -> UIWindow
{
    let window = UIWindow(frame: frame)
    window.screen = screen
    window.windowLevel = level
    window.backgroundColor = color
    window.isHidden = false
    return window
}
