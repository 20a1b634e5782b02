import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// A text view in the window of a fresh 400x300 event scene, with a logging delegate.
@MainActor
struct TextViewScene {
    let scene = EventScene()
    let textView: UITextView
    let delegate = TextViewDelegateLog()

    init(frame: CGRect = CGRect(x: 20, y: 20, width: 200, height: 120), text: String = "") {
        textView = UITextView(frame: frame)
        textView.text = text
        textView.delegate = delegate
        scene.window.addSubview(textView)
        scene.clock.advance(by: 1.0 / 60)
    }

    /// Lets a frame go out.
    func frame() { scene.clock.advance(by: 1.0 / 60) }

    /// Taps `point` of the text view's frame (its coordinates less the content offset).
    func tap(_ point: CGPoint) {
        let offset = textView.contentOffset
        let inView = CGPoint(x: point.x + offset.x, y: point.y + offset.y)
        scene.input.tap(at: scene.screenPoint(inView, in: textView), time: scene.clock.now)
        scene.clock.advance(by: 1.0 / 60)
    }

    /// Presses and releases a key (evdev code) typing `characters`, with `modifiers`.
    func key(_ code: UInt32, _ characters: String? = nil, modifiers: KeyModifiers = []) {
        scene.key(code, characters, modifiers: modifiers)
    }

    /// Types `text` as key presses, one character a press ("\n" is the Return key).
    func type(_ text: String) { scene.type(text) }
}

/// A text view delegate that logs what it is asked and told, and may veto.
@MainActor
final class TextViewDelegateLog: UITextViewDelegate {
    var log: [String] = []
    var allowsBegin = true
    var allowsEnd = true
    /// Vetoes changes whose replacement contains one of these characters.
    var forbidden: Set<Character> = []
    var scrolls = 0

    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool {
        log.append("shouldBegin")
        return allowsBegin
    }
    func textViewDidBeginEditing(_ textView: UITextView) { log.append("didBegin") }
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool {
        log.append("shouldEnd")
        return allowsEnd
    }
    func textViewDidEndEditing(_ textView: UITextView) { log.append("didEnd") }
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        log.append("change \(range.location),\(range.length) \(text.debugDescription)")
        return !text.contains { forbidden.contains($0) }
    }
    func textViewDidChange(_ textView: UITextView) { log.append("didChange") }
    func textViewDidChangeSelection(_ textView: UITextView) { log.append("selection") }
    func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolls += 1 }

    /// The entries since the last call.
    func take() -> [String] {
        defer { log = [] }
        return log
    }
}
