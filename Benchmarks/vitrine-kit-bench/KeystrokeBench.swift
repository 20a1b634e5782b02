import BenchmarkSupport
import Foundation
import VitrineKit
import VitrineLayers
import VitrinePlatform

/// Typing into a text field on a 1920x1080 screen holding the showcase-like scene of a form:
/// the frame after each keystroke (the field redrawn, the caret moved), as median and p99 and
/// as a ratio to a memcpy of the frame; and what a frame repaints. 2,000 keystrokes; every
/// 40 the field is emptied (not measured), so the text stays within the field's width and
/// then scrolls, as a form's fields do.
@MainActor func runKeystrokeBenchmark(clock: ManualClock, output: HeadlessOutput, screen: UIScreen, memcpy: Double) {
    let window = UIWindow(frame: screen.bounds)
    window.screen = screen
    window.backgroundColor = UIColor(red: 0.1, green: 0.12, blue: 0.2, alpha: 1)
    let card = UIView(frame: CGRect(x: 560, y: 240, width: 800, height: 600))
    card.backgroundColor = UIColor(white: 1, alpha: 0.1)
    card.layer.cornerRadius = 24
    window.addSubview(card)
    let field = UITextField(frame: CGRect(x: 40, y: 120, width: 720, height: 56))
    field.borderStyle = .roundedRect
    field.font = .systemFont(ofSize: 28)
    field.placeholder = "Your name"
    card.addSubview(field)
    let second = UITextField(frame: CGRect(x: 40, y: 220, width: 720, height: 56))
    second.borderStyle = .roundedRect
    second.font = .systemFont(ofSize: 28)
    second.text = "A field that is not being edited"
    card.addSubview(second)
    window.isHidden = false
    func completePresent() { clock.advance(to: output.nextVblank(after: clock.now)) }
    clock.advance(by: 0)
    completePresent()
    _ = field.becomeFirstResponder()
    clock.advance(by: 0)
    completePresent()

    let keystrokes = 2_000
    let letters = Array("Vitrine kiosk panel 0123456789 ")
    var samples: [Double] = []
    samples.reserveCapacity(keystrokes)
    var painted: [Double] = []
    painted.reserveCapacity(keystrokes)
    let screenArea = Double(screen.nativeBounds.width * screen.nativeBounds.height)
    for index in 0..<keystrokes {
        if index % 40 == 0 {
            field.text = ""
            clock.advance(by: 0)
            completePresent()
        }
        let start = DispatchTime.now().uptimeNanoseconds
        field.insertText(String(letters[index % letters.count]))
        clock.advance(by: 0)
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        if let composite = screen.lastComposite { painted.append(Double(composite.repainted.area) / screenArea) }
        completePresent()
    }
    samples.sort()
    painted.sort()
    let median = samples[samples.count / 2]
    let p99 = samples[min(samples.count - 1, Int(Double(samples.count) * 0.99))]
    print("Typing into a text field (1920x1080, 28-point text), \(samples.count) keystrokes:")
    print(
        "    keystroke frame  median \(format(median)) (x\(String(format: "%.3f", median / memcpy)) memcpy)  "
            + "p99 \(format(p99)) (x\(String(format: "%.3f", p99 / memcpy)) memcpy)")
    print(
        "    screen painted per keystroke, median "
            + String(format: "%.2f%%", 100 * (painted.isEmpty ? 0 : painted[painted.count / 2])))
    window.isHidden = true
}
