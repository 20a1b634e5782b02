import Foundation
import VitrinePlatform

/// How a held key repeats (a Vitrine addition; on iOS the system's keyboard settings decide):
/// after `delay` seconds it types again `rate` times a second until released. The kiosk
/// daemon sets it from its config's `[keyboard]` table.
package struct KeyRepeatSettings: Equatable, Sendable {
    /// Seconds a key is held before it repeats (finite and positive).
    package var delay: Double
    /// Repeats a second once it repeats; 0 never repeats.
    package var rate: Double

    /// The defaults: 0.5 s, then 25 a second, as X.Org's rate after GNOME's and Windows'
    /// delay (weston's 0.4 s and 40 a second run away on a panel's first keyboard, X.Org's
    /// 0.66 s feels sluggish).
    package static let standard = KeyRepeatSettings(delay: 0.5, rate: 25)

    /// Repeats after `delay` seconds, `rate` a second (0: never).
    package init(delay: Double, rate: Double) {
        self.delay = delay
        self.rate = rate
    }

    /// Whether keys repeat at all: a positive, finite delay and rate.
    var repeats: Bool { rate > 0 && rate.isFinite && delay > 0 && delay.isFinite }
}

/// Repeats the key held last: `UIApplication` tells it of every key press and release it
/// delivers, and it calls `UIApplication.repeatKey(_:)` on the display backend's clock (the
/// clock the frame loops run on: a `ManualClock` in tests).
///
/// Only keys that type (their `characters` are not empty) and the text-editing keys
/// (Backspace, Delete, the arrows, Home and End) repeat, never a modifier, as keys do in
/// XKB keymaps. A repeat stops when its key is released, when another key that is not a
/// modifier is pressed (that key repeats instead, if it repeats at all), when its keyboard is
/// removed, when the input source, the display backend or the settings change, and when the
/// screens blank. The repeated key is the one the press delivered: a key that completed a
/// compose sequence repeats the composed character.
@MainActor
final class KeyRepeater {
    /// The application whose `repeatKey(_:)` it calls (it owns the repeater).
    private unowned let application: UIApplication

    init(application: UIApplication) {
        self.application = application
    }

    var settings = KeyRepeatSettings.standard {
        didSet { if settings != oldValue { stop() } }
    }

    /// The key repeating or waiting out the delay: its evdev code, device and `UIKey`.
    private var held: (keyCode: UInt32, device: String?, key: UIKey)?
    private var timer: ClockTimer?

    /// Whether a key is held and repeating (or waiting for its delay).
    var isRepeating: Bool { held != nil }

    /// Evdev codes of the modifier keys: Ctrl, Shift, Alt and AltGr, Meta, Caps Lock, Num
    /// Lock, Scroll Lock (`KEY_LEFTCTRL` 29 ... `KEY_RIGHTMETA` 126).
    static let modifierKeyCodes: Set<UInt32> = [29, 97, 42, 54, 56, 100, 125, 126, 58, 69, 70]
    /// Evdev codes of the keys that edit text without typing (`EditingKeyCode`).
    static let editingKeyCodes = EditingKeyCode.all

    /// Whether `key` (evdev `keyCode`) repeats when held.
    static func repeats(keyCode: UInt32, key: UIKey) -> Bool {
        guard !modifierKeyCodes.contains(keyCode) else { return false }
        return editingKeyCodes.contains(keyCode) || !key.characters.isEmpty
    }

    /// A key delivered: a press starts its repeat (or stops another key's), a release of the
    /// key repeating stops it.
    func keyChanged(_ event: KeyEvent, key: UIKey) {
        if event.isPressed {
            if Self.modifierKeyCodes.contains(event.keyCode) { return }
            stop()
            guard settings.repeats, Self.repeats(keyCode: event.keyCode, key: key) else { return }
            held = (event.keyCode, event.device, key)
            schedule(at: clock.now + settings.delay)
        } else if event.keyCode == held?.keyCode {
            stop()
        }
    }

    /// A device went away: a key held on it (or a key from a source that names no devices)
    /// stops repeating, since its release will never come.
    func deviceRemoved(_ device: InputDeviceDescription) {
        guard let held, held.device == nil || held.device == device.sysname || held.device == device.name else {
            return
        }
        stop()
    }

    /// Stops the repeat, if any.
    func stop() {
        timer?.cancel()
        timer = nil
        held = nil
    }

    private var clock: any MediaClock { application.displayBackend.clock }

    private func schedule(at deadline: Double) {
        timer = clock.schedule(at: deadline) { [weak self] in self?.fire(deadline: deadline) }
    }

    private func fire(deadline: Double) {
        timer = nil
        guard let held, settings.repeats else { return }
        // Paced from the deadlines, not from when each fired, so the rate holds; a process
        // that fell behind (a long frame) skips the repeats it missed rather than burst them.
        let interval = 1 / settings.rate
        var next = deadline + interval
        if next <= clock.now { next = clock.now + interval }
        schedule(at: next)
        application.repeatKey(held.key)
    }
}
