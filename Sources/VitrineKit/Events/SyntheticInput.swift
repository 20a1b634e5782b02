import Foundation
import VitrinePlatform

/// Injects touches and key presses at screen points through a `HeadlessInputSource`: what
/// tests (and the daemon's test mode) use to drive an app exactly as a touchscreen would. A
/// Vitrine addition, with no UIKit counterpart.
///
/// Each call is one input frame (the changes that happened together) unless made inside
/// `batch(time:_:)`, which puts several fingers' changes in one frame.
@preconcurrency @MainActor
public final class SyntheticInput {
    /// The source the events go through; `UIApplication.shared` reads it after `install()`.
    public let source: HeadlessInputSource
    private var batching = false
    private var batchTime: Double = 0

    /// Input through `source` (a new one by default).
    public init(source: HeadlessInputSource = HeadlessInputSource()) {
        self.source = source
    }

    /// Makes `source` the application's input source.
    @discardableResult
    public func install() -> SyntheticInput {
        UIApplication.shared.setInputSource(source)
        return self
    }

    /// Where a touchscreen reports `point`: the inverse of the map `TouchRouter` applies, so
    /// synthetic touches land on the same points on rotated screens too.
    private func normalized(_ point: CGPoint, on screen: UIScreen) -> CGPoint {
        screen.normalizedOutputPosition(of: point)
    }

    private func endFrame(_ time: Double, screen: UIScreen?) {
        if !batching { source.inject(TouchEvent.frame(output: screen?.name, timestamp: time)) }
    }

    /// Finger `finger` touches `point` (screen points) of `screen` (the main screen by
    /// default) at `time`.
    public func down(_ finger: Int = 0, at point: CGPoint, on screen: UIScreen? = nil, time: Double) {
        let screen = screen ?? UIScreen.main
        source.inject(.down(slot: finger, at: normalized(point, on: screen), output: screen.name, timestamp: time))
        endFrame(time, screen: screen)
    }

    /// Finger `finger` moves to `point`.
    public func move(_ finger: Int = 0, to point: CGPoint, on screen: UIScreen? = nil, time: Double) {
        let screen = screen ?? UIScreen.main
        source.inject(.motion(slot: finger, to: normalized(point, on: screen), output: screen.name, timestamp: time))
        endFrame(time, screen: screen)
    }

    /// Finger `finger` lifts.
    public func up(_ finger: Int = 0, time: Double) {
        source.inject(.up(slot: finger, timestamp: time))
        endFrame(time, screen: nil)
    }

    /// Finger `finger`'s contact is cancelled.
    public func cancel(_ finger: Int = 0, time: Double) {
        source.inject(.cancel(slot: finger, timestamp: time))
        endFrame(time, screen: nil)
    }

    /// Several changes as one input frame at `time`.
    public func batch(time: Double, _ changes: () -> Void) {
        batching = true
        changes()
        batching = false
        source.inject(TouchEvent.frame(timestamp: time))
    }

    /// A tap: down and up at `point`, `duration` seconds apart.
    public func tap(at point: CGPoint, on screen: UIScreen? = nil, time: Double, duration: Double = 0.05) {
        down(at: point, on: screen, time: time)
        up(time: time + duration)
    }

    /// A key (evdev code) goes down at `time`, from keyboard `device` (nil: none named); it
    /// types the US characters of `UIKey(keyCode:)` unless `characters` says otherwise.
    public func keyDown(
        keyCode: UInt32, time: Double, device: String? = nil, characters: String? = nil,
        modifiers: KeyModifiers = []
    ) {
        source.inject(
            KeyEvent(
                keyCode: keyCode, isPressed: true, device: device, timestamp: time, characters: characters,
                modifiers: modifiers))
    }

    /// A key (evdev code) comes up at `time`.
    public func keyUp(keyCode: UInt32, time: Double, device: String? = nil) {
        source.inject(KeyEvent(keyCode: keyCode, isPressed: false, device: device, timestamp: time))
    }

    /// A hardware keyboard (letter keys) called `sysname` is plugged in.
    public func attachKeyboard(sysname: String = "event20") {
        source.addDevice(HeadlessInputSource.keyboard(sysname: sysname))
    }

    /// The device called `sysname` is unplugged.
    public func detachDevice(sysname: String = "event20") {
        source.removeDevice(sysname: sysname)
    }

    /// A key (evdev code) goes down, then up `duration` seconds later.
    public func press(keyCode: UInt32, time: Double, duration: Double = 0.05) {
        source.inject(KeyEvent(keyCode: keyCode, isPressed: true, timestamp: time))
        source.inject(KeyEvent(keyCode: keyCode, isPressed: false, timestamp: time + duration))
    }
}
