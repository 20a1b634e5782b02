import Foundation
import VitrineKit
import VitrinePlatform

/// The on-screen keyboard end to end on the DRM backend: uinput touchscreen taps on its keys
/// type "Vitrine 42" into a custom `UIKeyInput` receiver, then into a `UITextField` (the `onscreen` keyboard mode: qemu's
/// PS/2 keyboard counts as a hardware keyboard).
@MainActor
enum OnScreenKeyboardChecks {
    static func run(_ checks: Checks, _ clock: MonotonicClock) async {
        guard
            let app = InputChecks.TouchscreenApp(checks, clock, device: "Vitrine VM Touchscreen K", label: "osk")
        else { return }
        defer { app.finish() }
        let touchscreen = app.touchscreen
        let screen = UIScreen.main
        UIApplication.shared.keyboardPreference = .onScreen
        UIApplication.shared.onScreenKeyboardLayout = .us
        defer {
            UIApplication.shared.keyboardPreference = .automatic
            UIApplication.shared.onScreenKeyboardLayout = nil
        }
        let window = UIWindow(screen: screen)
        window.backgroundColor = .white
        let receiver = KeyInputView(frame: CGRect(x: 20, y: 20, width: 300, height: 40))
        window.addSubview(receiver)
        window.makeKeyAndVisible()
        defer {
            receiver.resignFirstResponder()
            window.isHidden = true
        }
        guard let source = await InputChecks.startTouchInput(checks, "osk", for: touchscreen) else { return }
        defer { source.stop() }

        final class Flag: @unchecked Sendable { var shown = false }
        let flag = Flag()
        let token = NotificationCenter.default.addObserver(
            forName: UIResponder.keyboardDidShowNotification, object: nil, queue: nil
        ) { _ in flag.shown = true }
        defer { NotificationCenter.default.removeObserver(token) }
        receiver.becomeFirstResponder()
        let shown = await waitUntil(timeout: 5) { flag.shown }
        checks.expect(shown, "osk: the keyboard slides up for a UIKeyInput receiver (keyboardDidShowNotification)")

        /// The key titled `title`: the superview of the label showing it in the keyboard's window.
        func key(_ title: String) -> UIView? {
            func find(_ view: UIView) -> UIView? {
                if let label = view as? UILabel, label.text == title, !(label.superview?.isHidden ?? true),
                    label.superview?.isUserInteractionEnabled == false
                {
                    return label.superview
                }
                for subview in view.subviews { if let found = find(subview) { return found } }
                return nil
            }
            for window in UIApplication.shared.windows where window.windowLevel > .alert && !window.isHidden {
                if let found = find(window) { return found }
            }
            return nil
        }
        /// Taps the keys titled `titles` in order, waiting after each for `text()` to grow;
        /// returns the titles not found.
        func tap(_ titles: [String], text: () -> String) async -> [String] {
            var missing: [String] = []
            for title in titles {
                guard let key = key(title), let keyWindow = key.window else {
                    missing.append(title)
                    continue
                }
                let inWindow = key.convert(CGPoint(x: key.bounds.midX, y: key.bounds.midY), to: nil)
                let point = keyWindow.convert(inWindow, to: screen.coordinateSpace)
                let x = UInputTouchscreen.raw(point.x / screen.bounds.width)
                let y = UInputTouchscreen.raw(point.y / screen.bounds.height)
                touchscreen.down(slot: 0, x: x, y: y)
                touchscreen.sync()
                touchscreen.up(slot: 0)
                touchscreen.sync()
                // Let the tap arrive (the keys' labels change with Shift and the page).
                let count = text().count
                _ = await waitUntil(timeout: 1) { text().count > count }
                try? await Task.sleep(nanoseconds: 50_000_000)
            }
            return missing
        }
        let missing = await tap(
            ["V", "i", "t", "r", "i", "n", "e", "space", ".?123", "4", "2"], text: { receiver.text })
        let typed = await waitUntil(timeout: 5) { receiver.text == "Vitrine 42" }
        print("  osk: typed \(receiver.text.debugDescription), keys not found: \(missing)")
        checks.expect(
            typed && missing.isEmpty, "osk: uinput taps on the on-screen keyboard's keys type \"Vitrine 42\"",
            "\(receiver.text.debugDescription), missing \(missing)")
        checks.expect(
            receiver.isFirstResponder && window.isKeyWindow, "osk: the keys take neither the first responder nor key")

        // A UITextField: the same keys type into it (Shift is on at the start of a sentence).
        let field = UITextField(frame: CGRect(x: 20, y: 80, width: 300, height: 40))
        field.borderStyle = .roundedRect
        window.addSubview(field)
        defer { field.removeFromSuperview() }
        checks.expect(field.becomeFirstResponder(), "osk: a text field becomes first responder")
        try? await Task.sleep(nanoseconds: 400_000_000)
        let fieldMissing = await tap(
            ["V", "i", "t", "r", "i", "n", "e", "space", ".?123", "4", "2"], text: { field.text ?? "" })
        let fieldTyped = await waitUntil(timeout: 5) { field.text == "Vitrine 42" }
        print("  osk: field typed \((field.text ?? "nil").debugDescription), keys not found: \(fieldMissing)")
        checks.expect(
            fieldTyped && fieldMissing.isEmpty,
            "osk: uinput taps on the on-screen keyboard's keys type \"Vitrine 42\" into a UITextField",
            "\((field.text ?? "nil").debugDescription), missing \(fieldMissing)")
    }
}

/// A custom text receiver: what the on-screen keyboard types.
final class KeyInputView: UIView, UIKeyInput {
    private(set) var text = ""
    override var canBecomeFirstResponder: Bool { true }
    var hasText: Bool { !text.isEmpty }
    func insertText(_ text: String) { self.text += text }
    func deleteBackward() { if !text.isEmpty { text.removeLast() } }
}
