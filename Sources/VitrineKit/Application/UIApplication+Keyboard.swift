import Foundation
import VitrinePlatform

/// Which keyboard a text field gets (a Vitrine addition, the daemon's `keyboard.mode`): the
/// on-screen keyboard is shown only when no hardware keyboard is attached (`automatic`),
/// always (`onScreen`), or never (`hardware`).
package enum KeyboardPreference: String, CaseIterable, Sendable {
    /// The on-screen keyboard when no hardware keyboard is attached.
    case automatic = "auto"
    /// The on-screen keyboard always, a hardware keyboard or not.
    case onScreen = "onscreen"
    /// Never the on-screen keyboard: text is typed on a hardware keyboard.
    case hardware
}

extension UIApplication {
    /// How held keys repeat (a Vitrine addition): `KeyRepeatSettings.standard` unless the
    /// daemon's config says otherwise. A delay that is not finite and positive, or a rate that
    /// is negative or not finite, is refused with a log line. Changing it stops a repeat.
    package var keyRepeat: KeyRepeatSettings {
        get { keyRepeater.settings }
        set {
            guard newValue.delay > 0, newValue.delay.isFinite, newValue.rate >= 0, newValue.rate.isFinite else {
                kitLog.error("key repeat needs a positive delay and a rate of 0 or more, not \(newValue); unchanged")
                return
            }
            keyRepeater.settings = newValue
        }
    }

    /// Whether a keyboard with letter keys is attached (a Vitrine addition): what the input
    /// source reports (`InputDeviceReporting`); false for a source that reports no devices.
    /// Power buttons and volume keys, which libinput also counts as keyboards, are not.
    package var hasHardwareKeyboard: Bool { keyboards.hasHardwareKeyboard }

    /// Which keyboard text entry uses (a Vitrine addition, set by the daemon's config).
    package var keyboardPreference: KeyboardPreference {
        get { keyboards.preference }
        set { keyboards.preference = newValue }
    }

    /// Whether text entry shows the on-screen keyboard (a Vitrine addition): always with
    /// `.onScreen`, never with `.hardware`, and with `.automatic` when no hardware keyboard
    /// is attached. `hardwareKeyboardDidChangeNotification` is posted when it may change.
    package var showsOnScreenKeyboard: Bool {
        switch keyboardPreference {
        case .onScreen: true
        case .hardware: false
        case .automatic: !hasHardwareKeyboard
        }
    }

    /// Posted, with the application as the object, when `hasHardwareKeyboard` or
    /// `keyboardPreference` changes (a Vitrine addition): the first keyboard was plugged in or
    /// the last one unplugged.
    package static let hardwareKeyboardDidChangeNotification = Notification.Name(
        "VitrineHardwareKeyboardDidChangeNotification")
}

/// The keyboards attached, from the input source's device reports, and the preference for
/// the on-screen keyboard.
@MainActor
final class KeyboardTracker {
    /// The application it posts for and whose key repeat it stops (it owns the tracker).
    private unowned let application: UIApplication
    /// The sysnames of the keyboards with letter keys attached now.
    private var keyboards: Set<String> = []

    init(application: UIApplication) {
        self.application = application
    }

    var hasHardwareKeyboard: Bool { !keyboards.isEmpty }

    var preference = KeyboardPreference.automatic {
        didSet { if preference != oldValue { post() } }
    }

    /// A new input source: its devices replace the last one's.
    func inputSourceDidChange(_ source: any InputSource) {
        let before = hasHardwareKeyboard
        keyboards = []
        if let reporting = source as? any InputDeviceReporting {
            for device in reporting.devices where device.isAlphanumericKeyboard { keyboards.insert(device.sysname) }
        }
        if hasHardwareKeyboard != before { post() }
    }

    /// A device added or removed.
    func deviceChanged(_ change: InputDeviceChange) {
        let before = hasHardwareKeyboard
        switch change.kind {
        case .added:
            if change.device.isAlphanumericKeyboard {
                keyboards.insert(change.device.sysname)
                kitLog.info("keyboard \(change.device.sysname) (\(change.device.name)) attached")
            }
        case .removed:
            application.keyRepeater.deviceRemoved(change.device)
            if keyboards.remove(change.device.sysname) != nil {
                kitLog.info("keyboard \(change.device.sysname) (\(change.device.name)) removed")
            }
        }
        if hasHardwareKeyboard != before { post() }
    }

    private func post() {
        NotificationCenter.default.post(name: UIApplication.hardwareKeyboardDidChangeNotification, object: application)
    }
}
