import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform

@testable import VitrineKit

/// A custom text receiver (`UIKeyInput`) that records what it is sent.
@MainActor
final class TypingView: UIView, UIKeyInput {
    var text = ""
    var log: [String] = []
    var keyboardType: UIKeyboardType = .default
    var returnKeyType: UIReturnKeyType = .default
    var autocapitalizationType: UITextAutocapitalizationType = .sentences
    var enablesReturnKeyAutomatically = false
    var keyboardAppearance: UIKeyboardAppearance = .default
    var customInputView: UIView?
    var customAccessoryView: UIView?
    var refusesToResign = false

    override var canBecomeFirstResponder: Bool { true }
    override var canResignFirstResponder: Bool { !refusesToResign }
    override var inputView: UIView? { customInputView }
    override var inputAccessoryView: UIView? { customAccessoryView }

    var hasText: Bool { !text.isEmpty }
    func insertText(_ text: String) {
        self.text += text
        log.append("insert \(text)")
    }
    func deleteBackward() {
        if !text.isEmpty { text.removeLast() }
        log.append("delete")
    }
}

/// An event scene with a text receiver in its window and the keyboard's notifications
/// recorded; `keyboardPreference` is back to automatic at the end.
@MainActor
final class KeyboardScene {
    let scene: EventScene
    let field: TypingView
    let recorder: KeyboardNotificationRecorder
    /// The time of the next synthetic touch.
    private(set) var time: Double = 1

    init(width: Int = 800, height: Int = 480) {
        UIApplication.shared.keyboardPreference = .automatic
        UIApplication.shared.onScreenKeyboardLayout = .us
        scene = EventScene(width: width, height: height)
        field = TypingView(frame: CGRect(x: 20, y: 20, width: 200, height: 40))
        scene.window.addSubview(field)
        recorder = KeyboardNotificationRecorder()
        scene.clock.advance(to: 0.5)
    }

    var keyboard: OnScreenKeyboard { UIApplication.shared.onScreenKeyboard }
    var screen: UIScreen { scene.window.screen }

    /// Lets the slide finish.
    func settle() {
        time = max(time, scene.clock.now) + 0.5
        scene.clock.advance(to: time)
    }

    /// The key view titled `label` on the shown keys.
    func key(_ label: String) throws -> KeyboardKeyView {
        try #require(keyboard.keyboardView.keyViews.first { $0.label.text == label }, "no key \(label)")
    }

    /// The centre of `view` in screen coordinates.
    func screenCenter(of view: UIView) -> CGPoint {
        let inWindow = view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil)
        return view.window?.convert(inWindow, to: screen.coordinateSpace) ?? inWindow
    }

    /// Taps the key titled `label` (finger down, then up 0.05 s later).
    func tap(_ label: String) throws {
        let view = try key(label)
        let point = screenCenter(of: view)
        time = max(time, scene.clock.now + 0.01)
        scene.input.tap(at: point, time: time)
        time += 0.1
        scene.clock.advance(to: time)
    }

    /// Taps each key title in turn.
    func tap(_ labels: [String]) throws {
        for label in labels { try tap(label) }
    }

    deinit {
        MainActor.assumeIsolated {
            recorder.stop()
            _ = FirstResponder.current?.resignFirstResponder()
            UIApplication.shared.keyboardPreference = .automatic
            UIApplication.shared.onScreenKeyboardLayout = nil
        }
    }
}

/// Records the keyboard notifications with their frames.
@MainActor
final class KeyboardNotificationRecorder {
    struct Entry {
        var name: String
        var begin: CGRect?
        var end: CGRect?
        var duration: Double?
        var curve: Int?
        var isLocal: Bool?
    }
    private(set) var entries: [Entry] = []
    private var tokens: [any NSObjectProtocol] = []

    static let names: [Notification.Name] = [
        UIResponder.keyboardWillShowNotification, UIResponder.keyboardDidShowNotification,
        UIResponder.keyboardWillHideNotification, UIResponder.keyboardDidHideNotification,
        UIResponder.keyboardWillChangeFrameNotification, UIResponder.keyboardDidChangeFrameNotification,
    ]

    init() {
        for name in Self.names {
            tokens.append(
                NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] note in
                    let info = note.userInfo ?? [:]
                    let entry = Entry(
                        name: String(note.name.rawValue.dropFirst("UIKeyboard".count).dropLast("Notification".count)),
                        begin: (info[UIResponder.keyboardFrameBeginUserInfoKey] as? NSValue)?.cgRectValue,
                        end: (info[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue,
                        duration: info[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double,
                        curve: info[UIResponder.keyboardAnimationCurveUserInfoKey] as? Int,
                        isLocal: info[UIResponder.keyboardIsLocalUserInfoKey] as? Bool)
                    MainActor.assumeIsolated { self?.entries.append(entry) }
                })
        }
    }

    /// The names received ("WillShow", "DidChangeFrame"...), in order.
    var names: [String] { entries.map(\.name) }

    /// Returns the names received so far and forgets them.
    func take() -> [String] {
        defer { entries = [] }
        return names
    }

    func stop() {
        for token in tokens { NotificationCenter.default.removeObserver(token) }
        tokens = []
    }
}
